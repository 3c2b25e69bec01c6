// The sampled timeline every reframe module reads: what framing/faces.ts measures on each sampled
// frame (faces, and the luma fingerprints activity.ts differences), face-box geometry, and where the
// scene changes lie between samples.
import type { Face } from "../engines/face/types.js";

export interface FaceSample {
  /** source time (s) */
  t: number;
  faces: Face[];
  /** per face (same order as faces): luma fingerprint of the face box, activity.ts FACE_GRID */
  prints?: (number[] | null)[];
  /** luma of the whole frame, activity.ts FRAME_GRID, row-major */
  grid?: number[];
}

export const centreX = (f: Face) => f.x + f.w / 2;
export const centreY = (f: Face) => f.y + f.h / 2;

/** True when a scene change lies in (a, b]. */
export function cutBetween(cuts: readonly number[], a: number, b: number): boolean {
  return cuts.some((c) => c > a && c <= b);
}
