// Pure: the time maths of a clip (issue 33): the kept spans of a cut clip and the maps between
// source time and clip time, a crop path's x at a time, an eased zoom at a time, frame rates. The
// clip timeline (./clip-timeline.ts) is described in these terms; the render backend, the quality
// measures and the editor exports read times through here, so none keeps a twin of this maths.
//
// Times: "uncut" times are seconds from the clip's source start (what the crop path and the words
// are measured in before cuts); "clip" times are seconds on the clip's own timeline after the cuts.
import { clamp } from "./numbers.js";

// ---------------------------------------------------------------------------------------------
// Kept spans and the maps between source time and clip time (moved from container/src/editing/timeline.ts)

/** A piece of the uncut clip timeline, seconds from the clip's source start; start < end. */
export interface Span {
  start: number;
  end: number;
}

const EPS = 1e-6;

/** The uncut clip [0, durationS] without the cuts (overlapping or unsorted cuts are merged). */
export function keptSpans(durationS: number, cuts: readonly Span[]): Span[] {
  const sorted = cuts
    .map((c) => ({ start: Math.max(0, c.start), end: Math.min(durationS, c.end) }))
    .filter((c) => c.end - c.start > EPS)
    .sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  let at = 0;
  for (const c of sorted) {
    if (c.start - at > EPS) out.push({ start: at, end: c.start });
    at = Math.max(at, c.end);
  }
  if (durationS - at > EPS) out.push({ start: at, end: durationS });
  return out;
}

/** The clip's duration once cut: the kept spans back to back. */
export const keptDuration = (spans: readonly Span[]) => spans.reduce((s, k) => s + (k.end - k.start), 0);

/**
 * Where uncut time `t` lands on the clip's own timeline. A time inside a cut lands where the cut
 * was joined (the next span's start), so an interval that straddles a cut keeps its kept parts.
 */
export function toClipTime(spans: readonly Span[], t: number): number {
  let before = 0;
  for (const s of spans) {
    if (t < s.start) return before;
    if (t <= s.end) return before + (t - s.start);
    before += s.end - s.start;
  }
  return before;
}

/**
 * Where clip time `c` comes from on the uncut timeline (the inverse of toClipTime on kept time):
 * a time at a join belongs to the span that starts there; past the end, the last span's end.
 */
export function toUncutTime(spans: readonly Span[], c: number): number {
  let before = 0;
  for (const s of spans) {
    const len = s.end - s.start;
    if (c < before + len) return s.start + Math.max(0, c - before);
    before += len;
  }
  return spans.length ? spans[spans.length - 1]!.end : c;
}

/** Seconds of `[a, b]` (uncut) that are kept. */
export function keptWithin(spans: readonly Span[], a: number, b: number): number {
  return spans.reduce((sum, s) => sum + Math.max(0, Math.min(b, s.end) - Math.max(a, s.start)), 0);
}

/**
 * Words (uncut clip times) on the cut timeline: a word a cut takes all or most of (a removed
 * filler: under half of it left) is gone; one a cut only clips keeps its kept part. Order is kept,
 * times never decrease. A filler's cut ends on the output frame grid, so at 10 fps it may stop up
 * to a frame before the word's aligned end: the combination matrix found "um" left in the captions
 * of a clip whose "um" was cut, 70 ms of it kept. `keepClipped`: words not aligned to the sound
 * (a translation spread over its sentence) go only when under `minDurS` of them is left.
 */
export function mapWords<W extends { start: number; end: number }>(words: readonly W[], spans: readonly Span[], minDurS = 0.04, o: { keepClipped?: boolean } = {}): W[] {
  const out: W[] = [];
  for (const w of words) {
    const length = w.end - w.start;
    const kept = keptWithin(spans, w.start, w.end);
    if (kept < Math.min(minDurS, length / 2) || (!o.keepClipped && kept < length / 2)) continue;
    const start = toClipTime(spans, w.start);
    const end = toClipTime(spans, w.end);
    if (end - start < 0.01) continue;
    out.push({ ...w, start, end });
  }
  return out;
}

/** True when the spans are the whole clip (nothing cut). */
export const isUncut = (spans: readonly Span[], durationS: number) => spans.length === 1 && spans[0]!.start <= EPS && spans[0]!.end >= durationS - EPS;

/** The pieces cut out between and around the kept spans of [0, durationS]. */
export function cutGaps(spans: readonly Span[], durationS: number): Span[] {
  const out: Span[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start - at > EPS) out.push({ start: at, end: s.start });
    at = s.end;
  }
  if (durationS - at > EPS) out.push({ start: at, end: durationS });
  return out;
}

