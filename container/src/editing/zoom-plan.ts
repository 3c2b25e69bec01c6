// Pure: punch-in zooms (issue 26 `zoom: punch_in`): where a clip zooms in, by how much, on what
// point, and the ffmpeg filter that draws them. A zoom punches in on a key word (the keyword
// picker of the emphasis, ../captions/keywords.ts) or where the tracking camera settles on another
// person (a speaker change), eases in and out, keeps the face it centres on wholly in the frame,
// and starts at least ZOOM_SPACING_S after the one before. Times are on the clip's own timeline
// (after cuts), positions are fractions of the output frame.
import type { KeyRank } from "../captions/keywords.js";
import { cropXAt, cropWindow, type CropKeyframe } from "../framing/crop-path.js";
import type { Rect } from "../framing/panels.js";
import { toClipTime, type Span } from "./timeline.js";
import { aspectRatio, clamp, clipFrame, isCropLayout, WHOLE_PICTURE_LAYOUT, ZOOM_EASE_S, zoomAt, type Aspect } from "@katto/protocol";

/** Zooms start at least this far apart (issue 26: at most one every 4 seconds). */
export const ZOOM_SPACING_S = 4;
/** Ease-in and ease-out time of a zoom (the clip timeline's, @katto/protocol). */
export { ZOOM_EASE_S };
/** A zoom is held this long at least (eases included), and at most ZOOM_MAX_S. */
export const ZOOM_MIN_S = 1.2;
export const ZOOM_MAX_S = 2.5;
/** Scales: a number or named thing, another key word, a speaker change; never less than ZOOM_MIN_SCALE. */
export const ZOOM_SCALE = { rank3: 1.25, rank2: 1.2, speaker: 1.15 } as const;
export const ZOOM_MIN_SCALE = 1.15;
/** Room kept around a face inside the zoomed frame, as a share of the frame. */
const FACE_MARGIN = 0.03;

