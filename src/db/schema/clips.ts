// The clips table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { jobs } from "./jobs";

export const clips = sqliteTable("clips", {
  jobId: text("job_id").notNull().references(() => jobs.id),
  clipIndex: integer("clip_index").notNull(),
  title: text("title"),
  score: real("score"),
  subscores: text("subscores"), // JSON {hook, flow, value, trend}
  justification: text("justification"),
  startS: real("start_s").notNull(),
  endS: real("end_s").notNull(),
  /** R2 key of the current MP4 (preview first, then the 1080p file under a different key). */
  videoKey: text("video_key").notNull(),
  captionsKey: text("captions_key"),
  /** R2 key of the spoken-language SRT when captions_key holds translated captions (style caption_language); null otherwise */
  captionsOriginalKey: text("captions_original_key"),
  hd: integer("hd", { mode: "boolean" }).notNull().default(false),
  metadata: text("metadata"), // JSON editing metadata (source range, crop path, words, layout, style)
  /** JSON ClipQuality (@katto/protocol quality.ts) of the current file: the preview's, then the HD file's; null for clips from backends that predate it. */
  quality: text("quality"),
  /** HD fan-out: render_hd messages queued for the clip so far (the fan-out's is the first). */
  hdAttempts: integer("hd_attempts").notNull().default(0),
  /** HD fan-out: when the HD sweep re-queues the clip if it is still not HD; null when no HD task
   * is expected (not a fan-out clip, or the sweep gave up and deleted the mezzanine). */
  hdDueAt: text("hd_due_at"),
  /** "auto": chosen by the selection; "manual": made by hand (POST /jobs/{id}/clips, a promoted candidate). */
  origin: text("origin").notNull().default("auto"),
  /** R2 key of the cover image (the preview's, then the HD file's); null when none was made (issue 37) */
  coverKey: text("cover_key"),
  /** where on the clip the cover's frame is, seconds (TikTok takes a cover as a frame time); null without a cover */
  coverTimeS: real("cover_time_s"),
  /** the post text, as written by the backend or edited (PATCH /jobs/{id}/clips/{index}); null for clips made before post copy */
  description: text("description"),
  /** JSON array of hashtags ("#Physics"); null for clips made before post copy */
  hashtags: text("hashtags"),
  createdAt: text("created_at").notNull(),
}, (t) => [primaryKey({ columns: [t.jobId, t.clipIndex] }), index("clips_hd_due").on(t.hdDueAt)]);
