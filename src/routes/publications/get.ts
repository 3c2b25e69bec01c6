import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { PublicationIdParams } from "../../schemas/params";
import { PublicationSchema } from "@katto/protocol/api";
import { getPublication } from "../../services/publishing/publications";
import { accountCtx } from "../context";

const route = createRoute({
  method: "get",
  path: "/api/v1/publications/{id}",
  operationId: "getPublication",
  tags: ["Publishing"],
  summary: "Get a publication",
  description: "Where the post stands, and its platform id and public URL once published.",
  security,
  middleware: [keyRateLimit("get_publication")] as const,
  request: { params: PublicationIdParams },
  responses: { 200: jsonContent(PublicationSchema, "The publication."), ...errorResponses(400, 401, 403, 404, 429) },
});

export const registerGetPublication = (app: App) => app.openapi(route, async (c) => c.json(await getPublication(accountCtx(c), c.req.valid("param").id), 200));
