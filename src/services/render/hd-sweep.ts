// Cron: HD fan-out clips whose 1080p file has not landed are re-queued a bounded number of times,
// then given up on: the clip stays at preview quality and its mezzanine is deleted. A stopped
// fanout job's mezzanines (the backend PUTs them before `clips`) are deleted too. A failed HD task
// reports `clip_hd_failed`, which makes its clip due at once; a killed instance reports nothing, so
// a clip still not HD when its window ends counts as failed too (docs/render-protocol.md "HD fan-out").
import { MAX_CLIPS, mezzanineFile } from "@katto/protocol";
import { workerConfig } from "../../config";
import type { Env } from "../../env";
import { enqueueHdRenders } from "../../render-queue/producers";
import { jobFileKey } from "../../storage/keys";
import { mezzanineOf } from "./hd";

/** render_hd messages per clip, the fan-out's included; after the last the clip stays preview. */
export const HD_ATTEMPTS = 3;

/** When a clip whose render_hd is queued now counts as overdue: after the HD window, HD_RETRY_SECONDS (tests use a few seconds), else 10 minutes (src/config.ts). */
export const hdDueAt = (env: Env, now = new Date()) => new Date(now.getTime() + workerConfig(env).render.hdRetryWindowMs).toISOString();

/**
 * The backend reported that the clip's HD task failed (`clip_hd_failed`): the clip is due now, so
 * the next cron run (within 5 minutes) queues it again or gives up, without waiting out the window.
 * Returns false when nothing was due (HD landed, or the sweep already gave up).
 */
export async function hdTaskFailed(env: Env, jobId: string, clipIndex: number, now = new Date()): Promise<boolean> {
  const r = await env.DB.prepare("UPDATE clips SET hd_due_at = MIN(hd_due_at, ?3) WHERE job_id = ?1 AND clip_index = ?2 AND hd = 0 AND hd_due_at IS NOT NULL")
    .bind(jobId, clipIndex, now.toISOString())
    .run();
  return r.meta.changes === 1;
}

interface OverdueClip {
  job_id: string;
  clip_index: number;
  hd_attempts: number;
  status: string;
  metadata: string | null;
}

export async function sweepHd(env: Env, now = new Date()): Promise<{ requeued: number; gaveUp: number; stoppedJobs: number }> {
  const nowIso = now.toISOString();
  const { results } = await env.DB.prepare(
    `SELECT c.job_id, c.clip_index, c.hd_attempts, c.metadata, j.status FROM clips c JOIN jobs j ON j.id = c.job_id
     WHERE c.hd_due_at IS NOT NULL AND c.hd_due_at <= ?1 LIMIT 100`,
  )
    .bind(nowIso)
    .all<OverdueClip>();
  let requeued = 0;
  let gaveUp = 0;
  for (const clip of results) {
    if (await isHd(env, clip)) continue;
    if (clip.status === "completed" && clip.hd_attempts < HD_ATTEMPTS) {
      if (await requeue(env, clip, nowIso)) requeued++;
    } else if (await giveUp(env, clip)) gaveUp++;
  }
  const stoppedJobs = await dropStoppedJobsMezzanines(env);
  if (requeued || gaveUp || stoppedJobs) console.log(JSON.stringify({ msg: "hd sweep", requeued, gave_up: gaveUp, stopped_jobs: stoppedJobs }));
  return { requeued, gaveUp, stoppedJobs };
}

/** The HD file landed (its mezzanine went with it): nothing is due any more. */
async function isHd(env: Env, clip: OverdueClip): Promise<boolean> {
  const r = await env.DB.prepare("UPDATE clips SET hd_due_at = NULL WHERE job_id = ?1 AND clip_index = ?2 AND hd = 1").bind(clip.job_id, clip.clip_index).run();
  return r.meta.changes === 1;
}

/** Claims the next attempt (conditional on the count read, so two sweeps queue it once), then queues it. */
async function requeue(env: Env, clip: OverdueClip, nowIso: string): Promise<boolean> {
  const claim = await env.DB.prepare(
    `UPDATE clips SET hd_attempts = hd_attempts + 1, hd_due_at = ?4
     WHERE job_id = ?1 AND clip_index = ?2 AND hd = 0 AND hd_attempts = ?3 AND hd_due_at <= ?5`,
  )
    .bind(clip.job_id, clip.clip_index, clip.hd_attempts, hdDueAt(env, new Date(nowIso)), nowIso)
    .run();
  if (claim.meta.changes !== 1) return false;
  // A failed send leaves the claimed attempt unsent; the next window counts it as used, which
  // keeps the total bounded.
  await enqueueHdRenders(env, clip.job_id, [clip.clip_index]);
  console.log(JSON.stringify({ msg: "render_hd: HD did not land in time; queued again", job_id: clip.job_id, clip_index: clip.clip_index, attempt: clip.hd_attempts + 1, of: HD_ATTEMPTS }));
  return true;
}

/**
 * Last attempt used (or the job is no longer completed): the clip stays at preview quality for
 * good. The mezzanine goes first, so a failed delete leaves the clip due and the next sweep
 * deletes it again (deleting a missing object is a no-op).
 */
async function giveUp(env: Env, clip: OverdueClip): Promise<boolean> {
  const name = mezzanineOf(clip.metadata ? (JSON.parse(clip.metadata) as Record<string, unknown>) : null);
  if (name) await env.FILES.delete(await jobFileKey(workerConfig(env).appSecret, clip.job_id, name));
  const r = await env.DB.prepare("UPDATE clips SET hd_due_at = NULL WHERE job_id = ?1 AND clip_index = ?2 AND hd = 0 AND hd_due_at IS NOT NULL")
    .bind(clip.job_id, clip.clip_index)
    .run();
  if (r.meta.changes !== 1) return false;
  console.log(JSON.stringify({ msg: "render_hd: giving up after the last attempt; clip stays at preview quality", job_id: clip.job_id, clip_index: clip.clip_index, attempts: clip.hd_attempts, job_status: clip.status }));
  return true;
}

/**
 * A cancelled or failed fanout job reported no clips, so no row names its mezzanines: every name
 * the backend could have used is deleted (R2 ignores the missing ones).
 */
async function dropStoppedJobsMezzanines(env: Env): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM jobs WHERE hd_mode = 'fanout' AND mezzanines_dropped = 0 AND status IN ('cancelled', 'failed') LIMIT 50`,
  ).all<{ id: string }>();
  const { appSecret } = workerConfig(env);
  for (const { id } of results) {
    const keys = await Promise.all(Array.from({ length: MAX_CLIPS }, (_, i) => jobFileKey(appSecret, id, mezzanineFile(i))));
    await env.FILES.delete(keys);
    await env.DB.prepare("UPDATE jobs SET mezzanines_dropped = 1 WHERE id = ?1").bind(id).run();
  }
  return results.length;
}
