// Hand off to an editor (issue 22): a clip as a project file for a desktop editor. The tool returns
// the project's text itself (an agent can save it or pass it on; the files are small: the cuts,
// the crop keyframes and the captions), with the file name to save it under and where the source is.
import { z } from "zod";
import { ORIGINAL_VERSION } from "@katto/protocol";
import { EXPORT_FORMATS, EXPORT_MEDIA, EXPORT_VERSION_HEADER, ExportFormatSchema, ExportSourceModeSchema, exportFileName, JobSourceSchema, VersionNameSchema } from "@katto/protocol/api";
import { defineTool, unwrap } from "../tool";
import { jobId } from "./jobs.tool";

const ExportOutputSchema = z.object({
  format: ExportFormatSchema,
  version: z.string().describe('The clip version the project holds: "original" or a re-render id.'),
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
    "source=url (default) puts a signed link to the source in the project (24 hours for an uploaded source); source=file puts the source's file name, to save beside the downloaded source. version names the clip version (original or a re-render id); omitted, the newest completed one. Free and read-only; the job must be completed.",
  input: {
    job_id: jobId,
    clip_index: z.int().min(0).max(9).describe("0-based clip_index of the clip within the job; see service_get_job."),
    format: ExportFormatSchema.describe(`One of ${EXPORT_FORMATS.join(", ")}.`),
    source: ExportSourceModeSchema.optional().describe("url (default): a signed link to the source in the project; file: the source's file name."),
    version: VersionNameSchema.optional().describe('The clip version to export: "original" or a re-render id from the clip\'s versions (service_get_job). Omitted: the newest completed version (the last re-render or trim, else the original).'),
  },
  output: ExportOutputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async ({ job_id, clip_index, format, source, version }, { api }) => {
    const call = await api.GET("/api/v1/jobs/{id}/clips/{index}/export", { params: { path: { id: job_id, index: clip_index }, query: { format, source: source ?? "url", ...(version ? { version } : {}) } }, parseAs: "text" });
    const project = await unwrap(call);
    const exported = call.response.headers.get(EXPORT_VERSION_HEADER) ?? version ?? ORIGINAL_VERSION;
    const src = await unwrap(api.GET("/api/v1/jobs/{id}/source", { params: { path: { id: job_id } } }));
    return { format, version: exported, file_name: exportFileName(job_id, clip_index, exported, format), content_type: EXPORT_MEDIA[format].contentType, project: String(project), source: src };
  },
  summary: (o) => `Clip version ${o.version} exported as ${o.format} (${o.project.length} characters); save it as ${o.file_name}. Source: ${o.source.kind === "upload" ? `download ${o.source.url} (until ${o.source.expires_at})` : o.source.url} as ${o.source.file_name}.`,
});
