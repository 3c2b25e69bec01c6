// Pure: where a hook title goes so it never covers a face (issue 26 `hook_title`). Faces seen over
// the clip's first seconds (source pixels inside the bars, recorded on the first render as the
// clip's `opening_faces`) are mapped into the caption canvas (the HD frame of the clip's shape) through the clip's layout;
// the title takes the highest spot of the frame that meets no face and no caption.
import { FACE_CAM_LAYOUT, HOOK_TITLE_S, SCREEN_LAYOUT, isCropLayout, isPanelLayout, type RenderLayout } from "@katto/protocol";
import { cropWindow } from "../framing/crop-path.js";
import { defaultFaceCam, panelCells, stackedCrops, type Rect } from "../framing/panels.js";
import { screenCrops, screenFaceBox } from "../framing/screen-panels.js";
import { SAFE, type Canvas, type CaptionStyle } from "./styles.js";
import { LINE_ADVANCE } from "./styled.js";
import { titleHeight, titleLook, titleWidth, TITLE_PAD, TITLE_SIZES, type TitleLook } from "./title-card.js";

/** A horizontal band of the canvas, pixels from the top. */
export interface Band {
  top: number;
  bottom: number;
}

/**
 * Where a talking head's face usually is when none was measured (a fixed layout skips face
 * analysis): the upper middle of the picture, as shares of its height and width.
 */
const ASSUMED_FACE = { top: 0.1, bottom: 0.6, left: 0.3, right: 0.7 };

/**
 * The canvas rectangles faces cover, for a layout over a picture of `frame` size. `faces` is their
 * union over the title's time; null when not measured, then the usual spot of a face is assumed.
 * Panel layouts centre each panel on its person, so the middle rows of every cell are avoided.
 */
export function faceRects(layout: RenderLayout, frame: { width: number; height: number }, faces: Rect | null, faceCam: Rect | null | undefined, canvas: Canvas): Rect[] {
  const { width: W, height: H } = canvas;
  if (isPanelLayout(layout)) return panelCells(layout, W, H).map((c) => ({ x: c.x, y: c.y + c.h * 0.2, w: c.w, h: c.h * 0.6 }));
  if (layout === SCREEN_LAYOUT) {
    const cam = faceCam ?? defaultFaceCam(frame.width, frame.height);
    return [screenFaceBox(screenCrops(W, H, frame.width, frame.height, cam), cam)];
  }
  if (layout === FACE_CAM_LAYOUT) return [stackedCrops(W, H, frame.width, frame.height, faceCam ?? undefined).cam.cell];
  const face = faces ?? assumedFace(frame);
  if (isCropLayout(layout)) return [croppedFace(layout, frame, face, canvas)];
  // wide and passthrough both fit the picture whole and centre it (wide over a blurred fill of itself)
  const k = Math.min(W / frame.width, H / frame.height);
  return [{ x: (W - frame.width * k) / 2 + face.x * k, y: (H - frame.height * k) / 2 + face.y * k, w: face.w * k, h: face.h * k }];
}

const assumedFace = (frame: { width: number; height: number }): Rect => ({ x: ASSUMED_FACE.left * frame.width, y: ASSUMED_FACE.top * frame.height, w: (ASSUMED_FACE.right - ASSUMED_FACE.left) * frame.width, h: (ASSUMED_FACE.bottom - ASSUMED_FACE.top) * frame.height });

/** A face through a crop window: the centre one (center_crop), or one that follows the face, which it keeps in the middle (face_tracking). */
function croppedFace(layout: RenderLayout, frame: { width: number; height: number }, face: Rect, canvas: Canvas): Rect {
  const win = cropWindow(frame.width, frame.height, canvas.width / canvas.height);
  const k = canvas.height / win.h;
  const x = layout === "center_crop" ? (face.x - win.maxX / 2) * k : canvas.width / 2 - (face.w * k) / 2;
  return { x, y: (face.y - win.y) * k, w: face.w * k, h: face.h * k };
}

