// Clips made by hand and the moments the selection left out (issue 22; docs/api-decisions.md
// "Clips made by hand", "Left-out candidates"). A manual clip is free (no quota), only on a
// completed job, and reserves the job's next clip index at once; the job stays `completed` while
// it renders, follows it in `manual_clips`, and gains it among `clips` (origin "manual") when it lands.
import { MANUAL_CLIP_SECONDS, MAX_CLIPS, resolveClipRange, resolveStyle, snapToPauses, type Style, type TranscriptWord } from "@katto/protocol";
import type { Candidate, Config } from "@katto/protocol/api";
import type { CreateClipBody } from "@katto/protocol/api";
import { and, asc, eq, isNull, max, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { insertWhere } from "../../db/insert-where";
import { clipCandidates, clips, jobs, manualClips, transcripts } from "../../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { enqueueManualClip } from "../../render-queue/producers";
import { requireScope } from "../auth/keys";
import { requireJobBrollAvailable } from "../broll/task";
import type { AccountContext } from "../context";
import { loadOwnJob } from "../jobs/read";
import { statusUrl } from "../jobs/view";
import { isUniqueViolation } from "../../db/errors";

type ClipOptions = Pick<CreateClipBody, "layout_mode" | "style" | "title">;

const secs = (s: number) => `${Math.round(s * 10) / 10} s`;

/**
 * Pure: the range rules of a clip made by hand (the same as trim's), before and after snapping:
 * inside the source, 3 to 180 s. Answers the message of the first rule broken, or null.
 */
export function rangeProblem(r: { start: number; end: number }, durationS: number | null): string | null {
  if (durationS !== null && r.start >= durationS) return `start (${secs(r.start)}) is past the end of the source (${secs(durationS)}); pick a start inside the video.`;
  if (durationS !== null && r.end > durationS + 0.05) return `end (${secs(r.end)}) is past the end of the source (${secs(durationS)}); pick an end at or before ${secs(durationS)}.`;
  if (r.end <= r.start) return "end must be after start.";
  const d = r.end - r.start;
  if (d < MANUAL_CLIP_SECONDS.min) return `A clip lasts at least ${MANUAL_CLIP_SECONDS.min} seconds; this range lasts ${secs(d)} once snapped to the pauses between words. Widen it.`;
  if (d > MANUAL_CLIP_SECONDS.max) return `A clip lasts at most ${MANUAL_CLIP_SECONDS.max} seconds; this range lasts ${secs(d)} once snapped to the pauses between words. Narrow it.`;
  return null;
}

async function transcriptWords(db: D1Database, jobId: string): Promise<TranscriptWord[]> {
  const t = await drizzle(db).select({ words: transcripts.words }).from(transcripts).where(eq(transcripts.jobId, jobId)).get();
  if (!t) return [];
  try {
    const words = JSON.parse(t.words) as TranscriptWord[];
    return Array.isArray(words) ? words : [];
  } catch {
    return [];
  }
}

/**
 * Reserve the job's next clip index for a manual clip (one statement: the next index after every
 * clip and every manual clip not failed; a failed one's index is taken over), or null when the
 * job already holds MAX_CLIPS clips. Conditional on the job being completed.
 */
async function reserveIndex(d1: D1Database, jobId: string, row: { start: number; end: number; params: string; candidateId: string | null }): Promise<number | null> {
  const db = drizzle(d1);
  const now = new Date().toISOString();
  const lastAuto = db.select({ i: max(clips.clipIndex) }).from(clips).where(eq(clips.jobId, jobId));
  const lastManual = db.select({ i: max(manualClips.clipIndex) }).from(manualClips).where(and(eq(manualClips.jobId, jobId), ne(manualClips.status, "failed")));
  const next = sql<number>`MAX(COALESCE((${lastAuto}), -1), COALESCE((${lastManual}), -1)) + 1`;
  const values = { jobId, clipIndex: next, status: "queued", startS: row.start, endS: row.end, params: row.params, candidateId: row.candidateId, error: null, createdAt: now, updatedAt: now };
  const r = await insertWhere(db, manualClips, values, jobs, and(eq(jobs.id, jobId), eq(jobs.status, "completed"), sql`${next} < ${MAX_CLIPS}`))
    .onConflictDoUpdate({
      target: [manualClips.jobId, manualClips.clipIndex],
      set: { status: "queued", startS: row.start, endS: row.end, params: row.params, candidateId: row.candidateId, error: null, createdAt: now, updatedAt: now },
      setWhere: eq(manualClips.status, "failed"),
    })
    .returning({ clipIndex: manualClips.clipIndex })
    .get();
  return r ? r.clipIndex : null;
}

const full = () =>
  new ConflictError(`This job already has ${MAX_CLIPS} clips (made by Katto or by hand), the most a job holds. Make a new job from the same video for more.`);

async function requireCompleted(ctx: AccountContext, jobId: string) {
  const job = await loadOwnJob(ctx, jobId);
  if (job.status !== "completed") throw new ConflictError(`Job is ${job.status}; clips can be made by hand once the job is completed.`);
  return job;
}

/**
 * A clip by hand renders every style option a job's clips render (services/clips/task.ts: the
 * kit's style, the job's, then the request's): one it cannot honour is refused before anything is
 * queued, as a job's is (400: stock B-roll on a server without a stock provider).
 */
async function requireStyleRenderable(ctx: AccountContext, job: { config: string | null }, requested: Style | undefined): Promise<void> {
  const config = job.config ? (JSON.parse(job.config) as Config) : {};
  const style = resolveStyle(config.style, requested);
  await requireJobBrollAvailable(ctx.env, ctx.principal.accountId, Object.keys(style).length ? style : undefined);
}

/** POST /jobs/{id}/clips: the range snapped to the pauses between words, queued as the job's next clip. */
export async function createManualClip(ctx: AccountContext, jobId: string, body: CreateClipBody) {
  requireScope(ctx, "write");
  const job = await requireCompleted(ctx, jobId);
  await requireStyleRenderable(ctx, job, body.style);
  const duration = job.sourceDuration ?? null;
  const asked = rangeProblem(body, duration);
  if (asked) throw new ValidationError(asked);
  const snapped = snapToPauses(await transcriptWords(ctx.env.DB, jobId), body.start, body.end, duration ?? Infinity);
  const problem = rangeProblem(snapped, duration);
  if (problem) throw new ValidationError(problem);
  return queueManualClip(ctx, jobId, snapped, { layout_mode: body.layout_mode, style: body.style, title: body.title }, null);
}

/**
 * A clip by hand named by its first and last word (the dashboard's "make a clip from this
 * selection"): the range a trim's start_word / end_word gives (resolveClipRange: in the pauses
 * around those words, 3 to 180 s), then made as POST /jobs/{id}/clips makes one.
 */
export async function createManualClipFromWords(ctx: AccountContext, jobId: string, body: { start_word: number; end_word: number } & ClipOptions) {
  requireScope(ctx, "write");
  const job = await requireCompleted(ctx, jobId);
  const r = resolveClipRange(await transcriptWords(ctx.env.DB, jobId), { start_word: body.start_word, end_word: body.end_word }, job.sourceDuration ?? null);
  if (!r.ok) throw new ValidationError(r.error);
  return createManualClip(ctx, jobId, { ...r.value, layout_mode: body.layout_mode, style: body.style, title: body.title });
}

async function queueManualClip(ctx: AccountContext, jobId: string, range: { start: number; end: number }, options: ClipOptions, candidateId: string | null) {
  const params = JSON.stringify(Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)));
  let index: number | null;
  try {
    index = await reserveIndex(ctx.env.DB, jobId, { ...range, params, candidateId });
  } catch (e) {
    // two requests raced for the same index: the loser is told to retry
    if (isUniqueViolation(e)) throw new ConflictError("Another clip of this job was requested at the same moment; send the request again.");
    throw e;
  }
  if (index === null) {
    await requireCompleted(ctx, jobId);
    throw full();
  }
  await enqueueManualClip(ctx.env, jobId, index);
  return { clip_index: index, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, jobId), start: range.start, end: range.end };
}

