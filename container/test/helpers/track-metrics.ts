// Pure quality measures of a crop path against the followed face (tests and bench/reframe.ts).
import { cropXAt, type CropKeyframe } from "../../src/framing/crop-path.js";
import type { Subject } from "../../src/framing/subject-choice.js";

export interface MetricInput {
  path: readonly CropKeyframe[];
  /** sample times on the source timeline */
  times: readonly number[];
  subjects: readonly (Subject | null)[];
  clipStart: number;
}

/** Fraction of samples with an observed subject whose face centre lies inside the crop window. */
export function coverage(m: MetricInput, windowW: number): number {
  let n = 0;
  let inside = 0;
  m.subjects.forEach((s, i) => {
    if (!s?.observed) return;
    n++;
    const x = cropXAt(m.path, m.times[i] - m.clipStart);
    if (s.cx >= x && s.cx <= x + windowW) inside++;
  });
  return n > 0 ? inside / n : 1;
}

/**
 * Mean absolute crop movement (px per sample) between consecutive samples in which the same
 * subject is observed and "still": its centre moved less than stillFraction of its face width
 * (default 0.1 — detector noise, nodding). A steady camera scores 0.
 */
export function jitter(m: MetricInput, stillFraction = 0.1): number {
  let n = 0;
  let sum = 0;
  for (let i = 1; i < m.times.length; i++) {
    const a = m.subjects[i - 1];
    const b = m.subjects[i];
    if (!a?.observed || !b?.observed || a.id !== b.id) continue;
    if (Math.abs(b.cx - a.cx) >= stillFraction * Math.max(a.w, b.w)) continue;
    n++;
    sum += Math.abs(cropXAt(m.path, m.times[i] - m.clipStart) - cropXAt(m.path, m.times[i - 1] - m.clipStart));
  }
  return n > 0 ? sum / n : 0;
}

/** Samples that had a face at all, for reporting. */
export const facesPerFrame = (samples: readonly { faces: unknown[] }[]): number =>
  samples.length > 0 ? samples.reduce((s, x) => s + x.faces.length, 0) / samples.length : 0;
