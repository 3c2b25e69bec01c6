// A stored clip -> the ClipTimeline the project writers take (./timeline.ts). Pure: the caller
// reads the clip row, its SRT and the source's reference; this decides how each stored field maps.
import { AUTO_LAYOUT, CLIP_FRAMES, ClipEditsSchema, CROP_LAYOUTS, FALLBACK_LAYOUT, noEdits, StoredClipMetadataSchema, SUBJECT_LAYOUTS, TaskStyleSchema } from "@katto/protocol";
import { cuesFromWords, keptPieces, parseRate, parseSrt, type ClipTimeline, type Framing } from "./timeline.js";

export interface StoredClipInput {
  jobId: string;
  clipIndex: number;
  title: string | null;
  /** the clip's range in the source, seconds (clips.start_s, end_s) */
  start: number;
  end: number;
  /** clips.metadata, parsed JSON (anything) */
  metadata: unknown;
  /** the clip's SRT, the cues its burned-in captions show; null when it has none */
  srt: string | null;
  /** how the project refers to the source (a URL or a relative file name), and the source's file name */
  sourceRef: string;
  sourceName: string;
}

const CROPS = new Set<string>(CROP_LAYOUTS);
/** layouts showing several crops at once: every one that frames people but the single tracked speaker */
const PANELS = new Set<string>(SUBJECT_LAYOUTS.filter((l) => l !== AUTO_LAYOUT));

/** The frame every export is drawn in: Katto's 1080p clip. */
export const EXPORT_FRAME = CLIP_FRAMES.hd;

export type TimelineResult = { ok: true; timeline: ClipTimeline } | { ok: false; error: string };

export function timelineFromClip(c: StoredClipInput): TimelineResult {
  const parsed = StoredClipMetadataSchema.safeParse(c.metadata);
  if (!parsed.success) return { ok: false, error: `Clip ${c.clipIndex} cannot be exported: its stored editing metadata does not read (${parsed.error.issues[0]?.message ?? "invalid"}).` };
  const m = parsed.data;
  const size = m.source_size;
  if (!size) {
    return { ok: false, error: `Clip ${c.clipIndex} was rendered before Katto recorded the source's frame size, which a project needs to place the crop; create a new job from the same source to export its clips.` };
  }
  const content = m.content_rect ?? { x: 0, y: 0, w: size.width, h: size.height };
  const layout = typeof m.layout === "string" ? m.layout : FALLBACK_LAYOUT;
  let framing: Framing;
  if (CROPS.has(layout) && m.crop_window) {
    const win = m.crop_window;
    const maxX = Math.max(0, content.w - win.w);
    const path = (m.crop_path?.length ? m.crop_path : [{ t: 0, x: maxX / 2 }]).map((k) => ({ t: k.t, x: Math.min(maxX, Math.max(0, k.x)) }));
    framing = { kind: "crop", content, window: { w: win.w, h: win.h, y: win.y }, path };
  } else {
    framing = {
      kind: "fit",
      content,
      note: PANELS.has(layout) ? `The clip's ${layout} layout shows several crops of the source at once; the project shows the whole source frame on one track instead.` : null,
    };
  }
  const edits = ClipEditsSchema.safeParse(m.edits).data ?? noEdits();
  const style = TaskStyleSchema.safeParse(m.style ?? {}).data ?? {};
  const cues = c.srt ? parseSrt(c.srt) : cuesFromWords(m.words ?? [], style.words_per_caption ?? 4);
  const name = `${c.title?.trim() || `Clip ${c.clipIndex}`} (Katto ${c.jobId.slice(0, 8)} #${c.clipIndex})`;
  return {
    ok: true,
    timeline: {
      name,
      sourceRef: c.sourceRef,
      sourceName: c.sourceName,
      sourceSize: { width: size.width, height: size.height },
      frame: { ...EXPORT_FRAME },
      fps: parseRate(m.fps),
      start: c.start,
      end: c.end,
      pieces: keptPieces(c.start, c.end, edits.cuts),
      framing,
      captions: cues,
      zooms: edits.zooms,
      broll: edits.broll,
      titleCard: edits.title_card,
    },
  };
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
