// Pure: spotting a screen recording with a face camera (slides, code, an app, a document, with the
// speaker's webcam in a corner), evidence for the screen layout (docs/face-tracking.md "Screen
// recordings"). A camera filming a room is never still to the pixel: sensor noise, compression and
// a breathing subject move every part of the picture a little. A screen is: outside its cam
// overlay, most of the picture stays exactly as it was between samples, and what changes (a
// cursor, a scrolled page, a typed line) changes in a few places.
import { backgroundMotion, cellsOutside, FRAME_GRID } from "./activity.js";
import { fixedSmallFace, type FaceCamOptions } from "./face-cam.js";
import type { FaceSample } from "./face-samples.js";
import type { Rect } from "./panels.js";

/**
 * The thresholds, as measured on 12 s at the analysis' 4 samples a second (docs/face-tracking.md
 * "Screen recordings"): the composited screen recording of
 * container/test/render/screen-layout.test.ts has 0.96 of its cells outside the cam static and a
 * motion of 0.09 (the bare screen recording, video_misc/auto-editor_example.mp4: 0.99 and 0.07);
 * real camera footage of ../shared/media, tripod shots included (a street, a man walking across,
 * a White House address, a GRID talker, hikers, a selfie, a marathon), has at most 0.26 static
 * (the street) and a motion of 1.29 or more (outside a top-left cam-sized corner).
 */
export const SCREEN_CAM = {
  /** mean luma change per sample pair outside the cam (activity.ts backgroundMotion) stays below this */
  maxMotion: 1,
  /** ... and at least this share of the grid cells outside the cam is static */
  minStaticShare: 0.6,
  /** a cell is static when its mean luma (0..255) changes by less than this between two samples ... */
  cellDelta: 0.25,
  /** ... in at least this share of the sample pairs (a scroll or a slide change now and then is allowed) */
  pairShare: 0.75,
} as const;

export interface ScreenCamOptions extends FaceCamOptions {
  maxMotion?: number;
  minStaticShare?: number;
}

export interface ScreenCam {
  rect: Rect;
  /** fraction of samples with the small face at its place */
  share: number;
  /** background motion outside the cam */
  motion: number;
  /** share of the grid cells outside the cam that are static */
  staticShare: number;
}

/**
 * Share of the grid cells outside `exclude` that are static: their mean luma changes by less than
 * SCREEN_CAM.cellDelta in at least SCREEN_CAM.pairShare of the consecutive sample pairs. NaN when
 * fewer than two samples carry a grid.
 */
export function staticShare(samples: readonly FaceSample[], frame: { width: number; height: number }, exclude: Rect | null, cellDelta: number = SCREEN_CAM.cellDelta): number {
  const n = FRAME_GRID.cols * FRAME_GRID.rows;
  const cells = cellsOutside(frame, exclude);
  const still = new Array<number>(n).fill(0);
  let pairs = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1]!.grid;
    const b = samples[i]!.grid;
    if (!a || !b || a.length !== n || b.length !== n) continue;
    pairs++;
    for (const c of cells) if (Math.abs(a[c]! - b[c]!) < cellDelta) still[c]!++;
  }
  if (pairs === 0 || cells.length === 0) return NaN;
  return cells.filter((c) => still[c]! >= SCREEN_CAM.pairShare * pairs).length / cells.length;
}

/**
 * A screen recording with a face camera: a fixed small face off the middle (face-cam.ts
 * fixedSmallFace, the same evidence as a gameplay face cam), the picture outside it barely moving
 * (backgroundMotion below maxMotion, where gameplay is at or above face-cam.ts's minMotion) and
 * most of it still to the pixel (staticShare at least minStaticShare). Null otherwise, or when the
 * samples carry no frame grids.
 */
export function detectScreenCam(samples: readonly FaceSample[], frame: { width: number; height: number }, o: ScreenCamOptions = {}): ScreenCam | null {
  const cam = fixedSmallFace(samples, frame, o);
  if (!cam) return null;
  const motion = backgroundMotion(samples, frame, cam.rect);
  if (!(motion < (o.maxMotion ?? SCREEN_CAM.maxMotion))) return null;
  const still = staticShare(samples, frame, cam.rect);
  if (!(still >= (o.minStaticShare ?? SCREEN_CAM.minStaticShare))) return null;
  return { ...cam, motion, staticShare: still };
}
