// The sign_in_failures table (drizzle). Layout and invariants: docs/storage-layout.md.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Failed sign-in counters (services/auth/sign-in.ts): one row per subject, `email:<address>` or
 * `ip:<address>`, so an unknown e-mail is throttled exactly like a known one. */
export const signInFailures = sqliteTable("sign_in_failures", {
  subject: text("subject").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: text("last_failure_at").notNull(),
  /** No attempt for this subject is checked before this instant (slow-down, then lock-out). */
  blockedUntil: text("blocked_until"),
});
