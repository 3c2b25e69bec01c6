// What every render event handler checks before it writes (docs/render-protocol.md): the job is in the
// state the event expects, every file it names is in R2, and a write that found the job stopped
// answers 409 so the backend stops. Shared by the handlers in events.ts and its *-events.ts modules.
import { and, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { jobs } from "../../db/schema";
import { ConflictError, NotFoundError, ServiceError } from "../../errors";
import type { Env } from "../../env";
import type { RenderEvent } from "../../schemas/render-protocol";
import { RUNNING_STATUSES } from "../jobs/status";

/** The render event of one type. */
export type Ev<T extends RenderEvent["type"]> = Extract<RenderEvent, { type: T }>;

export const running = () => inArray(jobs.status, [...RUNNING_STATUSES]);
export const jobWith = (db: DrizzleD1Database, jobId: string, ...conditions: SQL[]) => exists(db.select({ one: sql`1` }).from(jobs).where(and(eq(jobs.id, jobId), ...conditions)));
export const noLongerRunning = () => new ConflictError("Job is no longer running; stop work on it.");

export async function webhookUrlOf(db: DrizzleD1Database, jobId: string): Promise<string | null> {
  const r = await db.select({ webhookUrl: jobs.webhookUrl }).from(jobs).where(eq(jobs.id, jobId)).get();
  if (!r) throw new NotFoundError("Job not found.");
  return r.webhookUrl;
}

/**
 * Every file an event names must already be in R2: a clip must never point at an object that a
 * failed PUT did not write. The answer is 503 (the backend retries the event, docs/render-protocol.md).
 */
export async function requireStoredFiles(env: Env, files: { name: string; key: string }[]) {
  const heads = await Promise.all(files.map((f) => env.FILES.head(f.key)));
  const missing = [...new Set(files.filter((_, i) => !heads[i]).map((f) => f.name))];
  if (missing.length) {
    throw new ServiceError("unavailable", `Files not in storage: ${missing.join(", ")}. PUT each file to /internal/v1/jobs/{id}/files/{name}, then send the event again.`);
  }
}

export async function requireJobStatus(db: DrizzleD1Database, jobId: string, statuses: readonly string[]) {
  const job = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).get();
  if (!job) throw new NotFoundError("Job not found.");
  if (!statuses.includes(job.status)) throw noLongerRunning();
}

/** A clip report's post copy as stored; null columns from a backend that predates it. */
export const postCopyColumns = (c: { description?: string; hashtags?: string[] }) => ({
  description: c.description ?? null,
  hashtags: c.hashtags ? JSON.stringify(c.hashtags) : null,
});
