// The events of a clip made by hand (docs/api-decisions.md "Clips made by hand"): manual_clip (it
// landed) and manual_clip_failed.
import { and, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { workerConfig } from "../../config";
import { insertWhere } from "../../db/insert-where";
import { clips, manualClips } from "../../db/schema";
import { ConflictError } from "../../errors";
import type { Env } from "../../env";
import { jobFileKey } from "../../storage/keys";
import { failManualClip } from "../clips/task";
import { type Ev, postCopyColumns, requireJobStatus, requireStoredFiles } from "./event-checks";

/**
 * A clip made by hand landed (already 1080p): it joins the job's clips as origin "manual" and its
 * request is completed, in one transaction conditional on the request still being open. A repeated
 * event (its answer was lost) finds the clip there and is accepted again. No webhook: the job's one
 * completion callback has been sent (docs/api-decisions.md "Clips made by hand").
 */
export async function addManualClip(env: Env, jobId: string, ev: Ev<"manual_clip">) {
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

/** A clip made by hand could not be made: its request fails with the backend's reason. */
export async function failManualClipEvent(env: Env, jobId: string, ev: Ev<"manual_clip_failed">) {
  await requireJobStatus(drizzle(env.DB), jobId, ["completed"]);
  console.log(JSON.stringify({ msg: "manual clip failed", job_id: jobId, clip_index: ev.clip_index, stage: ev.stage, error: ev.error }));
  await failManualClip(env, jobId, ev.clip_index, `The clip could not be made: ${ev.error}.`);
}
