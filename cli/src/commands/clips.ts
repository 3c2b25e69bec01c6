import { createWriteStream, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ORIGINAL_VERSION } from "@katto/protocol";
import { EXPORT_FORMATS, EXPORT_VERSION_HEADER, exportFileName } from "@katto/protocol/api";
import { type Command, oneOf } from "../command";
import { downloadClips } from "../download";
import { CliError, EXIT } from "../exit-codes";
import { bar, chosenBy, qualityCell, table } from "../output";

export const clips: Command = {
  words: ["clips"],
  summary: "List a job's clips (ranked, 0 = best); --download saves each MP4 and SRT.",
  usage: "katto clips <job-id> [--download] [--out DIR]",
  args: 1,
  options: { download: { type: "boolean" }, out: { type: "string" } },
  examples: ["katto clips $ID", "katto clips $ID --download --out ./clips", "katto clips $ID --json | jq -r '.clips[0].url'"],
  async run(ctx, [id], v) {
    const katto = ctx.katto();
    const list = await katto.unwrap(katto.api.GET("/api/v1/jobs/{id}/clips", { params: { path: { id } } }));
    if (!v.download) {
      ctx.ui.result(list, () => (list.clips.length ? table(["#", "score", "quality", "chosen by", "title", "url"], list.clips.map((c, i) => [i, c.score, qualityCell(c.quality), chosenBy(c.chosen_by), c.title, c.url])) : `No clips yet (job ${list.status}).`));
      return;
    }
    const dir = path.resolve((v.out as string | undefined) ?? `katto-${id}`);
    const files = await downloadClips(katto, ctx.ui, list.clips, dir);
    ctx.ui.result({ ...list, out: dir, files }, () => `${files.length} clip${files.length === 1 ? "" : "s"} saved in ${dir}`);
  },
};

/**
 * A clip as a project file for a desktop editor (issue 22). With --with-source the project refers
 * to the source by file name and the source is downloaded beside it, so the folder opens anywhere;
 * without, the project carries a signed link to the source.
 */
export const clipsExport: Command = {
  words: ["clips", "export"],
  summary: `Export a clip as an editor project (${EXPORT_FORMATS.join(", ")}); --with-source downloads the source beside it.`,
  usage: `katto clips export <job-id> <clip-index> --format ${EXPORT_FORMATS.join("|")} [--version original|RERENDER_ID] [--out FILE] [--with-source]`,
  args: 2,
  options: { format: { type: "string" }, version: { type: "string" }, out: { type: "string", short: "o" }, "with-source": { type: "boolean" } },
  examples: ["katto clips export $ID 0 --format mlt", "katto clips export $ID 0 --format fcpxml -o talk.fcpxml --with-source", "katto clips export $ID 1 --format edl --out - > cuts.edl", "katto clips export $ID 0 --format mlt --version original   # the first render, not the newest re-render"],
  async run(ctx, [id, indexText], v) {
    const format = oneOf(v.format as string | undefined, EXPORT_FORMATS, "format");
    if (!format) throw new CliError(EXIT.usage, `--format is required: one of ${EXPORT_FORMATS.join(", ")}.`);
    const index = Number(indexText);
    if (!Number.isInteger(index) || index < 0) throw new CliError(EXIT.usage, `The clip index must be a whole number from 0 (the best clip); got "${indexText}".`);
    const withSource = Boolean(v["with-source"]);
    const katto = ctx.katto();
    // the version named, else the newest completed one; the answer's header says which
    const call = await katto.api.GET("/api/v1/jobs/{id}/clips/{index}/export", { params: { path: { id, index }, query: { format, source: withSource ? "file" : "url", ...(v.version !== undefined ? { version: v.version as string } : {}) } }, parseAs: "text" });
    const project = await katto.unwrap(call);
    const version = call.response.headers.get(EXPORT_VERSION_HEADER) ?? ORIGINAL_VERSION;
    const out = (v.out as string | undefined) ?? exportFileName(id, index, version, format);
    if (out === "-") {
      process.stdout.write(String(project));
      return;
    }
    const file = path.resolve(out);
    writeFileSync(file, String(project));
    let source: string | null = null;
    if (withSource) {
      const src = await katto.unwrap(katto.api.GET("/api/v1/jobs/{id}/source", { params: { path: { id } } }));
      source = path.join(path.dirname(file), src.file_name);
      await downloadSource(src.url, source, (loaded, total) => ctx.ui.progress(`Downloading ${src.file_name} ${total ? bar((loaded / total) * 100) : ""}`, loaded === total));
      ctx.ui.done();
    }
    ctx.ui.result({ format, version, file, source }, () => `Saved version ${version} as ${file}${source ? ` and its source ${source}` : ""}`);
  },
};

/**
 * The source's bytes to `file`, fetched without the API key: the link is signed (an upload) or is
 * the job's own link, which is someone else's server. A web page (a platform link) is refused.
 */
async function downloadSource(url: string, file: string, onBytes: (loaded: number, total: number) => void): Promise<void> {
  const res = await fetch(url);
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || !res.body) throw new CliError(EXIT.error, `Download of the source from ${url} failed with HTTP ${res.status}.`);
  if (/^text\/html/i.test(type)) throw new CliError(EXIT.error, `The job's source ${url} is a web page, not a video file; download it with a tool such as yt-dlp and save it under the name the project uses.`);
  const total = Number(res.headers.get("content-length") ?? 0);
  let loaded = 0;
  const counted = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream).on("data", (c: Buffer) => onBytes((loaded += c.length), total));
  await pipeline(counted, createWriteStream(file));
}