/** The bands of the canvas faceRects covers, top to bottom of each. */
export function faceBands(layout: RenderLayout, frame: { width: number; height: number }, faces: Rect | null, faceCam: Rect | null | undefined, canvas: Canvas): Band[] {
  return faceRects(layout, frame, faces, faceCam, canvas).map((r) => ({ top: r.y, bottom: r.y + r.h }));
}

/**
 * Where the screen layout puts the captions (the centre of their block, canvas y): on a vertical or
 * square frame, just under the screen, at the top of the camera panel, whose face sits low
 * (framing/screen-panels.ts), so they cover neither the screen's text nor the face; when the
 * camera panel is too short for that (1:1, 4:5), just above the face, over the screen's bottom
 * edge: the face is never covered. Kept inside the safe band. Undefined for the other layouts and
 * for a landscape frame (the style's position).
 */
export function layoutCaptionY(layout: RenderLayout, frame: { width: number; height: number }, faceCam: Rect | null | undefined, canvas: Canvas, block: { lines: number; fontSize: number; outline: number }): number | undefined {
  if (layout !== SCREEN_LAYOUT) return undefined;
  const cam = faceCam ?? defaultFaceCam(frame.width, frame.height);
  const c = screenCrops(canvas.width, canvas.height, frame.width, frame.height, cam);
  if (c.across) return undefined;
  const half = (block.lines * block.fontSize * LINE_ADVANCE) / 2 + block.outline;
  const faceTop = screenFaceBox(c, cam).y;
  const y = Math.min(c.cam.cell.y + half + CAPTION_GAP, faceTop - half - CAPTION_GAP);
  return Math.min(SAFE.bottom * canvas.height - half, Math.max(SAFE.top * canvas.height + half, y));
}

/** Room between the screen panel and the captions under it (canvas px). */
const CAPTION_GAP = 12;

/**
 * The union of the faces sampled over a clip's first seconds (the title's time, and a little
 * after), source pixels; null when none was seen. Samples without a time count.
 */
export function openingFaces(samples: readonly { t?: number; faces: readonly Rect[] }[], clipStart: number): Rect | null {
  const faces = samples.filter((s) => s.t === undefined || (s.t >= clipStart - 0.5 && s.t <= clipStart + HOOK_TITLE_S + 0.5)).flatMap((s) => s.faces);
  if (!faces.length) return null;
  const x = Math.min(...faces.map((f) => f.x));
  const y = Math.min(...faces.map((f) => f.y));
  return { x, y, w: Math.max(...faces.map((f) => f.x + f.w)) - x, h: Math.max(...faces.map((f) => f.y + f.h)) - y };
}

const overlap = (a: Band, b: Band) => Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** Kept clear of the apps' status bar at the top and their caption and buttons at the bottom. */
const MARGIN = { top: 0.06, bottom: 0.9 };
const GAP = 24;

/** An overlap of a band the title must keep clear of (the captions) costs this many times a face's. */
const CLEAR_WEIGHT = 1000;

/** The bands of the faces a box spanning `span` across meets, each widened across by the gap. */
const facesAcross = (faces: readonly Rect[], span: { left: number; right: number }): Band[] =>
  faces.filter((f) => f.x - GAP < span.right && f.x + f.w + GAP > span.left).map((f) => ({ top: f.y, bottom: f.y + f.h }));

/**
 * The vertical centre of a title block `height` tall: the highest place inside the margins that
 * overlaps none of `avoid` (faces) and none of `clear` (the captions), each widened by a small gap;
 * where every place overlaps, the one that overlaps least, a caption's overlap outweighing any face's.
 */
function scanY(height: number, avoid: readonly Band[], canvasH: number, clear: readonly Band[]): { y: number; cost: number } {
  const lo = MARGIN.top * canvasH + height / 2;
  const hi = MARGIN.bottom * canvasH - height / 2;
  let best = { y: lo, cost: Infinity };
  const covers = (box: Band, bands: readonly Band[]) => bands.reduce((s, b) => s + overlap(box, { top: b.top - GAP, bottom: b.bottom + GAP }), 0);
  for (let y = lo; y <= hi; y += 4) {
    const box = { top: y - height / 2, bottom: y + height / 2 };
    const cost = covers(box, avoid) + CLEAR_WEIGHT * covers(box, clear);
    if (cost < best.cost) best = { y, cost };
    if (cost === 0) break;
  }
  return { y: Math.round(best.y), cost: best.cost };
}

