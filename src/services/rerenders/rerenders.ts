// Re-render a finished clip in another layout, caption style or dubbed language (spec
// POST /jobs/{id}/clips/{index}/rerender). Free: no quota. The original clip URL never changes:
// each re-render writes new files under its own id (versioned).
import { qualityView } from "../jobs/view";
import { resolveClipRange, type TranscriptWord } from "@katto/protocol";
import type { RerenderBody, TrimBody } from "@katto/protocol/api";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { newId } from "../../lib/ids";
import { enqueueRerender } from "../../render-queue/producers";
import { fileUrl } from "../../storage/keys";
import { requireScope } from "../auth/keys";
import { requireBrollAvailable } from "../broll/task";
import type { AccountContext } from "../context";
import { loadOwnJob } from "../jobs/read";

export type RerenderParams = RerenderBody;

const statusUrl = (base: string, jobId: string, rid: string) => `${base}/api/v1/jobs/${jobId}/rerenders/${rid}`;

export async function createRerender(ctx: AccountContext, jobId: string, clipIndex: number, params: RerenderParams) {
  requireScope(ctx, "write"); // a key that may not write hears that first, not what its style lacks
  requireBrollAvailable(ctx.env, params.style);
  const normalized = { ...params, dub: params.dub ? [...new Set(params.dub)] : undefined };
  return queueRerender(ctx, jobId, clipIndex, () => ({ params: normalized, range: null }));
}

/**
 * Moves a clip's cuts (issue 22, POST /jobs/{id}/clips/{index}/trim): a re-render of the clip over
 * a new range, snapped to pauses between the transcript's words, in the clip's layout and style.
 */
export async function createTrim(ctx: AccountContext, jobId: string, clipIndex: number, body: TrimBody) {
  const t = await ctx.env.DB.prepare("SELECT words, source_duration FROM transcripts WHERE job_id = ?")
    .bind(jobId)
    .first<{ words: string; source_duration: number | null }>();
  let range: { start: number; end: number } | null = null;
  const created = await queueRerender(ctx, jobId, clipIndex, () => {
    const words = t ? (JSON.parse(t.words) as TranscriptWord[]) : [];
    const r = resolveClipRange(words, body, t?.source_duration ?? null);
    if (!r.ok) throw new ValidationError(r.error);
    range = r.value;
    return { params: { trim: true }, range };
  });
  return { ...created, ...range! };
}

/** Checks the job and clip, then queues a re-render of it with the params (and range) `plan` gives. */
async function queueRerender(
  ctx: AccountContext,
  jobId: string,
  clipIndex: number,
  plan: () => { params: object; range: { start: number; end: number } | null },
) {
  requireScope(ctx, "write");
  const job = await loadOwnJob(ctx, jobId);
  if (job.status !== "completed") throw new ConflictError(`Job is ${job.status}; clips can be re-rendered once the job is completed.`);
  const clip = await ctx.env.DB.prepare("SELECT metadata FROM clips WHERE job_id = ? AND clip_index = ?").bind(jobId, clipIndex).first<{ metadata: string | null }>();
  if (!clip) throw new NotFoundError(`Clip ${clipIndex} not found: this job has no clip with that index.`);
  if (!clip.metadata) throw new ValidationError("This clip has no editing metadata (it predates re-rendering); create a new job to render it again.");
  const { params, range } = plan();
  const id = `rr_${newId().replace(/-/g, "")}`;
  const now = new Date().toISOString();
  await ctx.env.DB.prepare(
    "INSERT INTO rerenders (id, job_id, clip_index, status, params, start_s, end_s, created_at, updated_at) VALUES (?1, ?2, ?3, 'queued', ?4, ?5, ?6, ?7, ?7)",
  )
    .bind(id, jobId, clipIndex, JSON.stringify(params), range?.start ?? null, range?.end ?? null, now)
    .run();
  await enqueueRerender(ctx.env, id);
  return { rerender_id: id, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, jobId, id) };
}

export async function getRerender(ctx: AccountContext, jobId: string, rid: string) {
  requireScope(ctx, "read");
  await loadOwnJob(ctx, jobId);
  const r = await ctx.env.DB.prepare(
    `SELECT r.status, r.video_key, r.captions_key, r.captions_original_key, r.quality, r.duration, r.error, COALESCE(r.start_s, c.start_s) AS start_s, COALESCE(r.end_s, c.end_s) AS end_s
     FROM rerenders r JOIN clips c ON c.job_id = r.job_id AND c.clip_index = r.clip_index WHERE r.id = ? AND r.job_id = ?`,
  )
    .bind(rid, jobId)
    .first<{ status: string; video_key: string | null; captions_key: string | null; captions_original_key: string | null; duration: number | null; error: string | null; quality: string | null; start_s: number; end_s: number }>();
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
    start: r.start_s,
    end: r.end_s,
  };
}