/** A face in the output frame at time t (clip timeline), as fractions of the frame: x0 < x1, y0 < y1 in [0, 1]. */
export interface FrameFace {
  t: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Zoom {
  start: number;
  end: number;
  scale: number;
  /** the point zoomed on, fractions of the frame */
  x: number;
  y: number;
}

export interface ZoomCandidate {
  /** the time the zoom should be full (a key word's start, a speaker change) */
  at: number;
  /** until when it should hold (the word's end) */
  until: number;
  scale: number;
}

/** Key words (rank 2 and 3) and speaker changes as zoom candidates, in time order. */
export function zoomCandidates(words: readonly { start: number; end: number }[], ranks: readonly KeyRank[], speakerChanges: readonly number[]): ZoomCandidate[] {
  const out: ZoomCandidate[] = [];
  words.forEach((w, i) => {
    const r = ranks[i] ?? 0;
    if (r >= 2) out.push({ at: w.start, until: w.end, scale: r === 3 ? ZOOM_SCALE.rank3 : ZOOM_SCALE.rank2 });
  });
  for (const t of speakerChanges) out.push({ at: t, until: t + ZOOM_MIN_S, scale: ZOOM_SCALE.speaker });
  return out.sort((a, b) => a.at - b.at || b.scale - a.scale);
}

/** The union of the faces seen over [a, b], or null. */
function facesOver(faces: readonly FrameFace[], a: number, b: number): Omit<FrameFace, "t"> | null {
  const xs = faces.filter((f) => f.t >= a - 0.5 && f.t <= b + 0.5);
  if (!xs.length) return null;
  return { x0: Math.min(...xs.map((f) => f.x0)), y0: Math.min(...xs.map((f) => f.y0)), x1: Math.max(...xs.map((f) => f.x1)), y1: Math.max(...xs.map((f) => f.y1)) };
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The zooms of a clip: candidates taken in time order, each at least ZOOM_SPACING_S after the
 * last one taken. A zoom is full at its candidate's time (it starts easing in ZOOM_EASE_S before),
 * holds to the word's end plus a beat (ZOOM_MIN_S..ZOOM_MAX_S in all), and stays inside the clip.
 * It centres on the face seen over its time; its scale is lowered until that face (plus a margin)
 * fits in the zoomed frame, and the centre is clamped so the zoomed frame stays inside the picture,
 * which keeps the face inside too. A candidate whose face cannot fit at ZOOM_MIN_SCALE is skipped.
 */
export function planZooms(candidates: readonly ZoomCandidate[], faces: readonly FrameFace[], durationS: number): Zoom[] {
  const out: Zoom[] = [];
  for (const c of candidates) {
    const start = Math.max(0, c.at - ZOOM_EASE_S);
    const end = Math.min(durationS, start + clamp(c.until - start + 0.4, ZOOM_MIN_S, ZOOM_MAX_S));
    if (end - start < ZOOM_MIN_S - 1e-9) continue;
    const last = out.at(-1);
    if (last && start - last.start < ZOOM_SPACING_S) continue;
    const face = facesOver(faces, start, end);
    let scale = c.scale;
    let x = 0.5;
    let y = 0.5;
    if (face) {
      const fit = Math.min(1 / (face.x1 - face.x0 + 2 * FACE_MARGIN), 1 / (face.y1 - face.y0 + 2 * FACE_MARGIN));
      scale = Math.min(scale, Math.floor(fit * 100) / 100);
      if (scale < ZOOM_MIN_SCALE) continue;
      x = (face.x0 + face.x1) / 2;
      y = (face.y0 + face.y1) / 2;
    }
    const half = 1 / (2 * scale);
    out.push({ start: r3(start), end: r3(end), scale, x: r3(clamp(x, half, 1 - half)), y: r3(clamp(y, half, 1 - half)) });
  }
  return out;
}

/** The zoom at time t (1 outside every zoom), smoothstep eases at both ends: the clip timeline's (@katto/protocol), the same function as zoomFilter's. */
export { zoomAt };

const num = (n: number) => String(Number(n.toFixed(4)));

/**
 * A sum written as a balanced tree: ffmpeg's expression parser refuses one nested about a hundred
 * levels deep (see ../framing/crop-path.ts), which a flat sum of that many terms is.
 */
export function balancedSum(terms: readonly string[]): string {
  if (terms.length === 0) return "0";
  if (terms.length === 1) return terms[0]!;
  const mid = Math.ceil(terms.length / 2);
  return `(${balancedSum(terms.slice(0, mid))}+${balancedSum(terms.slice(mid))})`;
}

/**
 * The zoompan filter that draws `zooms` on W x H frames at `fps` (the frames' own times from 0,
 * one output frame per input frame): zoomAt as an ffmpeg expression for the scale, and the window's
 * top-left corner from the zoom's point, clamped inside the frame.
 */
export function zoomFilter(zooms: readonly Zoom[], W: number, H: number, fps: string): string {
  // st/ld keep each ease's ramp; `;` sequences them (the order of a product's operands is not defined)
  const term = (z: Zoom) => {
    const e = num(Math.min(ZOOM_EASE_S, (z.end - z.start) / 2));
    return `if(between(it,${num(z.start)},${num(z.end)}),st(0,clip((it-${num(z.start)})/${e},0,1));st(1,clip((${num(z.end)}-it)/${e},0,1));${num(z.scale - 1)}*ld(0)*ld(0)*(3-2*ld(0))*ld(1)*ld(1)*(3-2*ld(1)),0)`;
  };
  const at = (pick: (z: Zoom) => number) => balancedSum(zooms.map((z) => `between(it,${num(z.start)},${num(z.end)})*${num(pick(z) - 0.5)}`));
  const z = `1+${balancedSum(zooms.map(term))}`;
  const x = `clip((0.5+${at((q) => q.x)})*iw-iw/zoom/2,0,iw-iw/zoom)`;
  const y = `clip((0.5+${at((q) => q.y)})*ih-ih/zoom/2,0,ih-ih/zoom)`;
  // quoted: the commas and semicolons are the expressions', not the filtergraph's
  const q = (s: string) => `'${s}'`;
  return `zoompan=z=${q(z)}:x=${q(x)}:y=${q(y)}:d=1:s=${W}x${H}:fps=${fps}`;
}

/** A face box in source pixels (inside the bars) at `t`, seconds from the clip's source start. */
export interface TimedRect extends Rect {
  t: number;
}

/**
 * Faces in the output frame of a single-picture layout, on the clip's own timeline: the crop
 * window's view for center_crop / face_tracking, the fitted picture for passthrough and wide.
 * Null for the panel layouts (split_screen, grids, stacked), which get no zooms: a punch-in on the
 * composed frame would crop every panel's person (docs/api-decisions.md "Punch-in zooms").
 */
export function frameFaces(
  faces: readonly TimedRect[],
  o: { layout: string; picture: { width: number; height: number }; cropPath: readonly CropKeyframe[] | null; spans: readonly Span[]; aspect: Aspect },
): FrameFace[] | null {
  const { width: pw, height: ph } = o.picture;
  const frame = clipFrame(o.aspect, "hd");
  let place: (f: TimedRect) => { x0: number; y0: number; x1: number; y1: number };
  if (isCropLayout(o.layout)) {
    const win = cropWindow(pw, ph, aspectRatio(o.aspect));
    const path = o.cropPath?.length ? o.cropPath : [{ t: 0, x: win.maxX / 2 }];
    place = (f) => {
      const left = cropXAt(path, f.t);
      return { x0: (f.x - left) / win.w, x1: (f.x + f.w - left) / win.w, y0: (f.y - win.y) / win.h, y1: (f.y + f.h - win.y) / win.h };
    };
  } else if (o.layout === "passthrough" || o.layout === WHOLE_PICTURE_LAYOUT) {
    // both fit the picture whole in the frame of the clip's shape, centred; fractions of that frame
    const { width: W, height: H } = frame;
    const k = Math.min(W / pw, H / ph);
    const ox = (W - pw * k) / 2;
    const oy = (H - ph * k) / 2;
    place = (f) => ({ x0: (ox + f.x * k) / W, x1: (ox + (f.x + f.w) * k) / W, y0: (oy + f.y * k) / H, y1: (oy + (f.y + f.h) * k) / H });
  } else return null;
  const out: FrameFace[] = [];
  for (const f of faces) {
    const b = place(f);
    // a face out of view (beside the crop window) is not the one on screen
    const x0 = Math.max(0, b.x0), x1 = Math.min(1, b.x1), y0 = Math.max(0, b.y0), y1 = Math.min(1, b.y1);
    if (x1 - x0 < (b.x1 - b.x0) / 2 || y1 - y0 <= 0) continue;
    out.push({ t: toClipTime(o.spans, f.t), x0, y0, x1, y1 });
  }
  return out;
}

/**
 * Where the tracking camera settles on another person: the end of each move of the crop path that
 * crosses at least a quarter of the window (a pan to the new speaker, or a cut), uncut clip seconds.
 */
export function speakerChanges(path: readonly CropKeyframe[] | null, windowW: number): number[] {
  if (!path || path.length < 2) return [];
  const out: number[] = [];
  let moveStart = 0;
  for (let i = 1; i < path.length; i++) {
    const dir = Math.sign(path[i]!.x - path[i - 1]!.x);
    const nextDir = i + 1 < path.length ? Math.sign(path[i + 1]!.x - path[i]!.x) : 0;
    if (dir === 0) {
      moveStart = i;
      continue;
    }
    if (nextDir !== dir) {
      if (Math.abs(path[i]!.x - path[moveStart]!.x) >= windowW / 4) out.push(path[i]!.t);
      moveStart = i;
    }
  }
  return out;
}

/**
 * Per second of the clip, the box of the largest face seen (the person followed), source pixels;
 * `t` the second's middle, seconds from the clip's source start. What a re-render needs to place
 * zooms again without a new face analysis.
 */
export function faceBoxesPerSecond(samples: readonly { t?: number; faces: readonly Rect[] }[], clipStart: number, clipEnd: number): TimedRect[] {
  const bins = new Map<number, Rect>();
  for (const s of samples) {
    if (s.t === undefined || s.t < clipStart || s.t > clipEnd || !s.faces.length) continue;
    const f = s.faces.reduce((a, b) => (b.w * b.h > a.w * a.h ? b : a));
    const k = Math.floor(s.t - clipStart);
    const b = bins.get(k);
    if (!b) bins.set(k, { x: f.x, y: f.y, w: f.w, h: f.h });
    else {
      const x = Math.min(b.x, f.x), y = Math.min(b.y, f.y);
      bins.set(k, { x, y, w: Math.max(b.x + b.w, f.x + f.w) - x, h: Math.max(b.y + b.h, f.y + f.h) - y });
    }
  }
  const r = (n: number) => Math.round(n);
  return [...bins.entries()].sort((a, b) => a[0] - b[0]).map(([k, b]) => ({ t: k + 0.5, x: r(b.x), y: r(b.y), w: Math.max(1, r(b.w)), h: Math.max(1, r(b.h)) }));
}
