// The rerenders table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { jobs } from "./jobs";

export const rerenders = sqliteTable("rerenders", {
  id: text("id").primaryKey(),
  jobId: text("job_id").notNull().references(() => jobs.id),
  clipIndex: integer("clip_index").notNull(),
  status: text("status").notNull(),
  params: text("params").notNull(), // JSON {layout_mode?, caption_style?, dub?, style?, captions?}
  /** a trim's range in the source (snapped), seconds; null: the clip's own range */
  startS: real("start_s"),
  endS: real("end_s"),
  videoKey: text("video_key"),
  captionsKey: text("captions_key"),
  /** the spoken-language SRT when the re-render's captions are translated or dubbed; null otherwise */
  captionsOriginalKey: text("captions_original_key"),
  duration: real("duration"),
  /** JSON ClipQuality of the new version, measured on its file; null until completed (or from older backends). */
  quality: text("quality"),
  // issue 33: what the version was rendered with, as its completion reported it (null until completed, or from older backends)
  /** JSON Style the version was rendered with */
  style: text("style"),
  /** JSON ClipEdits: what the style did to this version (cuts, zooms, B-roll, title card...) */
  edits: text("edits"),
  /** JSON ClipTimeline (protocol/src/clip-timeline.ts): the version as one value; GET /jobs/{id} shows the latest completed version's */
  timeline: text("timeline"),
  /** R2 key of the new version's cover image; null until completed or when none was made (issue 37) */
  coverKey: text("cover_key"),
  /** where on the new version the cover's frame is, seconds; null without a cover */
  coverTimeS: real("cover_time_s"),
  error: text("error"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
}, (t) => [index("rerenders_job").on(t.jobId)]);
