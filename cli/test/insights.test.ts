// katto insights' and katto publish's human output (pure formatting; the command itself calls GET /insights).
import { describe, expect, it } from "vitest";
import type { Schemas } from "@katto/sdk";
import { formatInsights } from "../src/commands/insights";
import { metricsLines } from "../src/commands/publish";

describe("katto insights output", () => {
  it("says how many posts are still needed below the threshold", () => {
    expect(formatInsights({ status: "insufficient_data", posts_with_metrics: 3, needed: 10 })).toMatch(/^Not enough data yet: 3 of 10 published clips have 7-day numbers/);
  });

  it("lists each weight with its 95 % interval, the ranking weights and the best and worst clips", () => {
    const clip = { publication_id: "pub_x", job_id: "0f8fad5b-d9cb-469f-a165-70867728950e", clip_index: 2, platform: "youtube", title: "Hook", score: 71, views_7d: 9100, expected_views_7d: 2400, residual: 1.33 };
    const fitted: Extract<Schemas["Insights"], { status: "fitted" }> = {
      status: "fitted", posts_with_metrics: 14, fitted_at: "2026-11-26T00:00:00.000Z", target: "log(views_7d + 1)", intercept: 7.1, r2: 0.62, residual_std: 0.4, lambda: 1,
      weights: [{ feature: "hook", weight: 0.81, std_error: 0.2, ci95: [0.418, 1.202] }],
      score_weights: { hook: 0.7, flow: 0, value: 0.3, trend: 0 },
      score_weights_learned: true,
      score_parts: {
        hook: { evidence: "helps", default_weight: 0.35, learned_share: 0.8 },
        flow: { evidence: "none", default_weight: 0.2, learned_share: 0 },
        value: { evidence: "none", default_weight: 0.3, learned_share: 0 },
        trend: { evidence: "hurts", default_weight: 0.15, learned_share: 0.6 },
      },
      best: [clip], worst: [{ ...clip, clip_index: 5, views_7d: 40, residual: -2 }],
    };
    const text = formatInsights(fitted);
    expect(text).toContain("Fitted on 14 posts (log(views_7d + 1), R² 0.62).");
    expect(text).toMatch(/hook\s+\+0\.810\s+\+0\.418 \.\. \+1\.202/);
    expect(text).toContain('ranking weights (config.score_with "account"): hook 0.7, flow 0, value 0.3, trend 0');
    expect(text).toContain("what your numbers show: hook helps, flow nothing yet, value nothing yet, trend hurts");
    expect(text).toMatch(/did best against their score:\n.*\n0f8fad5b\s+2\s+youtube\s+Hook\s+71\s+9100\s+2400/);
    // weights the numbers did not move are never shown as learned
    const defaults = formatInsights({ ...fitted, score_weights: { hook: 0.35, flow: 0.2, value: 0.3, trend: 0.15 }, score_weights_learned: false });
    expect(defaults).toContain('ranking weights (config.score_with "account"): the defaults, hook 0.35, flow 0.2, value 0.3, trend 0.15: your numbers do not yet show more than noise');
  });

  it("katto publish shows the readings of a published post", () => {
    const lines = metricsLines({ metrics: { status: "scheduled", reason: null, next_reading: { at: "24h", due_at: "2026-11-27T00:00:00.000Z" }, readings: [{ at: "1h", fetched_at: "2026-11-26T01:00:00.000Z", views: 120, likes: 9, comments: 2, shares: null, avg_watch_time_s: null, retention: null }] } } as never);
    expect(lines).toEqual(["metrics:     scheduled, next 24h at 2026-11-27T00:00:00.000Z", "  1h   120 views, 9 likes, 2 comments, - shares (read 2026-11-26T01:00:00.000Z)"]);
  });
});
