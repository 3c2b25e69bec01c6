// The clip_renditions table (drizzle). Layout and invariants: docs/storage-layout.md.
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { jobs } from "./jobs";

/**
 * A clip re-scaled to a frame a platform needs (X: 720x1280), one row per clip and size. It is of
 * the clip version in `source_key`; `video_key` is null until the backend's clip_rendition lands.
 */
export const clipRenditions = sqliteTable("clip_renditions", {
  jobId: text("job_id").notNull().references(() => jobs.id),
  clipIndex: integer("clip_index").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** R2 key of the clip file the rendition is (being) made from. */
  sourceKey: text("source_key").notNull(),
  videoKey: text("video_key"),
  requestedMs: integer("requested_ms").notNull(),
  readyAt: text("ready_at"),
}, (t) => [primaryKey({ columns: [t.jobId, t.clipIndex, t.width, t.height] })]);
