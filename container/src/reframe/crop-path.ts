// 9:16 crop window over a wider source, and the path of its left edge over time.
// A path is a list of keyframes {t, x}: t in seconds from the clip start, x the window's left edge
// in displayed source pixels (after rotation). Between keyframes x moves linearly; before the first
// and after the last it holds. Face tracking produces such a path; without face data the pipeline
// passes a one-keyframe centre path.

export interface CropKeyframe {
  t: number;
  x: number;
}

export interface CropWindow {
  w: number;
  h: number;
  y: number;
  /** largest valid left edge */
  maxX: number;
}

const even = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/** Largest window of the target aspect (w/h) that fits in the source. */
export function cropWindow(srcW: number, srcH: number, aspect = 9 / 16): CropWindow {
  let w = even(srcH * aspect);
  let h = even(srcH);
  if (w > srcW) {
    w = even(srcW);
    h = Math.min(even(srcW / aspect), even(srcH));
  }
  return { w, h, y: Math.max(0, 2 * Math.floor((srcH - h) / 4)), maxX: Math.max(0, srcW - w) };
}

export function centerPath(win: CropWindow): CropKeyframe[] {
  return [{ t: 0, x: Math.round(win.maxX / 2) }];
}

/** Sort, clamp to the valid range, round, and drop keyframes that add nothing. */
export function normalizePath(path: readonly CropKeyframe[], maxX: number): CropKeyframe[] {
  const sorted = [...path]
    .filter((k) => Number.isFinite(k.t) && Number.isFinite(k.x))
    .map((k) => ({ t: Math.max(0, k.t), x: Math.round(Math.min(maxX, Math.max(0, k.x))) }))
    .sort((a, b) => a.t - b.t);
  const out: CropKeyframe[] = [];
  for (const k of sorted) {
    const prev = out[out.length - 1];
    if (prev && k.t - prev.t < 1e-3) {
      prev.x = k.x; // same instant: the later one wins
      continue;
    }
    out.push({ ...k });
  }
  // drop middle keyframes lying on a constant run (x equal to both neighbours)
  return out.filter((k, i) => i === 0 || i === out.length - 1 || !(out[i - 1].x === k.x && out[i + 1].x === k.x));
}

const num = (n: number) => String(Number(n.toFixed(4)));

/**
 * ffmpeg expression for x(t). Written as a flat sum so long paths do not nest:
 * x(t) = x0 + Σ (x[i+1]-x[i]) * clip((t - t[i]) / (t[i+1]-t[i]), 0, 1)
 */
export function cropXExpression(path: readonly CropKeyframe[]): string {
  if (path.length === 0) return "0";
  let expr = num(path[0].x);
  for (let i = 0; i + 1 < path.length; i++) {
    const dx = path[i + 1].x - path[i].x;
    if (dx === 0) continue;
    const dt = path[i + 1].t - path[i].t;
    expr += `${dx < 0 ? "-" : "+"}${num(Math.abs(dx))}*clip((t-${num(path[i].t)})/${num(dt)},0,1)`;
  }
  return expr;
}

/** The same function in JS (tests and previews). */
export function cropXAt(path: readonly CropKeyframe[], t: number): number {
  if (path.length === 0) return 0;
  let x = path[0].x;
  for (let i = 0; i + 1 < path.length; i++) {
    const f = Math.min(1, Math.max(0, (t - path[i].t) / (path[i + 1].t - path[i].t)));
    x += (path[i + 1].x - path[i].x) * f;
  }
  return x;
}
