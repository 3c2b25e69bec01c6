import path from "node:path";
import { qualityCell } from "../output";
import { DUB_LANGUAGES, LAYOUT_MODES } from "@katto/protocol";
import type { Katto, Rerender, Schemas } from "@katto/sdk";
import { type Command, type Context, intArg, oneOf, type Values } from "../command";
import { downloadFile } from "../download";
import { CliError, EXIT } from "../exit-codes";
import { STYLE_USAGE, styleFlags, styleFromOptions } from "../style-options";
import { parseTimeout } from "../watch";

// the API's value lists, from the one vocabulary the Worker and the backend use too
const LAYOUTS = LAYOUT_MODES;
const LANGS = DUB_LANGUAGES;

async function submit(ctx: Context, jobId: string, index: number, body: Schemas["RerenderRequest"], v: Values) {
  const katto = ctx.katto();
  const created = await katto.unwrap(katto.api.POST("/api/v1/jobs/{id}/clips/{index}/rerender", { params: { path: { id: jobId, index } }, body }));
  if (!v.wait) {
    ctx.ui.note(`Re-render ${created.rerender_id} queued; follow it with --wait next time.`);
    ctx.ui.result(created, () => created.rerender_id);
    return;
  }
  const done = await waitAndReport(katto, ctx, jobId, created.rerender_id, v);
  if (done.status === "failed") throw new CliError(EXIT.jobFailed, `Re-render ${done.rerender_id} failed: ${done.error ?? "no reason given"}`);
  let file: string | undefined;
  if (v.out && done.clip_url) {
    file = path.resolve(v.out as string);
    await downloadFile(katto, done.clip_url, file);
  }
  ctx.ui.result({ ...done, ...(file ? { file } : {}) }, () => [`clip:     ${done.clip_url}`, `captions: ${done.captions_url ?? "-"}`, `quality:  ${qualityCell(done.quality)}`, ...(file ? [`saved:    ${file}`] : [])].join("\n"));
}

function waitAndReport(katto: Katto, ctx: Context, jobId: string, rerenderId: string, v: Values): Promise<Rerender> {
  const timeout = parseTimeout(v.timeout as string | undefined);
  return katto
    .waitForRerender(jobId, rerenderId, { timeoutMs: timeout === undefined ? undefined : timeout * 1000, onProgress: (r) => ctx.ui.progress(`Re-render ${rerenderId.slice(0, 8)}  ${r.status}…`) })
    .finally(() => ctx.ui.done());
}

const waitOptions = { wait: { type: "boolean" }, out: { type: "string" }, timeout: { type: "string" } } as const;

export const rerender: Command = {
  words: ["rerender"],
  summary: "Render one clip again with another layout, caption style or creator style.",
  usage: `katto rerender <job-id> <clip-index> [--layout LAYOUT] [--caption-style bold_pop|karaoke|boxed|minimal|none] ${STYLE_USAGE} [--wait] [--out FILE.mp4]`,
  args: 2,
  options: { layout: { type: "string" }, "caption-style": { type: "string" }, ...styleFlags, ...waitOptions },
  examples: ["katto rerender $ID 0 --layout wide --wait", "katto rerender $ID 1 --caption-style karaoke --wait --out clip1.mp4", "katto rerender $ID 0 --emoji --words 2 --wait   # the clip's own style with these fields changed"],
  async run(ctx, [jobId, index], v) {
    const body: Schemas["RerenderRequest"] = {};
    const layout = oneOf(v.layout as string | undefined, LAYOUTS, "layout");
    if (layout) body.layout_mode = layout;
    if (v["caption-style"]) body.caption_style = v["caption-style"] as string;
    const style = styleFromOptions(v);
    if (style) body.style = style;
    await submit(ctx, jobId, intArg(index, "clip-index"), body, v);
  },
};

export const dub: Command = {
  words: ["dub"],
  summary: "Dub one clip into other languages (a re-render with translated speech and captions).",
  usage: `katto dub <job-id> <clip-index> --lang ${LANGS.join("|")} [--lang …] [--wait] [--out FILE.mp4]`,
  args: 2,
  options: { lang: { type: "string", multiple: true }, ...waitOptions },
  examples: ["katto dub $ID 0 --lang es --wait", "katto dub $ID 0 --lang es --lang fr"],
  async run(ctx, [jobId, index], v) {
    const langs = ((v.lang as string[] | undefined) ?? []).flatMap((l) => l.split(","));
    if (langs.length === 0) throw new CliError(EXIT.usage, `--lang is required (one of ${LANGS.join(", ")}).`);
    const dub = langs.map((l) => oneOf(l, LANGS, "lang")!) as (typeof LANGS)[number][];
    await submit(ctx, jobId, intArg(index, "clip-index"), { dub }, v);
  },
};
