// Applies the render backend's events to a job (docs/render-protocol.md). Every write is
// conditional on the job still running, so nothing lands after a cancel or failure: the caller
// answers 409 and the backend stops.
import { and, eq, exists, inArray, notExists, sql, type SQL } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { workerConfig } from "../../config";
import { insertWhere } from "../../db/insert-where";
import { clipCandidates, clipRenditions, clips, jobs, manualClips, transcripts } from "../../db/schema";
import { ConflictError, NotFoundError, ServiceError } from "../../errors";
import type { Env } from "../../env";
import type { RenderEvent } from "../../schemas/render-protocol";
import { enqueueHdRenders } from "../../render-queue/producers";
import { jobFileKey } from "../../storage/keys";
import { enqueueCompletionWebhook, HD_FALLBACK_DELAY_SECONDS } from "../../webhooks/delivery";
import { RUNNING_STATUSES } from "../jobs/status";
import { stopJob, stoppableJob } from "../jobs/stop";
import { failManualClip } from "../clips/task";
import { mezzanineOf } from "./hd";
import { hdDueAt, hdTaskFailed } from "./hd-sweep";

type Ev<T extends RenderEvent["type"]> = Extract<RenderEvent, { type: T }>;

const running = () => inArray(jobs.status, [...RUNNING_STATUSES]);
const jobWith = (db: DrizzleD1Database, jobId: string, ...conditions: SQL[]) => exists(db.select({ one: sql`1` }).from(jobs).where(and(eq(jobs.id, jobId), ...conditions)));
/** In an upsert's DO UPDATE: the value the insert brought for `column`. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);
const noLongerRunning = () => new ConflictError("Job is no longer running; stop work on it.");

async function webhookUrlOf(db: DrizzleD1Database, jobId: string): Promise<string | null> {
  const r = await db.select({ webhookUrl: jobs.webhookUrl }).from(jobs).where(eq(jobs.id, jobId)).get();
  if (!r) throw new NotFoundError("Job not found.");
  return r.webhookUrl;
}

export async function applyRenderEvent(env: Env, jobId: string, ev: RenderEvent): Promise<void> {
  const db = drizzle(env.DB);
  const now = new Date().toISOString();
  switch (ev.type) {
    case "progress": {
      // pct never goes backwards; status only moves forward (queued -> processing -> scoring).
      const r = await db
        .update(jobs)
        .set({
          status: sql`CASE WHEN ${jobs.status} = 'scoring' THEN 'scoring' ELSE ${ev.status} END`,
          progressStep: ev.step,
          progressPct: sql`MAX(${jobs.progressPct}, ${Math.min(ev.pct, 99)})`,
          updatedAt: now,
        })
        .where(and(eq(jobs.id, jobId), running()))
        .run();
      if (r.meta.changes !== 1) throw noLongerRunning();
      return;
    }
    case "transcript": {
      const values = { jobId, lang: ev.lang, segments: JSON.stringify(ev.segments), words: JSON.stringify(ev.words), engine: ev.engine ?? null, wordTiming: ev.word_timing ?? null, sourceDuration: ev.source_duration ?? null, createdAt: now };
      const r = await insertWhere(db, transcripts, values, jobs, and(eq(jobs.id, jobId), running()))
        .onConflictDoUpdate({
          target: transcripts.jobId,
          set: { lang: excluded("lang"), segments: excluded("segments"), words: excluded("words"), engine: excluded("engine"), wordTiming: excluded("word_timing"), sourceDuration: excluded("source_duration") },
        })
        .run();
      if (r.meta.changes !== 1) throw noLongerRunning();
      return;
    }
    case "clips":
      return completeWithClips(env, jobId, ev, now);
    case "clip_hd":
      return markClipHd(env, jobId, ev);
    case "clip_hd_failed": {
      await requireJobStatus(db, jobId, ["completed"]);
      const due = await hdTaskFailed(env, jobId, ev.clip_index);
      console.log(JSON.stringify({ msg: "render_hd: task failed", job_id: jobId, clip_index: ev.clip_index, stage: ev.stage, error: ev.error, retried: due }));
      return;
    }
    case "clip_rendition":
      return storeRendition(env, jobId, ev);
    case "manual_clip":
      return addManualClip(env, jobId, ev);
    case "manual_clip_failed": {
      await requireJobStatus(db, jobId, ["completed"]);
      console.log(JSON.stringify({ msg: "manual clip failed", job_id: jobId, clip_index: ev.clip_index, stage: ev.stage, error: ev.error }));
      await failManualClip(env, jobId, ev.clip_index, `The clip could not be made: ${ev.error}.`);
      return;
    }
    case "failed": {
      const job = await stoppableJob(env.DB, jobId);
      if (!job) throw new NotFoundError("Job not found.");
      const result = await stopJob(env.DB, job, { status: "failed", error: ev.error, refund: ev.refund });
      if (!result.stopped) throw noLongerRunning();
      return;
    }
  }
}

/**
 * Every file an event names must already be in R2: a clip must never point at an object that a
 * failed PUT did not write. The answer is 503 (the backend retries the event, docs/render-protocol.md).
 */
