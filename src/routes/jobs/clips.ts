import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { ClipProjectionSchema } from "@katto/protocol/api";
import { getClips } from "../../services/jobs/read";
import { accountCtx } from "../context";
import { JobIdParams } from "./get";

const route = createRoute({
  method: "get",
  path: "/api/v1/jobs/{id}/clips",
  operationId: "getClips",
  tags: ["Jobs"],
  summary: "List the finished clips of a job",
  description: "Ranked by score, highest first. Empty while the job is processing.",
  security,
  middleware: [keyRateLimit("clips")] as const,
  request: { params: JobIdParams },
  responses: { 200: jsonContent(ClipProjectionSchema, "The clips."), ...errorResponses(400, 401, 403, 404, 429) },
});

export const registerGetClips = (app: App) => app.openapi(route, async (c) => c.json(await getClips(accountCtx(c), c.req.valid("param").id), 200));
