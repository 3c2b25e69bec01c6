// katto insights: what works for this account's audience (GET /api/v1/insights).
import type { Schemas } from "@katto/sdk";
import type { Command } from "../command";
import { table } from "../output";

type Insights = Schemas["Insights"];

/** The fit as a person reads it: each weight with its 95 % interval, the ranking weights (said to be the defaults when nothing was learned), what each part shows, best and worst clips. */
export function formatInsights(r: Insights): string {
  if (r.status === "insufficient_data") return `Not enough data yet: ${r.posts_with_metrics} of ${r.needed} published clips have 7-day numbers. Publish more clips; each counts 7 days after it goes live.`;
  const f = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(3);
  const clip = (c: (typeof r.best)[number]) => [c.job_id.slice(0, 8), c.clip_index, c.platform, c.title ?? "", c.score, c.views_7d, c.expected_views_7d];
  return [
    `Fitted on ${r.posts_with_metrics} posts (log(views_7d + 1), R² ${r.r2.toFixed(2)}).`,
    "",
    table(["feature", "weight", "95 % interval"], r.weights.map((w) => [w.feature, f(w.weight), `${f(w.ci95[0])} .. ${f(w.ci95[1])}`])),
    "",
    r.score_weights_learned
      ? `ranking weights (config.score_with "account"): hook ${r.score_weights.hook}, flow ${r.score_weights.flow}, value ${r.score_weights.value}, trend ${r.score_weights.trend}`
      : `ranking weights (config.score_with "account"): the defaults, hook ${r.score_weights.hook}, flow ${r.score_weights.flow}, value ${r.score_weights.value}, trend ${r.score_weights.trend}: your numbers do not yet show more than noise`,
    `what your numbers show: ${Object.entries(r.score_parts)
      .map(([part, e]) => `${part} ${e.evidence === "none" ? "nothing yet" : e.evidence}`)
      .join(", ")}`,
    "",
    "did best against their score:",
    table(["job", "clip", "platform", "title", "score", "views", "expected"], r.best.map(clip)),
    "",
    "did worst against their score:",
    table(["job", "clip", "platform", "title", "score", "views", "expected"], r.worst.map(clip)),
  ].join("\n");
}

export const insights: Command = {
  words: ["insights"],
  summary: "What works for your audience: how the score's parts relate to your posts' 7-day views.",
  usage: "katto insights",
  args: 0,
  examples: ["katto insights", "katto insights --json | jq '.weights'"],
  async run(ctx) {
    const katto = ctx.katto();
    const r = await katto.unwrap(katto.api.GET("/api/v1/insights"));
    ctx.ui.result(r, () => formatInsights(r as Insights));
  },
};
