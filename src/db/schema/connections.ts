// The connections table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";

/** Connected publishing accounts (src/services/publishing): one per platform per account. Tokens are only
 * stored sealed (AES-256-GCM, src/services/publishing/token-vault.ts) with the id of the key that sealed them. */
export const connections = sqliteTable("connections", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  platform: text("platform").notNull(),
  /** connected | needs_reauth */
  status: text("status").notNull(),
  statusReason: text("status_reason"),
  platformAccountId: text("platform_account_id").notNull(),
  handle: text("handle").notNull(),
  /** What the platform lets this app do (e.g. private-only uploads before an audit). */
  restriction: text("restriction"),
  extra: text("extra"), // JSON Record<string, string>, platform-specific ids
  scopes: text("scopes").notNull(), // JSON string[]
  tokensSealed: text("tokens_sealed").notNull(),
  keyId: text("key_id").notNull(),
  /** Access token expiry and, where the platform has one, the refresh token's (ms since epoch). */
  expiresMs: integer("expires_ms"),
  refreshExpiresMs: integer("refresh_expires_ms"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
}, (t) => [uniqueIndex("connections_account_platform").on(t.accountId, t.platform), index("connections_expiry").on(t.status, t.expiresMs)]);
