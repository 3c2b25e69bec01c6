// The jobs table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";

export const jobs = sqliteTable("jobs", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  /** `reserved` is the internal state of an upload job before complete upload (never listed). */
  status: text("status").notNull(),
  progressStep: text("progress_step").notNull(),
  progressPct: real("progress_pct").notNull().default(0),
  source: text("source").notNull(),
  sourceUrl: text("source_url").notNull(),
  config: text("config"), // JSON Config or null
  /** The clips' shape, decided once when the job is created (its config's, else the account's default
   * brand kit's, else 9:16; services/jobs/aspect.ts): every render task of the job carries it. A
   * reserved upload holds 9:16 until completing it decides the shape. */
  aspect: text("aspect").notNull().default("9:16"),
  webhookUrl: text("webhook_url"),
  error: text("error"),
  /** JSON array of JobWarning (@katto/protocol): what the caller should know about a completed job,
   * such as a clip left out because it could not be rendered. Null until the job completes. */
  warnings: text("warnings"),
  /** JSON array of DroppedClip (@katto/protocol quality.ts): rendered clips dropped for their measured
   * quality (no speech, mostly silent), with their reason. Null until the job completes. */
  dropped: text("dropped"),
  hdReady: integer("hd_ready", { mode: "boolean" }).notNull().default(false),
  /** Who renders the 1080p files, fixed at dispatch: "local" (the job's backend, after `clips`) or
   * "fanout" (one Queue message and backend instance per clip; docs/render-protocol.md "HD fan-out"). */
  hdMode: text("hd_mode").notNull().default("local"),
  /** The source's length in seconds, from the backend's `clips` event; null before it (or from older backends). */
  sourceDuration: real("source_duration"),
  /** A stopped (cancelled or failed) fanout job's mezzanines were deleted by the HD sweep
   * (src/services/render/hd-sweep.ts); the backend may have PUT them before it stopped. */
  mezzaninesDropped: integer("mezzanines_dropped", { mode: "boolean" }).notNull().default(false),
  /** config.score_with "account": the account's fitted score-part weights (JSON {hook, flow, value,
   * trend}, summing to 1), frozen when the job was created; null for the default weights. */
  scoreWeights: text("score_weights"),
  charged: integer("charged", { mode: "boolean" }).notNull().default(false),
  refunded: integer("refunded", { mode: "boolean" }).notNull().default(false),
  /** Creation time in ms since the epoch, unique per account (bumped by 1 ms on a tie), so a
   * date-time cursor is exact: the list is ordered by created_ms descending. */
  createdMs: integer("created_ms").notNull(),
  updatedAt: text("updated_at").notNull(),
  completedAt: text("completed_at"),
  // Upload reservations (source = "upload")
  uploadKey: text("upload_key"),
  uploadFilename: text("upload_filename"),
  uploadContentType: text("upload_content_type"),
  uploadSize: integer("upload_size"),
  uploadExpiresAt: text("upload_expires_at"),
}, (t) => [
  uniqueIndex("jobs_account_created").on(t.accountId, t.createdMs),
  index("jobs_account_status_created").on(t.accountId, t.status, t.createdMs),
  index("jobs_upload_expiry").on(t.status, t.uploadExpiresAt),
  index("jobs_fanout_stopped").on(t.hdMode, t.mezzaninesDropped, t.status),
]);
