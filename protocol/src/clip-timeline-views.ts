// Reading a clip timeline (./clip-timeline.ts), the maths every consumer of it needs once: source
// <-> clip time, the source seconds it plays, what covers its picture, the source rectangle the frame
// shows at a time and where the source sits in the frame, and the instants an editor keys it at.
import { clamp } from "./numbers.js";
import { type CropKey, type Span, isUncut, SPAN_END_KEY_S, toClipTime, toUncutTime, cropXAt, ZOOM_EASE_S, zoomAt, parseRate, toSeconds } from "./clip-time.js";
import type { ClipTimeline } from "./clip-timeline.js";

/** The kept pieces as uncut spans (seconds from the range start). */
export const timelineSpans = (tl: Pick<ClipTimeline, "source" | "pieces">): Span[] => tl.pieces.map((p) => ({ start: p.source_start - tl.source.start, end: p.source_end - tl.source.start }));

/**
 * The crop path (clip seconds) on the uncut range (seconds from source.start), the inverse of the
 * builder's mapping (clip-time.ts mapPath), so that mapped through the same cuts it gives the
 * timeline's path back: each keyframe moved by its piece's offset, and the one a piece ends on
 * (keyed SPAN_END_KEY_S before the join) put on the piece's end. Over what the cuts took out, the
 * path moves straight from one kept edge to the next. [] when the timeline crops nothing.
 */
export const uncutCropPath = (tl: Pick<ClipTimeline, "source" | "pieces" | "crop">): CropKey[] => uncutPath(tl, tl.crop?.path ?? []);

/** A panel of a multi-panel layout with its path on the uncut range (seconds from source.start), as the renderer takes it. */
export interface UncutPanel {
  x: number;
  y: number;
  w?: number;
  path?: CropKey[];
}

/**
 * The panels of a multi-panel layout (clip seconds) with their paths on the uncut range, mapped
 * back exactly as the crop path is (uncutCropPath); null when the timeline has no panels.
 */
export function uncutPanels(tl: Pick<ClipTimeline, "source" | "pieces" | "panels">): UncutPanel[] | null {
  if (!tl.panels) return null;
  return tl.panels.map((p) => ({ x: p.x, y: p.y, ...(p.w !== null ? { w: p.w } : {}), ...(p.path.length ? { path: uncutPath(tl, p.path) } : {}) }));
}

/** A path of keyframes (clip seconds) on the uncut range: the inverse of the builder's mapping (clip-time.ts mapPath). */
export function uncutPath(tl: Pick<ClipTimeline, "source" | "pieces">, path: readonly CropKey[]): CropKey[] {
  const spans = timelineSpans(tl);
  if (!path.length || !spans.length) return path.map((k) => ({ t: k.t, x: k.x }));
  const cut = !isUncut(spans, tl.source.end - tl.source.start);
  const pieceOf = (t: number) => Math.max(0, tl.pieces.findLastIndex((p) => p.clip_start <= t + 1e-9));
  return path.map((k, i) => {
    const at = pieceOf(k.t);
    const piece = tl.pieces[at]!;
    const span = spans[at]!;
    const next = path[i + 1];
    // the builder's round3 leaves the piece's last key 1.5-2.5 ms before its end
    const endsPiece = cut && (!next || pieceOf(next.t) !== at) && piece.clip_end - k.t <= SPAN_END_KEY_S + 5e-4 + 1e-9;
    return { t: endsPiece ? span.end : span.start + (k.t - piece.clip_start), x: k.x };
  });
}

/** The picture inside the source's bars when it has bars; null when it is the whole frame (or the size is unknown and it says nothing). */
export function framedContent(tl: Pick<ClipTimeline, "source">): Rect | null {
  const { content, size } = tl.source;
  const whole = size ? content.x === 0 && content.y === 0 && content.w === size.width && content.h === size.height : content.w <= 1 && content.h <= 1;
  return whole ? null : { ...content };
}

/** Where clip time `c` comes from in the source, seconds. */
export const sourceTimeAt = (tl: Pick<ClipTimeline, "source" | "pieces">, c: number) => tl.source.start + toUncutTime(timelineSpans(tl), c);

/** The source seconds the clip plays, from its first kept second to its last (a cut at either edge taken off): where its sentence edges are. */
export function keptSourceRange(tl: Pick<ClipTimeline, "source" | "pieces">): { start: number; end: number } {
  const first = tl.pieces[0];
  const last = tl.pieces[tl.pieces.length - 1];
  return first && last ? { start: first.source_start, end: last.source_end } : { start: tl.source.start, end: tl.source.end };
}

