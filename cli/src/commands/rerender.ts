import path from "node:path";
import { qualityCell } from "../output";
import { ASPECTS, DUB_LANGUAGES, LAYOUT_MODES } from "@katto/protocol";
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
  await follow(ctx, katto, jobId, created, v);
}

/** Prints a queued re-render (or trim), or with --wait waits for it and downloads it with --out. */
async function follow(ctx: Context, katto: Katto, jobId: string, created: { rerender_id: string }, v: Values) {
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
  summary: "Render one clip again with another layout, caption style, creator style or shape.",
  usage: `katto rerender <job-id> <clip-index> [--layout LAYOUT] [--caption-style bold_pop|karaoke|boxed|minimal|none] [--aspect ${ASPECTS.join("|")}] [--refresh-captions] ${STYLE_USAGE} [--wait] [--out FILE.mp4]`,
  args: 2,
  options: { layout: { type: "string" }, "caption-style": { type: "string" }, aspect: { type: "string" }, "refresh-captions": { type: "boolean" }, ...styleFlags, ...waitOptions },
  examples: ["katto rerender $ID 0 --layout wide --wait", "katto rerender $ID 0 --layout screen --wait   # a screen recording: the screen whole on top, the face camera below", "katto rerender $ID 0 --refresh-captions --wait   # captions from the corrected transcript", "katto rerender $ID 1 --caption-style karaoke --wait --out clip1.mp4", "katto rerender $ID 0 --emoji --words 2 --wait   # the clip's own style with these fields changed", "katto rerender $ID 0 --aspect 16:9 --wait --out clip0-wide.mp4   # a 1920x1080 version, free"],
  async run(ctx, [jobId, index], v) {
    const body: Schemas["RerenderRequest"] = {};
    const layout = oneOf(v.layout as string | undefined, LAYOUTS, "layout");
    if (layout) body.layout_mode = layout;
    if (v["caption-style"]) body.caption_style = v["caption-style"] as string;
    const aspect = oneOf(v.aspect as string | undefined, ASPECTS, "aspect");
    if (aspect) body.aspect = aspect;
    const style = styleFromOptions(v);
    if (style) body.style = style;
    if (v["refresh-captions"]) body.captions = "refresh";
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

/** A seconds option ("12.5"), or undefined when absent. */
function secondsOpt(v: Values, flag: string): number | undefined {
  const raw = v[flag] as string | undefined;
  if (raw === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new CliError(EXIT.usage, `--${flag} must be a number of seconds, got "${raw}".`);
  return Number(raw);
}

export const clipsTrim: Command = {
  words: ["clips", "trim"],
  summary: "Move a clip's start and end (snapped to pauses between words): a new version of the clip.",
  usage: "katto clips trim <job-id> <clip-index> (--start SECONDS | --start-word INDEX) (--end SECONDS | --end-word INDEX) [--wait] [--out FILE.mp4]",
  args: 2,
  options: { start: { type: "string" }, end: { type: "string" }, "start-word": { type: "string" }, "end-word": { type: "string" }, ...waitOptions },
  examples: ["katto clips trim $ID 0 --start 12.4 --end 41 --wait", "katto clips trim $ID 1 --start-word 120 --end-word 188 --wait --out clip1.mp4"],
  async run(ctx, [jobId, index], v) {
    const body: Schemas["TrimRequest"] = {
      start: secondsOpt(v, "start"),
      end: secondsOpt(v, "end"),
      start_word: v["start-word"] === undefined ? undefined : intArg(v["start-word"] as string, "--start-word"),
      end_word: v["end-word"] === undefined ? undefined : intArg(v["end-word"] as string, "--end-word"),
    };
    if ((body.start === undefined) === (body.start_word === undefined)) throw new CliError(EXIT.usage, "Give exactly one of --start SECONDS or --start-word INDEX.");
    if ((body.end === undefined) === (body.end_word === undefined)) throw new CliError(EXIT.usage, "Give exactly one of --end SECONDS or --end-word INDEX.");
    const katto = ctx.katto();
    const created = await katto.unwrap(katto.api.POST("/api/v1/jobs/{id}/clips/{index}/trim", { params: { path: { id: jobId, index: intArg(index, "clip-index") } }, body }));
    ctx.ui.note(`Snapped to pauses: ${created.start}–${created.end} s.`);
    await follow(ctx, katto, jobId, created, v);
  },
};
