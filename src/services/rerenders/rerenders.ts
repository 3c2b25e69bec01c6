// Re-render a finished clip in another layout, caption style or dubbed language (spec
// POST /jobs/{id}/clips/{index}/rerender). Free: no quota. The original clip URL never changes:
// each re-render writes new files under its own id (versioned).
import { resolveClipRange, type TranscriptWord } from "@katto/protocol";
import type { RerenderBody, TrimBody } from "@katto/protocol/api";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clips, rerenders, transcripts } from "../../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { newId } from "../../lib/ids";
import { enqueueRerender } from "../../render-queue/producers";
import { requireScope } from "../auth/keys";
import { requireBrollAvailable } from "../broll/task";
import type { AccountContext } from "../context";
import { loadOwnJob } from "../jobs/read";
import { rerenderView } from "../versions/versions";

export type RerenderParams = RerenderBody;

const statusUrl = (base: string, jobId: string, rid: string) => `${base}/api/v1/jobs/${jobId}/rerenders/${rid}`;

export async function createRerender(ctx: AccountContext, jobId: string, clipIndex: number, params: RerenderParams) {
  requireScope(ctx, "write"); // a key that may not write hears that first, not what its style lacks
  requireBrollAvailable(ctx.env, params.style);
  const normalized = { ...params, dub: params.dub ? [...new Set(params.dub)] : undefined };
  return queueRerender(ctx, jobId, clipIndex, () => ({ params: normalized, range: null }));
}

/**
 * Moves a clip's cuts (issue 22, POST /jobs/{id}/clips/{index}/trim): a re-render of the clip over
 * a new range, snapped to pauses between the transcript's words, in the clip's layout and style.
 */
export async function createTrim(ctx: AccountContext, jobId: string, clipIndex: number, body: TrimBody) {
  const t = await drizzle(ctx.env.DB).select({ words: transcripts.words, sourceDuration: transcripts.sourceDuration }).from(transcripts).where(eq(transcripts.jobId, jobId)).get();
  let range: { start: number; end: number } | null = null;
  const created = await queueRerender(ctx, jobId, clipIndex, () => {
    const words = t ? (JSON.parse(t.words) as TranscriptWord[]) : [];
    const r = resolveClipRange(words, body, t?.sourceDuration ?? null);
    if (!r.ok) throw new ValidationError(r.error);
    range = r.value;
    return { params: { trim: true }, range };
  });
  return { ...created, ...range! };
}

/** Checks the job and clip, then queues a re-render of it with the params (and range) `plan` gives. */
async function queueRerender(
  ctx: AccountContext,
  jobId: string,
  clipIndex: number,
  plan: () => { params: object; range: { start: number; end: number } | null },
) {
  requireScope(ctx, "write");
  const job = await loadOwnJob(ctx, jobId);
  if (job.status !== "completed") throw new ConflictError(`Job is ${job.status}; clips can be re-rendered once the job is completed.`);
  const db = drizzle(ctx.env.DB);
  const clip = await db.select({ metadata: clips.metadata }).from(clips).where(and(eq(clips.jobId, jobId), eq(clips.clipIndex, clipIndex))).get();
  if (!clip) throw new NotFoundError(`Clip ${clipIndex} not found: this job has no clip with that index.`);
  if (!clip.metadata) throw new ValidationError("This clip has no editing metadata (it predates re-rendering); create a new job to render it again.");
  const { params, range } = plan();
  const id = `rr_${newId().replace(/-/g, "")}`;
  const now = new Date().toISOString();
  await db.insert(rerenders).values({ id, jobId, clipIndex, status: "queued", params: JSON.stringify(params), startS: range?.start ?? null, endS: range?.end ?? null, createdAt: now, updatedAt: now });
  await enqueueRerender(ctx.env, id);
  return { rerender_id: id, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, jobId, id) };
}

/** A version's whole record (issue 41): every field from its own row (docs/api-decisions.md "Clip versions"). */
export async function getRerender(ctx: AccountContext, jobId: string, rid: string) {
  requireScope(ctx, "read");
  await loadOwnJob(ctx, jobId);
  const r = await drizzle(ctx.env.DB)
    .select({ rerender: rerenders, clip: { startS: clips.startS, endS: clips.endS, metadata: clips.metadata } })
    .from(rerenders)
    .innerJoin(clips, and(eq(clips.jobId, rerenders.jobId), eq(clips.clipIndex, rerenders.clipIndex)))
    .where(and(eq(rerenders.id, rid), eq(rerenders.jobId, jobId)))
    .get();
  if (!r) throw new NotFoundError("Re-render not found for this job.");
  return rerenderView(ctx.baseUrl, r.rerender, r.clip);
}
