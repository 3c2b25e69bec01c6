// The connection_states table (drizzle). Layout and invariants: docs/storage-layout.md.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";

/** OAuth authorization requests in flight: the `state` is stored only as its SHA-256, used once. */
export const connectionStates = sqliteTable("connection_states", {
  stateHash: text("state_hash").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  platform: text("platform").notNull(),
  /** The PKCE verifier, sealed like tokens. */
  verifierSealed: text("verifier_sealed"),
  /** Where the browser goes after the callback (dashboard or API caller's choice). */
  returnTo: text("return_to"),
  expiresMs: integer("expires_ms").notNull(),
});
