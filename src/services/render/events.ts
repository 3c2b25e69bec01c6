// Applies the render backend's events to a job (docs/render-protocol.md). Every write is
// conditional on the job still running, so nothing lands after a cancel or failure: the caller
// answers 409 and the backend stops.
import { workerConfig } from "../../config";
import { ConflictError, NotFoundError, ServiceError } from "../../errors";
import type { Env } from "../../env";
import type { RenderEvent } from "../../schemas/render-protocol";
import { enqueueHdRenders } from "../../render-queue/producers";
import { jobFileKey } from "../../storage/keys";
import { enqueueCompletionWebhook, HD_FALLBACK_DELAY_SECONDS } from "../../webhooks/delivery";
import { RUNNING_STATUSES, runningSql } from "../jobs/status";
import { stopJob, stoppableJob } from "../jobs/stop";
import { failManualClip } from "../clips/task";
import { mezzanineOf } from "./hd";
import { hdDueAt, hdTaskFailed } from "./hd-sweep";

type Ev<T extends RenderEvent["type"]> = Extract<RenderEvent, { type: T }>;

const RUNNING = runningSql();
const noLongerRunning = () => new ConflictError("Job is no longer running; stop work on it.");

async function webhookUrlOf(db: D1Database, jobId: string): Promise<string | null> {
  const r = await db.prepare("SELECT webhook_url FROM jobs WHERE id = ?").bind(jobId).first<{ webhook_url: string | null }>();
  if (!r) throw new NotFoundError("Job not found.");
  return r.webhook_url;
}

