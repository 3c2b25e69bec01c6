// The clip_candidates table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { jobs } from "./jobs";

/**
 * A moment the selection considered and left out (GET /jobs/{id}/candidates), written with the
 * job's `clips` event. `promoted_clip_index` is the clip it was made into, once promoted.
 */
export const clipCandidates = sqliteTable("clip_candidates", {
  id: text("id").primaryKey(),
  jobId: text("job_id").notNull().references(() => jobs.id),
  /** its place in the backend's list: best first, the ones not overlapping a clip before the rest */
  rank: integer("rank").notNull(),
  startS: real("start_s").notNull(),
  endS: real("end_s").notNull(),
  score: real("score").notNull(),
  subscores: text("subscores").notNull(), // JSON {hook, flow, value, trend}
  reason: text("reason").notNull(), // CANDIDATE_REASONS
  promotedClipIndex: integer("promoted_clip_index"),
  createdAt: text("created_at").notNull(),
}, (t) => [index("clip_candidates_job").on(t.jobId, t.rank)]);
