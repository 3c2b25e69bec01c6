import { createRoute, z } from "@hono/zod-openapi";
import type { Hono } from "hono";
import { errorBody } from "../../errors";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App, AppEnv } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { JobCreatedSchema, CompleteUploadBodySchema, ReserveUploadBodySchema, UploadReservationSchema } from "@katto/protocol/api";
import { verifyLocalUploadSignature } from "../../storage/presign";
import { completeUpload, receiveLocalUpload, reserveUpload } from "../../services/uploads/uploads";
import { accountCtx } from "../context";
import { JobIdParams } from "../jobs/get";

const reserveRoute = createRoute({
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

const completeRoute = createRoute({
  method: "post",
  path: "/api/v1/uploads/{id}/complete",
  operationId: "completeUpload",
  tags: ["Uploads"],
  summary: "Complete an upload: verify the file, charge one video and queue the job",
  description:
    "Requires the write scope. 400 when the file is missing, expired, of another size than reserved, or not a video of the declared type; 409 when already completed.",
  security,
  middleware: [keyRateLimit("complete_upload")] as const,
  request: {
    params: JobIdParams,
    body: { required: false, content: { "application/json": { schema: CompleteUploadBodySchema, example: { config: { clipLength: "lt30" } } } } },
  },
  responses: { 201: jsonContent(JobCreatedSchema, "Queued."), ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
});

export function registerReserveUpload(app: App) {
  app.openapi(reserveRoute, async (c) => c.json(await reserveUpload(accountCtx(c), c.req.valid("json")), 201));
}

export function registerCompleteUpload(app: App) {
  app.openapi(completeRoute, async (c) => {
    const body = (c.req.valid("json") ?? {}) as z.infer<typeof CompleteUploadBodySchema>;
    return c.json(await completeUpload(accountCtx(c), c.req.valid("param").id, body), 201);
  });
}

/** Local-mode upload target (signed, expiring URL from POST /uploads). */
export function registerLocalUploadTarget(app: Hono<AppEnv>) {
  app.put("/uploads/:id", async (c) => {
    const id = c.req.param("id");
    const bad = await verifyLocalUploadSignature(c.env, id, c.req.query("expires"), c.req.query("sig"));
    if (bad) return c.json(errorBody("forbidden", bad), 403);
    await receiveLocalUpload(c.env, id, c.req.raw);
    return c.body(null, 200);
  });
}