/** The vertical centre of a title block `height` tall spanning the frame across (a cover's title, off its face): scanY's. */
export function placeTitle(height: number, avoid: readonly Band[], canvasH: number, clear: readonly Band[]): number {
  return scanY(height, avoid, canvasH, clear).y;
}

/** Where the title card is drawn: its centre on the caption canvas, and its lines as wrapped for that place. */
export interface TitleSpot {
  x: number;
  y: number;
  look: TitleLook;
}

/**
 * Where the hook title card goes, so that it, the captions (`clear`) and the faces (canvas rects,
 * faceRects) never cover each other (issue 41: on a 16:9 talking head the card sat on the face).
 * At its largest size first, then smaller:
 * 1. centred across the frame, at the highest place clear of the faces it meets and of the captions;
 * 2. else beside the faces (a landscape frame's talking head leaves room at its sides): in the wider
 *    column left or right of them that holds the whole title wrapped to it, at its highest place
 *    clear of the captions.
 * Where no size has such a place: centred, at the size and height where it covers least, a caption's
 * overlap outweighing any face's: the captions win, the title never covers them, and it covers part
 * of a face only when no place above, below or beside it is clear at any size.
 */
export function placeTitleCard(text: string, st: CaptionStyle, faces: readonly Rect[], clear: readonly Band[]): TitleSpot {
  for (const size of TITLE_SIZES) {
    const spot = centred(titleLook(text, st, size), faces, clear);
    if (spot.cost === 0) return spot;
    const beside = besideFaces(text, st, faces, clear, size);
    if (beside) return beside;
  }
  const fallbacks = TITLE_SIZES.map((size) => centred(titleLook(text, st, size), faces, clear));
  return fallbacks.reduce((best, f) => (f.cost < best.cost ? f : best));
}

/** The title centred across the frame at its best height (scanY), and what it covers there. */
function centred(look: TitleLook, faces: readonly Rect[], clear: readonly Band[]): TitleSpot & { cost: number } {
  const x = look.canvas.width / 2;
  const half = titleWidth(look) / 2;
  const at = scanY(titleHeight(look), facesAcross(faces, { left: x - half, right: x + half }), look.canvas.height, clear);
  return { x, y: at.y, look, cost: at.cost };
}

/** The title in the wider column beside the faces that holds it whole and has a place clear of the captions; null when neither does. */
function besideFaces(text: string, st: CaptionStyle, faces: readonly Rect[], clear: readonly Band[], largest: number): TitleSpot | null {
  if (!faces.length) return null;
  const left = Math.min(...faces.map((f) => f.x)) - GAP;
  const right = Math.max(...faces.map((f) => f.x + f.w)) + GAP;
  const columns = [
    { left: SAFE.left, right: left },
    { left: right, right: st.canvas.width - SAFE.right },
  ].sort((a, b) => b.right - b.left - (a.right - a.left));
  for (const c of columns) {
    const look = columnLook(text, st, c.right - c.left, largest);
    const at = look && scanY(titleHeight(look), [], st.canvas.height, clear);
    if (look && at && at.cost === 0) return { x: Math.round((c.left + c.right) / 2), y: at.y, look };
  }
  return null;
}

/** The title wrapped for a column `width` wide (its box included), drawn on the frame's canvas; null unless it fits whole (nothing cut with "…"). */
function columnLook(text: string, st: CaptionStyle, width: number, largest: number): TitleLook | null {
  if (width <= 0) return null;
  const look = titleLook(text, { ...st, canvas: { width: width - 2 * TITLE_PAD + SAFE.left + SAFE.right, height: st.canvas.height } }, largest);
  const whole = look.lines.join(" ") === text.replace(/\s+/g, " ").trim();
  return whole && titleWidth(look) <= width ? { ...look, canvas: st.canvas } : null;
}
