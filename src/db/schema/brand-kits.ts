// The brand_kits table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";

export const brandKits = sqliteTable("brand_kits", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  name: text("name").notNull(),
  primaryColor: text("primary_color").notNull(),
  accentColor: text("accent_color").notNull(),
  captionFont: text("caption_font").notNull(),
  captionPosition: text("caption_position").notNull(),
  defaultLayout: text("default_layout").notNull(),
  watermarkUrl: text("watermark_url"),
  /** JSON Style (issue 26): the default creator style of the account's jobs; null: none */
  style: text("style"),
  /** the shape of the account's clips when a job names none (issue 37): 9:16, 1:1, 4:5, 16:9; null: 9:16 */
  aspect: text("aspect"),
  createdAt: text("created_at").notNull(),
}, (t) => [index("brand_kits_account").on(t.accountId)]);
