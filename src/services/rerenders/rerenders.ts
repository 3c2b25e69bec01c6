// Re-render a finished clip in another layout, caption style or dubbed language (spec
// POST /jobs/{id}/clips/{index}/rerender). Free: no quota. The original clip URL never changes:
// each re-render writes new files under its own id (versioned).
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { renderBackend, renderCallbackToken } from "../../render/backend";
import type { RerenderEvent } from "../../schemas/rerender";
import { fileUrl, jobFileKey } from "../../storage/keys";
import type { AccountContext } from "../context";
import { publicBaseUrl } from "../context";
import { defaultBrandKit } from "../render/dispatch";
import { requireScope } from "../jobs/create";
import { loadOwnJob } from "../jobs/read";

export interface RerenderParams {
  layout_mode?: string;
  caption_style?: string;
  dub?: string[];
}

const statusUrl = (base: string, jobId: string, rid: string) => `${base}/api/v1/jobs/${jobId}/rerenders/${rid}`;

export async function createRerender(ctx: AccountContext, jobId: string, clipIndex: number, params: RerenderParams) {
  requireScope(ctx, "write");
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
  await ctx.env.RENDER_QUEUE.send({ type: "rerender", rerender_id: id });
  return { rerender_id: id, status: "queued" as const, status_url: statusUrl(ctx.baseUrl, jobId, id) };
}

export async function getRerender(ctx: AccountContext, jobId: string, rid: string) {
  requireScope(ctx, "read");
  await loadOwnJob(ctx, jobId);
  const r = await ctx.env.DB.prepare("SELECT * FROM rerenders WHERE id = ? AND job_id = ?")
    .bind(rid, jobId)
    .first<{ status: string; video_key: string | null; captions_key: string | null; duration: number | null; error: string | null }>();
  if (!r) throw new NotFoundError("Re-render not found for this job.");
  return {
    rerender_id: rid,
    status: r.status as "queued" | "processing" | "completed" | "failed",
    clip_url: r.status === "completed" && r.video_key ? fileUrl(ctx.baseUrl, r.video_key) : null,
    captions_url: r.status === "completed" && r.captions_key ? fileUrl(ctx.baseUrl, r.captions_key) : null,
    duration: r.duration,
    error: r.error,
  };
}

/** Queue consumer: hand a queued re-render to the render backend. */
export async function dispatchRerender(env: Env, rid: string): Promise<"dispatched" | "skipped" | "retry"> {
  const r = await env.DB.prepare(
    `SELECT r.id, r.job_id, r.clip_index, r.status, r.params, c.metadata, c.start_s, c.end_s, j.source, j.source_url, j.account_id
     FROM rerenders r JOIN clips c ON c.job_id = r.job_id AND c.clip_index = r.clip_index JOIN jobs j ON j.id = r.job_id WHERE r.id = ?`,
  )
    .bind(rid)
    .first<{ id: string; job_id: string; clip_index: number; status: string; params: string; metadata: string; start_s: number; end_s: number; source: string; source_url: string; account_id: string }>();
  if (!r || r.status !== "queued") return "skipped";
  const brandKit = await defaultBrandKit(env.DB, r.account_id);
  const base = publicBaseUrl(env);
  const token = await renderCallbackToken(env.APP_SECRET ?? "", rid);
  const sourceUrl =
    r.source === "upload"
      ? `${base}/internal/v1/jobs/${r.job_id}/source?token=${await renderCallbackToken(env.APP_SECRET ?? "", r.job_id)}`
      : r.source_url;
  const body = {
    rerender_id: rid,
    job_id: r.job_id,
    clip_index: r.clip_index,
    source: { url: sourceUrl, kind: r.source === "upload" ? "upload" : "url" },
    clip: { start: r.start_s, end: r.end_s, metadata: JSON.parse(r.metadata) as unknown },
    params: JSON.parse(r.params) as RerenderParams,
    brand_kit: brandKit,
    callback: { base_url: `${base}/internal/v1`, token },
  };
  try {
    const res = await renderBackend(env, rid).fetch("/v1/rerenders", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return res.status === 202 || res.ok ? "dispatched" : "retry";
  } catch {
    return "retry";
  }
}

export async function failRerender(env: Env, rid: string, error: string) {
  await env.DB.prepare(`UPDATE rerenders SET status = 'failed', error = ?2, updated_at = ?3 WHERE id = ?1 AND status IN ('queued', 'processing')`)
    .bind(rid, error, new Date().toISOString())
    .run();
}

export async function applyRerenderEvent(env: Env, rid: string, ev: RerenderEvent) {
  const now = new Date().toISOString();
  const db = env.DB;
  let changes = 0;
  if (ev.type === "progress") {
    changes = (await db.prepare(`UPDATE rerenders SET status = 'processing', updated_at = ?2 WHERE id = ?1 AND status IN ('queued', 'processing')`).bind(rid, now).run()).meta.changes;
  } else if (ev.type === "completed") {
    const job = await db.prepare("SELECT job_id FROM rerenders WHERE id = ?").bind(rid).first<{ job_id: string }>();
    if (!job) throw new NotFoundError("Re-render not found.");
    const secret = env.APP_SECRET ?? "";
    changes = (
      await db
        .prepare(`UPDATE rerenders SET status = 'completed', video_key = ?2, captions_key = ?3, duration = ?4, updated_at = ?5 WHERE id = ?1 AND status IN ('queued', 'processing')`)
        .bind(rid, await rerenderFileKey(secret, job.job_id, rid, ev.file), await rerenderFileKey(secret, job.job_id, rid, ev.captions_file), ev.duration, now)
        .run()
    ).meta.changes;
  } else {
    changes = (await db.prepare(`UPDATE rerenders SET status = 'failed', error = ?2, updated_at = ?3 WHERE id = ?1 AND status IN ('queued', 'processing')`).bind(rid, ev.error, now).run()).meta.changes;
  }
  if (changes !== 1) throw new ConflictError("Re-render is no longer running.");
}

/** Re-render files live beside the job's clips, under the re-render id (versioned). */
export const rerenderFileKey = (appSecret: string, jobId: string, rid: string, name: string) => jobFileKey(appSecret, jobId, `${rid}-${name}`);
