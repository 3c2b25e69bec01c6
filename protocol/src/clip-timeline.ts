// One model of a clip (issue 33, STYLE.md "One model of a clip"): the clip timeline. A clip is a
// range of its source; cuts take pieces out of that range and what is left plays back to back (the
// clip's own timeline, "clip time"); a crop window (or the whole picture) frames the source, moving
// along a path of keyframes; zooms punch in on a point with eased edges; words, caption pages, the
// title card, key words, emoji and B-roll cutaways sit on clip time. Pure: the render backend builds
// the value for every clip version it renders and stores it with the clip's metadata; the Worker
// shows it (GET /jobs/{id}) and turns it into editor projects (src/services/export); and the maths
// every consumer needs to read it (source <-> clip time, the crop's x and the zoom at a time, the
// source rectangle the frame shows) live once, in ./clip-timeline-views.ts.
//
// Times: "uncut" times are seconds from the clip's source start (what the crop path and the words
// are measured in before cuts); "clip" times are seconds on the clip's own timeline after the cuts.
import { z } from "zod";
import { clamp, round3, round4 } from "./numbers.js";
import { ASPECTS, CLIP_FRAMES, clipFrame, DEFAULT_ASPECT, isCamLayout, isCropLayout, isPanelLayout, type Aspect } from "./vocabularies.js";
import { keptSpans, keptDuration, mapWords, isUncut, mapPath, type CropKey, type Span, cropXAt, ZOOM_EASE_S } from "./clip-time.js";

// ---------------------------------------------------------------------------------------------
// The value

const Num = z.number().finite();
const Seconds = Num.min(0);
const RectShape = z.object({ x: Num, y: Num, w: Num.positive(), h: Num.positive() });
const Size = z.object({ width: z.int().positive(), height: z.int().positive() });
const Text = z.object({ text: z.string(), start: Seconds, end: Seconds });

export const CLIP_TIMELINE_VERSION = 1;

