// A clip's versions as whole records (issue 41, STYLE.md "A version is a whole record"): the first
// render ("original", the clips row) and each re-render, trim, dub or captions refresh (a rerenders
// row). Every field of a version describes its own file; nothing is read from another version. Pure:
// rows in, API shapes and the file facts consumers read (export, publishing) out.
import { ORIGINAL_VERSION } from "@katto/protocol";
import type { RerenderSchema } from "@katto/protocol/api";
import type { z } from "zod";
import { fileUrl } from "../../storage/keys";
import { changesOf, requestOf, type VersionStatus } from "./summaries";
import { clipReasons, editsView, parseJson, qualityView, styleView, type ClipRow, type RerenderRow } from "../jobs/view";
import { versionShape, type VersionFile } from "./stored";


/**
 * A re-render version's whole record (GET /jobs/{id}/rerenders/{rid}): every field from its own row,
 * its timeline first where it has one (the range, shape and layout the file was drawn with). Only
 * what the version kept from the clip by construction is read from the clip: the range of a version
 * that is no trim, and the shape of one that names none (a re-render starts from the clip's original).
 */
export function rerenderView(baseUrl: string, r: RerenderRow, clip: Pick<ClipRow, "startS" | "endS" | "metadata">): z.infer<typeof RerenderSchema> {
  const done = r.status === "completed";
  const url = (key: string | null) => (done && key ? fileUrl(baseUrl, key) : null);
  const { timeline, start, end, aspect } = versionShape(r, clip);
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
    start,
    end,
    style: done ? styleView(r.style) : null,
    edits: done ? editsView(r.edits) : null,
    timeline,
    aspect,
    clip_index: r.clipIndex,
    changes: changesOf(request),
    request,
    layout: timeline?.layout ?? null,
    hd: done,
    created_at: r.createdAt,
    completed_at: done ? r.updatedAt : null,
  };
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

/** The newest completed re-render of a set of rows (by completion, then id), or undefined. */
export function newestCompleted<T extends Pick<RerenderRow, "id" | "status" | "updatedAt" | "videoKey">>(rows: readonly T[]): T | undefined {
  return rows.filter((r) => r.status === "completed" && r.videoKey).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id))[0];
}

