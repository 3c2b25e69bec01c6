// A job's steps from checked clips to the user: store each clip's preview as it is checked
// (clip-stream.ts calls uploadPreview) and send `clips` (composed in pipeline.ts; each clip's HD
// file comes from local-hd.ts, or in HD fan-out its mezzanine from mezzanine-cuts.ts). The previews are rendered
// before (job-previews.ts) and checked in between (job-quality.ts).
import { join } from "node:path";
import { JobGoneError } from "../runtime/callback-client.js";
import { clipDuration, clipReport, planTimeline, type ClipPlan } from "../editing/clip-plan.js";
import { coverForClip } from "./cover.js";
import { withQuality, type CheckedClips } from "../quality/job-quality.js";
import { toStageError } from "../runtime/errors.js";
import type { JobRun, Source } from "../rendering/job-run.js";
import { log } from "../runtime/log.js";
import type { ClipReport } from "../runtime/protocol.js";
import type { JobWarning } from "@katto/protocol";
import { renderThumbnail } from "../rendering/render.js";
import { stockWarnings } from "../broll/assets.js";
import type { Transcript } from "../runtime/types.js";

/** One checked clip's files stored: its preview, SRT (and the spoken-language one), thumbnail and cover (which it records on the plan). */
export async function uploadPreview(run: JobRun, source: Source, p: ClipPlan): Promise<void> {
  const { client, dir } = run;
  const preview = join(dir, p.files.preview);
  await renderThumbnail(preview, Math.min(1, clipDuration(p) / 2), join(dir, p.files.thumb), { signal: run.signal });
  const cover = join(dir, p.files.coverPreview);
  const ids = { job_id: run.job.job_id, clip: p.index };
  const made = await coverForClip({ video: preview, title: p.title, look: p.look, timeline: p.timeline ?? planTimeline(p, source.info), output: cover, signal: run.signal, fontsDir: run.encoder?.fontsDir, ids });
  // the files go up together: each PUT is a round trip to the Worker, mostly waiting
  await Promise.all([
    made ? client.putFile(p.files.coverPreview, cover, "image/jpeg") : null,
    client.putFile(p.files.preview, preview, "video/mp4"),
    client.putFile(p.files.srt, join(dir, p.files.srt), "application/x-subrip"),
    p.translated ? client.putFile(p.files.srtOriginal, join(dir, p.files.srtOriginal), "application/x-subrip") : null,
    client.putFile(p.files.thumb, join(dir, p.files.thumb), "image/jpeg"),
  ]);
  if (made) p.cover = { file: p.files.coverPreview, time: made.time };
}

/** done: the clips' reports with their measured quality, with their mezzanines in fan-out, sent as `clips` (with the clips dropped for their quality); from here the user has clips. */
export async function sendClips(run: JobRun, source: Source, transcript: Transcript, checked: CheckedClips, mezzanines: ReadonlyMap<number, string>): Promise<ClipReport[]> {
  run.enter("done", 100);
  const reports = checked.plans.map((p, i) => withQuality(clipReport(p, source.info, transcript.engine), checked.qualities[i]));
  for (const r of reports) if (mezzanines.has(r.clip_index)) r.metadata.mezzanine_file = mezzanines.get(r.clip_index);
  const selection = checked.selection ?? checked.plans[0]?.moment.selection;
  const warnings = [...checked.warnings, ...(selection?.warnings ?? []), ...stockWarnings(run.stockFailures, source.info.duration), ...fewerClipsWarning(run.job.config.min_clips, reports.length, selection?.fewerReason ?? null, source.info.duration)];
  await run.send({
    type: "clips",
    clips: reports,
    ...(warnings.length ? { warnings } : {}),
    ...(checked.dropped.length ? { dropped: checked.dropped } : {}),
    candidates: selection?.candidates ?? [],
    source_duration: Math.round(source.info.duration * 1000) / 1000,
  });
  return reports;
}

/**
 * Pure: the job-level warning (code `fewer_clips`, over the whole source) when `min_clips` asked
 * for more clips than the job delivers, saying why; none when the minimum was met or not asked.
 */
export function fewerClipsWarning(minClips: number | undefined, delivered: number, fewerReason: string | null, durationS: number): JobWarning[] {
  if (!minClips || delivered >= minClips) return [];
  const why = fewerReason ?? "Some selected clips could not be rendered (see the other warnings).";
  return [{ code: "fewer_clips", clip_index: null, start: 0, end: Math.round(durationS * 1000) / 1000, message: `min_clips asked for at least ${minClips} clips; this video gave ${delivered}. ${why}`.slice(0, 500) }];
}

/**
 * One clip's extra work after its preview (its mezzanine, its HD file): a failure is logged and
 * the clip stays at preview quality; an abort, or the Worker's 409, still stops the job.
 */
export async function orPreviewQuality(run: JobRun, clip: number, messages: { failure: string; log: string }, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (e) {
    if (run.signal.aborted || e instanceof JobGoneError) throw e;
    const se = toStageError("rendering", e, messages.failure);
    log("warn", messages.log, { job_id: run.job.job_id, clip, error: se.message, detail: se.detail });
  }
}
