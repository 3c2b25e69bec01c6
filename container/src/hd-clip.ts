// One HD fan-out task (docs/render-protocol.md "HD fan-out"): the 1080p render of one clip of a
// completed job, from the clip's mezzanine and stored metadata, then `clip-<i>.mp4` PUT and
// `clip_hd` sent on the job's callbacks. A failure leaves the clip at preview quality: it is
// logged, and the Worker's HD fallback webhook covers the job.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { JobGoneError, type CallbackClient } from "./callback-client.js";
import { clipFiles } from "./clip-plan.js";
import { AbortedError, toStageError } from "./errors.js";
import { log } from "./log.js";
import type { HdClipTask } from "./protocol.js";
import { readStoredClip, renderStoredClip } from "./rerender.js";
import { download } from "./stages/download.js";
import { probe } from "./stages/probe.js";
import type { Encoder } from "./stages/render.js";

export type HdClipOutcome = { status: "completed" } | { status: "failed"; error: string } | { status: "aborted" };

/** Mezzanines are seconds of near-lossless video; 3 minutes at a high bitrate stays well under this. */
const MAX_MEZZANINE_BYTES = 4 * 1024 ** 3;

export async function runHdClip(o: { task: HdClipTask; signal: AbortSignal; client: CallbackClient; workRoot?: string; encoder?: Encoder }): Promise<HdClipOutcome> {
  const { task, signal, client } = o;
  const ids = { job_id: task.job_id, clip: task.clip_index };
  const dir = await mkdtemp(join(o.workRoot ?? os.tmpdir(), `katto-hd-${task.job_id.slice(0, 40)}-${task.clip_index}-`));
  let stage = "downloading";
  try {
    const src = await download(task.source.url, dir, { signal, maxBytes: MAX_MEZZANINE_BYTES });
    stage = "probing";
    const info = await probe(src.path, { signal, fileSize: src.bytes });
    stage = "rendering";
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
    stage = "uploading";
    await client.putFile(files.hd, output, "video/mp4");
    // the SRT PUT with the preview stays the clip's captions file
    await client.event({ type: "clip_hd", clip_index: task.clip_index, file: files.hd, captions_file: files.srt });
    log("info", "hd clip completed", ids);
    return { status: "completed" };
  } catch (e) {
    if (signal.aborted || e instanceof JobGoneError || e instanceof AbortedError) {
      log("info", "hd clip stopped", { ...ids, stage });
      return { status: "aborted" };
    }
    const se = toStageError(stage, e, "HD render failed");
    log("warn", "hd render failed; clip stays at preview quality", { ...ids, stage: se.stage, error: se.message, detail: se.detail });
    return { status: "failed", error: se.message };
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
