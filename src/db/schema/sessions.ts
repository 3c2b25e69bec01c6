// The sessions table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";

/** Dashboard sessions (services/auth/sessions.ts). The cookie's token is never stored: only its SHA-256. */
export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  tokenHash: text("token_hash").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  lastSeen: text("last_seen").notNull(),
  ip: text("ip"),
  userAgent: text("user_agent"),
}, (t) => [uniqueIndex("sessions_token_hash").on(t.tokenHash), index("sessions_account").on(t.accountId)]);