export const ClipTimelineSchema = z
  .object({
    version: z.literal(CLIP_TIMELINE_VERSION),
    source: z
      .object({
        start: Seconds.meta({ description: "Where the clip's range starts in the source, seconds." }),
        end: Seconds.meta({ description: "Where it ends, seconds." }),
        size: Size.nullable().meta({ description: "The source's displayed frame size (after rotation), pixels; null for clips rendered before Katto recorded it." }),
        content: RectShape.meta({ description: "The picture inside the source's own black bars (the bars crop), source pixels; the whole frame when it has none. Crop windows are in this rectangle's pixels." }),
      })
      .meta({ description: "The source range the clip is cut from, and the part of the source frame it frames." }),
    pieces: z
      .array(z.object({ source_start: Seconds, source_end: Seconds, clip_start: Seconds, clip_end: Seconds }))
      .meta({ description: "What is kept of the range, in order: each piece's source seconds and where it plays on the clip's own timeline (clip seconds). One piece when nothing was cut." }),
    cuts: z
      .array(z.object({ source_start: Seconds, source_end: Seconds, reason: z.string() }))
      .meta({ description: "The jump cuts taken out of the range (source seconds) and why (silence, filler, trim)." }),
    duration: Seconds.meta({ description: "The clip's length once cut, seconds." }),
    fps: z.string().regex(/^\d+(\.\d+)?(\/\d+)?$/).meta({ description: 'The output frame rate: "30", "30000/1001".' }),
    frame: Size.meta({ description: "The output frame every position below is described in: the HD clip's frame of its `aspect` (1080x1920 for 9:16)." }),
    aspect: z.enum(ASPECTS).default(DEFAULT_ASPECT).meta({ description: "The clip's shape, width:height (9:16, 1:1, 4:5 or 16:9): `frame` is its HD frame; 9:16 for timelines written before shapes." }),
    layout: z.string().meta({ description: "How the frame is composed: center_crop and face_tracking crop a window along `crop.path`; the others show the whole picture or several panels of it." }),
    crop: z
      .object({
        window: z.object({ w: Num.positive(), h: Num.positive(), y: Num }).meta({ description: "The crop window's size and top edge, pixels of source.content." }),
        path: z.array(z.object({ t: Seconds, x: Num })).meta({ description: "Keyframes of the window's left edge: t clip seconds, x pixels of source.content; linear between keyframes, held before the first and after the last." }),
      })
      .nullable()
      .meta({ description: "The moving window (of the frame's shape) of a cropping layout; null for a layout that shows the whole picture or panels." }),
    panels: z
      .array(
        z.object({
          x: Num.meta({ description: "Where the panel looks across while it does not move (`path` empty): its window's centre, pixels of source.content." }),
          y: Num.meta({ description: "The height its window is centred on, pixels of source.content." }),
          w: Num.positive().nullable().meta({ description: "Its window's width, pixels of source.content; null: the picture's width shared among the panels (at most its height times the cell's shape)." }),
          path: z.array(z.object({ t: Seconds, x: Num })).meta({ description: "Keyframes of the window's centre: t clip seconds, x pixels of source.content, mapped through the cuts like `crop.path`; [] when the panel stays at `x`." }),
        }),
      )
      .nullable()
      .optional()
      .meta({
        description:
          "Where each panel of a multi-panel layout (split_screen, grid_3, grid_4) looks, in the order its cells fill the frame (rows top to bottom, left to right; a landscape frame puts a split screen's or grid_3's panels side by side). Each window has its cell's shape and is kept inside the picture. null (or absent) for other layouts, and for a panel layout framed on evenly spaced people (a third, a quarter of the width apart, at 40% of the height).",
      }),
    face_cam: RectShape.nullable()
      .optional()
      .meta({ description: "The face camera's rectangle, pixels of source.content, of a layout built around one (stacked: the face cam above the gameplay; screen: the screen recording beside its camera). null (or absent) for other layouts, and when the camera was not found (the picture's top-right third)." }),
    zooms: z
      .array(z.object({ start: Seconds, end: Seconds, scale: Num.positive(), x: Num, y: Num }))
      .meta({ description: `Punch-in zooms, clip seconds: full at \`scale\` between smoothstep eases of ${ZOOM_EASE_S} s (at most half the zoom) at each end, centred on the point x, y (fractions of the output frame, the face's centre) and kept inside the frame.` }),
    words: z.array(z.object({ word: z.string(), start: Seconds, end: Seconds })).meta({ description: "The words spoken, clip seconds (cut words left out)." }),
    captions: z.array(Text).meta({ description: "The caption pages as the clip shows them and its SRT holds them, cue for cue (translated when style.caption_language is set), a page's lines joined by a line break, clip seconds; the SRT's cues when the clip burns no captions (caption_style none)." }),
    overlays: z
      .object({
        title_card: Text.nullable().meta({ description: "The hook title card, clip seconds; null when none." }),
        emphasis: z.array(z.object({ word: z.string(), start: Seconds, end: Seconds })).meta({ description: "Key words drawn larger in the accent colour, clip seconds." }),
        emoji: z.array(z.object({ word: z.string(), emoji: z.string(), start: Seconds, end: Seconds })).meta({ description: "Emoji drawn above a caption's key word, clip seconds." }),
        broll: z.array(z.object({ asset: z.string(), start: Seconds, end: Seconds })).meta({ description: "B-roll cutaways over the whole frame, clip seconds; `asset` the B-roll asset's id." }),
      })
      .meta({ description: "What is drawn over the picture, clip seconds." }),
  })
  .meta({
    description:
      "The clip as one value (docs/api-decisions.md \"The clip timeline\"): its source range and what was kept of it, the framing as keyframes, the zooms, the words and caption pages, and everything drawn over it, all on the clip's own timeline. Katto's render, its quality measures and its editor exports all read this one value.",
  });
export type ClipTimeline = z.output<typeof ClipTimelineSchema>;

