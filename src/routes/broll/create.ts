import { createRoute } from "@hono/zod-openapi";
import { BrollUploadSchema, CreateBrollBodySchema } from "@katto/protocol/api";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { startBrollUpload } from "../../services/broll/library";
import { accountCtx } from "../context";

const route = createRoute({
  method: "post",
  path: "/api/v1/broll",
  operationId: "createBrollUpload",
  tags: ["B-roll"],
  summary: "Start uploading a B-roll image or video with its keywords",
  description:
    "Requires the write scope. Counts against no quota (the library holds at most 200 assets: 409 when full). PUT the file to upload_url with the given headers within 2 hours, then call complete_url. Clips with style broll \"library\" cut away to it where their words match a keyword.",
  security,
  middleware: [keyRateLimit("broll_write")] as const,
  request: {
    body: { required: true, content: { "application/json": { schema: CreateBrollBodySchema, example: { filename: "coffee.jpg", content_type: "image/jpeg", size: 482113, keywords: ["coffee", "morning routine"] } } } },
  },
  responses: { 201: jsonContent(BrollUploadSchema, "Started: PUT the file, then complete."), ...errorResponses(400, 401, 403, 409, 429) },
});

export const registerCreateBrollUpload = (app: App) => app.openapi(route, async (c) => c.json(await startBrollUpload(accountCtx(c), c.req.valid("json")), 201));
