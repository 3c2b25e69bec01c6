import { createRoute, z } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { RerenderBodySchema, RerenderCreatedSchema } from "@katto/protocol/api";
import { createRerender } from "../../services/rerenders/rerenders";
import { accountCtx } from "../context";
import { JobIdParams } from "../jobs/get";

/** A clip of a job: the job id and the clip's index (0-9). */
export const ClipParams = JobIdParams.extend({
  index: z.coerce
    .number({ error: "index must be an integer from 0 to 9" })
    .int({ error: "index must be an integer from 0 to 9" })
    .min(0, { error: "index must be an integer from 0 to 9" })
    .max(9, { error: "index must be an integer from 0 to 9" })
    .openapi({ param: { name: "index", in: "path" }, example: 0 }),
});

const route = createRoute({
  method: "post",
  path: "/api/v1/jobs/{id}/clips/{index}/rerender",
  operationId: "rerenderClip",
  tags: ["Re-renders"],
  summary: "Re-render a clip in another layout, caption style or dubbed language",
  description: "Requires the write scope. Free: no quota. The original clip URL is unchanged; the result is a new versioned file. 409 when the job is not completed.",
  security,
  middleware: [keyRateLimit("rerender")] as const,
  request: {
    params: ClipParams,
    body: { required: true, content: { "application/json": { schema: RerenderBodySchema, example: { layout_mode: "wide", caption_style: "karaoke" } } } },
  },
  responses: { 202: jsonContent(RerenderCreatedSchema, "Accepted and queued."), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
});

export const registerRerenderClip = (app: App) =>
  app.openapi(route, async (c) => {
    const { id, index } = c.req.valid("param");
    return c.json(await createRerender(accountCtx(c), id, index, c.req.valid("json")), 202);
  });
