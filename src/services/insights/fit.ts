// What works for an account's audience: a ridge regression of log(views_7d + 1) on the clip's score
// parts and properties, small enough to explain (docs/api-decisions.md "Scores that learn").
// Pure: rows in, weights with standard errors out; no D1, no Worker API.
//
// Ranking weights (scoreWeights): the score parts' fitted weights are noisy on the 10-40 posts an
// account has, so they are not used as they stand. Each moves from the default weights towards the
// data's share by how sure the data is: not at all unless the four parts together explain views (an
// F test at 5 %), and then each part by its own evidence (1 − F*/F, the positive-part James-Stein
// factor, jointly and per part). An account whose views do not depend on the score keeps the
// defaults 95 % of the time, and is told so.
//
// Model: y = log(views + 1); every feature column is standardised (mean 0, sd 1) and y centred, so
// the intercept is unpenalised and the ridge penalty λ treats every feature alike. With X the
// standardised n×p matrix, β = (X'X + λI)⁻¹ X'y. σ² = RSS / (n − df) with df = tr(X (X'X + λI)⁻¹ X'),
// and the standard errors are √diag((X'X + λI)⁻¹ σ²) — which is at least the ridge estimator's own
// sampling spread (σ² A⁻¹X'XA⁻¹ with A = X'X + λI), so the 95 % intervals err on the wide side to
// cover the small shrinkage bias λβ/(n + λ).

import { DEFAULT_SCORE_WEIGHTS, SCORE_PARTS, type ScorePart, round3 } from "@katto/protocol";
import { fQuantileUpper } from "./f-test";

/** Published clips with 7-day numbers needed before anything is fitted. */
export const MIN_POSTS = 10;
/** The ridge penalty on standardised features: about one post's worth of pull towards 0. */
export const LAMBDA = 1;
/** A binary option (layout, style) enters the model only when at least this many posts have it and this many lack it. */
const MIN_LEVEL_POSTS = 2;

/** The test level of "the numbers show something": 5 % of accounts whose views ignore the score may move. */
export const EVIDENCE_ALPHA = 0.05;

export { SCORE_PARTS, type ScorePart } from "@katto/protocol";

/** What an account's numbers say about one part of the score. */
export interface ScorePartEvidence {
  /** helps / hurts: its weight's test passed (and the parts' joint test did); none: nothing to tell from noise, or the part never varied. */
  evidence: "helps" | "hurts" | "none";
  default_weight: number;
  /** How far the ranking weight moved from the default towards the data's share: 0 (default kept) to 1. */
  learned_share: number;
}

export interface FitRow {
  id: string;
  views: number;
  /** Numeric features (hook, flow, value, trend, duration_s). */
  numeric: Record<string, number>;
  /** Options the clip had (layout:split, style:emoji, platform:tiktok ...). */
  options: string[];
}

export interface FittedWeight {
  feature: string;
  /** Numeric: change in log(views+1) per standard deviation; option: for having it. */
  weight: number;
  std_error: number;
  ci95: [number, number];
  /** Numeric features: the weight per unit of the raw feature (one score point, one second). */
  per_unit: number;
}

export type FitResult =
  | { status: "insufficient_data"; posts_with_metrics: number; needed: number }
  | {
      status: "fitted";
      posts_with_metrics: number;
      intercept: number;
      r2: number;
      residual_std: number;
      lambda: number;
      weights: FittedWeight[];
      /** Ranking weights of the score parts, summing to 1: the defaults moved by what the data shows. */
      score_weights: Record<ScorePart, number>;
      /** Whether any part's weight moved from the default (false: score_weights are the defaults). */
      score_weights_learned: boolean;
      score_parts: Record<ScorePart, ScorePartEvidence>;
      /** Per row: log(views+1) minus the prediction. */
      residuals: { id: string; residual: number; predicted_log_views: number }[];
    };

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[], m = mean(xs)) => Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1));

