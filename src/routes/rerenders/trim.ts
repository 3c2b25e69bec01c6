import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { TrimBodySchema, TrimCreatedSchema } from "@katto/protocol/api";
import { createTrim } from "../../services/rerenders/rerenders";
import { accountCtx } from "../context";
import { ClipParams } from "./create";

const route = createRoute({
  method: "post",
  path: "/api/v1/jobs/{id}/clips/{index}/trim",
  operationId: "trimClip",
  tags: ["Re-renders"],
  summary: "Move a clip's start and end",
  description:
    "Requires the write scope. Free: no quota. `start`/`end` in source seconds (snapped to the nearest pause between words) or `start_word`/`end_word` (transcript word indexes). The range must lie in the source and be 3 to 180 s long. A new clip version in the clip's layout and style, followed like a re-render (GET /jobs/{id}/rerenders/{rerender_id}); the original clip URL is unchanged. 409 when the job is not completed.",
  security,
  middleware: [keyRateLimit("trim")] as const,
  request: {
    params: ClipParams,
    body: { required: true, content: { "application/json": { schema: TrimBodySchema, example: { start: 12.4, end: 41 } } } },
  },
  responses: { 202: jsonContent(TrimCreatedSchema, "Accepted and queued, with the snapped range."), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
});

export const registerTrimClip = (app: App) =>
  app.openapi(route, async (c) => {
    const { id, index } = c.req.valid("param");
    return c.json(await createTrim(accountCtx(c), id, index, c.req.valid("json")), 202);
  });
