// Queue consumer side of a render message: hand a queued job to the render backend, or fail it
// refunded once the backend stayed unreachable through every attempt.
import type { Env } from "../../env";
import { callbackFor, jobSourceUrl } from "../../render-backend/callbacks";
import { renderBackend } from "../../render-backend/client";
import type { HdMode, RenderJob } from "../../schemas/render-protocol";
import { stopJob, stoppableJob } from "../jobs/stop";
import { planOf } from "../plans";
import { defaultBrandKit } from "./brand-kit";

export const MAX_SOURCE_SECONDS = 90 * 60; // spec "Limits": sources up to 90 minutes
export const MAX_CLIPS = 10; // re-render index range 0..9

export type DispatchOutcome = "dispatched" | "skipped" | "retry";

/** Source URL the backend fetches: the job's URL, or a signed Worker URL for uploaded files. */
async function sourceFor(env: Env, job: { id: string; source: string; source_url: string }) {
  if (job.source !== "upload") return { url: job.source_url, kind: "url" as const };
  return { url: await jobSourceUrl(env, job.id), kind: "upload" as const };
}

async function renderConfig(db: D1Database, accountId: string, config: string | null): Promise<Record<string, unknown>> {
  const kit = await defaultBrandKit(db, accountId);
  return { ...(config ? (JSON.parse(config) as Record<string, unknown>) : {}), ...(kit ? { brandKit: kit } : {}) };
}

/**
 * HD fan-out (docs/render-protocol.md "HD fan-out") when the Worker reaches the backend through
 * the RENDERER container binding (one instance per clip), or when HD_FANOUT = "true".
 */
export function hdModeOf(env: Env): HdMode {
  return !env.RENDER_URL || env.HD_FANOUT === "true" ? "fanout" : "local";
}

export async function dispatchRender(env: Env, jobId: string): Promise<DispatchOutcome> {
  const job = await env.DB.prepare(
    `SELECT j.id, j.account_id, j.status, j.source, j.source_url, j.config, a.plan FROM jobs j JOIN accounts a ON a.id = j.account_id WHERE j.id = ?`,
  )
    .bind(jobId)
    .first<{ id: string; account_id: string; status: string; source: string; source_url: string; config: string | null; plan: string }>();
  if (!job || job.status !== "queued") return "skipped"; // cancelled meanwhile, or a redelivery
  const hd = { mode: hdModeOf(env) };
  // the job remembers its mode: the `clips` event fans out only jobs dispatched for it
  await env.DB.prepare(`UPDATE jobs SET hd_mode = ?2 WHERE id = ?1 AND status = 'queued'`).bind(job.id, hd.mode).run();
  const body: RenderJob = {
    job_id: job.id,
    source: await sourceFor(env, job),
    config: await renderConfig(env.DB, job.account_id, job.config),
    callback: await callbackFor(env, job.id),
    limits: { max_duration_s: MAX_SOURCE_SECONDS, max_bytes: planOf(job.plan).uploadCapBytes, max_clips: MAX_CLIPS },
    hd,
  };
  try {
    const res = await renderBackend(env, jobId).fetch("/v1/jobs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status === 202 || res.ok) return "dispatched";
    console.log(JSON.stringify({ msg: "render backend refused job", job_id: jobId, status: res.status }));
    return "retry";
  } catch (e) {
    console.log(JSON.stringify({ msg: "render backend unreachable", job_id: jobId, error: String(e) }));
    return "retry";
  }
}

/** After the last delivery attempt: the job fails and its slot is refunded (the user got nothing). */
export async function failUndispatchable(env: Env, jobId: string) {
  const job = await stoppableJob(env.DB, jobId);
  if (!job) return;
  await stopJob(env.DB, job, {
    status: "failed",
    error: "The render backend could not be reached; your video slot was refunded. Please retry.",
    from: ["queued"],
    refund: true,
  });
}
