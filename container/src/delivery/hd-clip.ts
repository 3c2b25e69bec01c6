// The one HD render path: a clip's 1080p file from its stored editing metadata, then
// `clip-<i>.mp4` PUT and `clip_hd` sent on the job's callbacks. Two callers, one input (the
// protocol's HD task): an HD fan-out task (docs/render-protocol.md "HD fan-out", runHdClip) renders
// from the clip's mezzanine, and a job whose backend renders its own HD files (HD mode "local",
// pipeline.ts) from the original, after `clips`, with the metadata it just sent. A failed fan-out
// task is reported (`clip_hd_failed`) so the Worker can queue it again; a failed local render is
// logged. Either way the clip keeps its preview until an HD file lands.
import type { CallbackClient } from "../runtime/callback-client.js";
import { join } from "node:path";
import { clipFiles, titleLookStyle } from "../editing/clip-plan.js";
import { coverForClip } from "./cover.js";
import { log } from "../runtime/log.js";
import type { ClipReport, HdClipTask, RenderEvent, RenderJob } from "../runtime/protocol.js";
import { readStoredClip } from "./stored-clip.js";
import { measureStoredRender, renderStoredClip } from "./stored-render.js";
import { runWork, workDirPrefix, type WorkContext, type WorkOutcome } from "../runtime/run-work.js";
import { download } from "../analysis/download.js";
import { probe } from "../analysis/probe.js";
import type { Encoder } from "../rendering/render.js";
import type { ProbeResult } from "../runtime/types.js";

export type HdClipOutcome = WorkOutcome<{ status: "completed" }>;

/** Mezzanines are seconds of near-lossless video; 3 minutes at a high bitrate stays well under this. */
const MAX_MEZZANINE_BYTES = 4 * 1024 ** 3;

/** What an HD render needs besides its source: the HD task's own fields. */
export type HdRenderInput = Pick<HdClipTask, "job_id" | "clip_index" | "clip" | "aspect" | "brand_kit" | "cover_time">;

/**
 * The HD input of a clip a job just reported in `clips`, built as the Worker builds an HD fan-out
 * task from the stored clip (src/services/render/hd.ts): the reported metadata and the job's brand
 * kit. The range is the clip's in the original source, which the job has at hand; a fan-out task's
 * range is the mezzanine's, from 0 (words and crop path are clip-relative, so both hold).
 */
export function localHdInput(job: RenderJob, clip: ClipReport): HdRenderInput {
  return {
    job_id: job.job_id,
    clip_index: clip.clip_index,
    clip: { start: clip.start, end: clip.end, metadata: clip.metadata },
    aspect: job.config.aspect,
    brand_kit: job.config.brandKit ?? null,
    ...(clip.cover_time !== undefined ? { cover_time: clip.cover_time } : {}),
  };
}

/** One clip's HD files, rendered, measured and covered (and stored with `store`), and the `clip_hd` event that reports them. */
export interface HdFiles {
  output: string;
  cover: string | null;
  event: Extract<RenderEvent, { type: "clip_hd" }>;
}

