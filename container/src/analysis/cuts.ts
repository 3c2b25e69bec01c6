// Pure: where a clip is cut. A cut sits in the pause before the clip's first word and after its
// last word (the neighbouring words bound it, so it never falls inside a word), at the quietest
// 20 ms frame of that pause within reach of the word, so a clip neither clips a syllable nor
// opens on dead air. Recognisers' word times are off by tens of milliseconds; the audio level is
// not, so the level decides where in the pause the cut goes. Without a level (tests, engines that
// give none) the cut is the word's edge padded into the pause.
import type { Loudness, Word } from "../runtime/types.js";
import { round3 } from "@katto/protocol";

/** Silence kept around the first and last word without a level (never more than half the gap to a neighbour). */
export const EDGE_PAD_S = 0.2;
/** How far into a pause a cut may move from the word it frames. */
export const MAX_REACH_S = 0.6;
/** Frames within this many dB of the pause's quietest frame are equally quiet. */
const QUIET_TOLERANCE_DB = 3;
/** Among equally quiet frames, the one nearest this lead before the first word / tail after the last. */
const LEAD_S = 0.15;
const TAIL_S = 0.18;
/** A cut is judged by the loudest frame within this distance of it. */
const INTERIOR_S = 0.06;


/** Level (dBFS) of the frame holding time t. */
export function levelAt(level: Loudness, t: number): number {
  const n = level.db.length;
  if (n === 0) return -120;
  return level.db[Math.min(n - 1, Math.max(0, Math.floor(t / level.frameS)))]!;
}

/** Median frame level (dBFS) over [start, end), to 0.5 dB (a histogram, linear in the frames). */
export function medianDb(level: Loudness, start: number, end: number): number {
  const a = Math.max(0, Math.floor(start / level.frameS));
  const b = Math.min(level.db.length, Math.ceil(end / level.frameS));
  if (b <= a) return -120;
  const bins = new Uint32Array(241); // -120..0 dB in 0.5 dB steps
  for (let f = a; f < b; f++) bins[Math.max(0, Math.min(240, Math.round((level.db[f]! + 120) * 2)))]!++;
  const half = (b - a) / 2;
  let seen = 0;
  for (let k = 0; k < bins.length; k++) {
    seen += bins[k]!;
    if (seen >= half) return k / 2 - 120;
  }
  return 0;
}

/** Whether a cut at t is quieter than the clip's median level (true when there is no level to judge). */
export function quietEdge(level: Loudness | undefined, t: number, clip: { start: number; end: number }): boolean {
  if (!level || level.db.length === 0) return true;
  return levelAt(level, t) < medianDb(level, clip.start, clip.end);
}

/**
 * The quietest frame centre in [lo, hi], judged by the loudest frame within ±INTERIOR_S of it (so
 * the cut sits inside the pause, not at a word's edge), ties (within the tolerance) broken toward
 * `prefer`.
 */
function quietestIn(level: Loudness, lo: number, hi: number, prefer: number): number | null {
  const fs = level.frameS;
  const a = Math.max(0, Math.ceil(lo / fs - 0.5));
  const b = Math.min(level.db.length - 1, Math.floor(hi / fs - 0.5));
  if (b < a) return null;
  const reach = Math.max(0, Math.round(INTERIOR_S / fs));
  const around = (f: number) => {
    let m = -Infinity;
    for (let k = Math.max(0, f - reach); k <= Math.min(level.db.length - 1, f + reach); k++) m = Math.max(m, level.db[k]!);
    return m;
  };
  const db = new Map<number, number>();
  let min = Infinity;
  for (let f = a; f <= b; f++) {
    db.set(f, around(f));
    min = Math.min(min, db.get(f)!);
  }
  let best: number | null = null;
  for (let f = a; f <= b; f++) {
    if (db.get(f)! > min + QUIET_TOLERANCE_DB) continue;
    const c = (f + 0.5) * fs;
    if (best === null || Math.abs(c - prefer) < Math.abs(best - prefer)) best = c;
  }
  return best;
}

/** Start of a clip whose first word is words[first]. */
export function cutBefore(words: readonly Word[], first: number, level?: Loudness): number {
  const w0 = words[first]!;
  const prevEnd = first > 0 ? words[first - 1]!.end : 0;
  if (level) {
    const t = quietestIn(level, Math.max(0, prevEnd, w0.start - MAX_REACH_S), w0.start, w0.start - LEAD_S);
    if (t !== null) return round3(t);
  }
  const pad = first > 0 ? Math.min(EDGE_PAD_S, (w0.start - prevEnd) / 2) : EDGE_PAD_S;
  return round3(Math.max(0, w0.start - Math.max(0, pad)));
}

/** End of a clip whose last word is words[last]. */
export function cutAfter(words: readonly Word[], last: number, durationS: number, level?: Loudness): number {
  const w1 = words[last]!;
  const nextStart = last + 1 < words.length ? words[last + 1]!.start : durationS;
  if (level) {
    const t = quietestIn(level, w1.end, Math.min(durationS, nextStart, w1.end + MAX_REACH_S), w1.end + TAIL_S);
    if (t !== null) return round3(t);
  }
  const pad = last + 1 < words.length ? Math.min(EDGE_PAD_S, (nextStart - w1.end) / 2) : EDGE_PAD_S;
  return round3(Math.min(durationS, w1.end + Math.max(0, pad)));
}
