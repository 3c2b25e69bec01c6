// Rows -> API shapes. Types come from the zod schemas (@katto/protocol/api).
import type { z } from "@hono/zod-openapi";
import type { clips as clipsTable, jobs, manualClips } from "../../db/schema";
import { ClipEditsSchema, noEdits, StyleSchema, type MANUAL_CLIP_STATUSES } from "@katto/protocol";
import { ClipSubscoresSchema, JobWarningSchema, type ClipSchema, type Job, type JobStatus, type JobSummarySchema, type JobWarning } from "@katto/protocol/api";
import { fileUrl } from "../../storage/keys";

export type JobRow = typeof jobs.$inferSelect;
export type ClipRow = typeof clipsTable.$inferSelect;
export type ManualClipRow = typeof manualClips.$inferSelect;

export const msToIso = (ms: number) => new Date(ms).toISOString();

export function clipView(baseUrl: string, c: ClipRow): z.infer<typeof ClipSchema> {
  return {
    url: fileUrl(baseUrl, c.videoKey),
    captions_url: c.captionsKey ? fileUrl(baseUrl, c.captionsKey) : null,
    title: c.title,
    score: c.score,
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
    origin: c.origin === "manual" ? ("manual" as const) : ("auto" as const),
    edits: edits.success ? edits.data : noEdits(),
  };
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

/** Ranked by score, highest first; ties by clip_index (spec "What the service does" 6). */
export function rankClips<T extends { score: number | null; clipIndex: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || a.clipIndex - b.clipIndex);
}

export function jobView(baseUrl: string, j: JobRow, clipRows: ClipRow[], manualRows: ManualClipRow[] = []): Job {
  return {
    id: j.id,
    status: j.status as JobStatus,
    progress: { step: j.progressStep, pct: j.progressPct },
    hd_ready: j.hdReady,
    source: j.source,
    source_url: j.sourceUrl,
    clips: rankClips(clipRows).map((c) => clipView(baseUrl, c)),
    error: j.error,
    warnings: warningsView(j.warnings),
    manual_clips: [...manualRows].sort((a, b) => a.clipIndex - b.clipIndex).map(manualClipView),
    created_at: msToIso(j.createdMs),
    completed_at: j.completedAt,
  };
}

export function jobSummaryView(j: JobRow): z.infer<typeof JobSummarySchema> {
  return { id: j.id, status: j.status as JobStatus, source: j.source, created_at: msToIso(j.createdMs), completed_at: j.completedAt };
}

export const statusUrl = (baseUrl: string, id: string) => `${baseUrl}/api/v1/jobs/${id}`;
