// Pure measures of a rendered clip (docs/clip-quality.md): each takes what one ffmpeg pass or the
// face detector produced (log lines, an energy envelope, face boxes) and answers one number, so
// each can be tested without ffmpeg. measure-clip.ts runs the passes; flags.ts turns the numbers
// into named flags.
import { QUALITY_THRESHOLDS as T } from "@katto/protocol";
import { sentenceRanges } from "../text/sentences.js";
import type { Word } from "../types.js";
import type { Interval } from "../ffmpeg/intervals.js";

// silencedetect's and freezedetect's logs are read by the one interval parser (../ffmpeg/intervals.ts).
export { parseFreezes, parseSilences, type Interval } from "../ffmpeg/intervals.js";

/** blackdetect's black intervals (`black_start:0 black_end:2.5 black_duration:2.5`). */
export function parseBlacks(stderr: string): Interval[] {
  return [...stderr.matchAll(/black_start:\s*(-?[\d.]+)\s+black_end:\s*(-?[\d.]+)/g)].map((m) => ({ start: Number(m[1]), end: Number(m[2]) }));
}

/** ebur128's closing summary: integrated loudness (LUFS) and true peak (dBTP), each null for silence (-inf) or absence. */
export function parseEbur128(stderr: string): { lufs: number | null; truePeak: number | null } {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const num = (re: RegExp) => {
    const m = re.exec(summary);
    if (!m || m[1] === "-inf") return null;
    const n = Number(m[1]);
    return Number.isFinite(n) ? n : null;
  };
  const lufs = num(/Integrated loudness:\s*I:\s*(-?[\d.]+|-inf)\s*LUFS/);
  return { lufs: lufs !== null && lufs <= -70 ? null : lufs, truePeak: num(/True peak:\s*Peak:\s*(-?[\d.]+|-inf)\s*dBFS/) };
}

const overlap = (a: Interval, b: Interval) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

/** The longest silence, seconds. */
export const longestSilence = (silences: readonly Interval[]): number => round(silences.reduce((m, s) => Math.max(m, s.end - s.start), 0));

/** Pure: merge overlapping intervals, sorted. */
export function mergeIntervals(xs: readonly Interval[]): Interval[] {
  const sorted = [...xs].filter((x) => x.end > x.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const x of sorted) {
    const last = out[out.length - 1];
    if (last && x.start <= last.end) last.end = Math.max(last.end, x.end);
    else out.push({ ...x });
  }
  return out;
}

/** How far around a caption word its sound may reach (recognisers' word times are rough). */
export const WORD_PAD_S = 0.25;

/**
 * Share of the clip with speech: time that is audible in the rendered audio (not inside a
 * silence) and inside a caption word (padded). Audible time without words (music, noise) is not
 * speech; words over silence (a transcript that no longer matches the audio) are not either.
 */
export function speechShare(duration: number, silences: readonly Interval[], words: readonly { start: number; end: number }[]): number {
  if (duration <= 0) return 0;
  const spans = mergeIntervals(words.map((w) => ({ start: Math.max(0, w.start - WORD_PAD_S), end: Math.min(duration, w.end + WORD_PAD_S) })));
  const quiet = mergeIntervals(silences.map((s) => ({ start: s.start, end: s.end })));
  let speech = 0;
  for (const s of spans) speech += s.end - s.start - quiet.reduce((a, q) => a + overlap(s, q), 0);
  return round(Math.min(1, Math.max(0, speech / duration)));
}

/** Energy envelope: RMS level per frame of `frameS` seconds, dBFS (-120 for digital silence). */
export function energyEnvelope(samples: Int16Array, sampleRate: number, frameS = 0.02): number[] {
  const n = Math.max(1, Math.round(sampleRate * frameS));
  const out: number[] = [];
  for (let i = 0; i + n <= samples.length; i += n) {
    let sum = 0;
    for (let k = i; k < i + n; k++) sum += (samples[k]! / 32768) ** 2;
    const rms = Math.sqrt(sum / n);
    out.push(rms > 1e-6 ? 20 * Math.log10(rms) : -120);
  }
  return out;
}

function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.floor(p * (s.length - 1))))]! : -120;
}

/**
 * Speech onsets in an energy envelope (dBFS per frame of `frameS`): the times the level rises
 * above a threshold halfway between the noise floor (10th percentile) and the speech level (90th)
 * after at least `minQuietS` below it. Only onsets after a pause: inside running speech the
 * energy does not dip between words, so those word starts cannot be heard in the envelope.
 */
export function speechOnsets(envelope: readonly number[], frameS: number, o: { minQuietS?: number; minRangeDb?: number } = {}): number[] {
  const minQuiet = Math.max(1, Math.round((o.minQuietS ?? 0.25) / frameS));
  const floor = percentile(envelope, 0.1);
  const loud = percentile(envelope, 0.9);
  // a flat envelope (constant noise or silence) has no onsets
  if (loud - floor < (o.minRangeDb ?? 15)) return [];
  const threshold = floor + (loud - floor) / 2;
  const out: number[] = [];
  let quiet = minQuiet; // the clip's start counts as after a pause
  for (let i = 0; i < envelope.length; i++) {
    if (envelope[i]! >= threshold) {
      if (quiet >= minQuiet) out.push(round(i * frameS));
      quiet = 0;
    } else quiet++;
  }
  return out;
}

/** Caption word starts where an onset can be heard: the first word, and each after a pause of at least `minGapS`. */
export function phraseStarts(words: readonly { start: number; end: number }[], minGapS = 0.3): number[] {
  return words.filter((w, i) => i === 0 || w.start - words[i - 1]!.end >= minGapS).map((w) => w.start);
}

