// Account reads: usage, me, brand kits, webhook signing details.
import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { AccountSchema, BrandKitListSchema, UsageSchema, WebhookDetailsSchema } from "@katto/protocol/api";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { getAccount, getUsage, listBrandKits } from "../../services/accounts/read";
import { getWebhookDetails } from "../../services/accounts/webhooks";
import { accountCtx } from "../context";

const usageRoute = createRoute({
  method: "get", path: "/api/v1/usage", operationId: "getUsage", tags: ["Account"], summary: "Monthly video quota usage", security,
  middleware: [keyRateLimit("usage")] as const,
  responses: { 200: jsonContent(UsageSchema, "Usage of the current period."), ...errorResponses(401, 403, 429) },
});
export const registerGetUsage = (app: App) => app.openapi(usageRoute, async (c) => c.json(await getUsage(accountCtx(c)), 200));

const meRoute = createRoute({
  method: "get", path: "/api/v1/me", operationId: "getAccount", tags: ["Account"], summary: "Account and API key introspection", security,
  middleware: [keyRateLimit("me")] as const,
  responses: { 200: jsonContent(AccountSchema, "The account behind the key."), ...errorResponses(401, 429) },
});
export const registerGetAccount = (app: App) => app.openapi(meRoute, async (c) => c.json(await getAccount(accountCtx(c)), 200));

const brandKitRoute = createRoute({
  method: "get", path: "/api/v1/brand-kit", operationId: "listBrandKits", tags: ["Account"], summary: "The account's brand kits", security,
  description: "Read scope.",
  middleware: [keyRateLimit("brand_kit")] as const,
  responses: { 200: jsonContent(BrandKitListSchema, "Zero or more brand kits."), ...errorResponses(401, 403, 429) },
});
export const registerListBrandKits = (app: App) => app.openapi(brandKitRoute, async (c) => c.json(await listBrandKits(accountCtx(c)), 200));

const webhookRoute = createRoute({
  method: "get", path: "/api/v1/webhook", operationId: "getWebhookDetails", tags: ["Account"], summary: "Webhook signing details", security,
  description: "Read scope. The signing secret is generated on first access and stored encrypted.",
  middleware: [keyRateLimit("webhook")] as const,
  responses: { 200: jsonContent(WebhookDetailsSchema, "How to verify completion callbacks."), ...errorResponses(401, 403, 429) },
});
export const registerGetWebhookDetails = (app: App) => app.openapi(webhookRoute, async (c) => c.json(await getWebhookDetails(accountCtx(c)), 200));
