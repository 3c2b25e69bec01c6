// Pure: spotting a face cam (one small face fixed off-centre: fixedSmallFace) and, with the rest of
// the picture changing, a face cam over gameplay, evidence for the stacked layout (a still rest is
// a screen recording: screen-cam.ts).
import type { Face } from "../engines/face/types.js";
import { backgroundMotion } from "./activity.js";
import type { FaceSample } from "./face-samples.js";
import type { Rect } from "./panels.js";
import { clamp } from "@katto/protocol";

export interface FaceCamOptions {
  /** a cam face is smaller than this fraction of the frame height */
  maxFaceHeight?: number;
  /** ... and larger than this one (smaller is noise or a crowd) */
  minFaceHeight?: number;
  /** fraction of samples in which a small face sits at the same place */
  minShare?: number;
  /** its centre lies outside the middle of the frame: this far from the centre (fraction of W or H) */
  minOffCentre?: number;
  /** mean luma change per sample outside the cam (activity.ts backgroundMotion), 0..255 */
  minMotion?: number;
  /** the cam rectangle: face box scaled by these factors around its centre, clamped to the frame */
  camScale?: { w: number; h: number };
}

export interface FaceCam {
  rect: Rect;
  /** fraction of samples with the small face at its place */
  share: number;
  /** background motion outside the rectangle */
  motion: number;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const centreX = (f: Box) => f.x + f.w / 2;
const centreY = (f: Box) => f.y + f.h / 2;

/** A face box (a detector's Face without its score). */
type Box = Pick<Face, "x" | "y" | "w" | "h">;

/** One small face that stays at one place off the middle of the frame: the cam rectangle around it. */
export interface FixedFace {
  rect: Rect;
  /** fraction of samples with the small face at its place */
  share: number;
}

/**
 * A face cam overlay: one small face (height < maxFaceHeight of the frame) at the same place —
 * within half a face width of its median centre — in at least minShare of the samples, that place
 * off the middle of the frame (a corner or an edge), no large face in frame for most samples, and
 * no crowd. The rectangle is the face box scaled by camScale around its centre. Null otherwise.
 */
export function fixedSmallFace(samples: readonly { faces: readonly Box[] }[], frame: { width: number; height: number }, o: FaceCamOptions = {}): FixedFace | null {
  const n = samples.length;
  if (n === 0) return null;
  const { width: W, height: H } = frame;
  const maxH = (o.maxFaceHeight ?? 0.22) * H;
  const minH = (o.minFaceHeight ?? 0.04) * H;
  let big = 0;
  const small: Box[] = [];
  for (const s of samples) {
    if (s.faces.some((f) => f.h >= maxH)) big++;
    // the sample's largest small face
    const c = s.faces.filter((f) => f.h < maxH && f.h >= minH).sort((a, b) => b.w * b.h - a.w * a.h);
    if (c[0]) small.push(c[0]);
  }
  if (big > 0.2 * n || small.length < (o.minShare ?? 0.6) * n) return null;
  const mx = median(small.map(centreX));
  const my = median(small.map(centreY));
  const mw = median(small.map((f) => f.w));
  const mh = median(small.map((f) => f.h));
  // the same place: a small face of the sample within half a face width of the median centre (an
  // overlay does not move; the head moves a little inside it)
  const near = (f: Box) => f.h < maxH && f.h >= minH && Math.hypot(centreX(f) - mx, centreY(f) - my) <= 0.5 * mw;
  const share = samples.filter((s) => s.faces.some(near)).length / n;
  if (share < (o.minShare ?? 0.6)) return null;
  // the only person: other faces at least half its height in at most 30 % of the samples (a crowd
  // or a group shot is not a face cam)
  const crowded = samples.filter((s) => s.faces.filter((f) => f.h >= 0.5 * mh).length >= 2).length;
  if (crowded > 0.3 * n) return null;
  const off = o.minOffCentre ?? 0.2;
  if (Math.abs(mx - W / 2) < off * W && Math.abs(my - H / 2) < off * H) return null;
  const scale = o.camScale ?? { w: 2.2, h: 2.6 };
  const w = Math.min(W, scale.w * mw);
  const h = Math.min(H, scale.h * mh);
  const rect = { x: Math.round(clamp(mx - w / 2, 0, W - w)), y: Math.round(clamp(my - h / 2, 0, H - h)), w: Math.round(w), h: Math.round(h) };
  return { rect, share };
}

/**
 * A gameplay video with a face cam: a fixed small face off the middle (fixedSmallFace) and the
 * picture outside the cam changing a lot between samples (minMotion). Null otherwise, or when the
 * samples carry no frame grids.
 */
export function detectFaceCam(samples: readonly FaceSample[], frame: { width: number; height: number }, o: FaceCamOptions = {}): FaceCam | null {
  const cam = fixedSmallFace(samples, frame, o);
  if (!cam) return null;
  const motion = backgroundMotion(samples, frame, cam.rect);
  if (!(motion >= (o.minMotion ?? 2))) return null;
  return { ...cam, motion };
}
