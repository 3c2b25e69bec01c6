import { createRoute, z } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { CompleteUploadBodySchema, JobCreatedSchema } from "@katto/protocol/api";
import { completeUpload } from "../../services/uploads/uploads";
import { accountCtx } from "../context";
import { JobIdParams } from "../jobs/get";

const route = createRoute({
  method: "post",
  path: "/api/v1/uploads/{id}/complete",
  operationId: "completeUpload",
  tags: ["Uploads"],
  summary: "Complete an upload: verify the file, charge one video and queue the job",
  description:
    "Requires the write scope. 400 when the file is missing, expired, of another size than reserved, or not a video of the declared type; 409 when already completed.",
  security,
  middleware: [keyRateLimit("complete_upload")] as const,
  request: {
    params: JobIdParams,
    body: { required: false, content: { "application/json": { schema: CompleteUploadBodySchema, example: { config: { clipLength: "lt30" } } } } },
  },
  responses: { 201: jsonContent(JobCreatedSchema, "Queued."), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
});

export const registerCompleteUpload = (app: App) =>
  app.openapi(route, async (c) => {
    const body = (c.req.valid("json") ?? {}) as z.infer<typeof CompleteUploadBodySchema>;
    return c.json(await completeUpload(accountCtx(c), c.req.valid("param").id, body), 201);
  });
