// 9:16 crop window over a wider source, and the path of its left edge over time.
// A path is a list of keyframes {t, x}: t in seconds from the clip start, x the window's left edge
// in displayed source pixels (after rotation). Between keyframes x moves linearly; before the first
// and after the last it holds. Face tracking produces such a path; without face data the pipeline
// passes a one-keyframe centre path.
import { cropXAt } from "@katto/protocol";

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
export function cropWindow(srcW: number, srcH: number, aspect: number): CropWindow {
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
 * How a crop path reaches ffmpeg: the window's left edge as a list of short expressions, one per
 * segment between two keyframes, each taking over at its segment's start. The filter starts with
 * `initial`; a `sendcmd` filter sends each change at its time (rendering/reframe-filter.ts cropCommands).
 *
 * One expression for the whole path does not scale: ffmpeg's expression parser refuses an
 * expression nested about a hundred levels deep (a flat sum of 97 moves; Debian's ffmpeg 5.1
 * fails "Failed to configure input pad"), and a balanced tree of if() fails near 2,000 moves and
 * outgrows the 128 KiB a single argument may have. A segment's expression holds two numbers and
 * one clip(), so a path of any length renders, and each frame evaluates one segment, not all.
 */
export interface CropTimeline {
  /** x(t) from the clip start until the first change; the whole path when it has one segment */
  initial: string;
  /** from `t` (seconds from the clip start) on, x(t) is `x` */
  changes: { t: number; x: string }[];
}

/** x(t) on one segment: holds a.x before a.t, moves linearly to b.x at b.t, holds b.x after. */
export function segmentExpression(a: CropKeyframe, b: CropKeyframe): string {
  const dx = b.x - a.x;
  if (dx === 0) return num(a.x);
  return `${num(a.x)}${dx < 0 ? "-" : "+"}${num(Math.abs(dx))}*clip((t-${num(a.t)})/${num(b.t - a.t)},0,1)`;
}

/**
 * The timeline of a normalized path (normalizePath): the first segment from the start, then each
 * later segment from its first keyframe. Each segment's expression holds its end value, so a frame
 * past the last keyframe, or one whose short segment no frame fell into, still sits on the path.
 */
export function cropTimeline(path: readonly CropKeyframe[]): CropTimeline {
  if (path.length === 0) return { initial: "0", changes: [] };
  if (path.length === 1) return { initial: num(path[0].x), changes: [] };
  const changes: CropTimeline["changes"] = [];
  for (let i = 1; i + 1 < path.length; i++) changes.push({ t: path[i].t, x: segmentExpression(path[i], path[i + 1]) });
  return { initial: segmentExpression(path[0], path[1]), changes };
}

/** The same function in JS: the clip timeline's (@katto/protocol), which exports and measures read. */
export { cropXAt };

/**
 * A clip-relative path re-based for a clip that now starts `offset` seconds later (earlier when
 * negative) in the source (a trim, issue 22): every keyframe moves by -offset; the part before the
 * new start becomes one keyframe at 0 holding the path's value there. Before its first keyframe
 * and after its last the path holds its end values, as cropXAt does.
 */
export function shiftPath(path: readonly CropKeyframe[], offset: number): CropKeyframe[] {
  if (path.length === 0 || offset === 0) return path.map((k) => ({ ...k }));
  const moved = path.map((k) => ({ t: k.t - offset, x: k.x }));
  const after = moved.filter((k) => k.t > 0);
  if (after.length === moved.length) return moved;
  return [{ t: 0, x: Math.round(cropXAt(path, offset) * 1000) / 1000 }, ...after];
}

/**
 * A crop path for a window of another width (a re-render into another shape, issue 37): each
 * keyframe keeps the window's centre where it was (the subject it followed), clamped to [0, maxX].
 */
export function reshapePath(path: readonly CropKeyframe[], fromW: number, toW: number, maxX: number): CropKeyframe[] {
  return path.map((k) => ({ t: k.t, x: Math.round(Math.min(maxX, Math.max(0, k.x + (fromW - toW) / 2))) }));
}
