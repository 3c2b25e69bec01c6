// service_add_broll (local server only: it reads the caller's disk, which a hosted server cannot):
// start -> PUT the bytes to the presigned URL -> complete, with byte progress.
import { statSync } from "node:fs";
import path from "node:path";
import { brollContentTypeFor, uploadBroll } from "@katto/sdk";
import { brollFileSource } from "@katto/sdk/node";
import { z } from "zod";
import { BrollAssetViewSchema, BrollKeywordsSchema } from "@katto/protocol/api";
import { defineTool, ToolInputError, uploadProgress } from "../tool";

export const addBroll = defineTool({
  name: "service_add_broll",
  title: "Add a local image or video to the B-roll library",
  description:
    "Upload an image (.png, .jpg) or video (.mp4, .mov, .webm) from this computer into the account's B-roll library with keywords; clips with style {\"broll\": \"library\"} cut away to it where their words match one. Counts against no quota (images up to 20 MB, videos up to 200 MB, 200 assets per account).",
  input: {
    path: z.string().min(1).describe("Absolute path of the image or video on this computer."),
    keywords: BrollKeywordsSchema,
  },
  output: BrollAssetViewSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  localOnly: true,
  run: async ({ path: file, keywords }, { api, extra }) => {
    try {
      if (!statSync(file).isFile()) throw new Error("not a file");
    } catch {
      throw new ToolInputError(`No readable file at ${file}. Give the absolute path of an image or video file.`);
    }
    try {
      brollContentTypeFor(file);
    } catch {
      throw new ToolInputError(`Unsupported file type ${path.extname(file) || "(none)"}: use .png, .jpg, .jpeg, .mp4, .m4v, .mov or .webm.`);
    }
    const progress = uploadProgress(extra);
    const asset = await uploadBroll(api, fetch, {
      ...brollFileSource(file),
      keywords,
      signal: extra.signal,
      onProgress: progress.onProgress,
    });
    await progress.settled();
    return asset;
  },
  summary: (a) => `Added ${a.filename} to the B-roll library (id ${a.id}, keywords ${a.keywords.join(", ")}).`,
});
