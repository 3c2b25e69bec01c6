// Pure geometry of the screen layout (a screen recording with a face camera, the vocabulary's
// SCREEN_LAYOUT): the screen — the source minus the camera's corner — shown whole, as large as the
// frame allows, and the camera in its own panel. On a vertical or square frame the screen sits on
// top at the full width and the camera fills the rest below it (OpusClip's "Screen" layout); on a
// landscape frame the screen takes the left and the camera a column on the right. The screen is
// never cropped (its text must stay readable): when its band is not of its shape it is fitted
// inside it on black. The camera fills its panel when a crop of the panel's shape still holds the
// face with room around it, and is fitted whole on black otherwise.
import { clampRect, defaultFaceCam, type Rect } from "./panels.js";

/** The screen takes at most this share of the frame along the stacking axis, so the camera keeps a real panel. */
export const SCREEN_MAX_SHARE = 0.7;
/** The face box inside a cam rectangle (face-cam.ts camScale): the cam is the face scaled 2.2 x 2.6. */
const FACE_IN_CAM = { w: 1 / 2.2, h: 1 / 2.6 };
/** A crop of the cam keeps at least this many face sizes around the face, or the cam is fitted whole. */
const FACE_ROOM = 1.3;

/** One panel: the source rect, the output cell it fills, and where in the cell the source pixels land (the rest is black). */
export interface ScreenPanel {
  src: Rect;
  cell: Rect;
  place: Rect;
}

export interface ScreenCrops {
  screen: ScreenPanel;
  cam: ScreenPanel;
  /** side by side (a landscape frame: screen left, cam right); else the screen above the cam */
  across: boolean;
}

const evenDown = (n: number) => Math.max(2, 2 * Math.floor(n / 2));
const even = (r: Rect): Rect => ({ x: 2 * Math.floor(r.x / 2), y: 2 * Math.floor(r.y / 2), w: evenDown(r.w), h: evenDown(r.h) });

/** The largest of the four bands of the source beside the cam (left, right, above, below): the screen. */
export function screenRect(srcW: number, srcH: number, cam: Rect): Rect {
  const right = cam.x + cam.w;
  const below = cam.y + cam.h;
  const bands: Rect[] = [
    { x: 0, y: 0, w: cam.x, h: srcH },
    { x: right, y: 0, w: srcW - right, h: srcH },
    { x: 0, y: 0, w: srcW, h: cam.y },
    { x: 0, y: below, w: srcW, h: srcH - below },
  ];
  const best = bands.reduce((a, b) => (b.w * b.h > a.w * a.h ? b : a));
  return even(best.w >= 16 && best.h >= 16 ? best : { x: 0, y: 0, w: srcW, h: srcH });
}

/** Where `src` lands fitted whole inside `cell` (centred, even sizes; within 4 px of the cell's side it fills it: a stretch under half a percent, no hairline of black). */
export function fitInside(src: { w: number; h: number }, cell: Rect): Rect {
  const k = Math.min(cell.w / src.w, cell.h / src.h);
  const fill = (n: number, side: number) => (side - n <= 4 ? side : n);
  const w = fill(Math.min(cell.w, evenDown(src.w * k)), cell.w);
  const h = fill(Math.min(cell.h, evenDown(src.h * k)), cell.h);
  return { x: cell.x + 2 * Math.floor((cell.w - w) / 4), y: cell.y + 2 * Math.floor((cell.h - h) / 4), w, h };
}

/**
 * The cam panel: a crop of the cam rectangle of the cell's shape, taken from the cam's top (the
 * face then sits low in the panel, leaving its top for the captions) when it keeps FACE_ROOM face
 * sizes; else the whole cam rectangle fitted inside the cell.
 */
function camPanel(cam: Rect, cell: Rect): ScreenPanel {
  const aspect = cell.w / cell.h;
  const w = Math.min(cam.w, cam.h * aspect);
  const h = w / aspect;
  if (w >= FACE_ROOM * FACE_IN_CAM.w * cam.w && h >= FACE_ROOM * FACE_IN_CAM.h * cam.h) {
    const src = even({ x: cam.x + (cam.w - w) / 2, y: cam.y, w, h });
    return { src, cell, place: cell };
  }
  return { src: cam, cell, place: fitInside(cam, cell) };
}

/** The screen layout in a W x H frame over a srcW x srcH source whose face cam is `faceCam`. */
export function screenCrops(W: number, H: number, srcW: number, srcH: number, faceCam: Rect): ScreenCrops {
  const cam = even(clampRect(faceCam, srcW, srcH));
  const screen = screenRect(srcW, srcH, cam);
  const across = W > H;
  let screenCell: Rect;
  let camCell: Rect;
  if (across) {
    const w = Math.min(evenDown((H * screen.w) / screen.h), evenDown(SCREEN_MAX_SHARE * W));
    screenCell = { x: 0, y: 0, w, h: H };
    camCell = { x: w, y: 0, w: W - w, h: H };
  } else {
    const h = Math.min(evenDown((W * screen.h) / screen.w), evenDown(SCREEN_MAX_SHARE * H));
    screenCell = { x: 0, y: 0, w: W, h };
    camCell = { x: 0, y: h, w: W, h: H - h };
  }
  return { screen: { src: screen, cell: screenCell, place: fitInside(screen, screenCell) }, cam: camPanel(cam, camCell), across };
}

/**
 * Where the face is in the output frame: the face box inside the cam rectangle (its middle
 * FACE_IN_CAM share) mapped through the cam panel. For the captions and the hook title to avoid.
 */
export function screenFaceBox(c: ScreenCrops, faceCam: Rect): Rect {
  const fw = faceCam.w * FACE_IN_CAM.w;
  const fh = faceCam.h * FACE_IN_CAM.h;
  const fx = faceCam.x + (faceCam.w - fw) / 2;
  const fy = faceCam.y + (faceCam.h - fh) / 2;
  const { src, place } = c.cam;
  const kx = place.w / src.w;
  const ky = place.h / src.h;
  return { x: place.x + (fx - src.x) * kx, y: place.y + (fy - src.y) * ky, w: fw * kx, h: fh * ky };
}

/**
 * The screen layout's camera panel as fractions of the clip's frame (`frame`, any of its sizes):
 * where the quality measure looks for the speaker, so a face on the screen (a video call, a clip
 * shown in the recording) is not taken for them. `faceCam` null: the renderer's default corner.
 */
export function screenCamPanel(frame: { width: number; height: number }, picture: { width: number; height: number }, faceCam: Rect | null | undefined): Rect {
  const c = screenCrops(frame.width, frame.height, picture.width, picture.height, faceCam ?? defaultFaceCam(picture.width, picture.height));
  const p = c.cam.place;
  return { x: p.x / frame.width, y: p.y / frame.height, w: p.w / frame.width, h: p.h / frame.height };
}