/** What the builder takes: the pieces a render already has (the plan, its edits, the stored metadata). */
export interface ClipTimelineInput {
  /** the clip's source range, seconds */
  range: { start: number; end: number };
  /** jump cuts, source seconds (edits.cuts) */
  cuts: readonly { source_start: number; source_end: number; reason: string }[];
  /** the source's displayed size; null when unknown */
  sourceSize: { width: number; height: number } | null;
  /** the picture inside the bars (source pixels); null without bars */
  content: { x: number; y: number; w: number; h: number } | null;
  layout: string;
  /** the crop window of a cropping layout (content pixels); null for the others */
  cropWindow: { w: number; h: number; y: number } | null;
  /** its left edge over the uncut clip (seconds from the range start, content pixels); a centred window when null or empty */
  cropPath: readonly CropKey[] | null;
  /** where each panel of a panel layout looks (content pixels; `path`, the window's centre, over the uncut clip); null: evenly spaced people. Kept for panel layouts only */
  panels?: readonly { x: number; y: number; w?: number; path?: readonly CropKey[] }[] | null;
  /** the face camera's rectangle (content pixels) of a cam layout; null when not found. Kept for cam layouts only */
  faceCam?: { x: number; y: number; w: number; h: number } | null;
  /** zooms, clip seconds; a zoom without its point (older metadata) zooms on the frame's centre */
  zooms: readonly { start: number; end: number; scale: number; x?: number; y?: number }[];
  /** the words, uncut clip seconds (as the clip's metadata stores them) */
  words: readonly { word: string; start: number; end: number }[];
  /** the caption pages as drawn (clip seconds), or null to group `words` by `wordsPerCaption` */
  captions: readonly { text: string; start: number; end: number }[] | null;
  wordsPerCaption?: number;
  /** overlays, clip seconds (edits.title_card, edits.emphasis, edits.emoji, edits.broll) */
  titleCard: { text: string; start: number; end: number } | null;
  emphasis?: readonly { word: string; start: number; end: number }[];
  emoji?: readonly { word: string; emoji: string; start: number; end: number }[];
  broll?: readonly { asset: string; start: number; end: number }[];
  /** the output frame rate ("30", "30000/1001") */
  fps: string;
  /** the clip's shape (issue 37), as its task carries it */
  aspect: Aspect;
  /** the frame positions are described in; the HD frame of `aspect` when absent */
  frame?: { width: number; height: number };
}

/** The frame a 9:16 timeline is described in: Katto's HD clip (every shape's: clipFrame(aspect, "hd")). */
export const TIMELINE_FRAME = CLIP_FRAMES.hd;


/** Words (clip seconds) grouped into pages of at most `perPage` words, broken at pauses over 0.6 s. */
export function captionPages(words: readonly { word: string; start: number; end: number }[], perPage = 4): { text: string; start: number; end: number }[] {
  const pages: { text: string; start: number; end: number }[] = [];
  let cur: { word: string; start: number; end: number }[] = [];
  const flush = () => {
    if (cur.length) pages.push({ start: cur[0]!.start, end: cur[cur.length - 1]!.end, text: cur.map((w) => w.word).join(" ") });
    cur = [];
  };
  for (const w of words) {
    const last = cur[cur.length - 1];
    if (cur.length >= perPage || (last && w.start - last.end > 0.6)) flush();
    cur.push(w);
  }
  flush();
  return pages;
}

/** SRT text -> caption pages (seconds; tags stripped); malformed blocks are skipped. */
export function parseSrt(text: string): { text: string; start: number; end: number }[] {
  const time = (s: string) => {
    const m = /(\d+):(\d{2}):(\d{2})[,.](\d{1,3})/.exec(s);
    return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]!.padEnd(3, "0")) / 1000 : NaN;
  };
  const cues: { text: string; start: number; end: number }[] = [];
  for (const block of text.replace(/\r/g, "").split(/\n\s*\n/)) {
    const lines = block.split("\n").filter((l) => l.trim() !== "");
    const at = lines.findIndex((l) => l.includes("-->"));
    if (at < 0) continue;
    const [a, b] = lines[at]!.split("-->");
    const start = time(a!);
    const end = time(b!);
    const body = lines.slice(at + 1).join("\n").replace(/<[^>]+>/g, "").trim();
    if (Number.isFinite(start) && Number.isFinite(end) && end > start && body) cues.push({ start, end, text: body });
  }
  return cues;
}

/**
 * A path of keyframes over the uncut clip (seconds from the range start) on the clip's timeline, as
 * the render keeps it: its value at each kept span's edges and its keyframes inside spans.
 */
