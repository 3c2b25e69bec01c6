// What works for an account's audience: a ridge regression of log(views_7d + 1) on the clip's score
// parts and properties, small enough to explain (docs/api-decisions.md "Scores that learn").
// Pure: rows in, weights with standard errors out; no D1, no Worker API.
//
// Model: y = log(views + 1); every feature column is standardised (mean 0, sd 1) and y centred, so
// the intercept is unpenalised and the ridge penalty λ treats every feature alike. With X the
// standardised n×p matrix, β = (X'X + λI)⁻¹ X'y. σ² = RSS / (n − df) with df = tr(X (X'X + λI)⁻¹ X'),
// and the standard errors are √diag((X'X + λI)⁻¹ σ²) — which is at least the ridge estimator's own
// sampling spread (σ² A⁻¹X'XA⁻¹ with A = X'X + λI), so the 95 % intervals err on the wide side to
// cover the small shrinkage bias λβ/(n + λ).

/** Published clips with 7-day numbers needed before anything is fitted. */
export const MIN_POSTS = 10;
/** The ridge penalty on standardised features: about one post's worth of pull towards 0. */
export const LAMBDA = 1;
/** A binary option (layout, style) enters the model only when at least this many posts have it and this many lack it. */
const MIN_LEVEL_POSTS = 2;

export const SCORE_PARTS = ["hook", "flow", "value", "trend"] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];

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
      /** Score-part weights, clamped at 0 and summing to 1 (null when none is positive). */
      score_weights: Record<ScorePart, number> | null;
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
  const sigma2 = rss / Math.max(1, n - 1 - df);

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
    score_weights: scoreWeights(weights),
    residuals: rows.map((r, i) => ({ id: r.id, residual: residuals[i], predicted_log_views: predicted[i] })),
  };
}

/**
 * The score parts' raw weights (per score point) clamped at 0 and normalised to sum 1: how the
 * account's clips should be ranked. A part that is absent or did not help gets 0; null when none helped.
 */
export function scoreWeights(weights: FittedWeight[]): Record<ScorePart, number> | null {
  const raw = SCORE_PARTS.map((part) => Math.max(0, weights.find((w) => w.feature === part)?.per_unit ?? 0));
  const total = raw.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return null;
  return Object.fromEntries(SCORE_PARTS.map((part, i) => [part, Math.round((raw[i] / total) * 1000) / 1000])) as Record<ScorePart, number>;
}

/** The score of a clip's parts under weights summing to 1, 0-100 like the default score. */
export const weightedScore = (w: Record<ScorePart, number>, s: Record<ScorePart, number>) => Math.max(0, Math.min(100, Math.round(SCORE_PARTS.reduce((acc, k) => acc + w[k] * s[k], 0))));
