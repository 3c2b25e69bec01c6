// A clip's post copy (PATCH /jobs/{id}/clips/{index}, issue 37): the description and hashtags
// publishing posts with. Free; it replaces the fields given, and only publications created
// afterwards use them.
import { z } from "zod";
import { ClipSchema, EditClipBodySchema } from "@katto/protocol/api";
import { defineTool, unwrap } from "../tool";
import { jobId } from "./jobs.tool";

export const editPostCopy = defineTool({
  name: "service_edit_post_copy",
  title: "Edit a clip's post copy",
  description:
    "Replace a finished clip's post text (description) and/or hashtags, which service_publish_clip posts (fitted to each platform's limits) when no caption is given. Free. Fields left out stay as they are; publications already created keep their caption. Read the current copy on each clip in service_get_job.",
  input: {
    job_id: jobId,
    clip_index: z.int().min(0).describe("0-based clip_index of the clip within the job; see service_get_job."),
    // the API's own fields, with their limits and descriptions
    ...EditClipBodySchema.shape,
  },
  output: ClipSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: ({ job_id, clip_index, description, hashtags }, { api }) =>
    unwrap(api.PATCH("/api/v1/jobs/{id}/clips/{index}", { params: { path: { id: job_id, index: clip_index } }, body: { description, hashtags } })),
  summary: (c) => `Clip ${c.clip_index}'s post copy: "${c.description}"${c.hashtags.length ? ` ${c.hashtags.join(" ")}` : ""}.`,
});
