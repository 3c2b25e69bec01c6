// service_upload_file (local server only: it reads the caller's disk, which a hosted server cannot):
// reserve -> PUT the bytes to the presigned URL -> complete, which starts the job.
import { openAsBlob, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { uploadContentTypes } from "../../../src/schemas/upload";
import { JobCreatedSchema } from "../../../src/schemas/job";
import { defineTool, ToolInputError, unwrap } from "../tool";
import { configInput } from "./jobs.tool";

const byExtension: Record<string, (typeof uploadContentTypes)[number]> = {
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".mkv": "video/x-matroska",
};

export const uploadFile = defineTool({
  name: "service_upload_file",
  title: "Upload a local video and start a clip job",
  description:
    "Upload a video file from this computer and start a clip job on it (reserve, upload, complete). SPENDS QUOTA: completing the upload starts a job that uses one video of the monthly quota. " +
    `Accepted: ${uploadContentTypes.join(", ")} (by file extension .mp4, .m4v, .mov, .webm, .mkv), up to 90 minutes. Then call service_wait_for_job.`,
  input: {
    path: z.string().min(1).describe("Absolute path of the video file on this computer."),
    config: configInput,
  },
  output: JobCreatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  localOnly: true,
  run: async ({ path: file, config }, { api, extra }) => {
    let size: number;
    try {
      const st = statSync(file);
      if (!st.isFile()) throw new Error();
      size = st.size;
    } catch {
      throw new ToolInputError(`No readable file at ${file}. Give the absolute path of a video file.`);
    }
    const contentType = byExtension[path.extname(file).toLowerCase()];
    if (!contentType) throw new ToolInputError(`Unsupported file type ${path.extname(file) || "(none)"}: use .mp4, .m4v, .mov, .webm or .mkv.`);
    const token = extra._meta?.progressToken;
    const step = (progress: number, message: string) =>
      token === undefined ? Promise.resolve() : extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress, total: 100, message } });

    const reservation = await unwrap(api.POST("/api/v1/uploads", { body: { filename: path.basename(file).slice(0, 200), content_type: contentType, size } }));
    await step(5, "uploading");
    const put = await fetch(reservation.upload_url, { method: "PUT", headers: reservation.headers, body: await openAsBlob(file), signal: extra.signal });
    if (!put.ok) throw new ToolInputError(`The upload was refused (HTTP ${put.status}); the reservation expires by itself. Retry the upload.`);
    await step(95, "completing");
    const done = await unwrap(api.POST("/api/v1/uploads/{id}/complete", { params: { path: { id: reservation.job_id } }, body: { config } }));
    await step(100, "job started");
    return done;
  },
  summary: (j) => `Uploaded; job ${j.id} is ${j.status}. Call service_wait_for_job with job_id ${j.id}.`,
});
