// A finished clip re-scaled to a frame a platform accepts (docs/render-protocol.md "Renditions"):
// download the clip's file from the Worker, check the size is the clip's own shape (a 1:1 clip's
// rendition is 720x720, never padded into 9:16), scale it in one ffmpeg pass, PUT
// `clip-<i>-<w>x<h>.mp4` and send `clip_rendition` on the job's callbacks. A failure reports
// nothing: the job is completed and keeps its clips; the publication waiting for the rendition
// fails after its wait and may ask again.
import { renditionFile } from "@katto/protocol";
import { join } from "node:path";
import type { CallbackClient } from "../runtime/callback-client.js";
import { StageError, toStageError } from "../runtime/errors.js";
import { renditionArgs, renditionShapeError } from "../ffmpeg/encode-settings.js";
import { runFfmpeg } from "../ffmpeg/spawn.js";
import { log } from "../runtime/log.js";
import type { RenditionTask } from "../runtime/protocol.js";
import { runWork, workDirPrefix, type WorkContext, type WorkOutcome } from "../runtime/run-work.js";
import { download } from "../analysis/download.js";
import { probe } from "../analysis/probe.js";
import type { Encoder } from "../rendering/render.js";

export type RenditionOutcome = WorkOutcome<{ status: "completed" }>;

/** A finished clip is at most 3 minutes of 1080p; its HD encode is capped at 10 Mbit/s. */
const MAX_CLIP_BYTES = 1024 ** 3;

export interface RenditionOptions {
  task: RenditionTask;
  signal: AbortSignal;
  client: CallbackClient;
  workRoot?: string;
  encoder?: Encoder;
}

export async function runRendition(o: RenditionOptions): Promise<RenditionOutcome> {
  const { task } = o;
  return runWork({
    kind: "rendition",
    ids: { job_id: task.job_id, clip: task.clip_index, size: `${task.size.width}x${task.size.height}` },
    dirPrefix: workDirPrefix("rendition", task.job_id, task.clip_index),
    workRoot: o.workRoot,
    signal: o.signal,
    client: o.client,
    stage: "downloading",
    userMessage: () => "rendition failed",
    // the job keeps its clips; the publication waiting for this file fails after its wait
    failedEvent: () => null,
    failureLevel: "warn",
    body: (ctx) => renditionBody(o, ctx),
  });
}

async function renditionBody(o: RenditionOptions, ctx: WorkContext): Promise<{ status: "completed" }> {
  const { task, signal, client } = o;
  const src = await download(task.source.url, ctx.dir, { signal, maxBytes: MAX_CLIP_BYTES });
  ctx.stage = "probing";
  const info = await probe(src.path, { signal, fileSize: src.bytes });
  const wrongShape = info.video ? renditionShapeError(info.video, task.size) : "the clip has no video stream";
  if (wrongShape) throw new StageError("probing", "rendition failed", wrongShape);
  ctx.stage = "rendering";
  const name = renditionFile(task.clip_index, task.size);
  const output = join(ctx.dir, name);
  const encode = () => runFfmpeg(renditionArgs(src.path, task.size, output, o.encoder?.hdPreset), { stage: "rendering", signal, durationS: info.duration });
  try {
    await (o.encoder ? o.encoder.slots.run(encode, signal) : encode());
  } catch (e) {
    if (signal.aborted) throw e;
    throw toStageError("rendering", e, "scaling the clip failed");
  }
  ctx.stage = "uploading";
  await client.putFile(name, output, "video/mp4");
  await client.event({ type: "clip_rendition", clip_index: task.clip_index, width: task.size.width, height: task.size.height, file: name });
  log("info", "rendition completed", { job_id: task.job_id, clip: task.clip_index, size: `${task.size.width}x${task.size.height}` });
  return { status: "completed" };
}
