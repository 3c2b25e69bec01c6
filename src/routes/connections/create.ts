import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { ConnectionStartedSchema, CreateConnectionBodySchema } from "@katto/protocol/api";
import { startConnection } from "../../services/publishing/connections";
import { accountCtx } from "../context";

const route = createRoute({
  method: "post",
  path: "/api/v1/connections",
  operationId: "createConnection",
  tags: ["Publishing"],
  summary: "Start connecting a platform account",
  description: "Requires the write scope. Returns the platform's authorization URL (OAuth 2.0 code flow, PKCE where the platform supports it, a state bound to this account, valid 10 minutes). Open it in a browser; the platform calls back to this service, which stores the grant encrypted and then redirects to return_to (default: the dashboard's connections page). Connecting again replaces the grant. 400 when the platform is unavailable on this deployment (the message says why).",
  security,
  middleware: [keyRateLimit("connect")] as const,
  request: { body: { required: true, content: { "application/json": { schema: CreateConnectionBodySchema, example: { platform: "youtube" } } } } },
  responses: { 201: jsonContent(ConnectionStartedSchema, "Authorization URL to open in a browser."), ...errorResponses(400, 401, 403, 413, 429) },
});

export const registerCreateConnection = (app: App) => app.openapi(route, async (c) => c.json(await startConnection(accountCtx(c), c.req.valid("json")), 201));
