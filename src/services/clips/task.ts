// The ManualClipTask of a queued manual clip (docs/render-protocol.md "Manual clips"): the job's
// source, the snapped range, the transcript words around it, the job's config with the style
// resolved (the kit's, the job's, then the request's, field by field), the B-roll that style asks
// for, and the job's callback.
import { resolveStyle, type Style, type TranscriptWord } from "@katto/protocol";
import type { Config, CreateClipBody } from "@katto/protocol/api";
import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clipCandidates, jobs, manualClips, transcripts } from "../../db/schema";
import type { Env } from "../../env";
import { callbackFor, jobSourceUrl } from "../../render-backend/callbacks";
import type { BackendTask } from "../../render-backend/send-task";
import { defaultKit } from "../render/brand-kit";
import { taskBroll } from "../broll/task";
import { jobAspect } from "../jobs/aspect";

/** Words this far around the range go with the task: what scoring reads of the clip's edges. */
const WORD_MARGIN_S = 5;

/** The task of a manual clip still queued (it becomes `rendering`), or null (redelivered, or gone). */
export async function manualClipTask(env: Env, jobId: string, clipIndex: number): Promise<BackendTask | null> {
  const db = drizzle(env.DB);
  const m = manualClips;
  const row = await db
    .select({ status: m.status, startS: m.startS, endS: m.endS, params: m.params, candidateId: m.candidateId, source: jobs.source, sourceUrl: jobs.sourceUrl, config: jobs.config, aspect: jobs.aspect, accountId: jobs.accountId, lang: transcripts.lang, words: transcripts.words, engine: transcripts.engine })
    .from(m)
    .innerJoin(jobs, eq(jobs.id, m.jobId))
    .leftJoin(transcripts, eq(transcripts.jobId, m.jobId))
    .where(and(eq(m.jobId, jobId), eq(m.clipIndex, clipIndex), eq(jobs.status, "completed")))
    .get();
  if (!row || row.status !== "queued") return null;
  await db.update(m).set({ status: "rendering", updatedAt: new Date().toISOString() }).where(and(eq(m.jobId, jobId), eq(m.clipIndex, clipIndex), eq(m.status, "queued")));
  const params = JSON.parse(row.params) as Pick<CreateClipBody, "layout_mode" | "style" | "title">;
  const config = row.config ? (JSON.parse(row.config) as Config) : {};
  const { kit, style: kitStyle } = await defaultKit(env.DB, row.accountId);
  const style: Style = resolveStyle(resolveStyle(kitStyle, config.style), params.style);
  const words = (row.words ? (JSON.parse(row.words) as TranscriptWord[]) : []).filter((w) => w.end > row.startS - WORD_MARGIN_S && w.start < row.endS + WORD_MARGIN_S);
  const upload = row.source === "upload";
  const { style: _s, min_clips: _min, max_clips: _max, ...rest } = config;
  // B-roll as a job's task carries it: the account's library, or the operator's stock provider
  const broll = await taskBroll(env, row.accountId, style);
  return {
    kind: "manual",
    body: {
      job_id: jobId,
      clip_index: clipIndex,
      source: { url: upload ? await jobSourceUrl(env, jobId) : row.sourceUrl, kind: upload ? "upload" : "url" },
      range: { start: row.startS, end: row.endS },
      // a promoted candidate's edges may be fixed as a job's clips' are; a range given by hand is the caller's
      ...(row.candidateId ? { candidate: true } : {}),
      transcript: { lang: row.lang, words, engine: row.engine },
      // the clip takes its job's shape, not the account's kit's now (issue 41)
      config: { ...rest, ...(Object.keys(style).length > 0 ? { style } : {}), ...(kit ? { brandKit: kit } : {}), aspect: jobAspect(row.aspect) },
      params: { ...(params.layout_mode ? { layout_mode: params.layout_mode } : {}), ...(params.title ? { title: params.title } : {}) },
      ...(broll ? { broll } : {}),
      callback: await callbackFor(env, jobId),
    },
  };
}

/**
 * A manual clip could not be made (the backend reported it, or its task could not be handed over):
 * it is marked failed with the reason, and a candidate it was promoted from can be promoted again.
 */
export async function failManualClip(env: Env, jobId: string, clipIndex: number, error: string): Promise<void> {
  const now = new Date().toISOString();
  const db = drizzle(env.DB);
  const open = and(eq(manualClips.jobId, jobId), eq(manualClips.clipIndex, clipIndex), inArray(manualClips.status, ["queued", "rendering"]));
  await db.batch([
    db
      .update(clipCandidates)
      .set({ promotedClipIndex: null })
      .where(and(eq(clipCandidates.jobId, jobId), eq(clipCandidates.promotedClipIndex, clipIndex), eq(clipCandidates.id, db.select({ id: manualClips.candidateId }).from(manualClips).where(open)))),
    db.update(manualClips).set({ status: "failed", error: error.slice(0, 500), updatedAt: now }).where(open),
  ]);
}
