// The sign_in_links table (drizzle). Layout and invariants: docs/storage-layout.md.
import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";

/** One-time sign-in links minted by the operator (admin API, `npm start`); only the token's SHA-256. */
export const signInLinks = sqliteTable("sign_in_links", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  tokenHash: text("token_hash").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
}, (t) => [uniqueIndex("sign_in_links_token_hash").on(t.tokenHash)]);
