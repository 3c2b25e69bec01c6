// One HD fan-out task (docs/render-protocol.md "HD fan-out"): the 1080p render of one clip of a
// completed job, from the clip's mezzanine and stored metadata, then `clip-<i>.mp4` PUT and
// `clip_hd` sent on the job's callbacks. A failure leaves the clip at preview quality: it is
// logged, and the Worker's HD fallback webhook covers the job.
import type { CallbackClient } from "./callback-client.js";
import { clipFiles } from "./clip-plan.js";
import { log } from "./log.js";
import type { HdClipTask } from "./protocol.js";
import { readStoredClip, renderStoredClip } from "./rerender.js";
import { runWork, workDirPrefix, type WorkContext, type WorkOutcome } from "./run-work.js";
import { download } from "./stages/download.js";
import { probe } from "./stages/probe.js";
import type { Encoder } from "./stages/render.js";

export type HdClipOutcome = WorkOutcome<{ status: "completed" }>;

/** Mezzanines are seconds of near-lossless video; 3 minutes at a high bitrate stays well under this. */
const MAX_MEZZANINE_BYTES = 4 * 1024 ** 3;

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
    // the clip stays at preview quality; the Worker's HD fallback webhook covers the job
    failedEvent: () => null,
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
  ctx.stage = "rendering";
  const files = clipFiles(task.clip_index);
  // the clip's own name: its words and crop path are clip-relative, as the mezzanine's range is
  const { output } = await renderStoredClip({
    source: src.path,
    probe: info,
    start: task.clip.start,
    end: task.clip.end,
    stored: readStoredClip(task.clip.metadata),
    brandKit: task.brand_kit,
    dir,
    name: `clip-${task.clip_index}`,
    signal,
    jobId: task.job_id,
    encoder: o.encoder,
  });
  ctx.stage = "uploading";
  await client.putFile(files.hd, output, "video/mp4");
  // the SRT PUT with the preview stays the clip's captions file
  await client.event({ type: "clip_hd", clip_index: task.clip_index, file: files.hd, captions_file: files.srt });
  log("info", "hd clip completed", { job_id: task.job_id, clip: task.clip_index });
  return { status: "completed" };
}
