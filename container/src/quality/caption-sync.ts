// Pure: are the captions in time with the speech? Speech onsets heard in an energy envelope
// (engines/speech/chunks.ts energyEnvelope), the caption phrases that should start on them, and the
// offset between the two (docs/clip-quality.md, caption sync). measure-clip.ts feeds it.
import { round3 } from "@katto/protocol";
import type { Interval } from "../ffmpeg/intervals.js";

function percentile(xs: ArrayLike<number>, p: number): number {
  const s = Array.from(xs).sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.floor(p * (s.length - 1))))]! : -120;
}

/**
 * Speech onsets in an energy envelope (dBFS per frame of `frameS`, engines/speech/chunks.ts `energyEnvelope`): the times the level rises
 * above a threshold halfway between the noise floor (10th percentile) and the speech level (90th)
 * after at least `minQuietS` below it. Only onsets after a pause: inside running speech the
 * energy does not dip between words, so those word starts cannot be heard in the envelope.
 */
export function speechOnsets(envelope: ArrayLike<number>, frameS: number, o: { minQuietS?: number; minRangeDb?: number } = {}): number[] {
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
      if (quiet >= minQuiet) out.push(round3(i * frameS));
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
 * The captions' offset from the speech: caption phrase starts against speech onsets, ms, signed
 * (positive: the captions come late, after the speech is heard; negative: early). The offset is
 * the one shift that lines up the most phrase starts with an onset (within `tolS`), searched over
 * ±`maxS`, so a caption track late by more than half the spacing between phrases is measured as
 * late by that much, not matched to the next phrase's onset; the answer is the median of the
 * lined-up pairs' signed distances. Null when fewer than `minPairs` line up (too little to judge).
 */
export function captionOffsetMs(starts: readonly number[], onsets: readonly number[], o: { maxS?: number; tolS?: number; minPairs?: number } = {}): number | null {
  const maxS = o.maxS ?? 2;
  const tol = o.tolS ?? 0.2;
  const pairsAt = (shift: number) => {
    const d: number[] = [];
    for (const s of starts) {
      let best = Infinity;
      for (const t of onsets) if (Math.abs(s - t - shift) < Math.abs(best - shift)) best = s - t;
      if (Math.abs(best - shift) <= tol) d.push(best);
    }
    return d;
  };
  let best: number[] = [];
  // 20 ms steps from 0 outwards, so that of equally good shifts the smallest wins
  for (let k = 0; k <= Math.round(maxS / 0.02); k++) {
    for (const shift of k ? [k * 0.02, -k * 0.02] : [0]) {
      const d = pairsAt(shift);
      if (d.length > best.length) best = d;
    }
  }
  if (best.length < (o.minPairs ?? 2)) return null;
  best.sort((a, b) => a - b);
  const mid = best.length / 2;
  const median = best.length % 2 ? best[Math.floor(mid)]! : (best[mid - 1]! + best[mid]!) / 2;
  return Math.round(median * 1000);
}

/** The captions' distance from the speech, ms (captionOffsetMs without its sign). */
export function captionSyncMs(starts: readonly number[], onsets: readonly number[], o: { maxS?: number; tolS?: number; minPairs?: number } = {}): number | null {
  const off = captionOffsetMs(starts, onsets, o);
  return off === null ? null : Math.abs(off);
}

/** SRT cues (`00:00:01,200 --> 00:00:02,500`), seconds, in file order. */
export function parseSrtCues(srt: string): Interval[] {
  const t = (h: string, m: string, s: string, ms: string) => Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
  return [...srt.matchAll(/(\d+):(\d\d):(\d\d)[,.](\d{1,3})\s*-->\s*(\d+):(\d\d):(\d\d)[,.](\d{1,3})/g)].map((m) => ({ start: t(m[1]!, m[2]!, m[3]!, m[4]!), end: t(m[5]!, m[6]!, m[7]!, m[8]!) }));
}

/**
 * The caption starts a viewer sees come after a pause: the first cue, and each cue that starts
 * after the previous one ended (a cue holds on screen up to the next one within running speech,
 * captions/srt.ts drawnCues and the broadcast cues alike, so a gap between cues is a pause in the speech).
 */
export const cuePhraseStarts = (cues: readonly Interval[]): number[] => cues.filter((c, i) => i === 0 || c.start - cues[i - 1]!.end > 1e-3).map((c) => c.start);
