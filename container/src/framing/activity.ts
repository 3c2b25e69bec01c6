// Pure: picture cues measured on the sampled frames, for choosing whom to follow and for spotting a
// face cam over gameplay. framing/faces.ts takes tiny luma fingerprints while it has each RGB frame
// in hand (the lower part of every face box, and a coarse grid of the whole frame); everything
// else here differences those fingerprints after faces are associated into identities.
import type { Association } from "./face-identities.js";
import type { FaceSample } from "./face-samples.js";
import type { Rect } from "./panels.js";

export type { Rect };

/**
 * Face fingerprint: a 16 x 16 luma grid over the face box. Rows 10–15 (the lower 37.5 %: mouth and
 * chin) show speech; rows 2–7 (eyes, brows) show how much the whole head or the detector box moved,
 * which is subtracted so a nodding or handheld face does not read as talking.
 */
export const FACE_GRID = { cols: 16, rows: 16 };
const MOUTH_ROWS = [10, 16] as const;
const UPPER_ROWS = [2, 8] as const;
/** whole-frame grid */
export const FRAME_GRID = { cols: 32, rows: 18 };

/**
 * Mean luma (BT.601, 0..255) of each cell of a cols x rows grid laid over `r` (frame pixels) of
 * an RGB24 frame. Each cell averages a few evenly spaced pixels, so the cost does not grow with
 * the face size.
 */
export function lumaGrid(frame: { width: number; height: number; rgb: Uint8Array }, r: Rect, cols: number, rows: number): number[] {
  const { width, height, rgb } = frame;
  const out = new Array<number>(cols * rows).fill(0);
  const per = 3; // 3 x 3 taps per cell
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < cols; gx++) {
      let sum = 0;
      for (let j = 0; j < per; j++) {
        const y = Math.min(height - 1, Math.max(0, Math.floor(r.y + ((gy + (j + 0.5) / per) * r.h) / rows)));
        for (let i = 0; i < per; i++) {
          const x = Math.min(width - 1, Math.max(0, Math.floor(r.x + ((gx + (i + 0.5) / per) * r.w) / cols)));
          const o = (y * width + x) * 3;
          sum += 0.299 * rgb[o] + 0.587 * rgb[o + 1] + 0.114 * rgb[o + 2];
        }
      }
      out[gy * cols + gx] = sum / (per * per);
    }
  }
  return out;
}

/**
 * Mean absolute difference of two fingerprints over rows [r0, r1) of a `cols`-wide grid, after
 * removing each region's mean (so a lighting change or auto-exposure step does not read as motion).
 * NaN when either is missing.
 */
export function fingerprintDiff(a: readonly number[] | undefined, b: readonly number[] | undefined, cols = FACE_GRID.cols, r0 = 0, r1 = Infinity): number {
  if (!a || !b || a.length !== b.length || a.length === 0) return NaN;
  const lo = r0 * cols;
  const hi = Math.min(a.length, r1 * cols);
  if (hi <= lo) return NaN;
  let ma = 0;
  let mb = 0;
  for (let i = lo; i < hi; i++) (ma += a[i]), (mb += b[i]);
  ma /= hi - lo;
  mb /= hi - lo;
  let d = 0;
  for (let i = lo; i < hi; i++) d += Math.abs(a[i] - ma - (b[i] - mb));
  return d / (hi - lo);
}

/** Mouth motion between two face fingerprints: lower-face change minus upper-face change, ≥ 0. */
export function mouthMotion(a: readonly number[] | undefined, b: readonly number[] | undefined): number {
  const mouth = fingerprintDiff(a, b, FACE_GRID.cols, ...MOUTH_ROWS);
  const upper = fingerprintDiff(a, b, FACE_GRID.cols, ...UPPER_ROWS);
  return Math.max(0, mouth - upper);
}

/**
 * Mouth activity per face per sample: mouthMotion between this face and the same identity's
 * previous observation, when that was at most maxStepS before (else NaN). A talking mouth changes
 * between samples; a still one only by detector box noise.
 */
export function mouthActivity(samples: readonly FaceSample[], assoc: Association, maxStepS = 0.6): number[][] {
  const last = new Map<number, { t: number; fp: number[] | null | undefined }>();
  return samples.map((s, i) =>
    s.faces.map((_, k) => {
      const id = assoc.ids[i]?.[k] ?? -1;
      const fp = s.prints?.[k];
      const prev = last.get(id);
      last.set(id, { t: s.t, fp });
      if (!prev || s.t - prev.t > maxStepS + 1e-9) return NaN;
      return mouthMotion(prev.fp ?? undefined, fp ?? undefined);
    }),
  );
}

export interface Interval {
  start: number;
  end: number;
}

/** True when t lies within `slack` s of a speech interval (word timings are approximate). */
export function speaking(intervals: readonly Interval[], t: number, slack = 0.25): boolean {
  return intervals.some((w) => t >= w.start - slack && t <= w.end + slack);
}

/** Pure: the grid cells (FRAME_GRID, row-major) whose centre lies outside `exclude` (source pixels of a frame of `frame` size). */
export function cellsOutside(frame: { width: number; height: number }, exclude: Rect | null): number[] {
  const { cols, rows } = FRAME_GRID;
  const keep: number[] = [];
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < cols; gx++) {
      const x = ((gx + 0.5) * frame.width) / cols;
      const y = ((gy + 0.5) * frame.height) / rows;
      const inside = exclude && x >= exclude.x && x <= exclude.x + exclude.w && y >= exclude.y && y <= exclude.y + exclude.h;
      if (!inside) keep.push(gy * cols + gx);
    }
  }
  return keep;
}

/**
 * Change of the picture outside `exclude` (source pixels of a frame of `frame` size) between
 * consecutive samples: the mean over sample pairs of the mean absolute grid-cell difference.
 * NaN when fewer than two samples carry a grid.
 */
export function backgroundMotion(samples: readonly FaceSample[], frame: { width: number; height: number }, exclude: Rect | null): number {
  const { cols, rows } = FRAME_GRID;
  const keep = cellsOutside(frame, exclude);
  let total = 0;
  let pairs = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1].grid;
    const b = samples[i].grid;
    if (!a || !b || a.length !== cols * rows || b.length !== cols * rows || keep.length === 0) continue;
    let d = 0;
    for (const c of keep) d += Math.abs(a[c] - b[c]);
    total += d / keep.length;
    pairs++;
  }
  return pairs > 0 ? total / pairs : NaN;
}
