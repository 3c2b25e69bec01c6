// Pure: where a cut asked for in source seconds lands, so a clip made by hand never starts or
// ends inside a word (POST /jobs/{id}/clips, a promoted candidate). The Worker snaps with the
// job's transcript words before it queues the clip, and answers the snapped times.

import { round3 } from "./numbers.js";

/** Silence kept before a clip's first word and after its last (never more than half the pause). */
export const SNAP_PAD_S = 0.2;

export interface TimedWord {
  start: number;
  end: number;
}


/**
 * One cut time: unchanged when it already falls in a pause between words (or before the first /
 * after the last); inside a word, moved to the pause at that word's nearer edge, `SNAP_PAD_S` (or
 * half the pause, when shorter) away from the word. Words must be in time order.
 */
export function snapTime(words: readonly TimedWord[], t: number, durationS = Infinity): number {
  const i = words.findIndex((w) => w.start < t && t < w.end);
  if (i < 0) return round3(Math.min(Math.max(0, t), durationS));
  const w = words[i]!;
  const prevEnd = i > 0 ? words[i - 1]!.end : 0;
  const nextStart = i + 1 < words.length ? words[i + 1]!.start : durationS;
  if (t - w.start <= w.end - t) return round3(Math.max(0, w.start - Math.min(SNAP_PAD_S, Math.max(0, w.start - prevEnd) / 2)));
  return round3(Math.min(durationS, w.end + Math.min(SNAP_PAD_S, Math.max(0, nextStart - w.end) / 2)));
}

/**
 * A range `[start, end]` snapped to the nearest pauses between words: each end by `snapTime`.
 * Without words (a source with no speech) the range is only clamped to the source.
 */
export function snapToPauses(words: readonly TimedWord[], start: number, end: number, durationS = Infinity): { start: number; end: number } {
  return { start: snapTime(words, start, durationS), end: snapTime(words, end, durationS) };
}
