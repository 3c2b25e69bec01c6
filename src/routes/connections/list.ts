import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { ConnectionListSchema } from "@katto/protocol/api";
import { listConnections } from "../../services/publishing/connections";
import { accountCtx } from "../context";

const route = createRoute({
  method: "get",
  path: "/api/v1/connections",
  operationId: "listConnections",
  tags: ["Publishing"],
  summary: "List every publishing platform with its availability and connection",
  description: "All seven platforms, always: available (the operator configured it) or not with the reason, the platform's privacy options and limits, today's posts against its daily cap, and the connection where one exists (status needs_reauth: connect again).",
  security,
  middleware: [keyRateLimit("list_connections")] as const,
  responses: { 200: jsonContent(ConnectionListSchema, "Every platform."), ...errorResponses(401, 403, 429) },
});

export const registerListConnections = (app: App) => app.openapi(route, async (c) => c.json(await listConnections(accountCtx(c)), 200));
