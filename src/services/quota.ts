// Monthly video quota (spec "Limits"; docs/api-decisions.md "Quota"). Every change is one
// conditional SQL statement, so concurrent requests can never charge past the limit.
import { and, eq, exists, gt, isNull, lt, or, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { accounts, jobs } from "../db/schema";
import { QuotaExceededError } from "../errors";
import { monthStart, planOf } from "./plans";

/**
 * The one statement that charges a video: one video if the account has room in the current
 * period, rolling the period over first when a new month started. Changes exactly one row when
 * charged. SQLite evaluates every SET expression against the old row, so the CASEs see the old period.
 * `onlyWhileReserved`: charge only while that upload job is still `reserved` (completing an upload
 * twice at once charges once).
 */
export function chargeStatement(db: DrizzleD1Database, accountId: string, plan: string, now: Date, onlyWhileReserved?: string) {
  const start = monthStart(now);
  const limit = planOf(plan).videosPerMonth;
  const newPeriod = or(isNull(accounts.periodStart), lt(accounts.periodStart, start));
  return db
    .update(accounts)
    .set({
      videosUsed: sql`CASE WHEN ${newPeriod} THEN 1 ELSE ${accounts.videosUsed} + 1 END`,
      refundsUsed: sql`CASE WHEN ${newPeriod} THEN 0 ELSE ${accounts.refundsUsed} END`,
      periodStart: sql`CASE WHEN ${newPeriod} THEN ${start} ELSE ${accounts.periodStart} END`,
    })
    .where(
      and(
        eq(accounts.id, accountId),
        or(newPeriod, lt(accounts.videosUsed, limit)),
        onlyWhileReserved === undefined ? undefined : exists(db.select({ one: sql`1` }).from(jobs).where(and(eq(jobs.id, onlyWhileReserved), eq(jobs.status, "reserved")))),
      ),
    );
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
export function refundStatement(db: DrizzleD1Database, accountId: string, plan: string, jobCreatedMs: number, countsTowardCap: boolean) {
  const period = monthStart(new Date(jobCreatedMs));
  const cap = countsTowardCap ? planOf(plan).refundsPerMonth : Number.MAX_SAFE_INTEGER;
  return db
    .update(accounts)
    .set({ videosUsed: sql`${accounts.videosUsed} - 1`, refundsUsed: sql`${accounts.refundsUsed} + ${countsTowardCap ? 1 : 0}` })
    .where(and(sql`changes() = 1`, eq(accounts.id, accountId), eq(accounts.periodStart, period), gt(accounts.videosUsed, 0), lt(accounts.refundsUsed, cap)));
}

export interface Usage {
  plan: string;
  videos_used: number;
  videos_limit: number;
  videos_remaining: number;
  period_start: string | null;
}

export async function readUsage(db: D1Database, accountId: string, now = new Date()): Promise<Usage> {
  const row = await drizzle(db)
    .select({ plan: accounts.plan, periodStart: accounts.periodStart, videosUsed: accounts.videosUsed })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .get();
  if (!row) throw new Error("account vanished");
  const limit = planOf(row.plan).videosPerMonth;
  const current = monthStart(now);
  // A period that ended reads as a fresh one; the row itself rolls over on the next charge.
  const stale = !row.periodStart || row.periodStart < current;
  const used = stale ? 0 : row.videosUsed;
  return { plan: row.plan, videos_used: used, videos_limit: limit, videos_remaining: Math.max(0, limit - used), period_start: stale ? current : row.periodStart };
}