/** Render one clip's HD file from `source` (a local file holding the clip's range), measure it and draw its cover. */
export async function renderHdFiles(
  input: HdRenderInput,
  source: { path: string; probe: ProbeResult },
  o: { dir: string; signal: AbortSignal; encoder?: Encoder; ctx?: Pick<WorkContext, "stage"> },
): Promise<HdFiles> {
  const files = clipFiles(input.clip_index);
  if (o.ctx) o.ctx.stage = "rendering";
  // the clip's own name: its words and crop path are clip-relative
  const stored = readStoredClip(input.clip.metadata);
  const { output, layout, words, srtPath, timeline } = await renderStoredClip({
    source: source.path,
    probe: source.probe,
    start: input.clip.start,
    end: input.clip.end,
    stored,
    // the version's own timeline, drawn as it is: the HD file shows what its preview and its record say
    ...(stored.timeline ? { timeline: stored.timeline } : {}),
    aspect: input.aspect,
    brandKit: input.brand_kit,
    dir: o.dir,
    name: `clip-${input.clip_index}`,
    signal: o.signal,
    jobId: input.job_id,
    encoder: o.encoder,
  });
  if (o.ctx) o.ctx.stage = "checking";
  const shipped = { srtPath, timeline, source: { path: source.path, start: input.clip.start, end: input.clip.end, picture: source.probe.video! } };
  const quality = await measureStoredRender({ output, layout, aspect: input.aspect, words, stored, signal: o.signal, shipped });
  // the cover drawn again from the HD file at its size (the preview's was half of it), at the preview
  // cover's moment when the task names it, so both covers show the same frame
  const cover = join(o.dir, files.cover);
  const covered = await coverForClip({ video: output, title: stored.title, look: titleLookStyle(input.brand_kit, input.aspect), timeline, output: cover, signal: o.signal, fontsDir: o.encoder?.fontsDir, ids: { job_id: input.job_id, clip: input.clip_index }, at: input.cover_time });
  // the SRT PUT with the preview stays the clip's captions file
  const event = { type: "clip_hd" as const, clip_index: input.clip_index, file: files.hd, captions_file: files.srt, quality, ...(covered ? { cover_file: files.cover, cover_time: covered.time } : {}) };
  return { output, cover: covered ? cover : null, event };
}

/** Store a clip's HD files on the job's callbacks (`clip_hd` is sent by `announceHd`, once the job accepts it). */
export async function storeHd(f: HdFiles, client: CallbackClient): Promise<void> {
  await client.putFile(f.event.file, f.output, "video/mp4");
  if (f.cover && f.event.cover_file) await client.putFile(f.event.cover_file, f.cover, "image/jpeg");
}

/** `clip_hd`: the stored HD file replaces the clip's preview (the job has completed). */
export const announceHd = (f: HdFiles, client: CallbackClient) => client.event(f.event);

/** Render one clip's HD file from `source`, store it, send `clip_hd`. */
export async function renderHd(
  input: HdRenderInput,
  source: { path: string; probe: ProbeResult },
  o: { dir: string; signal: AbortSignal; client: CallbackClient; encoder?: Encoder; ctx?: Pick<WorkContext, "stage"> },
): Promise<void> {
  const f = await renderHdFiles(input, source, o);
  if (o.ctx) o.ctx.stage = "uploading";
  await storeHd(f, o.client);
  await announceHd(f, o.client);
}

export async function runHdClip(o: { task: HdClipTask; signal: AbortSignal; client: CallbackClient; workRoot?: string; encoder?: Encoder }): Promise<HdClipOutcome> {
  const { task } = o;
  return runWork({
    kind: "hd clip",
    ids: { job_id: task.job_id, clip: task.clip_index },
    dirPrefix: workDirPrefix("hd", task.job_id, task.clip_index),
    workRoot: o.workRoot,
    signal: o.signal,
    client: o.client,
    stage: "downloading",
    userMessage: () => "HD render failed",
    // the Worker queues the task again while its HD attempts remain, else the clip stays at
    // preview quality and the HD fallback webhook covers the job
    failedEvent: (f) => ({ type: "clip_hd_failed", clip_index: task.clip_index, ...f }),
    failureLevel: "warn",
    body: (ctx) => hdClipBody(o, ctx),
  });
}

async function hdClipBody(o: { task: HdClipTask; signal: AbortSignal; client: CallbackClient; encoder?: Encoder }, ctx: WorkContext): Promise<{ status: "completed" }> {
  const { task, signal, client } = o;
  const { dir } = ctx;
  const src = await download(task.source.url, dir, { signal, maxBytes: MAX_MEZZANINE_BYTES });
  ctx.stage = "probing";
  const info = await probe(src.path, { signal, fileSize: src.bytes });
  await renderHd(task, { path: src.path, probe: info }, { dir, signal, client, encoder: o.encoder, ctx });
  log("info", "hd clip completed", { job_id: task.job_id, clip: task.clip_index });
  return { status: "completed" };
}
