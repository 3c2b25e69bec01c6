// Rows -> API shapes. Types come from the zod schemas (@katto/protocol/api).
import { z } from "@hono/zod-openapi";
import type { clips as clipsTable, jobs, manualClips, rerenders } from "../../db/schema";
import { AspectSchema, DEFAULT_ASPECT, ScoredBySchema, type ClipEdits, ClipEditsSchema, HashtagSchema, type ClipQuality, type ClipTimeline, ClipQualitySchema, ClipTimelineSchema, type DroppedClip, DroppedClipSchema, type JobQuality, type MANUAL_CLIP_STATUSES, noEdits, round3, type Style, StyleSchema, summarizeQuality } from "@katto/protocol";
import { ClipSubscoresSchema, JobWarningSchema, type ClipSchema, type Job, type JobStatus, type JobSummarySchema, type JobWarning } from "@katto/protocol/api";
import { fileUrl } from "../../storage/keys";
import { SCORE_PARTS, weightedScore, type ScorePart } from "../insights/fit";
import { versionSummaries, type RerenderSummaryRow } from "../versions/summaries";

export type ScoreWeights = Record<ScorePart, number>;

export type JobRow = typeof jobs.$inferSelect;
export type ClipRow = typeof clipsTable.$inferSelect;
export type ManualClipRow = typeof manualClips.$inferSelect;
export type RerenderRow = typeof rerenders.$inferSelect;

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

/**
 * A clip as GET /jobs/{id} shows it: its original version (issue 41), every field describing that
 * one file (`url`), its own timeline among them; `versionRows` are the job's re-renders (any clip's),
 * listed as the clip's versions after the original.
 */
export function clipView(baseUrl: string, c: ClipRow, weights: ScoreWeights | null = null, versionRows: readonly RerenderSummaryRow[] = []): z.infer<typeof ClipSchema> {
  return {
    url: fileUrl(baseUrl, c.videoKey),
    captions_url: c.captionsKey ? fileUrl(baseUrl, c.captionsKey) : null,
    captions_original_url: c.captionsOriginalKey ? fileUrl(baseUrl, c.captionsOriginalKey) : null,
    title: c.title,
    score: c.score,
    account_score: accountScore(c, weights),
    clip_index: c.clipIndex,
    hd: c.hd,
    ...clipReasons(c, (key) => fileUrl(baseUrl, key)),
    timeline: clipTimeline(c),
    versions: versionSummaries(baseUrl, c, versionRows),
  };
}

/** The clip's own timeline (its original version's, stored with its metadata); null for clips rendered before it, or one that does not read. */
export function clipTimeline(c: Pick<ClipRow, "metadata">): ClipTimeline | null {
  return readTimeline((parseJson(c.metadata) as { timeline?: unknown } | null)?.timeline);
}

/** A stored ClipTimeline (rerenders.timeline); null when absent or unreadable. */
export const timelineView = (text: string | null | undefined): ClipTimeline | null => readTimeline(parseJson(text ?? null));

/** A stored ClipEdits (rerenders.edits); null when absent or unreadable. */
export function editsView(text: string | null | undefined): ClipEdits | null {
  const r = ClipEditsSchema.safeParse(parseJson(text ?? null));
  return r.success ? r.data : null;
}

/** A stored Style (rerenders.style); null when absent or unreadable. */
export function styleView(text: string | null | undefined): Style | null {
  const r = StyleSchema.safeParse(parseJson(text ?? null));
  return r.success ? r.data : null;
}

function readTimeline(value: unknown): ClipTimeline | null {
  const r = ClipTimelineSchema.safeParse(value);
  return r.success ? r.data : null;
}


/** Stored JSON text, parsed; null when absent or unreadable. */
export function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The clip's post copy as stored: written by the backend or edited; empty for clips made before post copy (or unreadable hashtags). */
export function postCopyView(c: Pick<ClipRow, "description" | "hashtags">): { description: string; hashtags: string[] } {
  const tags = z.array(HashtagSchema).safeParse(parseJson(c.hashtags));
  return { description: c.description ?? "", hashtags: tags.success ? tags.data : [] };
}

/**
 * Where the clip sits in the source, its layout, the parts of its score (null where a stored clip
 * lacks them), its post copy and cover. Its length, layout and shape are its timeline's where it has
 * one (issue 41: the value its file was drawn with), else the metadata's fields of clips before timelines.
 */
export function clipReasons(c: ClipRow, url: (key: string) => string) {
  const sub = ClipSubscoresSchema.safeParse(parseJson(c.subscores));
  const meta = parseJson(c.metadata) as { layout?: unknown; style?: unknown; edits?: unknown; aspect?: unknown; timeline?: unknown } | null;
  const timeline = readTimeline(meta?.timeline);
  const style = StyleSchema.safeParse(meta?.style ?? {});
  const edits = ClipEditsSchema.safeParse(meta?.edits);
  // jump cuts (style remove_silences / remove_fillers) make the clip shorter than its source range
  const cut = edits.success ? edits.data.cuts.reduce((s, k) => s + Math.max(0, k.source_end - k.source_start), 0) : 0;
  return {
    start: round3(c.startS),
    end: round3(c.endS),
    duration: round3(timeline?.duration ?? Math.max(0, c.endS - c.startS - cut)),
    layout: timeline?.layout ?? (typeof meta?.layout === "string" ? meta.layout : null),
    aspect: timeline?.aspect ?? AspectSchema.safeParse(meta?.aspect).data ?? DEFAULT_ASPECT,
    subscores: sub.success ? sub.data : null,
    justification: c.justification,
    quality: qualityView(c.quality),
    style: style.success ? style.data : {},
    origin: c.origin === "manual" ? ("manual" as const) : ("auto" as const),
    chosen_by: chosenByView(c.metadata),
    edits: edits.success ? edits.data : noEdits(),
    ...postCopyView(c),
    cover_url: c.coverKey ? url(c.coverKey) : null,
  };
}

