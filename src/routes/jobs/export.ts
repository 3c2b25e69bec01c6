import { createRoute, z } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, rateLimitHeaders, security } from "../../schemas/common";
import { EXPORT_FORMATS, EXPORT_VERSION_HEADER, ExportFormatSchema, ExportSourceModeSchema, VersionNameSchema } from "@katto/protocol/api";
import { exportClip } from "../../services/export/export";
import { accountCtx } from "../context";
import { ClipParams } from "../rerenders/create";

const ExportQuerySchema = z.object({
  format: ExportFormatSchema.meta({ param: { name: "format", in: "query" }, example: "mlt" }),
  source: ExportSourceModeSchema.default("url").meta({ param: { name: "source", in: "query" } }),
  version: VersionNameSchema.optional().meta({ param: { name: "version", in: "query" } }),
});

const text = (description: string) => ({ schema: z.string().openapi({ description }) });

const route = createRoute({
  method: "get",
  path: "/api/v1/jobs/{id}/clips/{index}/export",
  operationId: "exportClip",
  tags: ["Jobs"],
  summary: "Export a clip as a project for a desktop video editor",
  description:
    `format: ${EXPORT_FORMATS.join(", ")}. mlt: an MLT XML project (Shotcut, Kdenlive, melt) with the crop path as keyframes and the captions as a text track; fcpxml: Final Cut Pro XML 1.10 (also DaVinci Resolve, Premiere) with a keyframed transform and captions as titles; otio: an OpenTimelineIO timeline, the crop path in its metadata; edl: a CMX 3600 EDL of the cuts (no crop). ` +
    "source=url (default) puts a signed link to the source in the project (it expires after 24 hours for an uploaded source); source=file puts the source's file name, for a project saved beside the file GET /jobs/{id}/source downloads. " +
    "version: the clip version to export, \"original\" or a re-render id (left out: the newest completed version); the project holds that version's range, cuts, framing, shape and captions, and the Katto-Version header names it. " +
    "Answered as a download (Content-Disposition attachment). 404 for a version the clip does not have; 409 when the job is not completed, or the version named is not.",
  security,
  middleware: [keyRateLimit("clips")] as const,
  request: { params: ClipParams, query: ExportQuerySchema },
  responses: {
    200: {
      description: "The project file.",
      headers: { ...rateLimitHeaders, [EXPORT_VERSION_HEADER]: { description: 'The clip version the project holds: "original" or a re-render id.', schema: { type: "string" as const } } },
      content: {
        "application/xml": text("MLT XML (format=mlt) or FCPXML (format=fcpxml)."),
        "application/json": text("OpenTimelineIO JSON (format=otio)."),
        "text/plain": text("CMX 3600 EDL (format=edl)."),
      },
    },
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export const registerExportClip = (app: App) =>
  app.openapi(route, async (c) => {
    const { id, index } = c.req.valid("param");
    const { format, source, version } = c.req.valid("query");
    const file = await exportClip(accountCtx(c), id, index, format, source, version);
    return c.body(file.body, 200, { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.fileName}"`, "cache-control": "no-store", [EXPORT_VERSION_HEADER]: file.version });
  });