export async function applyRenderEvent(env: Env, jobId: string, ev: RenderEvent): Promise<void> {
  const db = env.DB;
  const now = new Date().toISOString();
  switch (ev.type) {
    case "progress": {
      // pct never goes backwards; status only moves forward (queued -> processing -> scoring).
      const r = await db
        .prepare(
          `UPDATE jobs SET
             status = CASE WHEN status = 'scoring' THEN 'scoring' ELSE ?2 END,
             progress_step = ?3, progress_pct = MAX(progress_pct, ?4), updated_at = ?5
           WHERE id = ?1 AND ${RUNNING}`,
        )
        .bind(jobId, ev.status, ev.step, Math.min(ev.pct, 99), now)
        .run();
      if (r.meta.changes !== 1) throw noLongerRunning();
      return;
    }
    case "transcript": {
      const r = await db
        .prepare(
          `INSERT INTO transcripts (job_id, lang, segments, words, engine, word_timing, source_duration, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?8, ?7 WHERE EXISTS (SELECT 1 FROM jobs WHERE id = ?1 AND ${RUNNING})
           ON CONFLICT(job_id) DO UPDATE SET lang = excluded.lang, segments = excluded.segments, words = excluded.words,
             engine = excluded.engine, word_timing = excluded.word_timing, source_duration = excluded.source_duration`,
        )
        .bind(jobId, ev.lang, JSON.stringify(ev.segments), JSON.stringify(ev.words), ev.engine ?? null, ev.word_timing ?? null, now, ev.source_duration ?? null)
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
      const job = await stoppableJob(db, jobId);
      if (!job) throw new NotFoundError("Job not found.");
      const result = await stopJob(db, job, { status: "failed", error: ev.error, refund: ev.refund });
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

async function requireJobStatus(db: D1Database, jobId: string, statuses: readonly string[]) {
  const job = await db.prepare("SELECT status FROM jobs WHERE id = ?").bind(jobId).first<{ status: string }>();
  if (!job) throw new NotFoundError("Job not found.");
  if (!statuses.includes(job.status)) throw noLongerRunning();
}

async function completeWithClips(env: Env, jobId: string, ev: Ev<"clips">, now: string) {
  const db = env.DB;
  const secret = workerConfig(env).appSecret;
  const rows = await Promise.all(
    ev.clips.map(async (c) => ({
      c,
      videoKey: await jobFileKey(secret, jobId, c.file),
      captionsKey: await jobFileKey(secret, jobId, c.captions_file),
      originalKey: c.captions_original_file ? await jobFileKey(secret, jobId, c.captions_original_file) : null,
    })),
  );
  // A stopped job answers 409 (stop work) before any file check; the UPDATE below stays conditional.
  await requireJobStatus(db, jobId, RUNNING_STATUSES);
  await requireStoredFiles(
    env,
    rows.flatMap(({ c, videoKey, captionsKey, originalKey }) => [
      { name: c.file, key: videoKey },
      { name: c.captions_file, key: captionsKey },
      ...(c.captions_original_file && originalKey ? [{ name: c.captions_original_file, key: originalKey }] : []),
    ]),
  );
  const allHd = ev.clips.every((c) => c.hd);
  // One transaction: the completion UPDATE goes first and every clip INSERT is conditional on it
  // (changes() chains), so clips only exist for a job that really completed.
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `UPDATE jobs SET status = 'completed', progress_step = 'done', progress_pct = 100, completed_at = ?2, updated_at = ?2, hd_ready = ?3, warnings = ?4, dropped = ?5, source_duration = ?6
         WHERE id = ?1 AND ${RUNNING}`,
      )
      .bind(jobId, now, allHd ? 1 : 0, JSON.stringify(ev.warnings ?? []), JSON.stringify(ev.dropped ?? []), ev.source_duration ?? null),
  ];
  for (const { c, videoKey, captionsKey, originalKey } of rows) {
    statements.push(
      db
        .prepare(
          `INSERT INTO clips (job_id, clip_index, title, score, subscores, justification, start_s, end_s, video_key, captions_key, hd, metadata, created_at, captions_original_key, quality)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15 WHERE changes() = 1
           ON CONFLICT(job_id, clip_index) DO NOTHING`,
        )
        .bind(jobId, c.clip_index, c.title, c.score, JSON.stringify(c.subscores), c.justification, c.start, c.end, videoKey, captionsKey, c.hd ? 1 : 0, JSON.stringify(c.metadata), now, originalKey, c.quality ? JSON.stringify(c.quality) : null),
    );
  }
  // the left-out candidates of this very completion (completed_at = now), in the backend's order
  if (ev.candidates?.length) {
    statements.push(
      db
        .prepare(
          `INSERT INTO clip_candidates (id, job_id, rank, start_s, end_s, score, subscores, reason, promoted_clip_index, created_at)
           SELECT 'cand_' || lower(hex(randomblob(8))), ?1, key, json_extract(value, '$.start'), json_extract(value, '$.end'), json_extract(value, '$.score'),
             json_extract(value, '$.subscores'), json_extract(value, '$.reason'), NULL, ?2
           FROM json_each(?3) WHERE EXISTS (SELECT 1 FROM jobs WHERE id = ?1 AND status = 'completed' AND completed_at = ?2)`,
        )
        .bind(jobId, now, JSON.stringify(ev.candidates)),
    );
  }
  // issue 23: clips dropped for their measured quality are left-out moments too, listed after the selection's with their reason
  if (ev.dropped?.length) {
    statements.push(
      db
        .prepare(
          `INSERT INTO clip_candidates (id, job_id, rank, start_s, end_s, score, subscores, reason, promoted_clip_index, created_at)
           SELECT 'cand_' || lower(hex(randomblob(8))), ?1, 10000 + key, json_extract(value, '$.start'), json_extract(value, '$.end'), json_extract(value, '$.score'),
             json_extract(value, '$.subscores'), json_extract(value, '$.reason'), NULL, ?2
           FROM json_each(?3) WHERE EXISTS (SELECT 1 FROM jobs WHERE id = ?1 AND status = 'completed' AND completed_at = ?2)`,
        )
        .bind(jobId, now, JSON.stringify(ev.dropped)),
    );
  }
  const [completed] = await db.batch(statements);
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
 * A fanout job (jobs.hd_mode, set at dispatch) gets one render_hd message per preview clip that
 * has a mezzanine. A failed enqueue only leaves those clips at preview quality: the job completed.
 */
async function fanOutHd(env: Env, jobId: string, clips: Ev<"clips">["clips"]) {
  const job = await env.DB.prepare("SELECT hd_mode FROM jobs WHERE id = ?").bind(jobId).first<{ hd_mode: string }>();
  if (job?.hd_mode !== "fanout") return;
  const indexes = clips.filter((c) => !c.hd && mezzanineOf(c.metadata)).map((c) => c.clip_index);
  if (indexes.length < clips.filter((c) => !c.hd).length) console.log(JSON.stringify({ msg: "clips without mezzanine stay at preview quality", job_id: jobId }));
  // Attempt 1, due back within the HD window: the cron re-queues a clip still not HD by then,
  // including when the enqueue below fails (src/services/render/hd-sweep.ts).
  await env.DB.prepare(`UPDATE clips SET hd_attempts = 1, hd_due_at = ?2 WHERE job_id = ?1 AND clip_index IN (SELECT value FROM json_each(?3)) AND hd_attempts = 0`)
    .bind(jobId, hdDueAt(env), JSON.stringify(indexes))
    .run();
  try {
    await enqueueHdRenders(env, jobId, indexes);
  } catch (e) {
    console.log(JSON.stringify({ msg: "could not enqueue HD renders", job_id: jobId, error: String(e) }));
  }
}

async function markClipHd(env: Env, jobId: string, ev: Ev<"clip_hd">) {
  const db = env.DB;
  const secret = workerConfig(env).appSecret;
  const videoKey = await jobFileKey(secret, jobId, ev.file);
  const captionsKey = await jobFileKey(secret, jobId, ev.captions_file);
  const originalKey = ev.captions_original_file ? await jobFileKey(secret, jobId, ev.captions_original_file) : null;
  await requireJobStatus(db, jobId, ["completed"]);
  await requireStoredFiles(env, [{ name: ev.file, key: videoKey }, { name: ev.captions_file, key: captionsKey }, ...(ev.captions_original_file && originalKey ? [{ name: ev.captions_original_file, key: originalKey }] : [])]);
  // an HD render that names no original SRT keeps the one stored with the preview (the HD render
  // draws the same translated words, so the spoken-language SRT does not change)
  const [clip, ready] = await db.batch([
    db
      .prepare(
        // the HD file's own quality replaces the preview's (a backend that predates it keeps the preview's)
        `UPDATE clips SET video_key = ?3, captions_key = ?4, hd = 1, captions_original_key = COALESCE(?5, captions_original_key), quality = COALESCE(?6, quality)
         WHERE job_id = ?1 AND clip_index = ?2 AND EXISTS (SELECT 1 FROM jobs WHERE id = ?1 AND status = 'completed')`,
      )
      .bind(jobId, ev.clip_index, videoKey, captionsKey, originalKey, ev.quality ? JSON.stringify(ev.quality) : null),
    db
      .prepare(
        `UPDATE jobs SET hd_ready = 1, updated_at = ?2
         WHERE id = ?1 AND status = 'completed' AND hd_ready = 0 AND NOT EXISTS (SELECT 1 FROM clips WHERE job_id = ?1 AND hd = 0)`,
      )
      .bind(jobId, new Date().toISOString()),
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
  const db = env.DB;
  const c = ev.clip;
  const secret = workerConfig(env).appSecret;
  const videoKey = await jobFileKey(secret, jobId, c.file);
  const captionsKey = await jobFileKey(secret, jobId, c.captions_file);
  await requireJobStatus(db, jobId, ["completed"]);
  await requireStoredFiles(env, [{ name: c.file, key: videoKey }, { name: c.captions_file, key: captionsKey }]);
  const now = new Date().toISOString();
  const open = `EXISTS (SELECT 1 FROM manual_clips WHERE job_id = ?1 AND clip_index = ?2 AND status IN ('queued', 'rendering'))`;
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO clips (job_id, clip_index, title, score, subscores, justification, start_s, end_s, video_key, captions_key, hd, metadata, origin, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1, ?11, 'manual', ?12 WHERE ${open}
         ON CONFLICT(job_id, clip_index) DO NOTHING`,
      )
      .bind(jobId, c.clip_index, c.title, c.score, JSON.stringify(c.subscores), c.justification, c.start, c.end, videoKey, captionsKey, JSON.stringify(c.metadata), now),
    db.prepare(`UPDATE manual_clips SET status = 'completed', error = NULL, updated_at = ?3 WHERE job_id = ?1 AND clip_index = ?2 AND status IN ('queued', 'rendering')`).bind(jobId, c.clip_index, now),
  ]);
  if (inserted.meta.changes === 1) return;
  const done = await db.prepare("SELECT 1 AS ok FROM clips WHERE job_id = ? AND clip_index = ? AND origin = 'manual'").bind(jobId, c.clip_index).first();
  if (!done) throw new ConflictError("No clip was requested by hand at this index (or it failed); stop work on it.");
}

/**
 * A rendition landed: its key goes on the clip_renditions row the publish runner wrote when it asked
 * for it. A rendition nobody asked for (the row was dropped) is not an error; it is only logged.
 */
async function storeRendition(env: Env, jobId: string, ev: Ev<"clip_rendition">) {
  const videoKey = await jobFileKey(workerConfig(env).appSecret, jobId, ev.file);
  await requireJobStatus(env.DB, jobId, ["completed"]);
  await requireStoredFiles(env, [{ name: ev.file, key: videoKey }]);
  const r = await env.DB.prepare(`UPDATE clip_renditions SET video_key = ?5, ready_at = ?6 WHERE job_id = ?1 AND clip_index = ?2 AND width = ?3 AND height = ?4`)
    .bind(jobId, ev.clip_index, ev.width, ev.height, videoKey, new Date().toISOString())
    .run();
  if (r.meta.changes !== 1) console.log(JSON.stringify({ msg: "clip_rendition nobody asked for", job_id: jobId, clip_index: ev.clip_index, size: `${ev.width}x${ev.height}` }));
}

/** HD fan-out: once the clip is HD its mezzanine has served its purpose (best effort). */
async function dropMezzanine(env: Env, jobId: string, clipIndex: number) {
  try {
    const row = await env.DB.prepare("SELECT metadata FROM clips WHERE job_id = ?1 AND clip_index = ?2").bind(jobId, clipIndex).first<{ metadata: string | null }>();
    const name = mezzanineOf(row?.metadata ? (JSON.parse(row.metadata) as Record<string, unknown>) : null);
    if (name) await env.FILES.delete(await jobFileKey(workerConfig(env).appSecret, jobId, name));
  } catch (e) {
    console.log(JSON.stringify({ msg: "could not delete mezzanine", job_id: jobId, clip_index: clipIndex, error: String(e) }));
  }
}

/** hd_ready just turned true: the completion callback fires now, with final URLs (docs/webhooks.md). */
async function onHdReady(env: Env, jobId: string) {
  if (await webhookUrlOf(env.DB, jobId)) await enqueueCompletionWebhook(env, jobId);
}
