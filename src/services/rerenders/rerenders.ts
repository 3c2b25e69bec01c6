// Re-render a finished clip in another layout, caption style or dubbed language (spec
// POST /jobs/{id}/clips/{index}/rerender). Free: no quota. The original clip URL never changes:
// each re-render writes new files under its own id (versioned).
import { qualityView } from "../jobs/view";
import type { RerenderBody } from "@katto/protocol/api";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { newId } from "../../lib/ids";
import { enqueueRerender } from "../../queues/producers";
import { fileUrl } from "../../storage/keys";
import { requireScope } from "../auth/keys";
import { requireBrollAvailable } from "../broll/task";
import type { AccountContext } from "../context";
import { loadOwnJob } from "../jobs/read";

export type RerenderParams = RerenderBody;

const statusUrl = (base: string, jobId: string, rid: string) => `${base}/api/v1/jobs/${jobId}/rerenders/${rid}`;

export async function createRerender(ctx: AccountContext, jobId: string, clipIndex: number, params: RerenderParams) {
  requireScope(ctx, "write");
  requireBrollAvailable(ctx.env, params.style);
  const job = await loadOwnJob(ctx, jobId);
  if (job.status !== "completed") throw new ConflictError(`Job is ${job.status}; clips can be re-rendered once the job is completed.`);
  const clip = await ctx.env.DB.prepare("SELECT metadata FROM clips WHERE job_id = ? AND clip_index = ?").bind(jobId, clipIndex).first<{ metadata: string | null }>();
  if (!clip) throw new NotFoundError(`Clip ${clipIndex} not found: this job has no clip with that index.`);
  if (!clip.metadata) throw new ValidationError("This clip has no editing metadata (it predates re-rendering); create a new job to render it again.");
  const id = `rr_${newId().replace(/-/g, "")}`;
  const now = new Date().toISOString();
  const normalized = { ...params, dub: params.dub ? [...new Set(params.dub)] : undefined };
  await ctx.env.DB.prepare(
    "INSERT INTO rerenders (id, job_id, clip_index, status, params, created_at, updated_at) VALUES (?1, ?2, ?3, 'queued', ?4, ?5, ?5)",
  )
    .bind(id, jobId, clipIndex, JSON.stringify(normalized), now)
    .run();
  await enqueueRerender(ctx.env, id);
  return { rerender_id: id, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, jobId, id) };
}

export async function getRerender(ctx: AccountContext, jobId: string, rid: string) {
  requireScope(ctx, "read");
  await loadOwnJob(ctx, jobId);
  const r = await ctx.env.DB.prepare("SELECT * FROM rerenders WHERE id = ? AND job_id = ?")
    .bind(rid, jobId)
    .first<{ status: string; video_key: string | null; captions_key: string | null; captions_original_key: string | null; duration: number | null; error: string | null; quality: string | null }>();
  if (!r) throw new NotFoundError("Re-render not found for this job.");
  return {
    rerender_id: rid,
    status: r.status as "queued" | "processing" | "completed" | "failed",
    clip_url: r.status === "completed" && r.video_key ? fileUrl(ctx.baseUrl, r.video_key) : null,
    captions_url: r.status === "completed" && r.captions_key ? fileUrl(ctx.baseUrl, r.captions_key) : null,
    captions_original_url: r.status === "completed" && r.captions_original_key ? fileUrl(ctx.baseUrl, r.captions_original_key) : null,
    duration: r.duration,
    error: r.error,
    quality: r.status === "completed" ? qualityView(r.quality) : null,
  };
}
