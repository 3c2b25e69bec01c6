// Keyset pagination of GET /jobs (docs/api-decisions.md "Pagination"): jobs are listed newest first
// by `created_ms`, and the cursor is the created_at date-time of the last job of a page. That is
// exact only because `created_ms` is unique per account; the rule below is the one place that
// assigns it.
import { eq, max, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { jobs } from "../../db/schema";
import { ValidationError } from "../../errors";

/**
 * A job's created_ms, as an SQL value of the statement that writes it: the current time, bumped
 * past the account's newest job on a tie (SQLite's two-argument MAX is the larger of the two).
 */
export const createdMsSql = (db: DrizzleD1Database, nowMs: number, accountId: string) =>
  sql`MAX(${nowMs}, COALESCE((${db.select({ newest: max(jobs.createdMs) }).from(jobs).where(eq(jobs.accountId, accountId))}), 0) + 1)`;

/** Parse a date-time cursor (ISO 8601 with offset) into epoch ms, or throw a 400. */
export function parseCursor(cursor: string): number {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
  const ms = iso.test(cursor) ? Date.parse(cursor) : Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new ValidationError("cursor must be the next_cursor date-time of a previous response, e.g. 2026-11-22T14:00:00.123Z");
  }
  return ms;
}

