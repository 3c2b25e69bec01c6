import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { TranscriptEditBodySchema, TranscriptSchema } from "@katto/protocol/api";
import { editTranscript } from "../../services/transcripts/edit";
import { accountCtx } from "../context";
import { JobIdParams } from "./get";

const route = createRoute({
  method: "patch",
  path: "/api/v1/jobs/{id}/transcript",
  operationId: "editTranscript",
  tags: ["Jobs"],
  summary: "Correct the transcript of a job",
  description:
    'Requires the write scope. Replace a word (`{index, text}`), delete one (`text: ""`), or give a segment new text (`{segment, text}`, aligned to the segment\'s word times). Indexes are those of the `revision` named; 409 when another edit landed first. Existing clip versions never change; re-render with `{"captions": "refresh"}` or trim to use the corrected words.',
  security,
  middleware: [keyRateLimit("edit_transcript")] as const,
  request: {
    params: JobIdParams,
    body: {
      required: true,
      content: { "application/json": { schema: TranscriptEditBodySchema, example: { revision: 0, edits: [{ index: 12, text: "Katto" }, { index: 13, text: "" }] } } },
    },
  },
  responses: { 200: jsonContent(TranscriptSchema, "The corrected transcript, at its new revision."), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
});

export const registerEditTranscript = (app: App) =>
  app.openapi(route, async (c) => c.json(await editTranscript(accountCtx(c), c.req.valid("param").id, c.req.valid("json")), 200));
