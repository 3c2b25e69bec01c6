import { z } from "@hono/zod-openapi";
import { ConfigSchema } from "./config";

export const uploadContentTypes = ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"] as const;

export const ReserveUploadBodySchema = z
  .strictObject({
    filename: z.string().min(1, { error: "filename must not be empty" }).max(200, { error: "filename must be at most 200 characters" }),
    content_type: z.enum(uploadContentTypes, { error: `content_type must be one of ${uploadContentTypes.join(", ")}` }),
    size: z.int({ error: "size must be a whole number of bytes" }).positive({ error: "size must be positive" }).openapi({ description: "Bytes. Cap: 1 GB on free, 5 GB on creator." }),
  })
  .openapi("ReserveUploadRequest");

export const UploadReservationSchema = z
  .object({
    job_id: z.uuid(),
    upload_url: z.url(),
    method: z.literal("PUT"),
    headers: z.object({ "Content-Type": z.string() }).catchall(z.string()),
    expires_in: z.int().openapi({ example: 7200 }),
    complete_url: z.url(),
  })
  .openapi("UploadReservation");

export const CompleteUploadBodySchema = z.strictObject({ config: ConfigSchema.optional() }).openapi("CompleteUploadRequest");
