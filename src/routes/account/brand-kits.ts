import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { BrandKitListSchema } from "@katto/protocol/api";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { listBrandKits } from "../../services/accounts/read";
import { accountCtx } from "../context";

const brandKitRoute = createRoute({
  method: "get", path: "/api/v1/brand-kit", operationId: "listBrandKits", tags: ["Account"], summary: "The account's brand kits", security,
  description: "Read scope.",
  middleware: [keyRateLimit("brand_kit")] as const,
  responses: { 200: jsonContent(BrandKitListSchema, "Zero or more brand kits."), ...errorResponses(401, 403, 429) },
});
export const registerListBrandKits = (app: App) => app.openapi(brandKitRoute, async (c) => c.json(await listBrandKits(accountCtx(c)), 200));
