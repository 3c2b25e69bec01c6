// Cron: a running job whose render backend went silent (the process or container died) fails
// with a refund instead of staying `processing` forever. Every stage reports progress well
// within this window (downloads, transcription chunks and ffmpeg renders all report as they go).
import { workerConfig } from "../../config";
import type { Env } from "../../env";
import { renderBackend } from "../../render-backend/client";
import { runningJobsIdleSince, stopJob } from "../jobs/stop";

export const STALLED_MESSAGE = "Processing stopped unexpectedly and was abandoned; your video slot was refunded. Please retry.";

export async function failStalledJobs(env: Env, now = new Date()): Promise<string[]> {
  // The stall window: STALL_SECONDS (fault tests use a few seconds), else 45 minutes (src/config.ts).
  const cutoff = new Date(now.getTime() - workerConfig(env).render.stallWindowMs).toISOString();
  const stalled = await runningJobsIdleSince(env.DB, cutoff, 100);
  const failed: string[] = [];
  for (const job of stalled) {
    const { stopped } = await stopJob(env.DB, job, { status: "failed", error: STALLED_MESSAGE, refund: true, staleBefore: cutoff });
    if (!stopped) continue;
    failed.push(job.id);
    // Best effort: if the backend is still alive but stuck, stop it.
    await renderBackend(env, job.id)
      .fetch(`/v1/jobs/${job.id}`, { method: "DELETE" })
      .catch(() => undefined);
  }
  if (failed.length) console.log(JSON.stringify({ msg: "watchdog: failed stalled jobs", jobs: failed }));
  return failed;
}