function clipPath(keys: readonly CropKey[], spans: readonly Span[], rangeS: number): CropKey[] {
  // whole pixels before the mapping too, as the render rounds its keys before it maps them through the cuts
  const given = keys.map((k) => ({ t: k.t, x: Math.round(k.x) }));
  const mapped = isUncut(spans, rangeS) ? given : mapPath(given, spans, (t) => cropXAt(given, t));
  const path: CropKey[] = [];
  for (const k of mapped) {
    // at the render's own precision (container/src/framing/crop-path.ts: whole pixels, keys to
    // 0.1 ms in its ffmpeg expressions): the render drawn from this path crops, frame for frame,
    // where the plan's own path had it crop (issue 41)
    const key = { t: round4(Math.max(0, k.t)), x: Math.round(k.x) };
    const prev = path[path.length - 1];
    if (prev && key.t <= prev.t) {
      if (key.t === prev.t) prev.x = key.x; // the same instant: the later one wins
      continue;
    }
    path.push(key);
  }
  return path;
}

/** The one builder: a clip's timeline from its range, cuts, words, layout, crop path, zooms and overlays. */
export function buildClipTimeline(i: ClipTimelineInput): ClipTimeline {
  const rangeS = Math.max(0, i.range.end - i.range.start);
  const spans = keptSpans(
    rangeS,
    i.cuts.map((c) => ({ start: c.source_start - i.range.start, end: c.source_end - i.range.start })),
  );
  const duration = keptDuration(spans);
  const frame = i.frame ?? clipFrame(i.aspect, "hd");
  const aspect = i.aspect;
  const size = i.sourceSize ? { width: i.sourceSize.width, height: i.sourceSize.height } : null;
  const content = i.content ?? (size ? { x: 0, y: 0, w: size.width, h: size.height } : { x: 0, y: 0, w: 1, h: 1 });
  let crop: ClipTimeline["crop"] = null;
  if (isCropLayout(i.layout) && i.cropWindow) {
    const win = i.cropWindow;
    const maxX = Math.max(0, content.w - win.w);
    const given = (i.cropPath?.length ? i.cropPath : [{ t: 0, x: maxX / 2 }]).map((k) => ({ t: k.t, x: clamp(k.x, 0, maxX) }));
    crop = { window: { w: win.w, h: win.h, y: win.y }, path: clipPath(given, spans, rangeS) };
  }
  const panels = isPanelLayout(i.layout) && i.panels?.length ? i.panels.map((p) => ({ x: p.x, y: p.y, w: p.w && p.w > 0 ? p.w : null, path: p.path?.length ? clipPath(p.path, spans, rangeS) : [] })) : null;
  const faceCam = isCamLayout(i.layout) && i.faceCam ? { x: i.faceCam.x, y: i.faceCam.y, w: i.faceCam.w, h: i.faceCam.h } : null;
  let at = 0;
  const pieces = spans.map((s) => {
    const p = { source_start: round3(i.range.start + s.start), source_end: round3(i.range.start + s.end), clip_start: round3(at), clip_end: round3(at + s.end - s.start) };
    at += s.end - s.start;
    return p;
  });
  const words = mapWords(i.words, spans).map((w) => ({ word: w.word, start: round3(w.start), end: round3(w.end) }));
  const captions = (i.captions ?? captionPages(words, i.wordsPerCaption ?? 4)).map((c) => ({ text: c.text, start: round3(c.start), end: round3(c.end) }));
  return {
    version: CLIP_TIMELINE_VERSION,
    source: { start: round3(i.range.start), end: round3(i.range.end), size, content: { ...content } },
    pieces,
    cuts: i.cuts.map((c) => ({ source_start: round3(c.source_start), source_end: round3(c.source_end), reason: c.reason })),
    duration: round3(duration),
    fps: i.fps,
    frame: { ...frame },
    aspect,
    layout: i.layout,
    crop,
    panels,
    face_cam: faceCam,
    zooms: i.zooms.map((z) => ({ start: round3(z.start), end: round3(z.end), scale: z.scale, x: z.x ?? 0.5, y: z.y ?? 0.5 })),
    words,
    captions,
    overlays: {
      title_card: i.titleCard ? { text: i.titleCard.text, start: round3(i.titleCard.start), end: round3(i.titleCard.end) } : null,
      emphasis: (i.emphasis ?? []).map((e) => ({ word: e.word, start: e.start, end: e.end })),
      emoji: (i.emoji ?? []).map((e) => ({ word: e.word, emoji: e.emoji, start: e.start, end: e.end })),
      broll: (i.broll ?? []).map((b) => ({ asset: b.asset, start: b.start, end: b.end })),
    },
  };
}
