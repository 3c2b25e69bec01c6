// Hand off to an editor (issue 22): a clip as a project file for a desktop editor. The tool returns
// the project's text itself (an agent can save it or pass it on; the files are small: the cuts,
// the crop keyframes and the captions), with the file name to save it under and where the source is.
import { z } from "zod";
import { EXPORT_FORMATS, EXPORT_MEDIA, ExportFormatSchema, ExportSourceModeSchema, JobSourceSchema } from "@katto/protocol/api";
import { defineTool, unwrap } from "../tool";
import { jobId } from "./jobs.tool";

const ExportOutputSchema = z.object({
  format: ExportFormatSchema,
  file_name: z.string().describe("The name to save the project under."),
  content_type: z.string(),
  project: z.string().describe("The project file's whole text."),
  source: JobSourceSchema.describe("Where the source video the project refers to is downloaded; with source=file save it as source.file_name beside the project."),
});

export const exportClip = defineTool({
  name: "service_export_clip",
  title: "Export a clip to a video editor",
  description:
    `A clip as a project file for a desktop editor, returned as text: ${EXPORT_FORMATS.join(", ")} (mlt: Shotcut and Kdenlive, with the crop path as keyframes and captions as a text track; fcpxml: Final Cut Pro XML 1.10, also DaVinci Resolve and Premiere; otio: OpenTimelineIO; edl: CMX 3600 cuts only). ` +
    "source=url (default) puts a signed link to the source in the project (24 hours for an uploaded source); source=file puts the source's file name, to save beside the downloaded source. Free and read-only; the job must be completed.",
  input: {
    job_id: jobId,
    clip_index: z.int().min(0).max(9).describe("0-based clip_index of the clip within the job; see service_get_job."),
    format: ExportFormatSchema.describe(`One of ${EXPORT_FORMATS.join(", ")}.`),
    source: ExportSourceModeSchema.optional().describe("url (default): a signed link to the source in the project; file: the source's file name."),
  },
  output: ExportOutputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async ({ job_id, clip_index, format, source }, { api }) => {
    const project = await unwrap(
      api.GET("/api/v1/jobs/{id}/clips/{index}/export", { params: { path: { id: job_id, index: clip_index }, query: { format, source: source ?? "url" } }, parseAs: "text" }),
    );
    const src = await unwrap(api.GET("/api/v1/jobs/{id}/source", { params: { path: { id: job_id } } }));
    return { format, file_name: `katto-${job_id.slice(0, 8)}-clip-${clip_index}.${EXPORT_MEDIA[format].extension}`, content_type: EXPORT_MEDIA[format].contentType, project: String(project), source: src };
  },
  summary: (o) => `Clip exported as ${o.format} (${o.project.length} characters); save it as ${o.file_name}. Source: ${o.source.kind === "upload" ? `download ${o.source.url} (until ${o.source.expires_at})` : o.source.url} as ${o.source.file_name}.`,
});
