import { createRoute, z } from "@hono/zod-openapi";
import { BrollAssetViewSchema } from "@katto/protocol/api";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { completeBrollUpload } from "../../services/broll/library";
import { accountCtx } from "../context";

export const BrollIdParams = z.object({
  id: z.uuid({ error: "id must be a B-roll asset id (a UUID) from GET /api/v1/broll" }).openapi({ param: { name: "id", in: "path" }, example: "7a3c1f0e-2b4d-4e8f-9a6b-1c2d3e4f5a6b" }),
});

const route = createRoute({
  method: "post",
  path: "/api/v1/broll/{id}/complete",
  operationId: "completeBrollUpload",
  tags: ["B-roll"],
  summary: "Complete a B-roll upload: check the file and add it to the library",
  description: "Requires the write scope. 400 when the file is missing, expired, of another size than declared, or not an image or video of the declared type; 409 when already completed.",
  security,
  middleware: [keyRateLimit("broll_write")] as const,
  request: { params: BrollIdParams },
  responses: { 200: jsonContent(BrollAssetViewSchema, "In the library (status ready)."), ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const registerCompleteBrollUpload = (app: App) => app.openapi(route, async (c) => c.json(await completeBrollUpload(accountCtx(c), c.req.valid("param").id), 200));
