import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { ClipCreatedSchema, CreateClipBodySchema } from "@katto/protocol/api";
import { createManualClip } from "../../services/clips/manual";
import { accountCtx } from "../context";
import { JobIdParams } from "./get";

const route = createRoute({
  method: "post",
  path: "/api/v1/jobs/{id}/clips",
  operationId: "createClip",
  tags: ["Clips"],
  summary: "Make a clip by hand from a range of the source",
  description:
    "Requires the write scope. Free: no quota. `start` and `end` (source seconds) are snapped to the nearest pauses between words and answered; the range must lie inside the source and last 3 to 180 s. The job stays completed: follow the clip in the job's `manual_clips`; it joins `clips` with `origin: \"manual\"` once rendered, scored, titled and measured (`quality`). Its style (the account's default kit's, the job's, then this `style`, field by field) is drawn as on the job's clips; 400 for an option this server cannot render (`broll: \"stock\"` without a stock provider). 409 when the job is not completed or already has 10 clips.",
  security,
  middleware: [keyRateLimit("create_clip")] as const,
  request: {
    params: JobIdParams,
    body: { required: true, content: { "application/json": { schema: CreateClipBodySchema, example: { start: 12.5, end: 41, title: "Why the bridge carries nine thousand cars" } } } },
  },
  responses: { 202: jsonContent(ClipCreatedSchema, "Accepted and queued."), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
});

export const registerCreateClip = (app: App) =>
  app.openapi(route, async (c) => c.json(await createManualClip(accountCtx(c), c.req.valid("param").id, c.req.valid("json")), 202));
