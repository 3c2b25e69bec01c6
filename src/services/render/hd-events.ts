// The HD events of a job's clips (docs/render-protocol.md): the fan-out that asks for them once the
// job completes, clip_hd (a clip's 1080p file landed) and clip_hd_failed, and the completion callback
// that fires when the last clip is HD.
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { workerConfig } from "../../config";
import { clips, jobs } from "../../db/schema";
import type { Env } from "../../env";
import { enqueueHdRenders } from "../../render-queue/producers";
import { jobFileKey } from "../../storage/keys";
import { enqueueCompletionWebhook } from "../../webhooks/delivery";
import { type Ev, jobWith, noLongerRunning, requireJobStatus, requireStoredFiles, webhookUrlOf } from "./event-checks";
import { mezzanineOf } from "./hd";
import { hdDueAt, hdTaskFailed } from "./hd-sweep";

/**
 * A fanout job (jobs.hd_mode, set at dispatch) gets one render_hd message per preview clip that
 * has a mezzanine. A failed enqueue only leaves those clips at preview quality: the job completed.
 */
export async function fanOutHd(env: Env, jobId: string, landed: Ev<"clips">["clips"]) {
  const db = drizzle(env.DB);
  const job = await db.select({ hdMode: jobs.hdMode }).from(jobs).where(eq(jobs.id, jobId)).get();
  if (job?.hdMode !== "fanout") return;
  const indexes = landed.filter((c) => !c.hd && mezzanineOf(c.metadata)).map((c) => c.clip_index);
  if (indexes.length < landed.filter((c) => !c.hd).length) console.log(JSON.stringify({ msg: "clips without mezzanine stay at preview quality", job_id: jobId }));
  // Attempt 1, due back within the HD window: the cron re-queues a clip still not HD by then,
  // including when the enqueue below fails (src/services/render/hd-sweep.ts).
  await db
    .update(clips)
    .set({ hdAttempts: 1, hdDueAt: hdDueAt(env) })
    .where(and(eq(clips.jobId, jobId), inArray(clips.clipIndex, indexes), eq(clips.hdAttempts, 0)));
  try {
    await enqueueHdRenders(env, jobId, indexes);
  } catch (e) {
    console.log(JSON.stringify({ msg: "could not enqueue HD renders", job_id: jobId, error: String(e) }));
  }
}

export async function markClipHd(env: Env, jobId: string, ev: Ev<"clip_hd">) {
  const db = drizzle(env.DB);
  const secret = workerConfig(env).appSecret;
  const videoKey = await jobFileKey(secret, jobId, ev.file);
  const captionsKey = await jobFileKey(secret, jobId, ev.captions_file);
  const originalKey = ev.captions_original_file ? await jobFileKey(secret, jobId, ev.captions_original_file) : null;
  const coverKey = ev.cover_file ? await jobFileKey(secret, jobId, ev.cover_file) : null;
  await requireJobStatus(db, jobId, ["completed"]);
  await requireStoredFiles(env, [
    { name: ev.file, key: videoKey },
    { name: ev.captions_file, key: captionsKey },
    ...(ev.captions_original_file && originalKey ? [{ name: ev.captions_original_file, key: originalKey }] : []),
    ...(ev.cover_file && coverKey ? [{ name: ev.cover_file, key: coverKey }] : []),
  ]);
  // an HD render that names no original SRT keeps the one stored with the preview (the HD render
  // draws the same translated words, so the spoken-language SRT does not change)
  const [clip, ready] = await db.batch([
    db
      .update(clips)
      // the HD file's own quality replaces the preview's (a backend that predates it keeps the preview's)
      .set({
        videoKey, captionsKey, hd: true,
        captionsOriginalKey: sql`COALESCE(${originalKey}, ${clips.captionsOriginalKey})`,
        quality: sql`COALESCE(${ev.quality ? JSON.stringify(ev.quality) : null}, ${clips.quality})`,
        // the HD file's cover replaces the preview's; without one the preview's stays
        coverKey: sql`COALESCE(${coverKey}, ${clips.coverKey})`,
        coverTimeS: coverKey ? (ev.cover_time ?? null) : sql`${clips.coverTimeS}`,
      })
      .where(and(eq(clips.jobId, jobId), eq(clips.clipIndex, ev.clip_index), jobWith(db, jobId, eq(jobs.status, "completed")))),
    db
      .update(jobs)
      .set({ hdReady: true, updatedAt: new Date().toISOString() })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, "completed"), eq(jobs.hdReady, false), notExists(db.select({ one: sql`1` }).from(clips).where(and(eq(clips.jobId, jobId), eq(clips.hd, false)))))),
  ]);
  if (clip.meta.changes !== 1) throw noLongerRunning();
  if (ready.meta.changes === 1) await onHdReady(env, jobId);
  await dropMezzanine(env, jobId, ev.clip_index);
}

/** An HD render gave up on a clip: the sweep retries it or leaves it at preview quality. */
export async function failClipHd(env: Env, jobId: string, ev: Ev<"clip_hd_failed">) {
  await requireJobStatus(drizzle(env.DB), jobId, ["completed"]);
  const due = await hdTaskFailed(env, jobId, ev.clip_index);
  console.log(JSON.stringify({ msg: "render_hd: task failed", job_id: jobId, clip_index: ev.clip_index, stage: ev.stage, error: ev.error, retried: due }));
}

/** HD fan-out: once the clip is HD its mezzanine has served its purpose (best effort). */
async function dropMezzanine(env: Env, jobId: string, clipIndex: number) {
  try {
    const row = await drizzle(env.DB).select({ metadata: clips.metadata }).from(clips).where(and(eq(clips.jobId, jobId), eq(clips.clipIndex, clipIndex))).get();
    const name = mezzanineOf(row?.metadata ? (JSON.parse(row.metadata) as Record<string, unknown>) : null);
    if (name) await env.FILES.delete(await jobFileKey(workerConfig(env).appSecret, jobId, name));
  } catch (e) {
    console.log(JSON.stringify({ msg: "could not delete mezzanine", job_id: jobId, clip_index: clipIndex, error: String(e) }));
  }
}

/** hd_ready just turned true: the completion callback fires now, with final URLs (docs/webhooks.md). */
export async function onHdReady(env: Env, jobId: string) {
  if (await webhookUrlOf(drizzle(env.DB), jobId)) await enqueueCompletionWebhook(env, jobId);
}
