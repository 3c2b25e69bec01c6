// Pure: how long a clip may be and how many clips a source aims for (the clip budget), from the
// job's config and the seconds of speech (or of source, without speech). Read by moment selection
// (moments.ts) and by the analysis step that reports the count.
import type { ClipConfig, ClipLength, Word } from "../runtime/types.js";
import { CLIP_LENGTH_SECONDS } from "@katto/protocol";

/** Allowed clip durations in seconds per requested bucket; without one, lengths that suit the content. */
export const CLIP_BUCKETS: Readonly<Record<ClipLength | "auto", { min: number; max: number }>> = {
  ...CLIP_LENGTH_SECONDS,
  auto: { min: 15, max: 60 },
};

/** Longest silence a clip may contain between two of its sentences (seconds). */
export const MAX_INNER_SILENCE_S = 3;

/**
 * With speech: one clip per full minute of speech (issue 36: a two-minute reading gives two, a
 * nine-minute talk nine, when the moments exist); without: one per this many seconds of source,
 * rounded up.
 */
export const SPEECH_SECONDS_PER_CLIP = 60;
export const SIGNAL_SECONDS_PER_CLIP = 150;
export const MAX_CLIPS = 10;
export function bucketOf(config: ClipConfig): { min: number; max: number } {
  return CLIP_BUCKETS[config.clipLength ?? "auto"] ?? CLIP_BUCKETS.auto;
}

/**
 * How many clips `seconds` (of speech, or of source without speech) aim for: 1..10, never above
 * maxClips; at least minClips (config.min_clips relaxes the cut-off), still never above maxClips.
 * Speech counts full minutes (rounded down); a source without speech counts its 2.5-minute spans
 * rounded up.
 */
export function clipCount(seconds: number, maxClips: number, perClipS = SPEECH_SECONDS_PER_CLIP, minClips = 0, round: (x: number) => number = Math.floor): number {
  const n = Math.max(1, Math.min(MAX_CLIPS, round(seconds / perClipS + (round === Math.floor ? 1e-9 : -1e-9))), Math.min(MAX_CLIPS, Math.floor(minClips)));
  return Math.max(0, Math.min(n, Math.floor(maxClips)));
}

/**
 * Seconds of speech: the words joined across pauses shorter than MAX_INNER_SILENCE_S, the pause
 * that ends a thought (a reader's breath between lines is speaking time; a long silence is not).
 */
export function speechSeconds(words: readonly Word[]): number {
  let total = 0;
  let a = -1;
  let b = -1;
  for (const w of words) {
    if (a < 0 || w.start - b > MAX_INNER_SILENCE_S) {
      if (a >= 0) total += b - a;
      a = w.start;
    }
    b = Math.max(b, w.end);
  }
  return a >= 0 ? total + b - a : 0;
}

/**
 * The quality floor (issue 42): a moment whose overall score (0..100) is below it is not a clip
 * unless `min_clips` asks for it; it stays a candidate (`below_floor`). The clips-per-minute count
 * above is a ceiling the moments may not reach.
 */
export const QUALITY_FLOOR = 40;
