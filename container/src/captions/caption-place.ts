// Pure: where a clip's captions go so they never cover a face (issue 41), in every shape and layout,
// as a clipper places them: a stacked panel layout's captions on the seam between its panels; a
// screen layout's on the screen, away from the camera; a single picture's at the style's position
// unless the face is under it over most of the clip, then in the nearest clear band. The faces are
// those the plan knows: the layout's cells and camera panel, the largest face per second
// (`face_boxes`), else the faces of the first seconds or the usual spot of one (title-place.ts
// faceRects). The captions never leave the safe band (styles.ts SAFE): where no band is clear they
// stay readable where they cover the faces least.
import { FACE_CAM_LAYOUT, isPanelLayout, SCREEN_LAYOUT, type RenderLayout } from "@katto/protocol";
import { defaultFaceCam, type Rect } from "../framing/panels.js";
import { screenCrops } from "../framing/screen-panels.js";
import { LINE_ADVANCE } from "./styled.js";
import { anchorFor, SAFE, type CaptionStyle } from "./styles.js";
import { faceRects, layoutCaptionY } from "./title-place.js";

/** A face the captions keep off: its canvas rectangle and the share of the clip it is there. */
export interface ClipFace {
  rect: Rect;
  share: number;
}

/** What a clip's layout and faces change of its caption style: the block's centre, its column, its line count. */
export interface CaptionPlace {
  anchorY?: number;
  /** the captions sit in a column beside the faces (a landscape cam layout): its centre and width, canvas px */
  column?: { x: number; width: number };
  /** fewer lines than the style's, so the block fits the clear band between two panels */
  maxLines?: number;
}

export interface CaptionPlaceInput {
  layout: RenderLayout;
  picture: { width: number; height: number };
  /** the largest face per second (source pixels inside the bars), null when not measured */
  faceBoxes?: readonly Rect[] | null;
  openingFaces: Rect | null;
  faceCam?: Rect | null;
  /** the caption style as resolved (its canvas, position, font size, outline, line count) */
  style: CaptionStyle;
  /** the clip style's caption_lines: a line count the creator chose, which placement never lowers */
  captionLines?: number;
  /** canvas rectangles the captions must not cover, whatever faces they then meet (the hook title card while it is up) */
  avoid?: readonly Rect[];
}

/** Room kept between the captions and a face (canvas px). */
const GAP = 12;
/** A face under the style's position for at most this share of the clip leaves the captions there. */
const MOSTLY = 0.5;
/** Covering a rectangle to avoid (the title card) weighs this many times a face all along. */
const AVOID = 100;
/** A column beside the faces holds the captions when at least this share of the safe width is left. */
const MIN_COLUMN = 0.45;
const STEP = 2;

/**
 * The faces of a clip on its caption canvas, each with its share of the clip. A panel layout's
 * cells (each panel centred on its person: its middle rows), a cam layout's camera (the face in a
 * vertical or square frame's camera panel, the whole panel when it is a column of a landscape
 * frame), a single picture's largest face of each second, else its opening or assumed face.
 */
export function clipFaces(i: CaptionPlaceInput): ClipFace[] {
  const canvas = i.style.canvas;
  const whole = (rects: Rect[]) => rects.map((rect) => ({ rect, share: 1 }));
  if (i.layout === SCREEN_LAYOUT) {
    const c = screenCrops(canvas.width, canvas.height, i.picture.width, i.picture.height, i.faceCam ?? defaultFaceCam(i.picture.width, i.picture.height));
    if (c.across) return whole([c.cam.cell]);
  }
  const boxes = i.faceBoxes ?? [];
  if (isPanelLayout(i.layout) || i.layout === FACE_CAM_LAYOUT || i.layout === SCREEN_LAYOUT || !boxes.length) return whole(faceRects(i.layout, i.picture, i.openingFaces, i.faceCam, canvas));
  return boxes.flatMap((b) => faceRects(i.layout, i.picture, b, i.faceCam, canvas).map((rect) => ({ rect, share: 1 / boxes.length })));
}

/** Half the height of a caption block of `lines` lines (its outline or box padding included). */
const halfBlock = (st: CaptionStyle, lines: number) => (lines * st.fontSize * LINE_ADVANCE) / 2 + st.outline;

/** A horizontal stretch of the canvas. */
interface Span {
  left: number;
  right: number;
}

/** The share of the clip a block centred at `y` meets a face over `span`, and how many face pixels of height it covers, weighted by share. */
function covers(y: number, half: number, faces: readonly ClipFace[], span: Span): { share: number; px: number } {
  let share = 0;
  let px = 0;
  for (const f of faces) {
    if (f.rect.x >= span.right || f.rect.x + f.rect.w <= span.left) continue;
    const shared = Math.min(y + half, f.rect.y + f.rect.h + GAP) - Math.max(y - half, f.rect.y - GAP);
    if (shared <= 0) continue;
    share += f.share;
    px += f.share * shared;
  }
  return { share, px };
}