async function requireStoredFiles(env: Env, files: { name: string; key: string }[]) {
  const heads = await Promise.all(files.map((f) => env.FILES.head(f.key)));
  const missing = [...new Set(files.filter((_, i) => !heads[i]).map((f) => f.name))];
  if (missing.length) {
    throw new ServiceError("unavailable", `Files not in storage: ${missing.join(", ")}. PUT each file to /internal/v1/jobs/{id}/files/{name}, then send the event again.`);
  }
}

async function requireJobStatus(db: DrizzleD1Database, jobId: string, statuses: readonly string[]) {
  const job = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).get();
  if (!job) throw new NotFoundError("Job not found.");
  if (!statuses.includes(job.status)) throw noLongerRunning();
}

/** A clip report's post copy as stored; null columns from a backend that predates it. */
const postCopyColumns = (c: { description?: string; hashtags?: string[] }) => ({
  description: c.description ?? null,
  hashtags: c.hashtags ? JSON.stringify(c.hashtags) : null,
});

async function completeWithClips(env: Env, jobId: string, ev: Ev<"clips">, now: string) {
  const db = drizzle(env.DB);
  const secret = workerConfig(env).appSecret;
  const rows = await Promise.all(
    ev.clips.map(async (c) => ({
      c,
      videoKey: await jobFileKey(secret, jobId, c.file),
      captionsKey: await jobFileKey(secret, jobId, c.captions_file),
      originalKey: c.captions_original_file ? await jobFileKey(secret, jobId, c.captions_original_file) : null,
      coverKey: c.cover_file ? await jobFileKey(secret, jobId, c.cover_file) : null,
    })),
  );
  // A stopped job answers 409 (stop work) before any file check; the UPDATE below stays conditional.
  await requireJobStatus(db, jobId, RUNNING_STATUSES);
  await requireStoredFiles(
    env,
    rows.flatMap(({ c, videoKey, captionsKey, originalKey, coverKey }) => [
      { name: c.file, key: videoKey },
      { name: c.captions_file, key: captionsKey },
      ...(c.captions_original_file && originalKey ? [{ name: c.captions_original_file, key: originalKey }] : []),
      ...(c.cover_file && coverKey ? [{ name: c.cover_file, key: coverKey }] : []),
    ]),
  );
  const allHd = ev.clips.every((c) => c.hd);
  // One transaction: the completion UPDATE goes first and every clip INSERT is conditional on it
  // (changes() chains), so clips only exist for a job that really completed.
  const completion = db
    .update(jobs)
    .set({
      status: "completed", progressStep: "done", progressPct: 100, completedAt: now, updatedAt: now, hdReady: allHd,
      warnings: JSON.stringify(ev.warnings ?? []), dropped: JSON.stringify(ev.dropped ?? []), sourceDuration: ev.source_duration ?? null,
    })
    .where(and(eq(jobs.id, jobId), running()));
  const clipInserts = rows.map(({ c, videoKey, captionsKey, originalKey, coverKey }) =>
    insertWhere(
      db,
      clips,
      {
        jobId, clipIndex: c.clip_index, title: c.title, score: c.score, subscores: JSON.stringify(c.subscores), justification: c.justification, startS: c.start, endS: c.end,
        videoKey, captionsKey, hd: c.hd, metadata: JSON.stringify(c.metadata), createdAt: now, captionsOriginalKey: originalKey, quality: c.quality ? JSON.stringify(c.quality) : null,
        coverKey, coverTimeS: coverKey ? (c.cover_time ?? null) : null, ...postCopyColumns(c),
      },
      jobs,
      and(eq(jobs.id, jobId), sql`changes() = 1`),
    ).onConflictDoNothing(),
  );
  // the left-out candidates of this very completion (completed_at = now), in the backend's order;
  // issue 23: clips dropped for their measured quality are left-out moments too, listed after the selection's with their reason
  const candidateInserts = [
    ...(ev.candidates?.length ? [insertCandidates(db, jobId, now, ev.candidates, 0)] : []),
    ...(ev.dropped?.length ? [insertCandidates(db, jobId, now, ev.dropped, 10000)] : []),
  ];
  const [completed] = await db.batch([completion, ...clipInserts, ...candidateInserts]);
  if (completed.meta.changes !== 1) throw noLongerRunning();
  if (allHd) await onHdReady(env, jobId);
  else {
    await fanOutHd(env, jobId, ev.clips);
    // If HD never lands, the callback still fires (with hd_ready false) after a grace period;
    // delivery is claimed once per job, so the HD-ready call and this one never both send.
    if (await webhookUrlOf(db, jobId)) await enqueueCompletionWebhook(env, jobId, { delaySeconds: HD_FALLBACK_DELAY_SECONDS });
  }
}

/**
 * One statement for a list of left-out moments: a clip_candidates row per element of the JSON list
 * (json_each: `key` is its position, `value` the element), ranked from `firstRank`, each with a fresh
 * random id, inserted only if the job completed at `completedAt` (this very completion).
 */
