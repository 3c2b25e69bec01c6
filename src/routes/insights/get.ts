import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { InsightsSchema } from "@katto/protocol/api";
import { getInsights } from "../../services/insights/get";
import { accountCtx } from "../context";

const route = createRoute({
  method: "get",
  path: "/api/v1/insights",
  operationId: "getInsights",
  tags: ["Insights"],
  summary: "What works for your audience",
  description:
    "How this account's published clips' 7-day views relate to the score's parts (hook, flow, value, trend), clip length, layout and style options: a ridge regression on log(views + 1) with standardised features, each weight with its standard error and 95 % interval, refitted on every call from the readings so far. Below 10 published clips with 7-day numbers: {status: \"insufficient_data\", posts_with_metrics, needed}.",
  security,
  middleware: [keyRateLimit("insights")] as const,
  responses: { 200: jsonContent(InsightsSchema, "The fitted weights, or how many more posts are needed."), ...errorResponses(401, 403, 429) },
});

export const registerGetInsights = (app: App) => app.openapi(route, async (c) => c.json(await getInsights(accountCtx(c)), 200));