/** The feature columns: every numeric feature that varies, and every option present in enough posts and absent from enough. */
export function featureColumns(rows: FitRow[]): { name: string; kind: "numeric" | "option"; values: number[] }[] {
  const cols: { name: string; kind: "numeric" | "option"; values: number[] }[] = [];
  const numericNames = [...new Set(rows.flatMap((r) => Object.keys(r.numeric)))].sort();
  for (const name of numericNames) {
    if (!rows.every((r) => Number.isFinite(r.numeric[name]))) continue;
    const values = rows.map((r) => r.numeric[name]);
    if (sd(values) > 1e-9) cols.push({ name, kind: "numeric", values });
  }
  const optionNames = [...new Set(rows.flatMap((r) => r.options))].sort();
  for (const name of optionNames) {
    const values = rows.map((r) => (r.options.includes(name) ? 1 : 0));
    const have = values.filter((v) => v === 1).length;
    if (have >= MIN_LEVEL_POSTS && rows.length - have >= MIN_LEVEL_POSTS) cols.push({ name, kind: "option", values });
  }
  return cols;
}

/** Solves A x = b for each column of B by Gauss-Jordan elimination with partial pivoting; returns A⁻¹B. */
export function solve(A: number[][], B: number[][]): number[][] {
  const n = A.length;
  const m = B[0]?.length ?? 0;
  const M = A.map((row, i) => [...row, ...B[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[pivot][c])) pivot = r;
    if (Math.abs(M[pivot][c]) < 1e-12) throw new Error("singular matrix");
    [M[c], M[pivot]] = [M[pivot], M[c]];
    const p = M[c][c];
    for (let k = 0; k < n + m; k++) M[c][k] /= p;
    for (let r = 0; r < n; r++) {
      if (r === c || M[r][c] === 0) continue;
      const f = M[r][c];
      for (let k = 0; k < n + m; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((row) => row.slice(n));
}

const identity = (p: number) => Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => (i === j ? 1 : 0)));

export function fit(rows: FitRow[], opts: { lambda?: number; minPosts?: number } = {}): FitResult {
  const needed = opts.minPosts ?? MIN_POSTS;
  const lambda = opts.lambda ?? LAMBDA;
  if (rows.length < needed) return { status: "insufficient_data", posts_with_metrics: rows.length, needed };

  const n = rows.length;
  const y = rows.map((r) => Math.log(Math.max(0, r.views) + 1));
  const yMean = mean(y);
  const yc = y.map((v) => v - yMean);
  const cols = featureColumns(rows);
  const stats = cols.map((c) => ({ m: mean(c.values), s: sd(c.values) }));
  const X = rows.map((_, i) => cols.map((c, j) => (c.values[i] - stats[j].m) / stats[j].s));
  const p = cols.length;

  const XtX = identity(p).map((row, a) => row.map((_, b) => X.reduce((acc, x) => acc + x[a] * x[b], 0)));
  const A = XtX.map((row, a) => row.map((v, b) => v + (a === b ? lambda : 0)));
  const Xty = cols.map((_, a) => [X.reduce((acc, x, i) => acc + x[a] * yc[i], 0)]);
  const Ainv = p ? solve(A, identity(p)) : [];
  const beta = p ? Ainv.map((row) => row.reduce((acc, v, k) => acc + v * Xty[k][0], 0)) : [];

  const predicted = X.map((x) => yMean + x.reduce((acc, v, j) => acc + v * beta[j], 0));
  const residuals = y.map((v, i) => v - predicted[i]);
  const rss = residuals.reduce((a, r) => a + r * r, 0);
  const tss = yc.reduce((a, v) => a + v * v, 0);
  // df = tr(X A⁻¹ X') = tr(A⁻¹ X'X)
  const df = Ainv.reduce((acc, row, a) => acc + row.reduce((s, v, k) => s + v * XtX[k][a], 0), 0);
  const dfResidual = n - 1 - df;
  const sigma2 = rss / Math.max(1, dfResidual);

  const weights: FittedWeight[] = cols.map((c, j) => {
    // An option is reported for having it (per unit of the 0/1 column); a numeric feature per standard deviation.
    const scale = c.kind === "option" ? 1 / stats[j].s : 1;
    const w = beta[j] * scale;
    const se = Math.sqrt(Math.max(0, Ainv[j][j] * sigma2)) * scale;
    return { feature: c.name, weight: w, std_error: se, ci95: [w - 1.96 * se, w + 1.96 * se], per_unit: beta[j] / stats[j].s };
  });

  return {
    status: "fitted",
    posts_with_metrics: n,
    intercept: yMean,
    r2: tss > 0 ? 1 - rss / tss : 0,
    residual_std: Math.sqrt(sigma2),
    lambda,
    weights,
    ...scoreWeights(weights, shrinkFactors(cols.map((c) => c.name), beta, Ainv, sigma2, dfResidual)),
    residuals: rows.map((r, i) => ({ id: r.id, residual: residuals[i], predicted_log_views: predicted[i] })),
  };
}

/**
 * Per score part, how much of the data's share to take (0: keep the default): the parts' joint F
 * test at EVIDENCE_ALPHA gates everything, then each part shrinks by its own F (t²) statistic:
 * κ = (1 − F* ÷ F)⁺ jointly times (1 − F₁* ÷ t²)⁺ for the part. Parts that never varied get 0.
 */
export function shrinkFactors(names: string[], beta: number[], Ainv: number[][], sigma2: number, dfResidual: number): Record<ScorePart, number> {
  const none = Object.fromEntries(SCORE_PARTS.map((p) => [p, 0])) as Record<ScorePart, number>;
  const idx = names.map((name, j) => ({ name, j })).filter((c) => (SCORE_PARTS as readonly string[]).includes(c.name));
  if (!idx.length || dfResidual < 1 || !(sigma2 > 0)) return none;
  const q = idx.length;
  const V = idx.map((a) => idx.map((b) => Ainv[a.j][b.j] * sigma2));
  const b = idx.map((c) => beta[c.j]);
  let wald: number;
  try {
    const Vinv = solve(V, identity(q));
    wald = b.reduce((acc, bi, i) => acc + bi * Vinv[i].reduce((s, v, k) => s + v * b[k], 0), 0);
  } catch {
    return none;
  }
  const F = wald / q;
  const fStar = fQuantileUpper(EVIDENCE_ALPHA, q, dfResidual);
  const joint = F > fStar ? 1 - fStar / F : 0;
  if (joint === 0) return none;
  const f1Star = fQuantileUpper(EVIDENCE_ALPHA, 1, dfResidual);
  for (const [i, c] of idx.entries()) {
    const t2 = (b[i] * b[i]) / V[i][i];
    none[c.name as ScorePart] = t2 > f1Star ? joint * (1 - f1Star / t2) : 0;
  }
  return none;
}

/**
 * The score parts' ranking weights, summing to 1: each part's default weight moved towards the
 * data's share (its raw weight per score point, clamped at 0, over the parts' sum) by its factor.
 * With every factor 0 the defaults, said as such.
 */
export function scoreWeights(weights: FittedWeight[], factors: Record<ScorePart, number>): { score_weights: Record<ScorePart, number>; score_weights_learned: boolean; score_parts: Record<ScorePart, ScorePartEvidence> } {
  const raw = SCORE_PARTS.map((part) => Math.max(0, weights.find((w) => w.feature === part)?.per_unit ?? 0));
  const total = raw.reduce((a, b) => a + b, 0);
  const moved = SCORE_PARTS.map((part, i) => {
    const share = total > 0 ? raw[i] / total : 0;
    return DEFAULT_SCORE_WEIGHTS[part] + factors[part] * (share - DEFAULT_SCORE_WEIGHTS[part]);
  });
  const sum = moved.reduce((a, b) => a + b, 0);
  const learned = SCORE_PARTS.some((p) => factors[p] > 0) && sum > 0;
  return {
    score_weights: Object.fromEntries(SCORE_PARTS.map((part, i) => [part, learned ? round3(moved[i] / sum) : DEFAULT_SCORE_WEIGHTS[part]])) as Record<ScorePart, number>,
    score_weights_learned: learned,
    score_parts: Object.fromEntries(
      SCORE_PARTS.map((part) => {
        const w = weights.find((x) => x.feature === part);
        const evidence = learned && factors[part] > 0 && w ? (w.weight > 0 ? "helps" : "hurts") : "none";
        return [part, { evidence, default_weight: DEFAULT_SCORE_WEIGHTS[part], learned_share: learned ? round3(factors[part]) : 0 }];
      }),
    ) as Record<ScorePart, ScorePartEvidence>,
  };
}

/** The score of a clip's parts under weights summing to 1, 0-100 like the default score. */
export const weightedScore = (w: Record<ScorePart, number>, s: Record<ScorePart, number>) => Math.max(0, Math.min(100, Math.round(SCORE_PARTS.reduce((acc, k) => acc + w[k] * s[k], 0))));
