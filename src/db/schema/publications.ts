// The publications table (drizzle). Layout and invariants: docs/storage-layout.md.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { jobs } from "./jobs";

/** Posts of a clip to a connected platform (src/services/publishing). `stepState` is the adapter's
 * resumable state, stored before each next step; `attempted` is set before the irreversible one. */
export const publications = sqliteTable("publications", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  connectionId: text("connection_id").notNull(),
  platform: text("platform").notNull(),
  jobId: text("job_id").notNull().references(() => jobs.id),
  clipIndex: integer("clip_index").notNull(),
  /** scheduled | queued | uploading | processing | published | unconfirmed | failed | cancelled */
  status: text("status").notNull(),
  caption: text("caption").notNull(),
  title: text("title"),
  privacy: text("privacy").notNull(),
  scheduledMs: integer("scheduled_ms"),
  /** When the cron sweep last put a scheduled post on the Queue (ms), so it is not re-sent every sweep. */
  dispatchedMs: integer("dispatched_ms"),
  /** The clip version posted (issue 41): "original" or a re-render id, fixed when the post is requested; null for posts made before versions were named (the newest completed version). */
  version: text("version"),
  /** R2 key of the clip file the upload uses, fixed at the first step so a resumed upload sends the same bytes. */
  videoKey: text("video_key"),
  stepState: text("step_state"), // JSON, the adapter's state
  stepAttempt: integer("step_attempt").notNull().default(0),
  attempted: integer("attempted", { mode: "boolean" }).notNull().default(false),
  /** Transient failures so far (network, 429, 5xx); the post fails after the last retry. */
  retries: integer("retries").notNull().default(0),
  /** Held by the queue consumer working on it, so a redelivered message never runs it twice at once. */
  leaseToken: text("lease_token"),
  leaseUntilMs: integer("lease_until_ms"),
  postId: text("post_id"),
  postUrl: text("post_url"),
  error: text("error"),
  advice: text("advice"),
  webhookUrl: text("webhook_url"),
  createdMs: integer("created_ms").notNull(),
  updatedAt: text("updated_at").notNull(),
  publishedAt: text("published_at"),
  /** Reading the post's numbers back (src/services/publishing/readings.ts, docs/publishing.md "Metrics"):
   * scheduled | complete | not_offered | missing_permission | post_deleted | needs_reauth; null until published. */
  metricsStatus: text("metrics_status"),
  metricsReason: text("metrics_reason"),
  /** The next reading (1h | 24h | 7d) and when it is due in ms, back-off included. */
  metricsNext: text("metrics_next"),
  metricsDueMs: integer("metrics_due_ms"),
  /** Failed tries of the next reading so far (its back-off grows with them; it is never dropped). */
  metricsTries: integer("metrics_tries").notNull().default(0),
  /** When the cron sweep last put the due reading on the Queue (ms), so it is not sent every sweep. */
  metricsDispatchedMs: integer("metrics_dispatched_ms"),
}, (t) => [
  uniqueIndex("publications_account_created").on(t.accountId, t.createdMs),
  index("publications_metrics_due").on(t.metricsStatus, t.metricsDueMs),
  index("publications_status_scheduled").on(t.status, t.scheduledMs),
  index("publications_connection_status").on(t.connectionId, t.status),
]);
