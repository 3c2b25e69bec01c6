// Pure: where a hook title goes so it never covers a face (issue 26 `hook_title`). Faces seen over
// the clip's first seconds (source pixels inside the bars, recorded on the first render as the
// clip's `opening_faces`) are mapped into the caption canvas (the HD frame of the clip's shape) through the clip's layout;
// the title takes the highest spot of the frame that meets no face and no caption.
import { FACE_CAM_LAYOUT, HOOK_TITLE_S, SCREEN_LAYOUT, isCropLayout, isPanelLayout, type RenderLayout } from "@katto/protocol";
import { cropWindow } from "../framing/crop-path.js";
import { defaultFaceCam, panelCells, stackedCrops, type Rect } from "../framing/panels.js";
import { screenCrops, screenFaceBox } from "../framing/screen-panels.js";
import { SAFE, type Canvas } from "./styles.js";
import { LINE_ADVANCE } from "./styled.js";

/** A horizontal band of the canvas, pixels from the top. */
export interface Band {
  top: number;
  bottom: number;
}

/**
 * Where a talking head's face usually is when none was measured (a fixed layout skips face
 * analysis): the upper middle of the picture, as shares of its height.
 */
const ASSUMED_FACE = { top: 0.1, bottom: 0.6 };

/**
 * The canvas bands faces cover, for a layout over a picture of `frame` size. `faces` is their
 * union over the title's time; null when not measured, then the usual spot of a face is assumed.
 * Panel layouts centre each panel on its person, so the middle of every cell is avoided.
 */
export function faceBands(layout: RenderLayout, frame: { width: number; height: number }, faces: Rect | null, faceCam: Rect | null | undefined, canvas: Canvas): Band[] {
  const { width: W, height: H } = canvas;
  if (isPanelLayout(layout)) return panelCells(layout, W, H).map((c) => ({ top: c.y + c.h * 0.2, bottom: c.y + c.h * 0.8 }));
  if (layout === SCREEN_LAYOUT) {
    const cam = faceCam ?? defaultFaceCam(frame.width, frame.height);
    const face = screenFaceBox(screenCrops(W, H, frame.width, frame.height, cam), cam);
    return [{ top: face.y, bottom: face.y + face.h }];
  }
  if (layout === FACE_CAM_LAYOUT) {
    const cam = stackedCrops(W, H, frame.width, frame.height, faceCam ?? undefined).cam.cell;
    return [{ top: cam.y, bottom: cam.y + cam.h }];
  }
  const top = faces ? faces.y : ASSUMED_FACE.top * frame.height;
  const bottom = faces ? faces.y + faces.h : ASSUMED_FACE.bottom * frame.height;
  if (isCropLayout(layout)) {
    const win = cropWindow(frame.width, frame.height, W / H);
    const k = H / win.h;
    return [{ top: (top - win.y) * k, bottom: (bottom - win.y) * k }];
  }
  // wide and passthrough both fit the picture whole and centre it (wide over a blurred fill of itself)
  const k = Math.min(W / frame.width, H / frame.height);
  const offset = (H - frame.height * k) / 2;
  return [{ top: offset + top * k, bottom: offset + bottom * k }];
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

/**
 * The vertical centre of a title block `height` tall: the highest place inside the margins that
 * overlaps none of `avoid` (faces) and none of `clear` (the captions), each widened by a small gap;
 * where every place overlaps, the one that overlaps least, a caption's overlap outweighing any face's:
 * the title card never sits under the captions (issue 41: on a 16:9 frame whose face filled the
 * upper part, it sat under them at the bottom).
 */
export function placeTitle(height: number, avoid: readonly Band[], canvasH: number, clear: readonly Band[]): number {
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
  return Math.round(best.y);
}
