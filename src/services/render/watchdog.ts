// Cron: a running job whose render backend went silent (the process or container died) fails
// with a refund instead of staying `processing` forever. Every stage reports progress well
// within this window (downloads, transcription chunks and ffmpeg renders all report as they go).
import type { Env } from "../../env";
import { renderBackend } from "../../render/backend";
import { refundStatement } from "../quota";

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
  const db = env.DB;
  for (const j of results) {
    const [r] = await db.batch([
      db
        .prepare(`UPDATE jobs SET status = 'failed', progress_step = 'failed', error = ?2, updated_at = ?3 WHERE id = ?1 AND status IN ('queued', 'processing', 'scoring') AND updated_at < ?4`)
        .bind(j.id, STALLED_MESSAGE, now.toISOString(), cutoff),
      refundStatement(db, j.account_id, j.plan, j.created_ms, false),
      db.prepare("UPDATE jobs SET refunded = 1 WHERE changes() = 1 AND id = ?1").bind(j.id),
    ]);
    if (r.meta.changes !== 1) continue;
    failed.push(j.id);
    // Best effort: if the backend is still alive but stuck, stop it.
    await renderBackend(env, j.id)
      .fetch(`/v1/jobs/${j.id}`, { method: "DELETE" })
      .catch(() => undefined);
  }
  if (failed.length) console.log(JSON.stringify({ msg: "watchdog: failed stalled jobs", jobs: failed }));
  return failed;
}
