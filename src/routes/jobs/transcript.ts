import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { TranscriptSchema } from "@katto/protocol/api";
import { getTranscript } from "../../services/jobs/read";
import { accountCtx } from "../context";
import { JobIdParams } from "./get";

const route = createRoute({
  method: "get",
  path: "/api/v1/jobs/{id}/transcript",
  operationId: "getTranscript",
  tags: ["Jobs"],
  summary: "Get the transcript of a job",
  description: "404 until the transcript is stored (while the job is still transcribing).",
  security,
  middleware: [keyRateLimit("transcript")] as const,
  request: { params: JobIdParams },
  responses: { 200: jsonContent(TranscriptSchema, "The transcript."), ...errorResponses(400, 401, 403, 404, 429) },
});

export const registerGetTranscript = (app: App) =>
  app.openapi(route, async (c) => c.json(await getTranscript(accountCtx(c), c.req.valid("param").id), 200));
