// The manual_clips table (drizzle). Layout and invariants: docs/storage-layout.md.
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { jobs } from "./jobs";

/**
 * A clip made by hand, from its request until it lands in `clips` (or fails): the request's
 * snapped range and options, and its status (MANUAL_CLIP_STATUSES). The clip index is reserved
 * here, so two requests never get the same one.
 */
export const manualClips = sqliteTable("manual_clips", {
  jobId: text("job_id").notNull().references(() => jobs.id),
  clipIndex: integer("clip_index").notNull(),
  status: text("status").notNull(),
  startS: real("start_s").notNull(),
  endS: real("end_s").notNull(),
  params: text("params").notNull(), // JSON {layout_mode?, style?, title?}
  candidateId: text("candidate_id"),
  error: text("error"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
}, (t) => [primaryKey({ columns: [t.jobId, t.clipIndex] })]);