/** The centres a block `half` high may take inside the safe band. */
function safeRange(st: CaptionStyle, half: number): { lo: number; hi: number } {
  return { lo: SAFE.top * st.canvas.height + half, hi: SAFE.bottom * st.canvas.height - half };
}

/**
 * The clear centre nearest `wanted`: in the clear run of centres nearest it, at `wanted` clamped into
 * the run, or at the run's middle when the run is shorter than the block (the gap between two
 * panels: the seam). Null when no centre is clear.
 */
function clearY(wanted: number, half: number, faces: readonly ClipFace[], span: Span, range: { lo: number; hi: number }): number | null {
  const runs: { lo: number; hi: number }[] = [];
  for (let y = range.lo; y <= range.hi; y += STEP) {
    if (covers(y, half, faces, span).share > 0) continue;
    const last = runs.at(-1);
    if (last && last.hi === y - STEP) last.hi = y;
    else runs.push({ lo: y, hi: y });
  }
  if (!runs.length) return null;
  const dist = (r: { lo: number; hi: number }) => Math.max(0, r.lo - wanted, wanted - r.hi);
  const run = runs.reduce((a, b) => (dist(b) < dist(a) ? b : a));
  return run.hi - run.lo < 2 * half ? (run.lo + run.hi) / 2 : Math.min(run.hi, Math.max(run.lo, wanted));
}

/** The centre inside the safe band where the block covers the least face, the nearest `wanted` among equals. */
function leastCovered(wanted: number, half: number, faces: readonly ClipFace[], span: Span, range: { lo: number; hi: number }): number {
  let best = { y: Math.min(range.hi, Math.max(range.lo, wanted)), px: Infinity };
  for (let y = range.lo; y <= range.hi; y += STEP) {
    const { px } = covers(y, half, faces, span);
    if (px < best.px - 1e-6 || (Math.abs(px - best.px) <= 1e-6 && Math.abs(y - wanted) < Math.abs(best.y - wanted))) best = { y, px };
  }
  return best.y;
}

/** The wider column of the safe width left or right of all the faces, when it keeps MIN_COLUMN of it; else null. */
function besideFaces(faces: readonly ClipFace[], st: CaptionStyle): Span | null {
  const safe = { left: SAFE.left, right: st.canvas.width - SAFE.right };
  const left = Math.min(...faces.map((f) => f.rect.x)) - GAP;
  const right = Math.max(...faces.map((f) => f.rect.x + f.rect.w)) + GAP;
  const columns = [
    { left: safe.left, right: Math.min(safe.right, left) },
    { left: Math.max(safe.left, right), right: safe.right },
  ];
  const wide = columns.reduce((a, b) => (b.right - b.left > a.right - a.left ? b : a));
  return wide.right - wide.left >= MIN_COLUMN * (safe.right - safe.left) ? wide : null;
}

/**
 * Where a clip's captions go (module comment). In order: the screen layout's place between the
 * screen and the camera on a vertical or square frame (title-place.ts layoutCaptionY); the style's
 * position when no face is under it over most of the clip; the clear band nearest it across the
 * frame; the same with one line where only a one-line block fits between two panels (unless the
 * creator set caption_lines); a column beside the faces (a landscape frame's camera panel); else,
 * across the frame, where the captions cover the faces least (they stay inside the safe band,
 * readable, and a face yields). `avoid` (the title card) is kept clear before any face.
 */
export function placeCaptions(i: CaptionPlaceInput): CaptionPlace {
  const st = i.style;
  const lines = i.captionLines ?? st.maxLines;
  const screenY = i.avoid?.length ? undefined : layoutCaptionY(i.layout, i.picture, i.faceCam, st.canvas, { lines, fontSize: st.fontSize, outline: st.outline });
  if (screenY !== undefined) return { anchorY: screenY };
  const faces = [...clipFaces(i), ...(i.avoid ?? []).map((rect) => ({ rect, share: AVOID }))];
  const wanted = anchorFor(st.position, st.canvas).y;
  const across = { left: SAFE.left, right: st.canvas.width - SAFE.right };
  const half = halfBlock(st, lines);
  if (!faces.length || covers(wanted, half, faces, across).share <= MOSTLY) return {};
  const clear = clearY(wanted, half, faces, across, safeRange(st, half));
  if (clear !== null) return { anchorY: Math.round(clear) };
  const one = i.captionLines === undefined && lines > 1 ? clearY(wanted, halfBlock(st, 1), faces, across, safeRange(st, halfBlock(st, 1))) : null;
  if (one !== null) return { anchorY: Math.round(one), maxLines: 1 };
  const column = besideFaces(faces, st);
  if (column) return { column: { x: Math.round((column.left + column.right) / 2), width: Math.round(column.right - column.left) } };
  return { anchorY: Math.round(leastCovered(wanted, half, faces, across, safeRange(st, half))) };
}
