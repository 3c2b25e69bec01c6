import { createRoute, z } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { CreateJobBodySchema, JobCreatedSchema } from "@katto/protocol/api";
import { createJob } from "../../services/jobs/create";
import { withIdempotency, IdempotencyKeyHeader } from "../idempotency";
import { accountCtx } from "../context";

const route = createRoute({
  method: "post",
  path: "/api/v1/jobs",
  operationId: "createJob",
  tags: ["Jobs"],
  summary: "Create a clipping job from a video URL",
  description: "Charges one video of the monthly quota. Requires the write scope. A repeat with the same Idempotency-Key returns the original job with 200 and idempotent_replay true.",
  security,
  middleware: [keyRateLimit("create_job")] as const,
  request: {
    // Key spelled as the documented header name: the OpenAPI generator refuses a key that differs
    // from the param name, and the header validator matches names case-insensitively.
    headers: z.object({ "Idempotency-Key": IdempotencyKeyHeader }),
    body: {
      required: true,
      content: {
        "application/json": {
          schema: CreateJobBodySchema,
          example: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", webhook_url: "https://example.com/hooks/katto", config: { clipLength: "30_60", topics: "pricing, hiring" } },
        },
      },
    },
  },
  responses: {
    201: jsonContent(JobCreatedSchema, "Job accepted and queued."),
    200: jsonContent(JobCreatedSchema, "Idempotent replay: the original job; nothing new was created or charged."),
    ...errorResponses(400, 401, 403, 409, 413, 429),
  },
});

export const registerCreateJob = (app: App) =>
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const result = await withIdempotency(c, c.req.valid("header")["Idempotency-Key"], JSON.stringify(body), async () => ({
      status: 201,
      body: await createJob(accountCtx(c), body),
    }));
    return c.json(result.body as z.infer<typeof JobCreatedSchema>, result.status as 201 | 200);
  });
