// What the Worker stores of a re-render version and reads back for its consumers (issue 41): the
// columns its completion writes on its rerenders row, and the facts of its file an export or a
// publication reads, every one from that row (the clip's only where the version kept it by
// construction: the range of a version that is no trim, the shape of one that names none). Pure, and
// importable by the render backend's tests (container/test/export/melt-versions.test.ts), so they go
// through what the Worker really stores.
import { AspectSchema, ClipTimelineSchema, DEFAULT_ASPECT, recordedAspect, round3, type Aspect, type ClipTimeline, type RerenderEvent } from "@katto/protocol";

/** The rerenders row as far as this reads it (src/db/schema/rerenders.ts). */
export interface StoredRerender {
  id: string;
  params: string;
  startS: number | null;
  endS: number | null;
  status: string;
  videoKey: string | null;
  captionsKey: string | null;
  coverKey: string | null;
  coverTimeS: number | null;
  duration: number | null;
  timeline: string | null;
}

/** The clip row as far as a version reads it: the range and metadata (its shape) it starts from. */
export interface StoredClip {
  startS: number;
  endS: number;
  metadata: string | null;
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
  /** the version's stored timeline (parsed JSON, unchecked); for the original, its metadata's */
  timeline: unknown;
  /** clips.metadata, parsed: only the original's export reads it (a timeline built from its stored pieces) */
  metadata: unknown;
}

/**
 * What a version's completion stores on its rerenders row besides its file keys (applyRerenderEvent):
 * its length, measures, style, edits, timeline (the version as one value) and cover time.
 */
export function rerenderColumns(ev: Extract<RerenderEvent, { type: "completed" }>) {
  return {
    duration: ev.duration,
    quality: ev.quality ? JSON.stringify(ev.quality) : null,
    style: ev.style ? JSON.stringify(ev.style) : null,
    edits: ev.edits ? JSON.stringify(ev.edits) : null,
    timeline: ev.timeline ? JSON.stringify(ev.timeline) : null,
    coverTimeS: ev.cover_file ? (ev.cover_time ?? null) : null,
  };
}

/** The shape of a clip's original, as its metadata names it (its timeline's first; 9:16 for clips before shapes). */
export const clipAspect = (c: Pick<StoredClip, "metadata">): Aspect => recordedAspect(readJson(c.metadata)) ?? DEFAULT_ASPECT;

/**
 * A version's range, shape and timeline: its timeline's once completed (what its file was drawn
 * with); before that, or from a backend that reported none, a trim's range else the clip's, the
 * shape its request named else the clip's (a re-render starts from the clip's original).
 */
export function versionShape(r: Pick<StoredRerender, "status" | "timeline" | "startS" | "endS" | "params">, clip: StoredClip): { timeline: ClipTimeline | null; start: number; end: number; aspect: Aspect } {
  const parsed = r.status === "completed" ? ClipTimelineSchema.safeParse(readJson(r.timeline)) : null;
  const timeline = parsed?.success ? parsed.data : null;
  const asked = AspectSchema.safeParse((readJson(r.params) as { aspect?: unknown } | null)?.aspect).data;
  return {
    timeline,
    start: round3(timeline?.source.start ?? r.startS ?? clip.startS),
    end: round3(timeline?.source.end ?? r.endS ?? clip.endS),
    aspect: timeline?.aspect ?? asked ?? clipAspect(clip),
  };
}

/** A completed re-render version's file facts, from its own row. */
export function rerenderFile(r: StoredRerender, clip: StoredClip): VersionFile {
  const v = versionShape(r, clip);
  return {
    id: r.id,
    videoKey: r.videoKey!,
    captionsKey: r.captionsKey,
    cover: r.coverKey ? { key: r.coverKey, timeSeconds: r.coverTimeS } : null,
    durationSeconds: r.duration ?? v.timeline?.duration ?? v.end - v.start,
    aspect: v.aspect,
    start: v.start,
    end: v.end,
    timeline: readJson(r.timeline),
    metadata: null,
  };
}

function readJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
