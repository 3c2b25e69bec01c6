import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { DisconnectedSchema } from "@katto/protocol/api";
import { PlatformParams } from "../../schemas/params";
import { disconnect } from "../../services/publishing/connections";
import { accountCtx } from "../context";

const route = createRoute({
  method: "delete",
  path: "/api/v1/connections/{platform}",
  operationId: "deleteConnection",
  tags: ["Publishing"],
  summary: "Disconnect a platform account",
  description: "Requires the write scope. Revokes the grant at the platform where it offers revocation, forgets the tokens, and fails posts still scheduled or queued to it. 409 while a post to it is uploading.",
  security,
  middleware: [keyRateLimit("disconnect")] as const,
  request: { params: PlatformParams },
  responses: { 200: jsonContent(DisconnectedSchema, "Disconnected."), ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const registerDeleteConnection = (app: App) => app.openapi(route, async (c) => c.json(await disconnect(accountCtx(c), c.req.valid("param").platform), 200));
