// Cron: HD fan-out clips whose 1080p file has not landed are re-queued a bounded number of times,
// then given up on: the clip stays at preview quality and its mezzanine is deleted. A stopped
// fanout job's mezzanines (the backend PUTs them before `clips`) are deleted too. A failed HD task
// reports `clip_hd_failed`, which makes its clip due at once; a killed instance reports nothing, so
// a clip still not HD when its window ends counts as failed too (docs/render-protocol.md "HD fan-out").
import { MAX_CLIPS, mezzanineFile } from "@katto/protocol";
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { workerConfig } from "../../config";
import { clips, jobs } from "../../db/schema";
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
  const r = await drizzle(env.DB)
    .update(clips)
    .set({ hdDueAt: sql`MIN(${clips.hdDueAt}, ${now.toISOString()})` })
    .where(and(eq(clips.jobId, jobId), eq(clips.clipIndex, clipIndex), eq(clips.hd, false), isNotNull(clips.hdDueAt)))
    .run();
  return r.meta.changes === 1;
}

const overdue = { jobId: clips.jobId, clipIndex: clips.clipIndex, hdAttempts: clips.hdAttempts, metadata: clips.metadata, status: jobs.status };
type OverdueClip = Pick<typeof clips.$inferSelect, "jobId" | "clipIndex" | "hdAttempts" | "metadata"> & { status: string };

/** The clip's row (its key), for the statements below. */
const clipIs = (clip: OverdueClip) => and(eq(clips.jobId, clip.jobId), eq(clips.clipIndex, clip.clipIndex));

export async function sweepHd(env: Env, now = new Date()): Promise<{ requeued: number; gaveUp: number; stoppedJobs: number }> {
  const nowIso = now.toISOString();
  const results: OverdueClip[] = await drizzle(env.DB)
    .select(overdue)
    .from(clips)
    .innerJoin(jobs, eq(jobs.id, clips.jobId))
    .where(and(isNotNull(clips.hdDueAt), lte(clips.hdDueAt, nowIso)))
    .limit(100)
    .all();
  let requeued = 0;
  let gaveUp = 0;
  for (const clip of results) {
    if (await isHd(env, clip)) continue;
    if (clip.status === "completed" && clip.hdAttempts < HD_ATTEMPTS) {
      if (await requeue(env, clip, nowIso)) requeued++;
    } else if (await giveUp(env, clip)) gaveUp++;
  }
  const stoppedJobs = await dropStoppedJobsMezzanines(env);
  if (requeued || gaveUp || stoppedJobs) console.log(JSON.stringify({ msg: "hd sweep", requeued, gave_up: gaveUp, stopped_jobs: stoppedJobs }));
  return { requeued, gaveUp, stoppedJobs };
}

/** The HD file landed (its mezzanine went with it): nothing is due any more. */
async function isHd(env: Env, clip: OverdueClip): Promise<boolean> {
  const r = await drizzle(env.DB).update(clips).set({ hdDueAt: null }).where(and(clipIs(clip), eq(clips.hd, true))).run();
  return r.meta.changes === 1;
}

/** Claims the next attempt (conditional on the count read, so two sweeps queue it once), then queues it. */
async function requeue(env: Env, clip: OverdueClip, nowIso: string): Promise<boolean> {
  const claim = await drizzle(env.DB)
    .update(clips)
    .set({ hdAttempts: sql`${clips.hdAttempts} + 1`, hdDueAt: hdDueAt(env, new Date(nowIso)) })
    .where(and(clipIs(clip), eq(clips.hd, false), eq(clips.hdAttempts, clip.hdAttempts), lte(clips.hdDueAt, nowIso)))
    .run();
  if (claim.meta.changes !== 1) return false;
  // A failed send leaves the claimed attempt unsent; the next window counts it as used, which
  // keeps the total bounded.
  await enqueueHdRenders(env, clip.jobId, [clip.clipIndex]);
  console.log(JSON.stringify({ msg: "render_hd: HD did not land in time; queued again", job_id: clip.jobId, clip_index: clip.clipIndex, attempt: clip.hdAttempts + 1, of: HD_ATTEMPTS }));
  return true;
}

/**
 * Last attempt used (or the job is no longer completed): the clip stays at preview quality for
 * good. The mezzanine goes first, so a failed delete leaves the clip due and the next sweep
 * deletes it again (deleting a missing object is a no-op).
 */
async function giveUp(env: Env, clip: OverdueClip): Promise<boolean> {
  const name = mezzanineOf(clip.metadata ? (JSON.parse(clip.metadata) as Record<string, unknown>) : null);
  if (name) await env.FILES.delete(await jobFileKey(workerConfig(env).appSecret, clip.jobId, name));
  const r = await drizzle(env.DB).update(clips).set({ hdDueAt: null }).where(and(clipIs(clip), eq(clips.hd, false), isNotNull(clips.hdDueAt))).run();
  if (r.meta.changes !== 1) return false;
  console.log(JSON.stringify({ msg: "render_hd: giving up after the last attempt; clip stays at preview quality", job_id: clip.jobId, clip_index: clip.clipIndex, attempts: clip.hdAttempts, job_status: clip.status }));
  return true;
}

/**
 * A cancelled or failed fanout job reported no clips, so no row names its mezzanines: every name
 * the backend could have used is deleted (R2 ignores the missing ones).
 */
async function dropStoppedJobsMezzanines(env: Env): Promise<number> {
  const db = drizzle(env.DB);
  const results = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.hdMode, "fanout"), eq(jobs.mezzaninesDropped, false), inArray(jobs.status, ["cancelled", "failed"])))
    .limit(50)
    .all();
  const { appSecret } = workerConfig(env);
  for (const { id } of results) {
    const keys = await Promise.all(Array.from({ length: MAX_CLIPS }, (_, i) => jobFileKey(appSecret, id, mezzanineFile(i))));
    await env.FILES.delete(keys);
    await db.update(jobs).set({ mezzaninesDropped: true }).where(eq(jobs.id, id));
  }
  return results.length;
}