function insertCandidates(db: DrizzleD1Database, jobId: string, completedAt: string, list: readonly unknown[], firstRank: number) {
  const field = (name: string) => sql`json_extract(value, ${`$.${name}`})`;
  return insertWhere(
    db,
    clipCandidates,
    {
      id: sql`'cand_' || lower(hex(randomblob(8)))`, jobId, rank: sql`${firstRank} + key`, startS: field("start"), endS: field("end"), score: field("score"),
      subscores: field("subscores"), reason: field("reason"), promotedClipIndex: null, createdAt: completedAt,
    },
    sql`json_each(${JSON.stringify(list)})`,
    jobWith(db, jobId, eq(jobs.status, "completed"), eq(jobs.completedAt, completedAt)),
  );
}

/**
 * A fanout job (jobs.hd_mode, set at dispatch) gets one render_hd message per preview clip that
 * has a mezzanine. A failed enqueue only leaves those clips at preview quality: the job completed.
 */
async function fanOutHd(env: Env, jobId: string, landed: Ev<"clips">["clips"]) {
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

async function markClipHd(env: Env, jobId: string, ev: Ev<"clip_hd">) {
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

/**
 * A clip made by hand landed (already 1080p): it joins the job's clips as origin "manual" and its
 * request is completed, in one transaction conditional on the request still being open. A repeated
 * event (its answer was lost) finds the clip there and is accepted again. No webhook: the job's one
 * completion callback has been sent (docs/api-decisions.md "Clips made by hand").
 */
async function addManualClip(env: Env, jobId: string, ev: Ev<"manual_clip">) {
  const db = drizzle(env.DB);
  const c = ev.clip;
  const secret = workerConfig(env).appSecret;
  const videoKey = await jobFileKey(secret, jobId, c.file);
  const captionsKey = await jobFileKey(secret, jobId, c.captions_file);
  const originalKey = c.captions_original_file ? await jobFileKey(secret, jobId, c.captions_original_file) : null;
  const coverKey = c.cover_file ? await jobFileKey(secret, jobId, c.cover_file) : null;
  await requireJobStatus(db, jobId, ["completed"]);
  await requireStoredFiles(env, [
    { name: c.file, key: videoKey },
    { name: c.captions_file, key: captionsKey },
    ...(c.captions_original_file && originalKey ? [{ name: c.captions_original_file, key: originalKey }] : []),
    ...(c.cover_file && coverKey ? [{ name: c.cover_file, key: coverKey }] : []),
  ]);
  const now = new Date().toISOString();
  const open = and(eq(manualClips.jobId, jobId), eq(manualClips.clipIndex, c.clip_index), inArray(manualClips.status, ["queued", "rendering"]));
  const [inserted] = await db.batch([
    insertWhere(
      db,
      clips,
      {
        jobId, clipIndex: c.clip_index, title: c.title, score: c.score, subscores: JSON.stringify(c.subscores), justification: c.justification, startS: c.start, endS: c.end,
        videoKey, captionsKey, hd: true, metadata: JSON.stringify(c.metadata), origin: "manual", createdAt: now,
        // its measured quality and its spoken-language SRT (caption_language) are kept as a job's clips' are
        captionsOriginalKey: originalKey, quality: c.quality ? JSON.stringify(c.quality) : null,
        coverKey, coverTimeS: coverKey ? (c.cover_time ?? null) : null, ...postCopyColumns(c),
      },
      manualClips,
      open,
    ).onConflictDoNothing(),
    db.update(manualClips).set({ status: "completed", error: null, updatedAt: now }).where(open),
  ]);
  if (inserted.meta.changes === 1) return;
  const done = await db.select({ one: sql`1` }).from(clips).where(and(eq(clips.jobId, jobId), eq(clips.clipIndex, c.clip_index), eq(clips.origin, "manual"))).get();
  if (!done) throw new ConflictError("No clip was requested by hand at this index (or it failed); stop work on it.");
}

/**
 * A rendition landed: its key goes on the clip_renditions row the publish runner wrote when it asked
 * for it. A rendition nobody asked for (the row was dropped) is not an error; it is only logged.
 */
async function storeRendition(env: Env, jobId: string, ev: Ev<"clip_rendition">) {
  const videoKey = await jobFileKey(workerConfig(env).appSecret, jobId, ev.file);
  const db = drizzle(env.DB);
  await requireJobStatus(db, jobId, ["completed"]);
  await requireStoredFiles(env, [{ name: ev.file, key: videoKey }]);
  const r = await db
    .update(clipRenditions)
    .set({ videoKey, readyAt: new Date().toISOString() })
    .where(and(eq(clipRenditions.jobId, jobId), eq(clipRenditions.clipIndex, ev.clip_index), eq(clipRenditions.width, ev.width), eq(clipRenditions.height, ev.height)))
    .run();
  if (r.meta.changes !== 1) console.log(JSON.stringify({ msg: "clip_rendition nobody asked for", job_id: jobId, clip_index: ev.clip_index, size: `${ev.width}x${ev.height}` }));
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
async function onHdReady(env: Env, jobId: string) {
  if (await webhookUrlOf(drizzle(env.DB), jobId)) await enqueueCompletionWebhook(env, jobId);
}
