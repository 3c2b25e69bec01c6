// Applies the render backend's events to a job (docs/render-protocol.md). Every write is
// conditional on the job still running, so nothing lands after a cancel or failure: the caller
// answers 409 and the backend stops. This is the one dispatcher; a clip of a running job is in
// ready-clip-events.ts, the clips event in completion-events.ts, the HD events in hd-events.ts, a clip made by hand in manual-clip-events.ts.
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { workerConfig } from "../../config";
import { insertWhere } from "../../db/insert-where";
import { clipRenditions, jobs, transcripts } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { Env } from "../../env";
import type { RenderEvent } from "../../schemas/render-protocol";
import { jobFileKey } from "../../storage/keys";
import { stopJob, stoppableJob } from "../jobs/stop";
import { completeWithClips } from "./completion-events";
import { type Ev, noLongerRunning, requireJobStatus, requireStoredFiles, running } from "./event-checks";
import { failClipHd, markClipHd } from "./hd-events";
import { addManualClip, failManualClipEvent } from "./manual-clip-events";
import { addReadyClip } from "./ready-clip-events";

/** In an upsert's DO UPDATE: the value the insert brought for `column`. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

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
    case "clip_ready":
      return addReadyClip(env, jobId, ev);
    case "clips":
      return completeWithClips(env, jobId, ev, now);
    case "clip_hd":
      return markClipHd(env, jobId, ev);
    case "clip_hd_failed":
      return failClipHd(env, jobId, ev);
    case "clip_rendition":
      return storeRendition(env, jobId, ev);
    case "manual_clip":
      return addManualClip(env, jobId, ev);
    case "manual_clip_failed":
      return failManualClipEvent(env, jobId, ev);
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
