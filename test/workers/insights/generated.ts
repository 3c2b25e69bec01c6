// Generated accounts whose true weights are known: each post's log(views + 1) is a linear function of
// its score parts, length and options plus noise, from a seeded generator so every run is the same.
import { featureColumns, type FitRow } from "../../../src/services/insights/fit";

export function rng(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

/** True per-unit weights on log(views + 1): per score point, per second, for having the option. */
export const TRUTH = { hook: 0.04, flow: 0.0, value: 0.02, trend: -0.01, duration_s: -0.02, "style:emoji": 0.5 };
export const BASE = 4;
export const NOISE = 0.35;

export interface GeneratedPost extends FitRow {
  subscores: { hook: number; flow: number; value: number; trend: number };
  duration: number;
  emoji: boolean;
}

export function generateAccount(n: number, seed: number): GeneratedPost[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const s = { hook: 20 + 75 * r.uniform(), flow: 20 + 75 * r.uniform(), value: 20 + 75 * r.uniform(), trend: 20 + 75 * r.uniform() };
    const duration = 15 + 45 * r.uniform();
    const emoji = r.uniform() < 0.5;
    const logViews = BASE + TRUTH.hook * s.hook + TRUTH.flow * s.flow + TRUTH.value * s.value + TRUTH.trend * s.trend + TRUTH.duration_s * duration + (emoji ? TRUTH["style:emoji"] : 0) + NOISE * r.normal();
    return { id: `post-${i}`, views: Math.round(Math.exp(logViews) - 1), numeric: { ...s, duration_s: duration }, options: emoji ? ["style:emoji"] : [], subscores: s, duration, emoji };
  });
}

/** The truth in the fit's units: per standard deviation for numeric features, per having it for options. */
export function truthInFitUnits(rows: FitRow[]) {
  const out: Record<string, number> = {};
  for (const c of featureColumns(rows)) {
    const m = c.values.reduce((a, b) => a + b, 0) / c.values.length;
    const sd = Math.sqrt(c.values.reduce((a, b) => a + (b - m) ** 2, 0) / (c.values.length - 1));
    out[c.name] = c.kind === "option" ? TRUTH[c.name as keyof typeof TRUTH] : TRUTH[c.name as keyof typeof TRUTH] * sd;
  }
  return out;
}


/**
 * An account whose views do not depend on anything about the clip: log views normal around 6 with
 * σ 1.5, the score parts, length and an option drawn as for generateAccount (issue 36).
 */
export function generateNoSignalAccount(n: number, seed: number): GeneratedPost[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const s = { hook: 20 + 75 * r.uniform(), flow: 20 + 75 * r.uniform(), value: 20 + 75 * r.uniform(), trend: 20 + 75 * r.uniform() };
    const duration = 15 + 45 * r.uniform();
    const emoji = r.uniform() < 0.5;
    const logViews = 6 + 1.5 * r.normal();
    return { id: `post-${i}`, views: Math.max(0, Math.round(Math.exp(logViews) - 1)), numeric: { ...s, duration_s: duration }, options: emoji ? ["style:emoji"] : [], subscores: s, duration, emoji };
  });
}
