import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { AccountSchema } from "@katto/protocol/api";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { getAccount } from "../../services/accounts/read";
import { accountCtx } from "../context";

const meRoute = createRoute({
  method: "get", path: "/api/v1/me", operationId: "getAccount", tags: ["Account"], summary: "Account and API key introspection", security,
  middleware: [keyRateLimit("me")] as const,
  responses: { 200: jsonContent(AccountSchema, "The account behind the key."), ...errorResponses(401, 429) },
});
export const registerGetAccount = (app: App) => app.openapi(meRoute, async (c) => c.json(await getAccount(accountCtx(c)), 200));
