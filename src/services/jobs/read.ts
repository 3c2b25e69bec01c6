import { and, asc, desc, eq, lt, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { preparedRead } from "../../db/prepared";
import { clips, jobs, manualClips, rerenders, transcripts } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { WORD_TIMINGS, type TranscriptWord } from "@katto/protocol";
import type { JobStatus, Transcript } from "@katto/protocol/api";
import { requireScope } from "../auth/keys";
import type { AccountContext } from "../context";
import { parseCursor } from "./cursor";
import { clipView, jobSummaryView, jobView, msToIso, rankClips, scoreWeightsOf } from "./view";

const notFound = () => new NotFoundError("Job not found. Check the id; jobs of other accounts are not visible.");

// The caller's job (never a reservation) and a job's clips, prepared once (src/db/prepared.ts):
// GET /jobs/{id}, the route clients poll, reads both in one batch.
const ownJobRead = preparedRead(jobs, (db) =>
  db.select().from(jobs).where(and(eq(jobs.id, sql.placeholder("id")), eq(jobs.accountId, sql.placeholder("accountId")), ne(jobs.status, "reserved"))).limit(1),
);
const jobClipsRead = preparedRead(clips, (db) => db.select().from(clips).where(eq(clips.jobId, sql.placeholder("id"))).orderBy(asc(clips.clipIndex)));
const jobManualClipsRead = preparedRead(manualClips, (db) => db.select().from(manualClips).where(eq(manualClips.jobId, sql.placeholder("id"))).orderBy(asc(manualClips.clipIndex)));
// Every re-render of the job, listed as its clip's versions (issue 41): a projection without the
// timelines, which each version's own GET reads.
const jobVersionsRead = preparedRead(rerenders, (db) =>
  db
    .select({ id: rerenders.id, clipIndex: rerenders.clipIndex, status: rerenders.status, params: rerenders.params, startS: rerenders.startS, endS: rerenders.endS, videoKey: rerenders.videoKey, createdAt: rerenders.createdAt })
    .from(rerenders)
    .where(eq(rerenders.jobId, sql.placeholder("id")))
    .orderBy(asc(rerenders.createdAt), asc(rerenders.id)),
);

/** The caller's job, or 404 for unknown ids and other accounts' jobs alike (spec GET /jobs/{id}). */
export async function loadOwnJob(ctx: AccountContext, id: string) {
  const [j] = ownJobRead.rows(await ownJobRead.bind(ctx.env.DB, { id, accountId: ctx.principal.accountId }).all());
  if (!j) throw notFound();
  return j;
}

export async function getJob(ctx: AccountContext, id: string) {
  requireScope(ctx, "read");
  // One round trip for the job and its clips (the clips are read whatever the owner, and dropped
  // with the job's 404 when the job is not the caller's).
  const values = { id, accountId: ctx.principal.accountId };
  const [jobResult, clipsResult, manualResult, versionsResult] = await ctx.env.DB.batch([
    ownJobRead.bind(ctx.env.DB, values),
    jobClipsRead.bind(ctx.env.DB, values),
    jobManualClipsRead.bind(ctx.env.DB, values),
    jobVersionsRead.bind(ctx.env.DB, values),
  ]);
  const [j] = ownJobRead.rows(jobResult!);
  if (!j) throw notFound();
  return jobView(ctx.baseUrl, j, jobClipsRead.rows(clipsResult!), jobManualClipsRead.rows(manualResult!), jobVersionsRead.rows(versionsResult!));
}

/**
 * Keyset pagination, newest first. created_ms is unique per account (./cursor.ts), so
 * "strictly older than the cursor" never skips nor repeats a job.
 */
export async function listJobs(ctx: AccountContext, q: { limit: number; cursor?: string; status?: JobStatus }) {
  requireScope(ctx, "read");
  const before = q.cursor !== undefined ? parseCursor(q.cursor) : undefined;
  const conds = [eq(jobs.accountId, ctx.principal.accountId), ne(jobs.status, "reserved")];
  if (q.status) conds.push(eq(jobs.status, q.status));
  if (before !== undefined) conds.push(lt(jobs.createdMs, before));
  const rows = await drizzle(ctx.env.DB)
    .select()
    .from(jobs)
    .where(and(...conds))
    .orderBy(desc(jobs.createdMs))
    .limit(q.limit + 1)
    .all();
  const page = rows.slice(0, q.limit);
  const more = rows.length > q.limit;
  return {
    jobs: page.map(jobSummaryView),
    next_cursor: more ? msToIso(page[page.length - 1].createdMs) : null,
  };
}

export async function getTranscript(ctx: AccountContext, id: string) {
  requireScope(ctx, "read");
  await loadOwnJob(ctx, id);
  const t = await drizzle(ctx.env.DB).select().from(transcripts).where(eq(transcripts.jobId, id)).get();
  if (!t) throw new NotFoundError("Transcript not available yet: it is stored once transcription finishes. Poll the job and retry.");
  return transcriptView(id, t);
}

/** The stored transcript as the API shows it: words as `text`, the engine named, how words were timed. */
export function transcriptView(id: string, t: typeof transcripts.$inferSelect): Transcript {
  const words = JSON.parse(t.words) as TranscriptWord[];
  return {
    job_id: id,
    lang: t.lang,
    segments: JSON.parse(t.segments) as Transcript["segments"],
    words: words.map((w) => ({ text: w.word, start: w.start, end: w.end, ...(w.confidence !== undefined ? { confidence: w.confidence } : {}) })),
    engine: t.engine,
    word_timing: isWordTiming(t.wordTiming) ? t.wordTiming : "engine",
    revision: t.revision,
    created_at: t.createdAt,
  };
}

/**
 * Projection of the job's clips (spec GET /jobs/{id}/clips): while it runs, the clips delivered so
 * far (issue 43, docs/api-decisions.md "Progressive delivery"), each with its own `hd`.
 */
export async function getClips(ctx: AccountContext, id: string) {
  requireScope(ctx, "read");
  const j = await loadOwnJob(ctx, id);
  const rows = await drizzle(ctx.env.DB).select().from(clips).where(eq(clips.jobId, id)).all();
  return {
    job_id: id,
    status: j.status as JobStatus,
    clips: rankClips(rows, scoreWeightsOf(j)).map((c) => {
      const v = clipView(ctx.baseUrl, c, scoreWeightsOf(j));
      return { url: v.url, captions_url: v.captions_url, captions_original_url: v.captions_original_url, title: v.title, score: v.score, account_score: v.account_score, clip_index: v.clip_index, hd: v.hd, start: v.start, end: v.end, duration: v.duration, layout: v.layout, aspect: v.aspect, subscores: v.subscores, justification: v.justification, quality: v.quality, style: v.style, origin: v.origin, chosen_by: v.chosen_by, edits: v.edits, description: v.description, hashtags: v.hashtags, cover_url: v.cover_url };
    }),
  };
}

const isWordTiming = (v: string | null): v is Transcript["word_timing"] => (WORD_TIMINGS as readonly (string | null)[]).includes(v);
