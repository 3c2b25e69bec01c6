// Cron: a running job whose render backend went silent (the process or container died) fails
// with a refund instead of staying `processing` forever. Every stage reports progress well
// within this window (downloads, transcription chunks and ffmpeg renders all report as they go).
import type { Env } from "../../env";
import { renderBackend } from "../../render/backend";
import { stopJob } from "../jobs/stop";

export const STALL_MINUTES = 45;
export const STALLED_MESSAGE = "Processing stopped unexpectedly and was abandoned; your video slot was refunded. Please retry.";

export async function failStalledJobs(env: Env, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - STALL_MINUTES * 60_000).toISOString();
  const { results } = await env.DB.prepare(
    `SELECT j.id, j.account_id, j.created_ms, a.plan FROM jobs j JOIN accounts a ON a.id = j.account_id
     WHERE j.status IN ('queued', 'processing', 'scoring') AND j.updated_at < ? LIMIT 100`,
  )
    .bind(cutoff)
    .all<{ id: string; account_id: string; created_ms: number; plan: string }>();
  const failed: string[] = [];
  for (const j of results) {
    const job = { id: j.id, accountId: j.account_id, plan: j.plan, createdMs: j.created_ms };
    const { stopped } = await stopJob(env.DB, job, { status: "failed", error: STALLED_MESSAGE, refund: true, staleBefore: cutoff });
    if (!stopped) continue;
    failed.push(j.id);
    // Best effort: if the backend is still alive but stuck, stop it.
    await renderBackend(env, j.id)
      .fetch(`/v1/jobs/${j.id}`, { method: "DELETE" })
      .catch(() => undefined);
  }
  if (failed.length) console.log(JSON.stringify({ msg: "watchdog: failed stalled jobs", jobs: failed }));
  return failed;
}
