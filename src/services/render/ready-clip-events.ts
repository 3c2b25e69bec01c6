// The clip_ready event (issue 43): one clip of a running job, stored the moment the render backend
// delivered it, so GET /jobs/{id} and /clips show it (hd false) while the job is still
// processing, and its `clip.ready` callback is queued when the job has a webhook_url. The job's
// status, `completed` and `hd_ready` are untouched: the `clips` event completes the job as before.
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { insertWhere } from "../../db/insert-where";
import { clips, jobs } from "../../db/schema";
import type { Env } from "../../env";
import { enqueueClipReadyWebhook } from "../../webhooks/clip-ready";
import { RUNNING_STATUSES } from "../jobs/status";
import { clipRow } from "./clip-rows";
import { type Ev, noLongerRunning, requireJobStatus, requireStoredFiles, running, webhookUrlOf } from "./event-checks";

export async function addReadyClip(env: Env, jobId: string, ev: Ev<"clip_ready">): Promise<void> {
  const db = drizzle(env.DB);
  const row = await clipRow(env, jobId, ev.clip, new Date().toISOString());
  // A stopped job answers 409 (stop work) before any file check; the INSERT below stays conditional.
  await requireJobStatus(db, jobId, RUNNING_STATUSES);
  await requireStoredFiles(env, row.files);
  const r = await insertWhere(db, clips, row.values, jobs, and(eq(jobs.id, jobId), running())).onConflictDoNothing().run();
  if (r.meta.changes !== 1) {
    // the same event sent again (its answer was lost): stored already, its callback queued already
    await requireJobStatus(db, jobId, RUNNING_STATUSES).catch(() => {
      throw noLongerRunning();
    });
    return;
  }
  await enqueueClipReadyWebhook(env, jobId, ev.clip.clip_index, await webhookUrlOf(db, jobId));
}
