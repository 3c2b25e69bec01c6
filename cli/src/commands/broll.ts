// katto broll add|list|rm: the account's B-roll library (style broll "library"; docs/api-decisions.md
// "B-roll library"). Adding streams a local image or video with its keywords; no quota is used.
import { statSync } from "node:fs";
import { uploadBroll } from "@katto/sdk";
import { brollFileSource } from "@katto/sdk/node";
import type { Command } from "../command";
import { usageError } from "../exit-codes";
import { bar, formatBytes, table } from "../output";

export const brollAdd: Command = {
  words: ["broll", "add"],
  summary: "Add a local image or video to your B-roll library with keywords (uses no quota).",
  usage: "katto broll add <file> --keyword WORD [--keyword WORD …]",
  args: 1,
  options: { keyword: { type: "string", multiple: true, short: "k" } },
  examples: ["katto broll add coffee.jpg --keyword coffee --keyword \"morning routine\"", "katto broll add city.mp4 -k city -k streets --json"],
  async run(ctx, [file], v) {
    const keywords = (v.keyword as string[] | undefined) ?? [];
    if (!keywords.length) throw usageError("Give at least one --keyword: a cutaway to this asset starts where a clip's words match one.");
    try {
      if (!statSync(file!).isFile()) throw new Error("not a file");
    } catch {
      throw usageError(`No readable file at ${file}.`);
    }
    let src;
    try {
      src = brollFileSource(file!);
    } catch (e) {
      throw usageError((e as Error).message);
    }
    const katto = ctx.katto();
    const asset = await uploadBroll(katto.api, fetch, {
      ...src,
      keywords,
      onProgress: (p) => {
        if (p.phase === "uploading") ctx.ui.progress(`Uploading ${src.filename} ${bar((p.loaded / Math.max(1, p.total)) * 100)} ${formatBytes(p.loaded)}/${formatBytes(p.total)}`, p.loaded === p.total);
      },
    });
    ctx.ui.result(asset, () => `${asset.id}  ${asset.kind}  ${asset.filename}  [${asset.keywords.join(", ")}]`);
  },
};

export const brollList: Command = {
  words: ["broll", "list"],
  summary: "List your B-roll library: id, kind, file, size and keywords.",
  usage: "katto broll list",
  args: 0,
  examples: ["katto broll list", "katto broll list --json | jq -r '.assets[].id'"],
  async run(ctx) {
    const katto = ctx.katto();
    const list = await katto.unwrap(katto.api.GET("/api/v1/broll"));
    ctx.ui.result(list, () =>
      list.assets.length
        ? table(["ID", "KIND", "FILE", "SIZE", "KEYWORDS"], list.assets.map((a) => [a.id, a.kind, a.filename, formatBytes(a.size), a.keywords.join(", ")]))
        : "The B-roll library is empty. Add to it with `katto broll add <file> --keyword WORD`.",
    );
  },
};

export const brollRm: Command = {
  words: ["broll", "rm"],
  summary: "Delete a B-roll asset (cannot be undone: later renders no longer cut away to it).",
  usage: "katto broll rm <id>",
  args: 1,
  examples: ["katto broll rm 7a3c1f0e-2b4d-4e8f-9a6b-1c2d3e4f5a6b"],
  async run(ctx, [id]) {
    const katto = ctx.katto();
    const gone = await katto.unwrap(katto.api.DELETE("/api/v1/broll/{id}", { params: { path: { id: id! } } }));
    ctx.ui.result(gone, () => `Deleted ${gone.id}.`);
  },
};
