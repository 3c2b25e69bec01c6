// Moments for sources without speech: windows with the most sound energy and scene changes.
import type { Moment } from "../runtime/types.js";

export interface MediaSignals {
  /** times (s) of detected scene changes */
  sceneChanges?: number[];
  /** audio level over time; rms is linear amplitude 0..1 */
  energy?: { t: number; rms: number }[];
}

/** Window length per bucket: the middle of the bucket, at most the source. */
export function windowLength(bucket: { min: number; max: number }, durationS: number): number {
  return Math.max(0, Math.min(durationS, (bucket.min + bucket.max) / 2));
}

/**
 * Picks `count` non-overlapping windows on a 1 s grid ranked by 0.6 × mean loudness (relative to the
 * loudest second) + 0.4 × scene-change density (relative to the densest window). With no signals
 * at all the windows are spread evenly over the source.
 */
export function signalMoments(
  durationS: number,
  bucket: { min: number; max: number },
  count: number,
  signals: MediaSignals = {},
): Moment[] {
  const len = windowLength(bucket, durationS);
  if (len <= 0 || count <= 0) return [];
  const energy = signals.energy ?? [];
  const scenes = signals.sceneChanges ?? [];
  const maxCount = Math.max(1, Math.floor(durationS / len));
  const n = Math.min(count, maxCount);
  if (energy.length === 0 && scenes.length === 0) {
    const slot = durationS / n;
    return Array.from({ length: n }, (_, k) => {
      const start = Math.max(0, Math.min(durationS - len, k * slot + (slot - len) / 2));
      return window(start, start + len);
    });
  }
  const maxRms = Math.max(1e-9, ...energy.map((e) => e.rms));
  const starts: number[] = [];
  for (let s = 0; s + len <= durationS + 1e-9; s += 1) starts.push(s);
  if (starts.length === 0) starts.push(0);
  const raw = starts.map((s) => {
    const e = energy.filter((x) => x.t >= s && x.t < s + len);
    const loud = e.length ? e.reduce((a, x) => a + x.rms, 0) / e.length / maxRms : 0;
    const cuts = scenes.filter((t) => t >= s && t < s + len).length;
    return { s, loud, cuts };
  });
  const maxCuts = Math.max(1, ...raw.map((r) => r.cuts));
  const ranked = raw
    .map((r) => ({ s: r.s, score: 0.6 * r.loud + 0.4 * (r.cuts / maxCuts) }))
    .sort((a, b) => b.score - a.score || a.s - b.s);
  const picked: number[] = [];
  for (const r of ranked) {
    if (picked.length >= n) break;
    if (picked.every((p) => r.s + len <= p || p + len <= r.s)) picked.push(r.s);
  }
  return picked.map((s) => window(s, Math.min(durationS, s + len)));
}

function window(start: number, end: number): Moment {
  return { start: Math.round(start * 1000) / 1000, end: Math.round(end * 1000) / 1000, words: [], text: "" };
}
