// Eyes open on a cover (issue 37: "a frame where the speaker's face is sharp and open-eyed"),
// measured with what is here offline: BlazeFace's eye keypoints and the picture around them. An
// open eye shows the iris's round edge, so the luma changes a lot from left to right across it; a
// closed lid is smooth skin with one horizontal lash line, which changes from top to bottom only.
// The measure is the mean horizontal luma step over a patch at each eye (0.2 face widths wide,
// 0.12 high), compared with the same clip's other frames: faces, light and sharpness differ between
// clips, blinks within one do not change them. Calibrated on the GRID clips of ../shared/media
// (11 talkers, 825 frames, 30 with both lids closed picked by eye; the figures in docs/api-decisions.md "Covers").
import type { Face } from "../engines/face/types.js";

/** A face narrower than this (sample pixels) gives an eye patch too small to measure. */
export const MIN_FACE_WIDTH = 40;
/**
 * A frame whose eye detail is under this share of the clip's usual (its 90th percentile) counts as
 * eyes closed: on GRID at 360x288 it caught 28 of the 30 closed frames and flagged 1 of 624 open ones.
 */
export const EYES_CLOSED_BELOW = 0.75;

/**
 * Pure: the mean absolute horizontal luma step over both eyes' patches of an RGB24 frame; null
 * when the face has no eye keypoints or is too small to tell.
 */
export function eyeDetail(rgb: Uint8Array, width: number, height: number, face: Pick<Face, "w" | "landmarks">): number | null {
  const eyes = face.landmarks?.slice(0, 2);
  if (!eyes || eyes.length < 2 || face.w < MIN_FACE_WIDTH) return null;
  const hw = Math.max(2, Math.round(face.w * 0.1));
  const hh = Math.max(2, Math.round(face.w * 0.06));
  const luma = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
  };
  let sum = 0;
  let n = 0;
  for (const e of eyes) {
    const x0 = Math.max(0, Math.round(e.x) - hw);
    const x1 = Math.min(width - 1, Math.round(e.x) + hw);
    const y0 = Math.max(0, Math.round(e.y) - hh);
    const y1 = Math.min(height - 1, Math.round(e.y) + hh);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        sum += Math.abs(luma(x + 1, y) - luma(x, y));
        n++;
      }
    }
  }
  return n ? sum / n : null;
}

/**
 * Pure: which of a clip's measured frames show the eyes open: a frame's eye detail against the
 * clip's usual (the 90th percentile of the measured ones). Null where a frame was not measured;
 * with fewer than 3 measured frames there is no usual to compare with, and every frame is null.
 */
export function eyesOpen(details: readonly (number | null)[]): (boolean | null)[] {
  const known = details.filter((d): d is number => d !== null).sort((a, b) => a - b);
  if (known.length < 3) return details.map(() => null);
  const usual = known[Math.min(known.length - 1, Math.ceil(known.length * 0.9) - 1)]!;
  return details.map((d) => (d === null || usual <= 0 ? null : d >= usual * EYES_CLOSED_BELOW));
}