/** The stretches (clip seconds) where something covers the source's picture: the B-roll cutaways and the title card. */
export function coveredSpans(tl: Pick<ClipTimeline, "overlays">): { start: number; end: number }[] {
  const card = tl.overlays.title_card;
  return [...tl.overlays.broll.map((b) => ({ start: b.start, end: b.end })), ...(card ? [{ start: card.start, end: card.end }] : [])];
}

/** Where source second `s` plays on the clip's timeline (a cut-out time lands where its cut was joined). */
export const clipTimeAt = (tl: Pick<ClipTimeline, "source" | "pieces">, s: number) => toClipTime(timelineSpans(tl), s - tl.source.start);

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The rectangle of the source frame (source pixels) that the output frame shows at clip time c:
 * the crop window at its place on the path, or, for the other layouts, the picture inside the bars
 * fitted into the frame (the rectangle is then larger than the picture, the rest black); a zoom
 * narrows it about its point as the render's zoompan does (the window clamped inside the frame).
 */
export function viewAt(tl: Pick<ClipTimeline, "source" | "crop" | "zooms" | "frame">, c: number): Rect {
  const { width: W, height: H } = tl.frame;
  const content = tl.source.content;
  let v: Rect;
  if (tl.crop) {
    const win = tl.crop.window;
    v = { x: content.x + cropXAt(tl.crop.path, c), y: content.y + win.y, w: win.w, h: win.h };
  } else {
    const s = Math.min(W / content.w, H / content.h);
    const w = W / s;
    const h = H / s;
    v = { x: content.x + (content.w - w) / 2, y: content.y + (content.h - h) / 2, w, h };
  }
  const z = zoomAt(tl.zooms, c);
  if (z.scale === 1) return v;
  // zoompan: the window's top-left corner, fractions of the frame, clamped so it stays inside
  const fw = 1 / z.scale;
  const left = clamp(z.x - fw / 2, 0, 1 - fw);
  const top = clamp(z.y - fw / 2, 0, 1 - fw);
  return { x: v.x + left * v.w, y: v.y + top * v.h, w: v.w * fw, h: v.h * fw };
}

/**
 * Where the whole source frame sits in the output frame at clip time c (output pixels): the
 * rectangle an editor's transform draws the source into so that viewAt(c) fills the frame. Its two
 * scales differ slightly when the view is not exactly 9:16 (a crop window's width is rounded to
 * even pixels), as the render's scale to the frame does.
 */
export function sourcePlacement(tl: Pick<ClipTimeline, "source" | "crop" | "zooms" | "frame">, c: number): Rect {
  const v = viewAt(tl, c);
  const size = tl.source.size ?? { width: tl.source.content.w, height: tl.source.content.h };
  const sx = tl.frame.width / v.w;
  const sy = tl.frame.height / v.h;
  return { x: -v.x * sx, y: -v.y * sy, w: size.width * sx, h: size.height * sy };
}

/**
 * The instants (clip seconds, within [from, to]) where an editor's linear keyframes must be set so
 * that at every frame they give the placement exactly: frames are at `origin` + k / fps (the
 * piece's first frame). Both ends; the frames either side of every crop keyframe (a keyframe
 * between two frames, keyed on one of them only, would bend the path there); and every frame of
 * each zoom's eases (a smoothstep is not linear) and its held part's edges.
 */
export function placementTimes(tl: Pick<ClipTimeline, "crop" | "zooms" | "fps">, from: number, to: number, origin = from): number[] {
  const fps = parseRate(tl.fps);
  const frame = toSeconds(1, fps);
  const down = (t: number) => origin + Math.floor((t - origin) / frame + 1e-6) * frame;
  const ts = [from, to];
  const around = (t: number) => {
    const d = down(t);
    ts.push(d, d + frame);
  };
  if (tl.crop) for (const k of tl.crop.path) around(k.t);
  for (const z of tl.zooms) {
    const e = Math.min(ZOOM_EASE_S, (z.end - z.start) / 2);
    for (const [a, b] of [[z.start, z.start + e], [z.end - e, z.end]] as const) {
      for (let t = down(a); t <= b + frame; t += frame) ts.push(t);
    }
  }
  const inside = ts.filter((t) => t >= from - 1e-9 && t <= to + 1e-9).map((t) => Math.min(to, Math.max(from, t)));
  return [...new Set(inside.map((t) => Number(t.toFixed(6))))].sort((a, b) => a - b);
}
