// The one way a running job stops early: cancelled by its owner, or failed (backend error,
// backend unreachable, backend silent). One transaction moves it out of a running state and,
// when a refund is due, gives the video back and records it — so a slot is never refunded twice
// and never refunded for a job that had already stopped.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { accounts, jobs } from "../../db/schema";
import { refundStatement } from "../quota";
import { RUNNING_STATUSES, type RunningStatus } from "./status";

export interface StoppableJob {
  id: string;
  accountId: string;
  plan: string;
  createdMs: number;
}

export interface StopOptions {
  status: "cancelled" | "failed";
  error: string | null;
  /** states the job may be in; default: every running state */
  from?: readonly RunningStatus[];
  refund: boolean;
  /** user cancellations are limited by the plan's monthly refund cap; failures are not */
  countsTowardCap?: boolean;
  /** only if the job has made no progress since this ISO time (watchdog) */
  staleBefore?: string;
}

export async function stopJob(d1: D1Database, job: StoppableJob, o: StopOptions): Promise<{ stopped: boolean; refunded: boolean }> {
  const db = drizzle(d1);
  const from = o.from ?? RUNNING_STATUSES;
  const now = new Date().toISOString();
  const stop = db
    .update(jobs)
    .set({ status: o.status, progressStep: o.status, error: o.error, updatedAt: now })
    .where(and(eq(jobs.id, job.id), eq(jobs.accountId, job.accountId), inArray(jobs.status, [...from]), o.staleBefore === undefined ? undefined : lt(jobs.updatedAt, o.staleBefore)));
  if (!o.refund) {
    const stopped = await stop.run();
    return { stopped: stopped.meta.changes === 1, refunded: false };
  }
  const [stopped, , refunded] = await db.batch([
    stop,
    refundStatement(db, job.accountId, job.plan, job.createdMs, o.countsTowardCap ?? false),
    db.update(jobs).set({ refunded: true }).where(and(sql`changes() = 1`, eq(jobs.id, job.id))),
  ]);
  return { stopped: stopped.meta.changes === 1, refunded: refunded.meta.changes === 1 };
}

const stoppable = (db: DrizzleD1Database) =>
  db.select({ id: jobs.id, accountId: jobs.accountId, createdMs: jobs.createdMs, plan: accounts.plan }).from(jobs).innerJoin(accounts, eq(accounts.id, jobs.accountId));

/** The job's account and plan, which a refund needs. */
export async function stoppableJob(d1: D1Database, jobId: string): Promise<StoppableJob | null> {
  return (await stoppable(drizzle(d1)).where(eq(jobs.id, jobId)).get()) ?? null;
}

/** Running jobs with no progress since the ISO time `before` (the watchdog's candidates), at most `limit`. */
export async function runningJobsIdleSince(d1: D1Database, before: string, limit: number): Promise<StoppableJob[]> {
  return stoppable(drizzle(d1)).where(and(inArray(jobs.status, [...RUNNING_STATUSES]), lt(jobs.updatedAt, before))).limit(limit).all();
}
