// The accounts table (drizzle). Layout and invariants: docs/storage-layout.md.
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  plan: text("plan").notNull(),
  createdAt: text("created_at").notNull(),
  /** Start of the current monthly quota period (ISO date-time, first instant of a UTC month). */
  periodStart: text("period_start"),
  videosUsed: integer("videos_used").notNull().default(0),
  refundsUsed: integer("refunds_used").notNull().default(0),
  /** AES-GCM encrypted webhook signing secret (base64 iv||ciphertext), made on first GET /webhook. */
  webhookSecretEnc: text("webhook_secret_enc"),
  /** Dashboard password (src/services/auth/passwords.ts): base64 derived key and salt, and the
   * parameters it was made with, so a change of parameters rehashes on the next sign-in. */
  passwordHash: text("password_hash"),
  passwordSalt: text("password_salt"),
  passwordAlgorithm: text("password_algorithm"),
  passwordIterations: integer("password_iterations"),
}, (t) => [uniqueIndex("accounts_email").on(t.email)]);
