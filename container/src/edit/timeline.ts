// Pure: a clip's timeline after jump cuts (issue 26 remove_silences / remove_fillers). A clip is a
// source range; cuts take pieces out of it; what is left is a list of kept spans, played back to
// back. Every time that is drawn over the clip (caption words, SRT cues, key words, emoji, the
// title card, zooms) is mapped through here from the uncut clip timeline (seconds from the clip's
// source start) to the clip's own timeline, and the render's filter keeps the same spans
// (../ffmpeg/args.ts), so the picture, the sound and everything drawn agree.
import type { CaptionWord } from "../captions/clip-words.js";

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

/** Seconds of `[a, b]` (uncut) that are kept. */
export function keptWithin(spans: readonly Span[], a: number, b: number): number {
  return spans.reduce((sum, s) => sum + Math.max(0, Math.min(b, s.end) - Math.max(a, s.start)), 0);
}

/**
 * Caption words (uncut clip times) on the cut timeline: a word cut out entirely (a removed filler)
 * is gone; one a cut clips keeps its kept part. Order is kept, times never decrease.
 */
export function mapWords(words: readonly CaptionWord[], spans: readonly Span[], minDurS = 0.04): CaptionWord[] {
  const out: CaptionWord[] = [];
  for (const w of words) {
    if (keptWithin(spans, w.start, w.end) < Math.min(minDurS, (w.end - w.start) / 2)) continue;
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
    out.push({ t: toClipTime(spans, s.end) - 0.002, x: xAt(s.end) });
  }
  return out;
}
