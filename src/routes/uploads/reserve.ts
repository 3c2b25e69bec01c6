import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { ReserveUploadBodySchema, UploadReservationSchema } from "@katto/protocol/api";
import { reserveUpload } from "../../services/uploads/uploads";
import { accountCtx } from "../context";

const route = createRoute({
  method: "post",
  path: "/api/v1/uploads",
  operationId: "reserveUpload",
  tags: ["Uploads"],
  summary: "Reserve an upload (step 1 of clipping a local file)",
  description: "Requires the write scope. Charges nothing. PUT the file to upload_url with the given headers within 2 hours, then call complete_url.",
  security,
  middleware: [keyRateLimit("reserve_upload")] as const,
  request: {
    body: { required: true, content: { "application/json": { schema: ReserveUploadBodySchema, example: { filename: "podcast-ep12.mp4", content_type: "video/mp4", size: 734003200 } } } },
  },
  responses: { 201: jsonContent(UploadReservationSchema, "Reserved."), ...errorResponses(400, 401, 403, 413, 429) },
});

export const registerReserveUpload = (app: App) => app.openapi(route, async (c) => c.json(await reserveUpload(accountCtx(c), c.req.valid("json")), 201));