/** GET /jobs/{id}/candidates: the moments left out, in the backend's order (free ones first, best first). */
export async function listCandidates(ctx: AccountContext, jobId: string) {
  requireScope(ctx, "read");
  await loadOwnJob(ctx, jobId);
  const results = await drizzle(ctx.env.DB).select().from(clipCandidates).where(eq(clipCandidates.jobId, jobId)).orderBy(asc(clipCandidates.rank)).all();
  return {
    job_id: jobId,
    candidates: results.map((r) => ({
      id: r.id,
      start: r.startS,
      end: r.endS,
      score: r.score,
      subscores: JSON.parse(r.subscores) as { hook: number; flow: number; value: number; trend: number },
      reason: r.reason as Candidate["reason"],
      promoted_clip_index: r.promotedClipIndex,
    })),
  };
}

/**
 * POST /jobs/{id}/candidates/{candidate_id}/promote: the candidate's range made a manual clip. A
 * candidate is promoted once: again while its clip exists or renders is 409 naming that clip (a
 * failed one can be promoted again).
 */
export async function promoteCandidate(ctx: AccountContext, jobId: string, candidateId: string) {
  requireScope(ctx, "write");
  const job = await requireCompleted(ctx, jobId);
  await requireStyleRenderable(ctx, job, undefined);
  const c = await drizzle(ctx.env.DB)
    .select({ startS: clipCandidates.startS, endS: clipCandidates.endS, promotedClipIndex: clipCandidates.promotedClipIndex })
    .from(clipCandidates)
    .where(and(eq(clipCandidates.id, candidateId), eq(clipCandidates.jobId, jobId)))
    .get();
  if (!c) throw new NotFoundError("Candidate not found for this job; list them with GET /api/v1/jobs/{id}/candidates.");
  if (c.promotedClipIndex !== null) throw alreadyPromoted(c.promotedClipIndex);
  const range = { start: c.startS, end: c.endS };
  const problem = rangeProblem(range, null);
  if (problem) throw new ValidationError(`This candidate cannot be made a clip as it is: ${problem} Make a clip by hand (POST /api/v1/jobs/{id}/clips) with a wider range.`);
  const result = await queueManualClipClaiming(ctx, jobId, range, candidateId);
  return result;
}

