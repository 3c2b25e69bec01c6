// A stored clip -> the ExportProject the project writers take (./timeline.ts). Pure: the caller
// reads the clip row, its SRT and the source's reference; this decides how each stored field maps.
// A clip version rendered since issue 33 carries its clip timeline (metadata.timeline), which is
// used as it is; an older one's timeline is built from its stored pieces by the same builder.
import { aspectOfMetadata, AUTO_LAYOUT, ORIGINAL_VERSION, buildClipTimeline, clipFrame, ClipEditsSchema, ClipTimelineSchema, FALLBACK_LAYOUT, noEdits, StoredClipMetadataSchema, SUBJECT_LAYOUTS, TaskStyleSchema, TIMELINE_FRAME, type ClipTimeline } from "@katto/protocol";
import { parseSrt, type ExportProject } from "./timeline.js";

export interface StoredClipInput {
  jobId: string;
  clipIndex: number;
  title: string | null;
  /** the version exported: "original" (the clips row, the default) or a re-render id (its rerenders row) */
  version?: string;
  /** the version's range in the source, seconds (clips.start_s, end_s; a trim's rerenders.start_s, end_s) */
  start: number;
  end: number;
  /** the version's stored timeline, parsed JSON (anything): a re-render's rerenders.timeline; absent for the original, whose is metadata.timeline */
  timeline?: unknown;
  /** clips.metadata, parsed JSON (anything): what the original's timeline is built from when it has none; null for a re-render */
  metadata: unknown;
  /** the clip's SRT, the cues its burned-in captions show; null when it has none */
  srt: string | null;
  /** how the project refers to the source (a URL or a relative file name), and the source's file name */
  sourceRef: string;
  sourceName: string;
}

/** layouts showing several crops at once: every one that frames people but the single tracked speaker */
const PANELS = new Set<string>(SUBJECT_LAYOUTS.filter((l) => l !== AUTO_LAYOUT));

/** The frame a 9:16 export is drawn in: Katto's 1080p clip (CLIP_FRAMES.hd); every shape's is its HD frame (clipFrame(aspect, "hd")). */
export const EXPORT_FRAME = TIMELINE_FRAME;

export type TimelineResult = { ok: true; project: ExportProject } | { ok: false; error: string };

/**
 * The version's timeline: the stored one when it has it (and it is for this range); an original
 * stored before timelines gets one built from its stored pieces. A re-render version is never built
 * from the clip's pieces (they are another file's).
 */
export function storedTimeline(c: Pick<StoredClipInput, "version" | "start" | "end" | "timeline" | "metadata" | "srt">): { ok: true; timeline: ClipTimeline } | { ok: false; error: string } {
  const version = c.version ?? ORIGINAL_VERSION;
  const stored = ClipTimelineSchema.safeParse(c.timeline !== undefined ? c.timeline : (c.metadata as { timeline?: unknown } | null)?.timeline);
  if (stored.success && Math.abs(stored.data.source.start - c.start) < 0.002 && Math.abs(stored.data.source.end - c.end) < 0.002) return { ok: true, timeline: stored.data };
  if (version !== ORIGINAL_VERSION) return { ok: false, error: `its version ${version} was rendered before versions kept their timeline; re-render the clip again, or export version ${ORIGINAL_VERSION}` };
  const parsed = StoredClipMetadataSchema.safeParse(c.metadata);
  if (!parsed.success) return { ok: false, error: `its stored editing metadata does not read (${parsed.error.issues[0]?.message ?? "invalid"})` };
  const m = parsed.data;
  const edits = ClipEditsSchema.safeParse(m.edits).data ?? noEdits();
  const style = TaskStyleSchema.safeParse(m.style ?? {}).data ?? {};
  const timeline = buildClipTimeline({
    range: { start: c.start, end: c.end },
    cuts: edits.cuts,
    sourceSize: m.source_size ?? null,
    content: m.content_rect ?? null,
    layout: typeof m.layout === "string" ? m.layout : FALLBACK_LAYOUT,
    cropWindow: m.crop_window ?? null,
    cropPath: m.crop_path ?? null,
    // older metadata has no zoom points: they zoom on the frame's centre
    zooms: edits.zooms,
    words: m.words ?? [],
    captions: c.srt ? parseSrt(c.srt) : null,
    wordsPerCaption: style.words_per_caption ?? 4,
    titleCard: edits.title_card,
    emphasis: edits.emphasis,
    emoji: edits.emoji,
    broll: edits.broll,
    fps: m.fps ?? "30",
    aspect: aspectOfMetadata(m),
  });
  return { ok: true, timeline };
}

export function timelineFromClip(c: StoredClipInput): TimelineResult {
  const built = storedTimeline(c);
  if (!built.ok) return { ok: false, error: `Clip ${c.clipIndex} cannot be exported: ${built.error}.` };
  const tl = built.timeline;
  const size = tl.source.size;
  if (!size) {
    return { ok: false, error: `Clip ${c.clipIndex} was rendered before Katto recorded the source's frame size, which a project needs to place the crop; create a new job from the same source to export its clips.` };
  }
  const name = `${c.title?.trim() || `Clip ${c.clipIndex}`} (Katto ${c.jobId.slice(0, 8)} #${c.clipIndex}${(c.version ?? ORIGINAL_VERSION) === ORIGINAL_VERSION ? "" : ` ${c.version}`})`;
  const note = !tl.crop && PANELS.has(tl.layout) ? `The clip's ${tl.layout} layout shows several crops of the source at once; the project shows the whole source frame on one track instead.` : null;
  return { ok: true, project: { name, sourceRef: c.sourceRef, sourceName: c.sourceName, sourceSize: size, note, timeline: { ...tl, frame: { ...clipFrame(tl.aspect, "hd") } } } };
}

/** A file name safe on every system: letters, digits, dot, dash, underscore; the extension kept. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(-100);
  return /[A-Za-z0-9]/.test(cleaned) ? cleaned : fallback;
}

/**
 * The name a job's source is saved under (and a project exported with source=file refers to):
 * an upload's own file name, a link's last path segment when it names a media file, else
 * katto-<job id>-source.mp4.
 */
export function sourceFileName(job: { id: string; source: string; sourceUrl: string; uploadFilename: string | null }): string {
  const fallback = `katto-${job.id}-source.mp4`;
  if (job.source === "upload") return job.uploadFilename ? safeFileName(job.uploadFilename, fallback) : fallback;
  try {
    const last = decodeURIComponent(new URL(job.sourceUrl).pathname.split("/").pop() ?? "");
    return /\.(mp4|m4v|mov|webm|mkv|avi|mpg|mpeg|ts)$/i.test(last) ? safeFileName(last, fallback) : fallback;
  } catch {
    return fallback;
  }
}
