import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { UsageSchema } from "@katto/protocol/api";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { getUsage } from "../../services/accounts/read";
import { accountCtx } from "../context";

const usageRoute = createRoute({
  method: "get", path: "/api/v1/usage", operationId: "getUsage", tags: ["Account"], summary: "Monthly video quota usage", security,
  middleware: [keyRateLimit("usage")] as const,
  responses: { 200: jsonContent(UsageSchema, "Usage of the current period."), ...errorResponses(401, 403, 429) },
});
export const registerGetUsage = (app: App) => app.openapi(usageRoute, async (c) => c.json(await getUsage(accountCtx(c)), 200));
