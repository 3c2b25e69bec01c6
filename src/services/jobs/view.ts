// Rows -> API shapes. Types come from the zod schemas (@katto/protocol/api).
import type { z } from "@hono/zod-openapi";
import type { clips as clipsTable, jobs } from "../../db/schema";
import { ClipEditsSchema, noEdits, StyleSchema } from "@katto/protocol";
import { ClipSubscoresSchema, JobWarningSchema, type ClipSchema, type Job, type JobStatus, type JobSummarySchema, type JobWarning } from "@katto/protocol/api";
import { fileUrl } from "../../storage/keys";
import { SCORE_PARTS, weightedScore, type ScorePart } from "../insights/fit";

export type ScoreWeights = Record<ScorePart, number>;

export type JobRow = typeof jobs.$inferSelect;
export type ClipRow = typeof clipsTable.$inferSelect;

export const msToIso = (ms: number) => new Date(ms).toISOString();

/** The job's frozen account weights (config.score_with "account"), or null for the default weights. */
export function scoreWeightsOf(j: Pick<JobRow, "scoreWeights">): ScoreWeights | null {
  const w = parseJson(j.scoreWeights) as ScoreWeights | null;
  return w && SCORE_PARTS.every((k) => typeof w[k] === "number") ? w : null;
}

/** The clip's parts under the account's weights; null without weights or parts. */
export function accountScore(c: ClipRow, weights: ScoreWeights | null): number | null {
  if (!weights) return null;
  const sub = ClipSubscoresSchema.safeParse(parseJson(c.subscores));
  return sub.success ? weightedScore(weights, sub.data) : null;
}

export function clipView(baseUrl: string, c: ClipRow, weights: ScoreWeights | null = null): z.infer<typeof ClipSchema> {
  return {
    url: fileUrl(baseUrl, c.videoKey),
    captions_url: c.captionsKey ? fileUrl(baseUrl, c.captionsKey) : null,
    title: c.title,
    score: c.score,
    account_score: accountScore(c, weights),
    clip_index: c.clipIndex,
    hd: c.hd,
    ...clipReasons(c),
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Where the clip sits in the source, its layout, and the parts of its score (null where a stored clip lacks them). */
export function clipReasons(c: ClipRow) {
  const sub = ClipSubscoresSchema.safeParse(parseJson(c.subscores));
  const meta = parseJson(c.metadata) as { layout?: unknown; style?: unknown; edits?: unknown } | null;
  const style = StyleSchema.safeParse(meta?.style ?? {});
  const edits = ClipEditsSchema.safeParse(meta?.edits);
  return {
    start: round3(c.startS),
    end: round3(c.endS),
    duration: round3(Math.max(0, c.endS - c.startS)),
    layout: typeof meta?.layout === "string" ? meta.layout : null,
    subscores: sub.success ? sub.data : null,
    justification: c.justification,
    style: style.success ? style.data : {},
    edits: edits.success ? edits.data : noEdits(),
  };
}

/** The job's stored warnings (jobs.warnings, written with `clips`); entries that do not parse are dropped. */
export function warningsView(text: string | null): JobWarning[] {
  const list = parseJson(text);
  if (!Array.isArray(list)) return [];
  return list.flatMap((w) => {
    const r = JobWarningSchema.safeParse(w);
    return r.success ? [r.data] : [];
  });
}

/**
 * Ranked by score, highest first; ties by clip_index (spec "What the service does" 6). With the
 * account's weights (config.score_with "account") ranked by the account score, then the default score.
 */
export function rankClips<T extends { score: number | null; clipIndex: number; subscores?: string | null }>(rows: T[], weights: ScoreWeights | null = null): T[] {
  const account = (r: T) => (weights ? (accountScore(r as unknown as ClipRow, weights) ?? -1) : 0);
  return [...rows].sort((a, b) => account(b) - account(a) || (b.score ?? -1) - (a.score ?? -1) || a.clipIndex - b.clipIndex);
}

export function jobView(baseUrl: string, j: JobRow, clipRows: ClipRow[]): Job {
  return {
    id: j.id,
    status: j.status as JobStatus,
    progress: { step: j.progressStep, pct: j.progressPct },
    hd_ready: j.hdReady,
    source: j.source,
    source_url: j.sourceUrl,
    clips: rankClips(clipRows, scoreWeightsOf(j)).map((c) => clipView(baseUrl, c, scoreWeightsOf(j))),
    error: j.error,
    warnings: warningsView(j.warnings),
    created_at: msToIso(j.createdMs),
    completed_at: j.completedAt,
  };
}

export function jobSummaryView(j: JobRow): z.infer<typeof JobSummarySchema> {
  return { id: j.id, status: j.status as JobStatus, source: j.source, created_at: msToIso(j.createdMs), completed_at: j.completedAt };
}

export const statusUrl = (baseUrl: string, id: string) => `${baseUrl}/api/v1/jobs/${id}`;
