// Keyset pagination of GET /jobs (docs/api-decisions.md "Pagination"): jobs are listed newest first
// by `created_ms`, and the cursor is the created_at date-time of the last job of a page. That is
// exact only because `created_ms` is unique per account; the rule below is the one place that
// assigns it.
import { ValidationError } from "../../errors";

/**
 * SQL expression for a job's created_ms: the current time, bumped past the account's newest job
 * on a tie. `nowMs` and `accountId` are the statement's parameter names (e.g. "?9", "?2").
 */
export const createdMsSql = (nowMs: string, accountId: string) =>
  `MAX(${nowMs}, COALESCE((SELECT MAX(created_ms) FROM jobs WHERE account_id = ${accountId}), 0) + 1)`;

/** Parse a date-time cursor (ISO 8601 with offset) into epoch ms, or throw a 400. */
export function parseCursor(cursor: string): number {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
  const ms = iso.test(cursor) ? Date.parse(cursor) : Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new ValidationError("cursor must be the next_cursor date-time of a previous response, e.g. 2026-11-22T14:00:00.123Z");
  }
  return ms;
}

