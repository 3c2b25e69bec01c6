// service_upload_file (local server only: it reads the caller's disk, which a hosted server cannot):
// reserve -> PUT the bytes to the presigned URL -> complete, which starts the job.
import { statSync } from "node:fs";
import path from "node:path";
import { contentTypeFor, uploadVideo } from "@katto/sdk";
import { fileSource } from "@katto/sdk/node";
import { z } from "zod";
import { UPLOAD_CONTENT_TYPES } from "@katto/protocol";
import { JobCreatedSchema } from "@katto/protocol/api";
import { defineTool, ToolInputError, uploadProgress } from "../tool";
import { configInput } from "./jobs.tool";

export const uploadFile = defineTool({
  name: "service_upload_file",
  title: "Upload a local video and start a clip job",
  description:
    "Upload a video file from this computer and start a clip job on it (reserve, upload, complete). SPENDS QUOTA: completing the upload starts a job that uses one video of the monthly quota. " +
    `Accepted: ${UPLOAD_CONTENT_TYPES.join(", ")} (by file extension .mp4, .m4v, .mov, .webm, .mkv), up to 90 minutes. Then call service_wait_for_job.`,
  input: {
    path: z.string().min(1).describe("Absolute path of the video file on this computer."),
    config: configInput,
  },
  output: JobCreatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  localOnly: true,
  run: async ({ path: file, config }, { api, extra }) => {
    try {
      if (!statSync(file).isFile()) throw new Error("not a file");
    } catch {
      throw new ToolInputError(`No readable file at ${file}. Give the absolute path of a video file.`);
    }
    try {
      contentTypeFor(file);
    } catch {
      throw new ToolInputError(`Unsupported file type ${path.extname(file) || "(none)"}: use .mp4, .m4v, .mov, .webm or .mkv.`);
    }
    const progress = uploadProgress(extra);
    const job = await uploadVideo(api, fetch, {
      ...fileSource(file),
      config,
      signal: extra.signal,
      onProgress: progress.onProgress,
    });
    await progress.settled();
    return job;
  },
  summary: (j) => `Uploaded; job ${j.id} is ${j.status}. Call service_wait_for_job with job_id ${j.id}.`,
});
