import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { ClipSchema, EditClipBodySchema } from "@katto/protocol/api";
import { editClipPostCopy } from "../../services/clips/post-copy";
import { accountCtx } from "../context";
import { ClipParams } from "../rerenders/create";

const route = createRoute({
  method: "patch",
  path: "/api/v1/jobs/{id}/clips/{index}",
  operationId: "editClip",
  tags: ["Jobs"],
  summary: "Edit a clip's post copy",
  description:
    "Requires the write scope. Replace the clip's `description` and/or `hashtags` (each hashtag `#` then letters, digits or `_`), the post text publishing uses. A field left out keeps its value; unknown fields are refused. Free, and it renders nothing: publications created afterwards use the new copy, ones already created keep the caption they were created with. 409 while the job is not completed.",
  security,
  middleware: [keyRateLimit("edit_clip")] as const,
  request: {
    params: ClipParams,
    body: {
      required: true,
      content: { "application/json": { schema: EditClipBodySchema, example: { description: "Why a pendulum's period does not depend on its mass.", hashtags: ["#physics", "#pendulum"] } } },
    },
  },
  responses: { 200: jsonContent(ClipSchema, "The clip with its edited post copy."), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
});

export const registerEditClip = (app: App) =>
  app.openapi(route, async (c) => {
    const { id, index } = c.req.valid("param");
    return c.json(await editClipPostCopy(accountCtx(c), id, index, c.req.valid("json")), 200);
  });