const alreadyPromoted = (index: number) => new ConflictError(`This candidate was already made into clip ${index}; see it in the job's clips (or manual_clips while it renders).`);

/** Reserve the index and claim the candidate; the claim is conditional, so two promotions never both win. */
async function queueManualClipClaiming(ctx: AccountContext, jobId: string, range: { start: number; end: number }, candidateId: string) {
  const db = drizzle(ctx.env.DB);
  const params = "{}";
  const index = await reserveIndex(ctx.env.DB, jobId, { ...range, params, candidateId });
  if (index === null) throw full();
  const claim = await db
    .update(clipCandidates)
    .set({ promotedClipIndex: index })
    .where(and(eq(clipCandidates.id, candidateId), eq(clipCandidates.jobId, jobId), isNull(clipCandidates.promotedClipIndex)))
    .run();
  if (claim.meta.changes !== 1) {
    await db.delete(manualClips).where(and(eq(manualClips.jobId, jobId), eq(manualClips.clipIndex, index), eq(manualClips.status, "queued")));
    const now = await db.select({ promotedClipIndex: clipCandidates.promotedClipIndex }).from(clipCandidates).where(eq(clipCandidates.id, candidateId)).get();
    throw alreadyPromoted(now?.promotedClipIndex ?? index);
  }
  await enqueueManualClip(ctx.env, jobId, index);
  return { clip_index: index, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, jobId), start: range.start, end: range.end };
}
