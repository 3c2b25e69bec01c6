import type { Env } from "../../env";

/**
 * Cron (every 5 minutes): reservations whose upload URL expired and were never completed are removed with
 * their uploaded bytes. They were never charged, so quota is untouched.
 */
export async function sweepExpiredUploads(env: Env, now = new Date()): Promise<number> {
  const { results } = await env.DB.prepare("SELECT id, upload_key FROM jobs WHERE status = 'reserved' AND upload_expires_at < ? LIMIT 500")
    .bind(now.toISOString())
    .all<{ id: string; upload_key: string }>();
  if (!results.length) return 0;
  await env.FILES.delete(results.map((r) => r.upload_key));
  const db = env.DB;
  await db.batch(results.map((r) => db.prepare("DELETE FROM jobs WHERE id = ? AND status = 'reserved'").bind(r.id)));
  return results.length;
}
