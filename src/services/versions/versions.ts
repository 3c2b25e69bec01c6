// A clip's versions as whole records (issue 41, STYLE.md "A version is a whole record"): the first
// render ("original", the clips row) and each re-render, trim, dub or captions refresh (a rerenders
// row). Every field of a version describes its own file; nothing is read from another version. Pure:
// rows in, API shapes and the file facts consumers read (export, publishing) out.
import { AspectSchema, DEFAULT_ASPECT, ORIGINAL_VERSION, round3, type Aspect } from "@katto/protocol";
import type { RerenderSchema } from "@katto/protocol/api";
import type { z } from "zod";
import { fileUrl } from "../../storage/keys";
import { changesOf, requestOf, type VersionStatus } from "./summaries";
import { clipReasons, editsView, parseJson, qualityView, styleView, timelineView, type ClipRow, type RerenderRow } from "../jobs/view";

/** The shape of a clip's original, as its metadata names it (9:16 for clips before shapes). */
export const clipAspect = (c: Pick<ClipRow, "metadata">): Aspect => AspectSchema.safeParse((parseJson(c.metadata) as { aspect?: unknown } | null)?.aspect).data ?? DEFAULT_ASPECT;

/**
 * A re-render version's whole record (GET /jobs/{id}/rerenders/{rid}): every field from its own row,
 * its timeline first where it has one (the range, shape and layout the file was drawn with). Only
 * what the version kept from the clip by construction is read from the clip: the range of a version
 * that is no trim, and the shape of one that names none (a re-render starts from the clip's original).
 */
export function rerenderView(baseUrl: string, r: RerenderRow, clip: Pick<ClipRow, "startS" | "endS" | "metadata">): z.infer<typeof RerenderSchema> {
  const done = r.status === "completed";
  const url = (key: string | null) => (done && key ? fileUrl(baseUrl, key) : null);
  const timeline = done ? timelineView(r.timeline) : null;
  const request = requestOf(r);
  return {
    rerender_id: r.id,
    status: r.status as VersionStatus,
    clip_url: url(r.videoKey),
    captions_url: url(r.captionsKey),
    captions_original_url: url(r.captionsOriginalKey),
    cover_url: url(r.coverKey),
    duration: r.duration,
    error: r.error,
    quality: done ? qualityView(r.quality) : null,
    start: round3(timeline?.source.start ?? r.startS ?? clip.startS),
    end: round3(timeline?.source.end ?? r.endS ?? clip.endS),
    style: done ? styleView(r.style) : null,
    edits: done ? editsView(r.edits) : null,
    timeline,
    aspect: timeline?.aspect ?? request.aspect ?? clipAspect(clip),
    clip_index: r.clipIndex,
    changes: changesOf(request),
    request,
    layout: timeline?.layout ?? null,
    hd: done,
    created_at: r.createdAt,
    completed_at: done ? r.updatedAt : null,
  };
}

/** The facts of one version's file that a consumer (export, publishing) reads, all of that version. */
export interface VersionFile {
  /** "original" or the re-render's id */
  id: string;
  videoKey: string;
  captionsKey: string | null;
  cover: { key: string; timeSeconds: number | null } | null;
  durationSeconds: number;
  aspect: Aspect;
  /** the source range the file plays */
  start: number;
  end: number;
  /** the version's stored timeline (JSON, unparsed); for the original, inside `metadata` */
  timeline: unknown;
  /** clips.metadata, parsed: only the original's export reads it (a timeline built from its stored pieces) */
  metadata: unknown;
}

/** The original version's file facts (the clip row: the preview, then the HD file of the same render). */
export function originalFile(c: ClipRow): VersionFile {
  const metadata = parseJson(c.metadata);
  const reasons = clipReasons(c, (k) => k);
  return {
    id: ORIGINAL_VERSION,
    videoKey: c.videoKey,
    captionsKey: c.captionsKey,
    cover: c.coverKey ? { key: c.coverKey, timeSeconds: c.coverTimeS } : null,
    durationSeconds: reasons.duration,
    aspect: reasons.aspect,
    start: c.startS,
    end: c.endS,
    timeline: (metadata as { timeline?: unknown } | null)?.timeline ?? null,
    metadata,
  };
}

/** A completed re-render version's file facts (its own row; `rerenderView` for its shape and range). */
export function rerenderFile(r: RerenderRow, clip: ClipRow): VersionFile {
  const v = rerenderView("", r, clip);
  return {
    id: r.id,
    videoKey: r.videoKey!,
    captionsKey: r.captionsKey,
    cover: r.coverKey ? { key: r.coverKey, timeSeconds: r.coverTimeS } : null,
    durationSeconds: r.duration ?? v.timeline?.duration ?? v.end - v.start,
    aspect: v.aspect,
    start: v.start,
    end: v.end,
    timeline: parseJson(r.timeline),
    metadata: null,
  };
}

/** The newest completed re-render of a set of rows (by completion, then id), or undefined. */
export function newestCompleted<T extends Pick<RerenderRow, "id" | "status" | "updatedAt" | "videoKey">>(rows: readonly T[]): T | undefined {
  return rows.filter((r) => r.status === "completed" && r.videoKey).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id))[0];
}