/** Who chose and scored the clip (its metadata's `scorer`, written by the backend); null for clips stored without it. */
export function chosenByView(metadata: string | null): { engine: string; model: string | null; fallback_reason: string | null } | null {
  const r = ScoredBySchema.safeParse((parseJson(metadata) as { scorer?: unknown } | null)?.scorer);
  return r.success ? { engine: r.data.engine, model: r.data.model ?? null, fallback_reason: r.data.fallback_reason ?? null } : null;
}

/** A stored ClipQuality (clips.quality, rerenders.quality); null when absent or unreadable. */
export function qualityView(text: string | null | undefined): ClipQuality | null {
  const r = ClipQualitySchema.safeParse(parseJson(text ?? null));
  return r.success ? r.data : null;
}

/** The job's dropped clips (jobs.dropped); entries that do not parse are left out. */
export function droppedView(text: string | null): DroppedClip[] {
  const list = parseJson(text);
  if (!Array.isArray(list)) return [];
  return list.flatMap((d) => {
    const r = DroppedClipSchema.safeParse(d);
    return r.success ? [r.data] : [];
  });
}

/** The job's quality summary from its clips and dropped list; null until it completes. */
export function jobQualityView(j: Pick<JobRow, "status" | "dropped">, clipRows: readonly Pick<ClipRow, "quality">[]): JobQuality | null {
  if (j.status !== "completed") return null;
  return summarizeQuality(clipRows.map((c) => qualityView(c.quality)), droppedView(j.dropped).length);
}

/**
 * What the caller should know about a completed job's quality, as warnings: one per delivered clip
 * that still has flags (clip_flagged), one per clip dropped for its quality (clip_dropped).
 */
export function qualityWarnings(clipRows: readonly Pick<ClipRow, "clipIndex" | "quality" | "startS" | "endS">[], dropped: readonly DroppedClip[]): JobWarning[] {
  const out: JobWarning[] = [];
  for (const c of [...clipRows].sort((a, b) => a.clipIndex - b.clipIndex)) {
    const q = qualityView(c.quality);
    if (!q?.flags.length) continue;
    const message = `Clip ${c.clipIndex} (${c.startS.toFixed(1)}–${c.endS.toFixed(1)} s) is delivered with flags: ${q.flags.map((f) => `${f.name} (${f.message})`).join("; ")}`;
    out.push({ code: "clip_flagged", clip_index: c.clipIndex, start: round3(c.startS), end: round3(c.endS), message: message.length > 500 ? `${message.slice(0, 499)}…` : message });
  }
  for (const d of dropped) {
    out.push({ code: "clip_dropped", clip_index: null, start: d.start, end: d.end, message: `The clip at ${d.start.toFixed(1)}–${d.end.toFixed(1)} s (score ${Math.round(d.score)}) was dropped (${d.reason}): ${d.message}` });
  }
  return out;
}

/** Every warning of a job: the backend's stored ones, then its quality warnings. */
export function allWarnings(j: Pick<JobRow, "warnings" | "dropped">, clipRows: readonly Pick<ClipRow, "clipIndex" | "quality" | "startS" | "endS">[]): JobWarning[] {
  return [...warningsView(j.warnings), ...qualityWarnings(clipRows, droppedView(j.dropped))];
}

/** A clip made by hand as GET /jobs/{id} `manual_clips` shows it. */
export function manualClipView(m: ManualClipRow) {
  return {
    clip_index: m.clipIndex,
    status: m.status as (typeof MANUAL_CLIP_STATUSES)[number],
    start: round3(m.startS),
    end: round3(m.endS),
    candidate_id: m.candidateId,
    error: m.error,
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

/** `versionRows`: the job's re-renders, each listed among its clip's versions. */
export function jobView(baseUrl: string, j: JobRow, clipRows: ClipRow[], manualRows: ManualClipRow[] = [], versionRows: readonly RerenderSummaryRow[] = []): Job {
  return {
    id: j.id,
    status: j.status as JobStatus,
    progress: { step: j.progressStep, pct: j.progressPct },
    hd_ready: j.hdReady,
    source: j.source,
    source_url: j.sourceUrl,
    clips: rankClips(clipRows, scoreWeightsOf(j)).map((c) => clipView(baseUrl, c, scoreWeightsOf(j), versionRows)),
    error: j.error,
    warnings: allWarnings(j, clipRows),
    quality: jobQualityView(j, clipRows),
    dropped: droppedView(j.dropped),
    manual_clips: [...manualRows].sort((a, b) => a.clipIndex - b.clipIndex).map(manualClipView),
    created_at: msToIso(j.createdMs),
    completed_at: j.completedAt,
  };
}

export function jobSummaryView(j: JobRow): z.infer<typeof JobSummarySchema> {
  return { id: j.id, status: j.status as JobStatus, source: j.source, created_at: msToIso(j.createdMs), completed_at: j.completedAt };
}

export const statusUrl = (baseUrl: string, id: string) => `${baseUrl}/api/v1/jobs/${id}`;
