// The broll_assets table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";

/**
 * The account's B-roll library (style `broll: library`, docs/api-decisions.md "B-roll library"):
 * images and videos with keywords, stored in R2 under brollKey(id). A row is `pending` from
 * POST /broll until its complete step checked the file, then `ready`; pending rows past their
 * upload expiry are never shown and are replaced by later reservations.
 */
export const brollAssets = sqliteTable("broll_assets", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  kind: text("kind", { enum: ["image", "video"] }).notNull(),
  filename: text("filename").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  /** JSON string[] */
  keywords: text("keywords").notNull(),
  status: text("status", { enum: ["pending", "ready"] }).notNull(),
  uploadExpiresAt: text("upload_expires_at").notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [index("broll_assets_account").on(t.accountId, t.status)]);
