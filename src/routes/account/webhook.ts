import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { WebhookDetailsSchema } from "@katto/protocol/api";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { getWebhookDetails } from "../../services/accounts/webhooks";
import { accountCtx } from "../context";

const webhookRoute = createRoute({
  method: "get", path: "/api/v1/webhook", operationId: "getWebhookDetails", tags: ["Account"], summary: "Webhook signing details", security,
  description: "Read scope. The signing secret is generated on first access and stored encrypted.",
  middleware: [keyRateLimit("webhook")] as const,
  responses: { 200: jsonContent(WebhookDetailsSchema, "How to verify completion callbacks."), ...errorResponses(401, 403, 429) },
});
export const registerGetWebhookDetails = (app: App) => app.openapi(webhookRoute, async (c) => c.json(await getWebhookDetails(accountCtx(c)), 200));