/**
 * Median distance (ms) from each caption phrase start to the nearest speech onset within
 * `maxS`, null when fewer than `minPairs` pairs are found (too little to judge).
 */
export function captionSyncMs(starts: readonly number[], onsets: readonly number[], o: { maxS?: number; minPairs?: number } = {}): number | null {
  const maxS = o.maxS ?? 2;
  const d: number[] = [];
  for (const s of starts) {
    let best = Infinity;
    for (const t of onsets) best = Math.min(best, Math.abs(t - s));
    if (best <= maxS) d.push(best);
  }
  if (d.length < (o.minPairs ?? 2)) return null;
  d.sort((a, b) => a - b);
  const mid = d.length / 2;
  const median = d.length % 2 ? d[Math.floor(mid)]! : (d[mid - 1]! + d[mid]!) / 2;
  return Math.round(median * 1000);
}

export interface Edges {
  starts_on_sentence: boolean | null;
  ends_on_sentence: boolean | null;
  cut_word: boolean;
}

/**
 * The clip's edges [start, end] (source seconds) against the transcript's sentences
 * (text/sentences.ts): an edge is on a sentence boundary when the words it keeps begin (end) a
 * sentence, within the tolerance; an edge cuts a word when a word straddles it by more than the
 * word tolerance. Null for the sentence checks without words.
 */
export function edgesAgainstSentences(words: readonly Word[], start: number, end: number): Edges {
  const tol = T.SENTENCE_EDGE_TOLERANCE_S;
  const cutTol = T.WORD_CUT_TOLERANCE_S;
  const cut_word = words.some((w) => (w.start < start - cutTol && w.end > start + cutTol) || (w.start < end - cutTol && w.end > end + cutTol));
  if (!words.length) return { starts_on_sentence: null, ends_on_sentence: null, cut_word };
  const ranges = sentenceRanges([...words]);
  const firstInside = words.findIndex((w) => w.end > start + cutTol);
  let lastInside = -1;
  for (let i = words.length - 1; i >= 0; i--) if (words[i]!.start < end - cutTol) { lastInside = i; break; }
  if (firstInside < 0 || lastInside < firstInside) return { starts_on_sentence: null, ends_on_sentence: null, cut_word };
  const startsSentence = ranges.some((r) => r.from === firstInside);
  const endsSentence = ranges.some((r) => r.to === lastInside + 1);
  return {
    starts_on_sentence: startsSentence && words[firstInside]!.start >= start - tol,
    ends_on_sentence: endsSentence && words[lastInside]!.end <= end + tol,
    cut_word,
  };
}

/**
 * The fix for edges that cut a word or a sentence: the nearest range whose start is a sentence's
 * start and whose end is a sentence's end (with a little air: `padS` before and after, never into
 * the neighbouring words), whose length stays in [minS, maxS]. Null when no such range exists.
 */
export function sentenceAlignedRange(words: readonly Word[], start: number, end: number, o: { minS: number; maxS: number; padS?: number; duration: number }): Interval | null {
  if (!words.length) return null;
  const pad = o.padS ?? 0.15;
  const ranges = sentenceRanges([...words]);
  const starts = ranges.map((r) => {
    const prev = words[r.from - 1];
    return Math.max(0, Math.max(prev ? prev.end : 0, words[r.from]!.start - pad));
  });
  const ends = ranges.map((r) => {
    const next = words[r.to];
    return Math.min(o.duration, Math.min(next ? next.start : Infinity, words[r.to - 1]!.end + pad));
  });
  let best: Interval | null = null;
  let bestCost = Infinity;
  for (const s of starts) {
    for (const e of ends) {
      const len = e - s;
      if (len < o.minS || len > o.maxS) continue;
      const cost = Math.abs(s - start) + Math.abs(e - end);
      if (cost < bestCost) {
        bestCost = cost;
        best = { start: round(s), end: round(e) };
      }
    }
  }
  return best;
}

/** A face box in output-frame pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A face is fully inside the frame when its box keeps this share of the frame's width (height) from each edge. */
export const FRAME_EDGE_MARGIN = 0.01;

export const boxInside = (b: Box, frame: { width: number; height: number }) => {
  const mx = frame.width * FRAME_EDGE_MARGIN;
  const my = frame.height * FRAME_EDGE_MARGIN;
  return b.x >= mx && b.y >= my && b.x + b.w <= frame.width - mx && b.y + b.h <= frame.height - my;
};

/**
 * Share of sampled frames where the tracked speaker (the largest face, the one the crop follows)
 * is fully inside the frame. A frame without a face counts as the subject out of frame.
 */
export function subjectInFrame(samples: readonly Box[][], frame: { width: number; height: number }): number {
  if (!samples.length) return 0;
  let inside = 0;
  for (const faces of samples) {
    const main = faces.reduce<Box | null>((a, b) => (!a || b.w * b.h > a.w * a.h ? b : a), null);
    if (main && boxInside(main, frame)) inside++;
  }
  return round(inside / samples.length);
}

/**
 * Share of sampled frames (at times `times`) that are empty: inside a black or frozen interval, or
 * (when the layout expects a face) without any face.
 */
export function emptyFrames(times: readonly number[], o: { blacks: readonly Interval[]; freezes: readonly Interval[]; faces?: readonly (readonly Box[])[] }): number {
  if (!times.length) return 0;
  const within = (t: number, xs: readonly Interval[]) => xs.some((x) => t >= x.start - 1e-3 && t <= x.end + 1e-3);
  let empty = 0;
  times.forEach((t, i) => {
    if (within(t, o.blacks) || within(t, o.freezes) || (o.faces && !(o.faces[i]?.length))) empty++;
  });
  return round(empty / times.length);
}
