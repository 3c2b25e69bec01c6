// The list of a clip's versions (issue 41) as GET /jobs/{id} shows it on each clip: id, what it
// changed, status, file and when it was asked for. Read on the polling path, so from a projection of
// the rerenders rows without their timelines. Pure.
import { ORIGINAL_VERSION, round3, type VERSION_CHANGES } from "@katto/protocol";
import { VersionRequestSchema, type ClipVersionSummary, type VersionRequest } from "@katto/protocol/api";
import type { clips, rerenders } from "../../db/schema";
import { fileUrl } from "../../storage/keys";

type RerenderRow = typeof rerenders.$inferSelect;
type ClipRow = typeof clips.$inferSelect;

type Change = (typeof VERSION_CHANGES)[number];
export type VersionStatus = ClipVersionSummary["status"];

/** What the clip-version list reads of a re-render row (the polling path reads no timelines). */
export type RerenderSummaryRow = Pick<RerenderRow, "id" | "clipIndex" | "status" | "params" | "startS" | "endS" | "videoKey" | "createdAt">;

/** What a version's request asked, from its stored params and a trim's range. */
export function requestOf(r: Pick<RerenderRow, "params" | "startS" | "endS">): VersionRequest {
  const params = readJson(r.params) as Record<string, unknown> | null;
  const { trim: _trim, ...asked } = params ?? {};
  const parsed = VersionRequestSchema.safeParse(asked);
  const request = parsed.success ? parsed.data : {};
  return r.startS !== null && r.endS !== null ? { ...request, trim: { start: round3(r.startS), end: round3(r.endS) } } : request;
}

/** What a version changes from the original, in VERSION_CHANGES order. */
export function changesOf(request: VersionRequest): Change[] {
  const out: Change[] = [];
  if (request.trim) out.push("trim");
  if (request.layout_mode) out.push("layout");
  if (request.caption_style) out.push("caption_style");
  if (request.style) out.push("style");
  if (request.aspect) out.push("aspect");
  if (request.dub) out.push("dub");
  if (request.captions) out.push("captions");
  return out;
}

/** The clip's versions as GET /jobs/{id} lists them: the original first, then its re-renders in the order they were asked for. */
export function versionSummaries(baseUrl: string, clip: Pick<ClipRow, "videoKey" | "createdAt" | "clipIndex">, rows: readonly RerenderSummaryRow[]): ClipVersionSummary[] {
  const own = rows.filter((r) => r.clipIndex === clip.clipIndex).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return [
    { id: ORIGINAL_VERSION, changes: [], status: "completed", url: fileUrl(baseUrl, clip.videoKey), created_at: clip.createdAt },
    ...own.map((r) => ({
      id: r.id,
      changes: changesOf(requestOf(r)),
      status: r.status as VersionStatus,
      url: r.status === "completed" && r.videoKey ? fileUrl(baseUrl, r.videoKey) : null,
      created_at: r.createdAt,
    })),
  ];
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
