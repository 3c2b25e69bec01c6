// The one way a running job stops early: cancelled by its owner, or failed (backend error,
// backend unreachable, backend silent). One transaction moves it out of a running state and,
// when a refund is due, gives the video back and records it — so a slot is never refunded twice
// and never refunded for a job that had already stopped.
import { refundStatement } from "../quota";
import { RUNNING_STATUSES, runningSql, type RunningStatus } from "./status";

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

export async function stopJob(db: D1Database, job: StoppableJob, o: StopOptions): Promise<{ stopped: boolean; refunded: boolean }> {
  const from = o.from ?? RUNNING_STATUSES;
  const now = new Date().toISOString();
  const statements = [
    db
      .prepare(
        `UPDATE jobs SET status = ?2, progress_step = ?2, error = ?3, updated_at = ?4
         WHERE id = ?1 AND account_id = ?5 AND status IN (SELECT value FROM json_each(?6)) AND (?7 IS NULL OR updated_at < ?7)`,
      )
      .bind(job.id, o.status, o.error, now, job.accountId, JSON.stringify(from), o.staleBefore ?? null),
  ];
  if (o.refund) {
    statements.push(refundStatement(db, job.accountId, job.plan, job.createdMs, o.countsTowardCap ?? false));
    statements.push(db.prepare("UPDATE jobs SET refunded = 1 WHERE changes() = 1 AND id = ?1").bind(job.id));
  }
  const results = await db.batch(statements);
  return { stopped: results[0].meta.changes === 1, refunded: o.refund && results[2].meta.changes === 1 };
}

interface StoppableRow {
  id: string;
  account_id: string;
  created_ms: number;
  plan: string;
}
const SELECT_STOPPABLE = "SELECT j.id, j.account_id, j.created_ms, a.plan FROM jobs j JOIN accounts a ON a.id = j.account_id";
const fromRow = (r: StoppableRow): StoppableJob => ({ id: r.id, accountId: r.account_id, plan: r.plan, createdMs: r.created_ms });

/** The job's account and plan, which a refund needs. */
export async function stoppableJob(db: D1Database, jobId: string): Promise<StoppableJob | null> {
  const r = await db.prepare(`${SELECT_STOPPABLE} WHERE j.id = ?`).bind(jobId).first<StoppableRow>();
  return r ? fromRow(r) : null;
}

/** Running jobs with no progress since the ISO time `before` (the watchdog's candidates), at most `limit`. */
export async function runningJobsIdleSince(db: D1Database, before: string, limit: number): Promise<StoppableJob[]> {
  const { results } = await db.prepare(`${SELECT_STOPPABLE} WHERE ${runningSql("j")} AND j.updated_at < ?1 LIMIT ?2`).bind(before, limit).all<StoppableRow>();
  return results.map(fromRow);
}
