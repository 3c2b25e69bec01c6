// The fit recovers known weights from generated accounts, within the uncertainty it states.
import { describe, expect, it } from "vitest";
import { featureColumns, fit, MIN_POSTS, scoreWeights, solve, weightedScore } from "../../../src/services/insights/fit";
import { generateAccount, TRUTH, truthInFitUnits } from "./generated";

describe("insights fit", () => {
  it("says there is not enough data below 10 posts, instead of guessing", () => {
    expect(fit(generateAccount(MIN_POSTS - 1, 1))).toEqual({ status: "insufficient_data", posts_with_metrics: 9, needed: 10 });
    expect(fit([])).toEqual({ status: "insufficient_data", posts_with_metrics: 0, needed: 10 });
    expect(fit(generateAccount(MIN_POSTS, 1)).status).toBe("fitted");
  });

  it("recovers a generated account's true weights: every 95 % interval covers the truth (seed 3, 80 posts)", () => {
    const rows = generateAccount(80, 3);
    const r = fit(rows);
    if (r.status !== "fitted") throw new Error("not fitted");
    const truth = truthInFitUnits(rows);
    expect(r.weights.map((w) => w.feature).sort()).toEqual(Object.keys(TRUTH).sort());
    for (const w of r.weights) {
      expect(w.ci95[0], w.feature).toBeLessThanOrEqual(truth[w.feature]);
      expect(w.ci95[1], w.feature).toBeGreaterThanOrEqual(truth[w.feature]);
    }
    // The strong effects are told apart from nothing: their intervals exclude 0 on the right side.
    const hook = r.weights.find((w) => w.feature === "hook")!;
    expect(hook.ci95[0]).toBeGreaterThan(0);
    const length = r.weights.find((w) => w.feature === "duration_s")!;
    expect(length.ci95[1]).toBeLessThan(0);
    expect(r.r2).toBeGreaterThan(0.5);
  });

  it("its 95 % intervals are calibrated: over 200 generated accounts of 40 posts they cover the truth 90-99 % of the time", () => {
    let covered = 0;
    let total = 0;
    for (let seed = 100; seed < 300; seed++) {
      const rows = generateAccount(40, seed);
      const r = fit(rows);
      if (r.status !== "fitted") throw new Error("not fitted");
      const truth = truthInFitUnits(rows);
      for (const w of r.weights) {
        total++;
        if (w.ci95[0] <= truth[w.feature] && truth[w.feature] <= w.ci95[1]) covered++;
      }
    }
    expect(total).toBe(200 * 6);
    expect(covered / total).toBeGreaterThanOrEqual(0.9);
    expect(covered / total).toBeLessThanOrEqual(0.99);
  });

  it("ranks the worst and best against their parts by residual: a post given 20x its views stands out", () => {
    const rows = generateAccount(30, 11);
    rows[5] = { ...rows[5], views: rows[5].views * 20 + 20 };
    const r = fit(rows);
    if (r.status !== "fitted") throw new Error("not fitted");
    const top = [...r.residuals].sort((a, b) => b.residual - a.residual)[0];
    expect(top.id).toBe("post-5");
  });

  it("turns the score parts' weights into ranking weights: positive parts share 1, a part that hurt gets 0", () => {
    const w = scoreWeights([
      { feature: "hook", weight: 0, std_error: 0, ci95: [0, 0], per_unit: 0.03 },
      { feature: "value", weight: 0, std_error: 0, ci95: [0, 0], per_unit: 0.01 },
      { feature: "trend", weight: 0, std_error: 0, ci95: [0, 0], per_unit: -0.02 },
    ]);
    expect(w).toEqual({ hook: 0.75, flow: 0, value: 0.25, trend: 0 });
    expect(weightedScore(w!, { hook: 80, flow: 10, value: 40, trend: 100 })).toBe(70);
    expect(scoreWeights([{ feature: "hook", weight: 0, std_error: 0, ci95: [0, 0], per_unit: -1 }])).toBeNull();
  });

  it("leaves out options too rare to say anything about, and features that never vary", () => {
    const rows = generateAccount(12, 3).map((r, i) => ({ ...r, options: i === 0 ? ["layout:split"] : [], numeric: { ...r.numeric, trend: 50 } }));
    expect(featureColumns(rows).map((c) => c.name)).toEqual(["duration_s", "flow", "hook", "value"]);
  });

  it("solves linear systems (Gauss-Jordan with pivoting) and refuses a singular one", () => {
    expect(solve([[0, 2], [3, 1]], [[4], [5]]).map((r) => Math.round(r[0] * 1e9) / 1e9)).toEqual([1, 2]);
    expect(() => solve([[1, 2], [2, 4]], [[1], [2]])).toThrow(/singular/);
  });
});
