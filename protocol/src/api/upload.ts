// Uploads: reserve, PUT the bytes to the presigned URL, complete (service-api-v1 "Upload reservation").
import { z } from "zod";
import { UPLOAD_CONTENT_TYPES } from "../vocabularies.js";
import { ConfigSchema } from "./config.js";

export const ReserveUploadBodySchema = z.strictObject({
  filename: z.string().min(1, { error: "filename must not be empty" }).max(200, { error: "filename must be at most 200 characters" }),
  content_type: z.enum(UPLOAD_CONTENT_TYPES, { error: `content_type must be one of ${UPLOAD_CONTENT_TYPES.join(", ")}` }),
  size: z.int({ error: "size must be a whole number of bytes" }).positive({ error: "size must be positive" }).meta({ description: "Bytes. Cap: 1 GB on free, 5 GB on creator." }),
});

export const UploadReservationSchema = z.object({
  job_id: z.uuid(),
  upload_url: z.url(),
  method: z.literal("PUT"),
  headers: z.object({ "Content-Type": z.string() }).catchall(z.string()),
  expires_in: z.int().meta({ example: 7200 }),
  complete_url: z.url(),
});

export const CompleteUploadBodySchema = z.strictObject({ config: ConfigSchema.optional() });
