// Pure measures of a rendered clip (docs/clip-quality.md): each takes what one ffmpeg pass or the
// face detector produced (log lines, an energy envelope, face boxes) and answers one number, so
// each can be tested without ffmpeg. measure-clip.ts runs the passes; flags.ts turns the numbers
// into named flags.
import { coveredSpans, QUALITY_THRESHOLDS as T, timelineSpans, type ClipTimeline } from "@katto/protocol";
import { sentenceRanges } from "../text/sentences.js";
import { toClipTime, type Span } from "../editing/timeline.js";
import type { Word } from "../runtime/types.js";
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

// caption sync (speech onsets against caption phrases) has its own file; its names are read from here too
export { captionOffsetMs, captionSyncMs, cuePhraseStarts, parseSrtCues, phraseStarts, speechOnsets } from "./caption-sync.js";

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
 * How much of a face the frame shows: the detector's boxes are square (BlazeFace), and a face
 * that reaches past the frame's edge comes back with its box cut at the edge, so the cut box's
 * area over the square of its longer side is the share of the face inside the frame.
 */
export function faceVisibleShare(b: Box, frame: { width: number; height: number }): number {
  const w = Math.max(0, Math.min(frame.width, b.x + b.w) - Math.max(0, b.x));
  const h = Math.max(0, Math.min(frame.height, b.y + b.h) - Math.max(0, b.y));
  const side = Math.max(b.w, b.h);
  return side > 0 ? (w * h) / (side * side) : 0;
}

/**
 * A face is in the frame when at least this share of it is: a close-up selfie's face fills most of
 * the 9:16 frame's width, and a handheld camera moves it by more than the room left at its sides,
 * so an ear or a cheek past the edge is normal; less than three quarters is a half face.
 */
export const FACE_VISIBLE_MIN = 0.75;

/** Whether the tracked speaker (the largest face) is in the frame: enough of it shows, or, away from the frame's edges, all of it. */
export const faceInFrame = (b: Box, frame: { width: number; height: number }) => boxInside(b, frame) || faceVisibleShare(b, frame) >= FACE_VISIBLE_MIN;

/**
 * Share of the judged sampled frames where the tracked speaker (the largest face, the one the
 * crop follows) is in the frame (faceInFrame). A judged frame without a face counts as the subject
 * out of frame. `judged(i)`: whether frame i is judged at all (the source shows a whole face then,
 * and no cutaway or title card covers the picture: judgedFrames); every frame by default. Null
 * when no frame is judged.
 */
export function subjectInFrame(samples: readonly Box[][], frame: { width: number; height: number }, judged: (i: number) => boolean = () => true): number | null {
  let n = 0;
  let inside = 0;
  samples.forEach((faces, i) => {
    if (!judged(i)) return;
    n++;
    const main = faces.reduce<Box | null>((a, b) => (!a || b.w * b.h > a.w * a.h ? b : a), null);
    if (main && faceInFrame(main, frame)) inside++;
  });
  return n ? round(inside / n) : null;
}

/**
 * Share of sampled frames (at times `times`) that are empty: inside a black or frozen interval, or
 * (when the layout expects a face) without any face in a judged frame (one whose source shows a face).
 */
export function emptyFrames(
  times: readonly number[],
  o: { blacks: readonly Interval[]; freezes: readonly Interval[]; faces?: readonly (readonly Box[])[]; judged?: (i: number) => boolean },
): number {
  if (!times.length) return 0;
  const within = (t: number, xs: readonly Interval[]) => xs.some((x) => t >= x.start - 1e-3 && t <= x.end + 1e-3);
  let empty = 0;
  times.forEach((t, i) => {
    const faceless = o.faces && (o.judged?.(i) ?? true) && !o.faces[i]?.length;
    if (within(t, o.blacks) || within(t, o.freezes) || faceless) empty++;
  });
  return round(empty / times.length);
}

/**
 * Pure: the clip's stretches (clip seconds, after its cuts) whose frames are not judged for the
 * speaker: the seconds in which the source itself shows no whole face (no face box from the
 * analysis for that second, or one reaching the source picture's edge: no framing can show what
 * the camera did not), B-roll cutaways and the title card (they cover the picture). Face boxes
 * are per second of the uncut clip (ClipPlan.faceBoxes); null when the faces were not analysed,
 * then only the overlays are left out.
 */
interface UnjudgedInput {
  faceBoxes: readonly { t: number; x: number; y: number; w: number; h: number }[] | null;
  picture: { width: number; height: number };
  rangeS: number;
  keep: readonly Span[];
  overlays: readonly Interval[];
}

export function unjudgedSpans(o: UnjudgedInput): Interval[] {
  const out: Interval[] = o.overlays.map((x) => ({ start: x.start, end: x.end }));
  if (o.faceBoxes) {
    const mx = o.picture.width * FRAME_EDGE_MARGIN;
    const my = o.picture.height * FRAME_EDGE_MARGIN;
    const whole = new Set(
      o.faceBoxes.filter((b) => b.x >= mx && b.y >= my && b.x + b.w <= o.picture.width - mx && b.y + b.h <= o.picture.height - my).map((b) => Math.floor(b.t)),
    );
    for (let k = 0; k < Math.ceil(o.rangeS - 1e-6); k++) {
      if (whole.has(k)) continue;
      const start = toClipTime(o.keep, k);
      const end = toClipTime(o.keep, Math.min(o.rangeS, k + 1));
      if (end > start) out.push({ start, end });
    }
  }
  return mergeIntervals(out);
}

/**
 * Pure: unjudgedSpans of a rendered clip read from its timeline (issue 33): its range and kept
 * pieces, and the B-roll and title card covering the picture.
 */
export function timelineUnjudged(tl: ClipTimeline, faceBoxes: UnjudgedInput["faceBoxes"], picture: UnjudgedInput["picture"]): Interval[] {
  return unjudgedSpans({ faceBoxes, picture, rangeS: tl.source.end - tl.source.start, keep: timelineSpans(tl), overlays: coveredSpans(tl) });
}

/** Pure: per sampled frame time, whether it is judged for the speaker (outside every unjudged span). */
export const judgedFrames = (times: readonly number[], unjudged: readonly Interval[]) => times.map((t) => !unjudged.some((x) => t >= x.start - 1e-3 && t < x.end - 1e-3));
