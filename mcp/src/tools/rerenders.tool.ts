// Re-renders and dubbing of one clip: free (no quota), additive (the original clip is unchanged).
import { z } from "zod";
import { AspectSchema, CAPTION_STYLES, DUB_LANGUAGES, LAYOUT_MODES } from "@katto/protocol";
import { RerenderCreatedSchema, RerenderSchema } from "@katto/protocol/api";
import { defineTool, unwrap } from "../tool";
import { styleInput } from "./style-input";
import { jobId } from "./jobs.tool";

const clipIndex = z.int().min(0).describe("0-based clip_index of the clip within the job (0 is the best-scored clip); see service_get_job.");
const additive = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

export const rerenderClip = defineTool({
  name: "service_rerender_clip",
  title: "Re-render a clip",
  description: "Render a finished clip again with another layout, caption style, shape (aspect: 9:16, 1:1, 4:5, 16:9) and/or creator style (caption grouping, key-word emphasis, emoji, hook title), or with captions refreshed from the corrected transcript. Free: uses no quota. The original clip stays as it is; the result gets a new URL. Returns a rerender_id at once; wait with service_wait_for_job (job_id + rerender_id) or read it with service_get_rerender.",
  input: {
    job_id: jobId,
    clip_index: clipIndex,
    layout_mode: z.enum(LAYOUT_MODES).optional().describe("Framing: face_tracking (follow the speaker), wide, split_screen, stacked (gaming: face cam over game), passthrough, grid_3, grid_4 or screen (a screen recording: the screen whole on top, the face camera below)."),
    caption_style: z.enum(CAPTION_STYLES).optional().describe("Caption look: bold_pop, karaoke, boxed, minimal, or none for no burned-in captions."),
    style: styleInput,
    aspect: AspectSchema.optional().describe("Render the new version in this shape: 9:16 (1080x1920), 1:1 (1080x1080), 4:5 (1080x1350) or 16:9 (1920x1080); absent: the clip's own."),
    captions: z.enum(["refresh"]).optional().describe('"refresh": caption the new version with the transcript as corrected now (service_edit_transcript).'),
  },
  output: RerenderCreatedSchema,
  annotations: additive,
  run: ({ job_id, clip_index, layout_mode, caption_style, style, aspect, captions }, { api }) =>
    unwrap(api.POST("/api/v1/jobs/{id}/clips/{index}/rerender", { params: { path: { id: job_id, index: clip_index } }, body: { layout_mode, caption_style, style, aspect, captions } })),
  summary: (r) => `Re-render ${r.rerender_id} queued. Wait with service_wait_for_job (rerender_id ${r.rerender_id}).`,
});

export const dubClip = defineTool({
  name: "service_dub_clip",
  title: "Dub a clip",
  description: `Render a finished clip with AI-dubbed audio tracks: one audio track per language (${DUB_LANGUAGES.join(", ")}). Free: uses no quota. The original clip stays as it is; the dubbed clip gets a new URL. Returns a rerender_id at once; wait with service_wait_for_job (job_id + rerender_id).`,
  input: {
    job_id: jobId,
    clip_index: clipIndex,
    languages: z.array(z.enum(DUB_LANGUAGES)).min(1).max(DUB_LANGUAGES.length).describe(`Target languages as ISO 639-1 codes, one audio track each: ${DUB_LANGUAGES.join(", ")}.`),
  },
  output: RerenderCreatedSchema,
  annotations: additive,
  run: ({ job_id, clip_index, languages }, { api }) =>
    unwrap(api.POST("/api/v1/jobs/{id}/clips/{index}/rerender", { params: { path: { id: job_id, index: clip_index } }, body: { dub: languages } })),
  summary: (r) => `Dub ${r.rerender_id} queued. Wait with service_wait_for_job (rerender_id ${r.rerender_id}).`,
});

export const getRerender = defineTool({
  name: "service_get_rerender",
  title: "Get a re-render",
  description: "Read a re-render or dub: status (queued, processing, completed, failed) and, once completed, the new clip and captions URLs. Free and read-only.",
  input: { job_id: jobId, rerender_id: z.string().min(1).max(64).describe("The rerender_id returned by service_rerender_clip or service_dub_clip.") },
  output: RerenderSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: ({ job_id, rerender_id }, { api }) => unwrap(api.GET("/api/v1/jobs/{id}/rerenders/{rerender_id}", { params: { path: { id: job_id, rerender_id } } })),
  summary: (r) => `Re-render ${r.rerender_id}: ${r.status}${r.clip_url ? `, clip ${r.clip_url}` : ""}${r.error ? `, error: ${r.error}` : ""}.`,
});
