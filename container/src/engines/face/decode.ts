// Pure BlazeFace post-processing: logits -> scores, regressors + anchors -> boxes, then weighted
// non-maximum suppression (MediaPipe's "WEIGHTED" overlap mode: overlapping detections are
// averaged, weighted by score, instead of dropped, which steadies boxes from frame to frame).
import type { Point } from "./types.js";

/** A detection in model-input coordinates normalised to 0..1 (centre, size). */
export interface RawDetection {
  cx: number;
  cy: number;
  w: number;
  h: number;
  score: number;
  keypoints: Point[];
}

/** MediaPipe clips logits to ±100 before the sigmoid (score_clipping_thresh). */
export function sigmoid(logit: number): number {
  const x = Math.max(-100, Math.min(100, logit));
  return 1 / (1 + Math.exp(-x));
}

export const KEYPOINTS = 6;
export const REGRESSOR_STRIDE = 4 + 2 * KEYPOINTS;

/**
 * Decode one output head. `logits[i]` and `regressors[i * 16 ..]` belong to anchor `anchorOffset + i`.
 * Regressors are in input pixels relative to the anchor centre (x_scale = y_scale = w_scale =
 * h_scale = inputSize in MediaPipe's options), so they are divided by inputSize.
 */
export function decodeHead(
  logits: ArrayLike<number>,
  regressors: ArrayLike<number>,
  anchors: Float32Array,
  anchorOffset: number,
  inputSize: number,
  minScore: number,
  out: RawDetection[] = [],
): RawDetection[] {
  const minLogit = Math.log(minScore / (1 - minScore)); // skip the exp for the ~900 rejects
  for (let i = 0; i < logits.length; i++) {
    if (!(logits[i] >= minLogit)) continue;
    const score = sigmoid(logits[i]);
    const ax = anchors[2 * (anchorOffset + i)];
    const ay = anchors[2 * (anchorOffset + i) + 1];
    const r = i * REGRESSOR_STRIDE;
    const keypoints: Point[] = [];
    for (let k = 0; k < KEYPOINTS; k++) {
      keypoints.push({ x: ax + regressors[r + 4 + 2 * k] / inputSize, y: ay + regressors[r + 5 + 2 * k] / inputSize });
    }
    const w = regressors[r + 2] / inputSize;
    const h = regressors[r + 3] / inputSize;
    if (!(w > 0 && h > 0)) continue;
    out.push({ cx: ax + regressors[r] / inputSize, cy: ay + regressors[r + 1] / inputSize, w, h, score, keypoints });
  }
  return out;
}

export function iou(a: { cx: number; cy: number; w: number; h: number }, b: { cx: number; cy: number; w: number; h: number }): number {
  const ix = Math.min(a.cx + a.w / 2, b.cx + b.w / 2) - Math.max(a.cx - a.w / 2, b.cx - b.w / 2);
  const iy = Math.min(a.cy + a.h / 2, b.cy + b.h / 2) - Math.max(a.cy - a.h / 2, b.cy - b.h / 2);
  if (ix <= 0 || iy <= 0) return 0;
  const inter = ix * iy;
  return inter / (a.w * a.h + b.w * b.h - inter);
}

/**
 * Weighted NMS: take the best remaining detection, gather every remaining one overlapping it by at
 * least `iouThreshold`, output their score-weighted mean geometry with the best score.
 */
export function weightedNms(dets: readonly RawDetection[], iouThreshold = 0.3): RawDetection[] {
  const rest = [...dets].sort((a, b) => b.score - a.score);
  const out: RawDetection[] = [];
  while (rest.length > 0) {
    const best = rest[0];
    const group: RawDetection[] = [];
    for (let i = rest.length - 1; i >= 0; i--) {
      if (i === 0 || iou(best, rest[i]) >= iouThreshold) group.push(...rest.splice(i, 1));
    }
    const total = group.reduce((s, d) => s + d.score, 0);
    const avg = (f: (d: RawDetection) => number) => group.reduce((s, d) => s + f(d) * d.score, 0) / total;
    out.push({
      cx: avg((d) => d.cx),
      cy: avg((d) => d.cy),
      w: avg((d) => d.w),
      h: avg((d) => d.h),
      score: best.score,
      keypoints: best.keypoints.map((_, k) => ({ x: avg((d) => d.keypoints[k].x), y: avg((d) => d.keypoints[k].y) })),
    });
  }
  return out;
}
