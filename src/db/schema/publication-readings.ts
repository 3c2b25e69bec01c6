// The publication_readings table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { publications } from "./publications";

/** One reading of a published post's numbers (1 h, 24 h, 7 d after posting); null where the platform gives none. */
export const publicationReadings = sqliteTable("publication_readings", {
  publicationId: text("publication_id").notNull().references(() => publications.id),
  accountId: text("account_id").notNull().references(() => accounts.id),
  /** 1h | 24h | 7d */
  window: text("window").notNull(),
  fetchedAt: text("fetched_at").notNull(),
  views: integer("views"),
  likes: integer("likes"),
  comments: integer("comments"),
  shares: integer("shares"),
  avgWatchTimeS: real("avg_watch_time_s"),
  retention: real("retention"),
}, (t) => [primaryKey({ columns: [t.publicationId, t.window] }), index("publication_readings_account_window").on(t.accountId, t.window)]);
