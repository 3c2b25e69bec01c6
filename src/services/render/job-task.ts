// The render task of a queued job (docs/render-protocol.md "POST /v1/jobs"), and what happens when
// it cannot be handed to the backend: the job fails and its slot is refunded.
import { MAX_CLIPS, resolveStyle, type HdMode } from "@katto/protocol";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { workerConfig } from "../../config";
import { accounts, jobs } from "../../db/schema";
import type { Env } from "../../env";
import { callbackFor, jobSourceUrl } from "../../render-backend/callbacks";
import type { BackendTask } from "../../render-backend/send-task";
import type { Config } from "@katto/protocol/api";
import { stopJob, stoppableJob } from "../jobs/stop";
import { planOf } from "../plans";
import { defaultKit } from "./brand-kit";
import { taskBroll } from "../broll/task";
import { jobAspect } from "../jobs/aspect";

export const MAX_SOURCE_SECONDS = 90 * 60; // spec "Limits": sources up to 90 minutes

/**
 * HD fan-out (docs/render-protocol.md "HD fan-out") when the Worker reaches the backend through
 * the RENDERER container binding (one instance per clip; no RENDER_URL), or when HD_FANOUT = "true".
 */
export function hdModeOf(env: Env): HdMode {
  const { url, hdFanout } = workerConfig(env).render;
  return !url || hdFanout ? "fanout" : "local";
}

/**
 * The task of a job still queued, or null (cancelled meanwhile, or a redelivery of a job already
 * handed over). The job records its HD mode: the `clips` event fans out only jobs sent for it.
 */
export async function renderJobTask(env: Env, jobId: string): Promise<BackendTask | null> {
  const db = drizzle(env.DB);
  const job = await db
    .select({ id: jobs.id, accountId: jobs.accountId, status: jobs.status, source: jobs.source, sourceUrl: jobs.sourceUrl, config: jobs.config, aspect: jobs.aspect, plan: accounts.plan })
    .from(jobs)
    .innerJoin(accounts, eq(accounts.id, jobs.accountId))
    .where(eq(jobs.id, jobId))
    .get();
  if (!job || job.status !== "queued") return null;
  const mode = hdModeOf(env);
  await db.update(jobs).set({ hdMode: mode }).where(and(eq(jobs.id, job.id), eq(jobs.status, "queued")));
  const config = job.config ? (JSON.parse(job.config) as Config) : {};
  const { kit: brandKit, style: kitStyle } = await defaultKit(env.DB, job.accountId);
  // the clips' style: the default kit's, with the job's own fields over it
  const style = resolveStyle(kitStyle, config.style);
  const upload = job.source === "upload";
  const broll = await taskBroll(env, job.accountId, style);
  return {
    kind: "render",
    body: {
      job_id: job.id,
      // uploads are fetched from the Worker with a signed URL
      source: { url: upload ? await jobSourceUrl(env, job.id) : job.sourceUrl, kind: upload ? "upload" : "url" },
      // the clips' shape as decided when the job was created (services/jobs/aspect.ts)
      config: { ...config, ...(Object.keys(style).length > 0 ? { style } : {}), ...(brandKit ? { brandKit } : {}), aspect: jobAspect(job.aspect) },
      callback: await callbackFor(env, job.id),
      limits: { max_duration_s: MAX_SOURCE_SECONDS, max_bytes: planOf(job.plan).uploadCapBytes, max_clips: config.max_clips ?? MAX_CLIPS },
      hd: { mode },
      ...(broll ? { broll } : {}),
    },
  };
}

/**
 * The job's task could not be handed over: after the last attempt (backend unreachable), or at
 * once when the task is invalid (`refusal`). The job fails and its slot is refunded: the user got nothing.
 */
export async function failUnsentJob(env: Env, jobId: string, refusal?: string) {
  const job = await stoppableJob(env.DB, jobId);
  if (!job) return;
  await stopJob(env.DB, job, {
    status: "failed",
    error: refusal
      ? `The job could not be started: ${refusal} Your video slot was refunded.`
      : "The render backend could not be reached; your video slot was refunded. Please retry.",
    from: ["queued"],
    refund: true,
  });
}
