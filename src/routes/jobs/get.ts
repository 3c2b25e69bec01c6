import { createRoute, z } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security, UuidParam } from "../../schemas/common";
import { JobSchema } from "@katto/protocol/api";
import { getJob } from "../../services/jobs/read";
import { accountCtx } from "../context";

export const JobIdParams = z.object({ id: UuidParam.openapi({ param: { name: "id", in: "path" }, example: "0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b" }) });

const route = createRoute({
  method: "get",
  path: "/api/v1/jobs/{id}",
  operationId: "getJob",
  tags: ["Jobs"],
  summary: "Get a job with its progress and ranked clips",
  description: "Poll until status is completed; wait for hd_ready before caching clip URLs.",
  security,
  middleware: [keyRateLimit("get_job")] as const,
  request: { params: JobIdParams },
  responses: { 200: jsonContent(JobSchema, "The job."), ...errorResponses(400, 401, 403, 404, 429) },
});

export const registerGetJob = (app: App) => app.openapi(route, async (c) => c.json(await getJob(accountCtx(c), c.req.valid("param").id), 200));
