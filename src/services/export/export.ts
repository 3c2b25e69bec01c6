// Hand off to an editor (issue 22): the job's source as a download, and a clip as a project file
// (docs/api-decisions.md "Hand off to an editor").
//
// The source: an uploaded file is signed like an upload URL (HMAC under the APP_SECRET keyring, with
// an expiry), served by the Worker at /files/sources/<job>/<name>; clips' URLs carry an unguessable
// tag instead and never expire, but a source is the caller's private original, so its link does.
// A job made from a link has no copy in Katto: its link is handed back as it is.
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { EXPORT_MEDIA, exportFileName, type ExportFormat, type ExportSourceMode, type JobSource } from "@katto/protocol/api";
import { workerConfig } from "../../config";
import { clips } from "../../db/schema";
import { ConflictError, NotFoundError } from "../../errors";
import { signWithKeyring, verifyWithKeyring } from "../../lib/crypto";
import type { Env } from "../../env";
import { requireScope } from "../auth/keys";
import type { AccountContext } from "../context";
import { loadOwnJob } from "../jobs/read";
import { clipVersionFile } from "../versions/resolve";
import { writeEdl } from "./edl";
import { writeFcpxml } from "./fcpxml";
import { sourceFileName, timelineFromClip } from "./from-clip";
import { writeMlt } from "./mlt";
import { writeOtio } from "./otio";
import type { ExportProject } from "./timeline";

/** How long a signed source link works: a day, time to download a long source and open a project. */
export const SOURCE_URL_TTL_S = 24 * 3600;

const WRITERS: Record<ExportFormat, (p: ExportProject) => string> = { mlt: writeMlt, fcpxml: writeFcpxml, otio: writeOtio, edl: writeEdl };

const sourceMessage = (jobId: string, expires: number) => `source:${jobId}:${expires}`;

/** The signed link to an uploaded source, valid until `expiresS` (seconds since the epoch). */
export async function signedSourceUrl(env: Env, baseUrl: string, jobId: string, fileName: string, expiresS: number): Promise<string> {
  const sig = await signWithKeyring(workerConfig(env).keyring, sourceMessage(jobId, expiresS));
  return `${baseUrl}/files/sources/${jobId}/${encodeURIComponent(fileName)}?expires=${expiresS}&sig=${sig}`;
}

/** null when a source link's signature holds and has not expired, else why not. */
export async function verifySourceSignature(env: Env, jobId: string, expires: string | undefined, sig: string | undefined, nowMs = Date.now()): Promise<string | null> {
  if (!expires || !sig || !/^\d+$/.test(expires)) return "This source link is missing its signature; get a new one from GET /api/v1/jobs/{id}/source.";
  if (Number(expires) * 1000 < nowMs) return "This source link has expired (links last 24 hours); get a new one from GET /api/v1/jobs/{id}/source.";
  return (await verifyWithKeyring(workerConfig(env).keyring, sourceMessage(jobId, Number(expires)), sig)) ? null : "This source link's signature is invalid; use the url from GET /api/v1/jobs/{id}/source exactly.";
}

/** Where the caller downloads the job's source (GET /jobs/{id}/source). */
export async function getJobSource(ctx: AccountContext, id: string, nowMs = Date.now()): Promise<JobSource> {
  requireScope(ctx, "read");
  const job = await loadOwnJob(ctx, id);
  const file_name = sourceFileName(job);
  if (job.source !== "upload") return { url: job.sourceUrl, expires_at: null, file_name, kind: "link" };
  const head = job.uploadKey ? await ctx.env.FILES.head(job.uploadKey) : null;
  if (!head) throw new NotFoundError("This job's uploaded source is not stored (the upload was never completed, or it was deleted); nothing to download.");
  const expiresS = Math.floor(nowMs / 1000) + SOURCE_URL_TTL_S;
  return { url: await signedSourceUrl(ctx.env, ctx.baseUrl, job.id, file_name, expiresS), expires_at: new Date(expiresS * 1000).toISOString(), file_name, kind: "upload" };
}

export interface ClipExport {
  body: string;
  contentType: string;
  fileName: string;
  /** the version exported: "original" or a re-render id (the Katto-Version header) */
  version: string;
}

/**
 * A clip version as a project file (GET /jobs/{id}/clips/{index}/export): the version `version`
 * names, else the newest completed one; its own timeline, range, shape and captions (issue 41).
 */
export async function exportClip(ctx: AccountContext, id: string, index: number, format: ExportFormat, sourceMode: ExportSourceMode, version?: string): Promise<ClipExport> {
  requireScope(ctx, "read");
  const job = await loadOwnJob(ctx, id);
  if (job.status !== "completed") throw new ConflictError(`The job is ${job.status}; clips can be exported once it is completed.`);
  const found = await clipVersionFile(ctx.env, id, index, version);
  if (!found) {
    const all = await drizzle(ctx.env.DB).select({ i: clips.clipIndex }).from(clips).where(eq(clips.jobId, id)).all();
    throw new NotFoundError(`The job has no clip ${index}; its clip indexes are ${all.map((c) => c.i).sort((a, b) => a - b).join(", ") || "none"}.`);
  }
  const { clip, file } = found;
  const source = sourceMode === "url" ? await getJobSource(ctx, id) : null;
  const sourceName = sourceFileName(job);
  const srt = file.captionsKey ? ((await (await ctx.env.FILES.get(file.captionsKey))?.text()) ?? null) : null;
  const built = timelineFromClip({ jobId: id, clipIndex: index, title: clip.title, version: file.id, start: file.start, end: file.end, timeline: file.timeline, metadata: file.metadata, srt, sourceRef: source ? source.url : sourceName, sourceName });
  if (!built.ok) throw new ConflictError(built.error);
  const media = EXPORT_MEDIA[format];
  return { body: WRITERS[format](built.project), contentType: media.contentType, fileName: exportFileName(id, index, file.id, format), version: file.id };
}
