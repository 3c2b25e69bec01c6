import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { CancelledSchema } from "@katto/protocol/api";
import { cancelJob } from "../../services/jobs/cancel";
import { accountCtx } from "../context";
import { JobIdParams } from "./get";

const route = createRoute({
  method: "delete",
  path: "/api/v1/jobs/{id}",
  operationId: "cancelJob",
  tags: ["Jobs"],
  summary: "Cancel a running job",
  description: "Requires the write scope. queued, processing and scoring jobs can be cancelled; the slot is refunded up to the plan's monthly refund cap. 409 when the job already completed, failed or was cancelled.",
  security,
  middleware: [keyRateLimit("cancel_job")] as const,
  request: { params: JobIdParams },
  responses: { 200: jsonContent(CancelledSchema, "The job was cancelled."), ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const registerCancelJob = (app: App) => app.openapi(route, async (c) => c.json(await cancelJob(accountCtx(c), c.req.valid("param").id), 200));
