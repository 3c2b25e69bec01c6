// What works for the account's audience: the fit of its published clips' 7-day views on the score's
// parts (GET /api/v1/insights). Read-only and free.
import { InsightsSchema } from "@katto/protocol/api";
import { z } from "zod";
import { defineTool, unwrap } from "../tool";

export const getInsights = defineTool({
  name: "service_get_insights",
  title: "What works for this audience",
  description:
    "How this account's published clips' views 7 days after posting relate to the score's parts (hook, flow, value, trend), clip length, layout and style options: each weight with its standard error and 95 % interval (change in log views per standard deviation, or for having an option), how many posts it rests on, the clips that did best and worst against their score, and score_weights (what config.score_with \"account\" ranks with). Below 10 published clips with 7-day numbers it answers status insufficient_data with posts_with_metrics and needed instead of guessing. Free and read-only; refitted from the readings on every call.",
  input: {},
  // MCP output schemas are objects: the answer (a union on status) sits under `insights`.
  output: z.object({ insights: InsightsSchema }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (_args, { api }) => ({ insights: (await unwrap(api.GET("/api/v1/insights"))) as Insights }),
  summary: (r) => insightsSummary(r.insights as Insights),
});

type Insights = z.infer<typeof InsightsSchema>;

/** The fit in one paragraph: each weight with its 95 % margin, and the ranking weights. */
export function insightsSummary(r: Insights): string {
  if (r.status === "insufficient_data") return `Not enough data yet: ${r.posts_with_metrics} of ${r.needed} published clips have 7-day numbers.`;
  const weights = r.weights.map((w) => `${w.feature} ${w.weight >= 0 ? "+" : ""}${w.weight.toFixed(2)} ± ${(1.96 * w.std_error).toFixed(2)}`).join(", ");
  const ranking = Object.entries(r.score_weights).map(([k, v]) => `${k} ${v}`).join(", ");
  return `Fitted on ${r.posts_with_metrics} posts (R² ${r.r2.toFixed(2)}): ${weights}. Ranking weights: ${ranking}.`;
}
