// Monthly video quota (spec "Limits"; docs/api-decisions.md "Quota"). Every change is one
// conditional SQL statement, so concurrent requests can never charge past the limit.
import { QuotaExceededError } from "../errors";
import { monthStart, planOf } from "./plans";

/**
 * The one statement that charges a video: one video if the account has room in the current
 * period, rolling the period over first when a new month started. Changes exactly one row when
 * charged. SQLite evaluates every SET expression against the old row, so the CASEs see the old period.
 * `onlyWhileReserved`: charge only while that upload job is still `reserved` (completing an upload
 * twice at once charges once).
 */
export function chargeStatement(db: D1Database, accountId: string, plan: string, now: Date, onlyWhileReserved?: string): D1PreparedStatement {
  const start = monthStart(now);
  const limit = planOf(plan).videosPerMonth;
  return db
    .prepare(
      `UPDATE accounts SET
         videos_used  = CASE WHEN period_start IS NULL OR period_start < ?1 THEN 1 ELSE videos_used + 1 END,
         refunds_used = CASE WHEN period_start IS NULL OR period_start < ?1 THEN 0 ELSE refunds_used END,
         period_start = CASE WHEN period_start IS NULL OR period_start < ?1 THEN ?1 ELSE period_start END
       WHERE id = ?2 AND (period_start IS NULL OR period_start < ?1 OR videos_used < ?3)
         AND (?4 IS NULL OR EXISTS (SELECT 1 FROM jobs WHERE id = ?4 AND status = 'reserved'))`,
    )
    .bind(start, accountId, limit, onlyWhileReserved ?? null);
}

/** The 403 of a charge that found no room. */
export function quotaExceeded(plan: string): QuotaExceededError {
  const limit = planOf(plan).videosPerMonth;
  return new QuotaExceededError(
    `Monthly video quota reached: the ${plan} plan includes ${limit} videos per month. It resets at the start of next month (UTC); upgrade the plan for more.`,
  );
}

/**
 * Statement that gives one video back, if the job was charged in the current period.
 * `countsTowardCap`: user cancellations are limited by the plan's monthly refund cap; failures that
 * gave the user nothing are always refunded.
 * Meant to run in a batch right after a statement whose changes() = 1 means "refund due".
 */
export function refundStatement(db: D1Database, accountId: string, plan: string, jobCreatedMs: number, countsTowardCap: boolean): D1PreparedStatement {
  const period = monthStart(new Date(jobCreatedMs));
  const cap = countsTowardCap ? planOf(plan).refundsPerMonth : Number.MAX_SAFE_INTEGER;
  return db
    .prepare(
      `UPDATE accounts SET videos_used = videos_used - 1, refunds_used = refunds_used + ?4
       WHERE changes() = 1 AND id = ?1 AND period_start = ?2 AND videos_used > 0 AND refunds_used < ?3`,
    )
    .bind(accountId, period, cap, countsTowardCap ? 1 : 0);
}

export interface Usage {
  plan: string;
  videos_used: number;
  videos_limit: number;
  videos_remaining: number;
  period_start: string | null;
}

export async function readUsage(db: D1Database, accountId: string, now = new Date()): Promise<Usage> {
  const row = await db
    .prepare("SELECT plan, period_start, videos_used FROM accounts WHERE id = ?")
    .bind(accountId)
    .first<{ plan: string; period_start: string | null; videos_used: number }>();
  if (!row) throw new Error("account vanished");
  const limit = planOf(row.plan).videosPerMonth;
  const current = monthStart(now);
  // A period that ended reads as a fresh one; the row itself rolls over on the next charge.
  const stale = !row.period_start || row.period_start < current;
  const used = stale ? 0 : row.videos_used;
  return { plan: row.plan, videos_used: used, videos_limit: limit, videos_remaining: Math.max(0, limit - used), period_start: stale ? current : row.period_start };
}
