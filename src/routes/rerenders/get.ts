import { createRoute, z } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { RerenderSchema } from "@katto/protocol/api";
import { getRerender } from "../../services/rerenders/rerenders";
import { accountCtx } from "../context";
import { JobIdParams } from "../jobs/get";

const route = createRoute({
  method: "get",
  path: "/api/v1/jobs/{id}/rerenders/{rerender_id}",
  operationId: "getRerender",
  tags: ["Re-renders"],
  summary: "Get a re-render",
  description: "clip_url is populated when status is completed.",
  security,
  middleware: [keyRateLimit("get_rerender")] as const,
  request: { params: JobIdParams.extend({ rerender_id: z.string().max(64).openapi({ param: { name: "rerender_id", in: "path" } }) }) },
  responses: { 200: jsonContent(RerenderSchema, "The re-render."), ...errorResponses(400, 401, 403, 404, 429) },
});

export const registerGetRerender = (app: App) =>
  app.openapi(route, async (c) => {
    const { id, rerender_id } = c.req.valid("param");
    return c.json(await getRerender(accountCtx(c), id, rerender_id), 200);
  });
