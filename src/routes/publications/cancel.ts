import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { PublicationIdParams } from "../../schemas/params";
import { PublicationSchema } from "@katto/protocol/api";
import { cancelPublication } from "../../services/publishing/publications";
import { accountCtx } from "../context";

const route = createRoute({
  method: "post",
  path: "/api/v1/publications/{id}/cancel",
  operationId: "cancelPublication",
  tags: ["Publishing"],
  summary: "Cancel a scheduled or queued publication",
  description: "Requires the write scope. 409 once the upload started (it can no longer be taken back from here).",
  security,
  middleware: [keyRateLimit("cancel_publication")] as const,
  request: { params: PublicationIdParams },
  responses: { 200: jsonContent(PublicationSchema, "Cancelled."), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
});

export const registerCancelPublication = (app: App) => app.openapi(route, async (c) => c.json(await cancelPublication(accountCtx(c), c.req.valid("param").id), 200));