/** How long before its span's end (clip seconds) mapPath keys a span's last value: the path holds it to the join, then jumps. */
export const SPAN_END_KEY_S = 0.002;

/**
 * A path of keyframes {t, x} (a crop window's left edge, uncut clip times) on the cut timeline:
 * its value at each span's edges and its keyframes inside spans, mapped. At a join the path jumps
 * from where the left span ended to where the right one starts, as the picture does.
 */
export function mapPath<K extends { t: number; x: number }>(path: readonly K[], spans: readonly Span[], xAt: (t: number) => number): { t: number; x: number }[] {
  const out: { t: number; x: number }[] = [];
  for (const s of spans) {
    const inside = path.filter((k) => k.t > s.start && k.t < s.end);
    out.push({ t: toClipTime(spans, s.start), x: xAt(s.start) });
    for (const k of inside) out.push({ t: toClipTime(spans, k.t), x: k.x });
    out.push({ t: toClipTime(spans, s.end) - SPAN_END_KEY_S, x: xAt(s.end) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The crop path, the zooms and the frame rate

/** A crop window's left edge at a time: t seconds, x pixels of the picture inside the bars. */
export interface CropKey {
  t: number;
  x: number;
}

/**
 * The crop window's left edge at time t: linear between keyframes, held before the first and after
 * the last; two keyframes at one instant jump there. The render's ffmpeg expression is the same
 * function (container/src/framing/crop-path.ts cropTimeline).
 */
export function cropXAt(path: readonly CropKey[], t: number): number {
  if (path.length === 0) return 0;
  let x = path[0]!.x;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const f = b.t > a.t ? Math.min(1, Math.max(0, (t - a.t) / (b.t - a.t))) : t >= b.t ? 1 : 0;
    x += (b.x - a.x) * f;
  }
  return x;
}

/** Ease-in and ease-out time of a punch-in zoom. */
export const ZOOM_EASE_S = 0.3;

/** A punch-in: clip seconds, its full scale, and the point zoomed on (fractions of the output frame). */
export interface ZoomKey {
  start: number;
  end: number;
  scale: number;
  x: number;
  y: number;
}


/**
 * The zoom at clip time t (scale 1 outside every zoom): smoothstep eases of ZOOM_EASE_S (at most half
 * the zoom) at both ends. The render's zoompan expression is the same function
 * (container/src/editing/zoom-plan.ts zoomFilter).
 */
export function zoomAt(zooms: readonly ZoomKey[], t: number): { scale: number; x: number; y: number } {
  for (const z of zooms) {
    if (t < z.start || t > z.end) continue;
    const e = Math.min(ZOOM_EASE_S, (z.end - z.start) / 2);
    const s = (r: number) => r * r * (3 - 2 * r);
    const w = s(clamp((t - z.start) / e, 0, 1)) * s(clamp((z.end - t) / e, 0, 1));
    return { scale: 1 + (z.scale - 1) * w, x: z.x, y: z.y };
  }
  return { scale: 1, x: 0.5, y: 0.5 };
}

export interface Rational {
  num: number;
  den: number;
}

/** A frame rate as ffmpeg writes it ("30000/1001", "30", "12.5") -> a rational; null when it is none. */
export function parseRateOrNull(rate: string | undefined): Rational | null {
  const m = /^(\d+)(?:\.(\d+))?(?:\/(\d+))?$/.exec(rate ?? "");
  if (!m || (m[2] !== undefined && m[3] !== undefined)) return null;
  const scale = m[2] !== undefined ? 10 ** m[2].length : 1;
  const num = Number(m[1]) * scale + (m[2] !== undefined ? Number(m[2]) : 0);
  const den = m[3] !== undefined ? Number(m[3]) : scale;
  return num > 0 && den > 0 ? { num, den } : null;
}

/** A frame rate as ffmpeg writes it -> a rational; anything else -> 30/1. */
export const parseRate = (rate: string | undefined): Rational => parseRateOrNull(rate) ?? { num: 30, den: 1 };

/** Frames at `fps` nearest to `seconds`. */
export const toFrames = (seconds: number, fps: Rational) => Math.round((seconds * fps.num) / fps.den);
/** Seconds of `frames` frames. */
export const toSeconds = (frames: number, fps: Rational) => (frames * fps.den) / fps.num;
