import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { JobListSchema } from "@katto/protocol/api";
import { ListJobsQuerySchema } from "../../schemas/params";
import { listJobs } from "../../services/jobs/read";
import { accountCtx } from "../context";

const route = createRoute({
  method: "get",
  path: "/api/v1/jobs",
  operationId: "listJobs",
  tags: ["Jobs"],
  summary: "List jobs, newest first",
  description: "Keyset pagination: pass next_cursor back as cursor. An unknown status or a malformed cursor gets 400.",
  security,
  middleware: [keyRateLimit("list_jobs")] as const,
  request: { query: ListJobsQuerySchema },
  responses: { 200: jsonContent(JobListSchema, "A page of jobs."), ...errorResponses(400, 401, 403, 429) },
});

export const registerListJobs = (app: App) => app.openapi(route, async (c) => c.json(await listJobs(accountCtx(c), c.req.valid("query")), 200));
