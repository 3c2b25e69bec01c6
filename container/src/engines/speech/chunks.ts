// Pure planning for chunked recognition: an energy envelope, the silences in it, where to cut long
// audio, and how to stitch the chunks' words back so none is lost or doubled at a seam.
import type { Word } from "../../runtime/types.js";

export const ENVELOPE_FRAME_S = 0.02;
/** Quietest level considered speech-free, and the loudest a "silence" may be, in dBFS. */
const SILENCE_FLOOR_DB = -60;
const SILENCE_CEIL_DB = -30;
/** A silence is this much above the noise floor (10th percentile of frame levels) or quieter. */
const SILENCE_ABOVE_FLOOR_DB = 12;

export interface Interval {
  start: number;
  end: number;
}

/** Frame levels in dBFS (RMS over frameS windows). */
export function energyEnvelope(samples: Int16Array, sampleRate: number, frameS = ENVELOPE_FRAME_S): Float64Array {
  const len = Math.max(1, Math.round(sampleRate * frameS));
  const frames = Math.ceil(samples.length / len);
  const out = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const a = f * len;
    const b = Math.min(samples.length, a + len);
    for (let i = a; i < b; i++) sum += samples[i]! * samples[i]!;
    const rms = Math.sqrt(sum / Math.max(1, b - a)) / 32768;
    out[f] = rms > 0 ? 20 * Math.log10(rms) : -120;
  }
  return out;
}

/** Adaptive silence threshold: noise floor + margin, clamped to [SILENCE_FLOOR_DB, SILENCE_CEIL_DB]. */
export function silenceThresholdDb(envDb: ArrayLike<number>): number {
  if (envDb.length === 0) return SILENCE_FLOOR_DB;
  const sorted = Float64Array.from(envDb).sort();
  const floor = sorted[Math.floor(sorted.length * 0.1)]!;
  return Math.min(SILENCE_CEIL_DB, Math.max(SILENCE_FLOOR_DB, floor + SILENCE_ABOVE_FLOOR_DB));
}

/** Runs of frames at or below the threshold lasting at least minS. */
export function findSilences(
  envDb: ArrayLike<number>,
  frameS = ENVELOPE_FRAME_S,
  opts: { minS?: number; thresholdDb?: number } = {},
): Interval[] {
  const minS = opts.minS ?? 0.3;
  const thr = opts.thresholdDb ?? silenceThresholdDb(envDb);
  const out: Interval[] = [];
  let runStart = -1;
  for (let i = 0; i <= envDb.length; i++) {
    const quiet = i < envDb.length && envDb[i]! <= thr;
    if (quiet && runStart < 0) runStart = i;
    if (!quiet && runStart >= 0) {
      if ((i - runStart) * frameS >= minS) out.push({ start: runStart * frameS, end: i * frameS });
      runStart = -1;
    }
  }
  return out;
}

export interface ChunkPlan extends Interval {
  /** audio actually given to the engine: the chunk plus a margin, so a word at a hard cut is heard whole */
  audioStart: number;
  audioEnd: number;
}

export interface ChunkOptions {
  targetS?: number;
  minS?: number;
  maxS?: number;
  /** margin around a cut made where no silence was found */
  hardCutMarginS?: number;
}

/**
 * Cuts [0, durationS] into chunks of minS..maxS (the last may be shorter), each cut in the middle of
 * the longest silence whose middle falls in that window (ties: nearest to targetS). Without such a
 * silence the cut is at maxS and both neighbours get hardCutMarginS of extra audio.
 */
export function planChunks(silences: Interval[], durationS: number, opts: ChunkOptions = {}): ChunkPlan[] {
  const targetS = opts.targetS ?? 45;
  const minS = opts.minS ?? 30;
  const maxS = opts.maxS ?? 60;
  const hardMargin = opts.hardCutMarginS ?? 1;
  const cuts: { t: number; margin: number }[] = [];
  let pos = 0;
  while (durationS - pos > maxS) {
    let best: Interval | null = null;
    let bestKey = -Infinity;
    for (const s of silences) {
      const mid = (s.start + s.end) / 2;
      if (mid < pos + minS || mid > pos + maxS) continue;
      const key = s.end - s.start - Math.abs(mid - (pos + targetS)) * 1e-3;
      if (key > bestKey) {
        bestKey = key;
        best = s;
      }
    }
    const cut = best
      ? { t: (best.start + best.end) / 2, margin: Math.min(hardMargin, (best.end - best.start) / 2) }
      : { t: pos + maxS, margin: hardMargin };
    cuts.push(cut);
    pos = cut.t;
  }
  const chunks: ChunkPlan[] = [];
  let start = 0;
  let startMargin = 0;
  for (const cut of [...cuts, { t: durationS, margin: 0 }]) {
    chunks.push({
      start,
      end: cut.t,
      audioStart: Math.max(0, start - startMargin),
      audioEnd: Math.min(durationS, cut.t + cut.margin),
    });
    start = cut.t;
    startMargin = cut.margin;
  }
  return chunks;
}

/**
 * Joins per-chunk words: a word belongs to the chunk whose [start, end) holds its midpoint (the last
 * chunk also takes its end), so a word heard by two chunks through the margins is kept exactly once.
 */
export function stitchChunks(chunks: { plan: Interval; words: Word[] }[]): Word[] {
  const out: Word[] = [];
  chunks.forEach(({ plan, words }, i) => {
    const last = i === chunks.length - 1;
    for (const w of words) {
      const mid = (w.start + w.end) / 2;
      if (mid >= plan.start && (mid < plan.end || (last && mid <= plan.end))) out.push(w);
    }
  });
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
