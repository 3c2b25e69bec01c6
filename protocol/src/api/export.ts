// Hand off to an editor (issue 22): a clip as a project file for a desktop editor, and the job's
// source video that the project refers to. The formats and the source download's answer are the
// same at every door (REST, SDK, MCP tool, CLI, dashboard).
import { z } from "zod";
import { ORIGINAL_VERSION } from "../vocabularies.js";

/** Project formats a clip exports to: MLT XML (Shotcut, Kdenlive), Final Cut Pro XML 1.10, OpenTimelineIO JSON, CMX 3600 EDL. */
export const EXPORT_FORMATS = ["mlt", "fcpxml", "otio", "edl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How a project refers to the source: a signed URL (opens anywhere, expires), or a file name beside the project. */
export const EXPORT_SOURCE_MODES = ["url", "file"] as const;
export type ExportSourceMode = (typeof EXPORT_SOURCE_MODES)[number];

/** Content type and file extension of each format. */
export const EXPORT_MEDIA: Record<ExportFormat, { contentType: string; extension: string }> = {
  mlt: { contentType: "application/xml; charset=utf-8", extension: "mlt" },
  fcpxml: { contentType: "application/xml; charset=utf-8", extension: "fcpxml" },
  otio: { contentType: "application/json; charset=utf-8", extension: "otio" },
  edl: { contentType: "text/plain; charset=utf-8", extension: "edl" },
};

export const ExportFormatSchema = z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(", ")} (mlt: Shotcut and Kdenlive; fcpxml: Final Cut Pro, DaVinci Resolve, Premiere; otio: OpenTimelineIO; edl: CMX 3600 cuts only)` });
export const ExportSourceModeSchema = z.enum(EXPORT_SOURCE_MODES, { error: `source must be one of ${EXPORT_SOURCE_MODES.join(", ")} (url: a signed link to the source inside the project; file: the source's file name, for a project saved beside the file GET /jobs/{id}/source downloads)` });

/** GET /jobs/{id}/source: where to download the job's source video. */
export const JobSourceSchema = z.object({
  url: z.url().meta({ description: "Where to download the source: a signed link to the uploaded file (no API key needed, expires at expires_at), or for a job made from a link, that link as given." }),
  expires_at: z.iso.datetime().nullable().meta({ description: "When the signed link stops working; null for a job made from a link (Katto keeps no copy of it)." }),
  file_name: z.string().meta({ description: "The name to save the source under: the name a project exported with source=file refers to." }),
  kind: z.enum(["upload", "link"]).meta({ description: "upload: Katto holds the file and signs a link to it; link: the job was made from this URL, which Katto does not copy (a platform page such as YouTube needs a downloader such as yt-dlp)." }),
});
export type JobSource = z.infer<typeof JobSourceSchema>;

/** The header an export answers with: the version it holds ("original" or a re-render id; issue 41). */
export const EXPORT_VERSION_HEADER = "Katto-Version";

/** The name a project is saved under: katto-<job 8>-clip-<index>.<ext> for the original, katto-<job 8>-clip-<index>-<re-render id>.<ext> for another version. */
export const exportFileName = (jobId: string, index: number, version: string, format: ExportFormat) =>
  `katto-${jobId.slice(0, 8)}-clip-${index}${version === ORIGINAL_VERSION ? "" : `-${version}`}.${EXPORT_MEDIA[format].extension}`;
