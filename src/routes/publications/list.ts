import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { ListPublicationsQuerySchema } from "../../schemas/params";
import { PublicationListSchema } from "@katto/protocol/api";
import { listPublications } from "../../services/publishing/publications";
import { accountCtx } from "../context";

const route = createRoute({
  method: "get",
  path: "/api/v1/publications",
  operationId: "listPublications",
  tags: ["Publishing"],
  summary: "List publications, newest first",
  description: "Keyset pagination: pass next_cursor back as cursor. Filter by status or job_id.",
  security,
  middleware: [keyRateLimit("list_publications")] as const,
  request: { query: ListPublicationsQuerySchema },
  responses: { 200: jsonContent(PublicationListSchema, "A page of publications."), ...errorResponses(400, 401, 403, 429) },
});

export const registerListPublications = (app: App) => app.openapi(route, async (c) => c.json(await listPublications(accountCtx(c), c.req.valid("query")), 200));
