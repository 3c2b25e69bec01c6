import { and, eq, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { jobs } from "../../db/schema";
import type { Env } from "../../env";

/**
 * Cron (every 5 minutes): reservations whose upload URL expired and were never completed are removed with
 * their uploaded bytes. They were never charged, so quota is untouched.
 */
export async function sweepExpiredUploads(env: Env, now = new Date()): Promise<number> {
  const db = drizzle(env.DB);
  const results = await db
    .select({ id: jobs.id, uploadKey: jobs.uploadKey })
    .from(jobs)
    .where(and(eq(jobs.status, "reserved"), lt(jobs.uploadExpiresAt, now.toISOString())))
    .limit(500)
    .all();
  if (!results.length) return 0;
  await env.FILES.delete(results.flatMap((r) => r.uploadKey ?? []));
  const [first, ...more] = results.map((r) => db.delete(jobs).where(and(eq(jobs.id, r.id), eq(jobs.status, "reserved"))));
  await db.batch([first!, ...more]);
  return results.length;
}
