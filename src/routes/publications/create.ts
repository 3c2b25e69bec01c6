import { createRoute, z } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { extendComponent } from "../../schemas/components";
import { ClipPathParams } from "../../schemas/params";
import { CreatePublicationBodySchema, PublicationSchema } from "@katto/protocol/api";
import { createPublication } from "../../services/publishing/publications";
import { IdempotencyKeyHeader, withIdempotency } from "../idempotency";
import { accountCtx } from "../context";

const route = createRoute({
  method: "post",
  path: "/api/v1/jobs/{id}/clips/{clip_index}/publications",
  operationId: "publishClip",
  tags: ["Publishing"],
  summary: "Publish a clip to a connected platform, now or at a set time",
  description: "Requires the write scope. Free (no quota). Uses the clip's latest finished version (HD once ready, or the newest completed re-render). The platform's limits (duration, size, aspect, caption, hashtags, privacy) are checked first: 400 says which. 403 when the platform's daily cap is reached, 409 when the platform is not connected or needs reconnecting. A post is never sent twice: see status unconfirmed. A repeat with the same Idempotency-Key returns the original publication with 200 and idempotent_replay true.",
  security,
  middleware: [keyRateLimit("publish")] as const,
  request: {
    params: ClipPathParams,
    headers: z.object({ "Idempotency-Key": IdempotencyKeyHeader }),
    body: { required: true, content: { "application/json": { schema: CreatePublicationBodySchema, example: { platform: "youtube", caption: "The moment it clicked #shorts", title: "It clicked", privacy: "public", scheduled_at: "2026-11-24T17:00:00Z" } } } },
  },
  responses: {
    201: jsonContent(PublicationSchema, "Accepted: scheduled or queued."),
    200: jsonContent(extendComponent(PublicationSchema, { idempotent_replay: z.literal(true) }), "Idempotent replay: the original publication; nothing new was posted."),
    ...errorResponses(400, 401, 403, 404, 409, 413, 429),
  },
});

export const registerPublishClip = (app: App) =>
  app.openapi(route, async (c) => {
    const { id, clip_index } = c.req.valid("param");
    const body = c.req.valid("json");
    const result = await withIdempotency(c, c.req.valid("header")["Idempotency-Key"], JSON.stringify(body), async () => ({ status: 201, body: await createPublication(accountCtx(c), id, clip_index, body) }));
    return c.json(result.body as z.infer<typeof PublicationSchema> & { idempotent_replay: true }, result.status as 201 | 200);
  });
