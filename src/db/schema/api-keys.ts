// The api_keys table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";

export const apiKeys = sqliteTable("api_keys", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  name: text("name"),
  /** SHA-256 hex of the whole key; the plaintext is never stored. */
  keyHash: text("key_hash").notNull(),
  /** First characters of the key, for operators to recognise it. */
  prefix: text("prefix").notNull(),
  scopes: text("scopes").notNull(), // JSON array of "read" | "write"
  createdAt: text("created_at").notNull(),
  revokedAt: text("revoked_at"),
  /** Last authenticated use, written at most once a minute per key (services/auth/keys.ts). */
  lastUsedAt: text("last_used_at"),
}, (t) => [uniqueIndex("api_keys_hash").on(t.keyHash), index("api_keys_account").on(t.accountId)]);
