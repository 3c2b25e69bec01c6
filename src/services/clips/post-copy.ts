// Editing a clip's post copy before publishing (issue 37, PATCH /jobs/{id}/clips/{index}). One
// conditional UPDATE on the caller's own completed job; the fields not given keep their value.
import type { EditClipBody } from "@katto/protocol/api";
import { and, eq, exists, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clips, jobs, rerenders } from "../../db/schema";
import { ConflictError, NotFoundError } from "../../errors";
import { requireScope } from "../auth/keys";
import type { AccountContext } from "../context";
import { loadOwnJob } from "../jobs/read";
import { clipView, scoreWeightsOf } from "../jobs/view";

export async function editClipPostCopy(ctx: AccountContext, jobId: string, clipIndex: number, body: EditClipBody) {
  requireScope(ctx, "write");
  const job = await loadOwnJob(ctx, jobId);
  if (job.status !== "completed") throw new ConflictError(`Job is ${job.status}: a clip's post copy can be edited once the job is completed.`);
  const db = drizzle(ctx.env.DB);
  const set = {
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.hashtags !== undefined ? { hashtags: JSON.stringify(body.hashtags) } : {}),
  };
  // the job's owner checked in the same statement as the write
  const owned = exists(db.select({ one: sql`1` }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.accountId, ctx.principal.accountId), eq(jobs.status, "completed"))));
  const rows = await db
    .update(clips)
    .set(set)
    .where(and(eq(clips.jobId, jobId), eq(clips.clipIndex, clipIndex), owned))
    .returning();
  const row = rows[0];
  if (!row) throw new NotFoundError(`Clip ${clipIndex} not found in this job. GET /jobs/${jobId} lists its clips and their clip_index.`);
  const versions = await db
    .select({ id: rerenders.id, clipIndex: rerenders.clipIndex, status: rerenders.status, params: rerenders.params, startS: rerenders.startS, endS: rerenders.endS, videoKey: rerenders.videoKey, createdAt: rerenders.createdAt })
    .from(rerenders)
    .where(and(eq(rerenders.jobId, jobId), eq(rerenders.clipIndex, clipIndex)))
    .all();
  return clipView(ctx.baseUrl, row, scoreWeightsOf(job), versions);
}
