// D1 tables (drizzle). migrations/ is generated from this file by `npm run db:generate`.
// Layout and invariants: docs/storage-layout.md.
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  plan: text("plan").notNull(),
  createdAt: text("created_at").notNull(),
  /** Start of the current monthly quota period (ISO date-time, first instant of a UTC month). */
  periodStart: text("period_start"),
  videosUsed: integer("videos_used").notNull().default(0),
  refundsUsed: integer("refunds_used").notNull().default(0),
  /** AES-GCM encrypted webhook signing secret (base64 iv||ciphertext), made on first GET /webhook. */
  webhookSecretEnc: text("webhook_secret_enc"),
  /** Dashboard password (src/services/auth/passwords.ts): base64 derived key and salt, and the
   * parameters it was made with, so a change of parameters rehashes on the next sign-in. */
  passwordHash: text("password_hash"),
  passwordSalt: text("password_salt"),
  passwordAlgorithm: text("password_algorithm"),
  passwordIterations: integer("password_iterations"),
}, (t) => [uniqueIndex("accounts_email").on(t.email)]);

export const apiKeys = sqliteTable("api_keys", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  name: text("name"),
  /** SHA-256 hex of the whole key; the plaintext is never stored. */
  keyHash: text("key_hash").notNull(),
  /** First characters of the key, for operators to recognise it. */
  prefix: text("prefix").notNull(),
  scopes: text("scopes").notNull(), // JSON array of "read" | "write"
  createdAt: text("created_at").notNull(),
  revokedAt: text("revoked_at"),
  /** Last authenticated use, written at most once a minute per key (services/auth/keys.ts). */
  lastUsedAt: text("last_used_at"),
}, (t) => [uniqueIndex("api_keys_hash").on(t.keyHash), index("api_keys_account").on(t.accountId)]);

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
  webhookUrl: text("webhook_url"),
  error: text("error"),
  hdReady: integer("hd_ready", { mode: "boolean" }).notNull().default(false),
  /** Who renders the 1080p files, fixed at dispatch: "local" (the job's backend, after `clips`) or
   * "fanout" (one Queue message and backend instance per clip; docs/render-protocol.md "HD fan-out"). */
  hdMode: text("hd_mode").notNull().default("local"),
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
]);

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
  hd: integer("hd", { mode: "boolean" }).notNull().default(false),
  metadata: text("metadata"), // JSON editing metadata (source range, crop path, words, layout, style)
  createdAt: text("created_at").notNull(),
}, (t) => [primaryKey({ columns: [t.jobId, t.clipIndex] })]);

export const transcripts = sqliteTable("transcripts", {
  jobId: text("job_id").primaryKey().references(() => jobs.id),
  lang: text("lang"),
  segments: text("segments").notNull(), // JSON [{start, end, text}]
  words: text("words").notNull(), // JSON [{start, end, word}]
  createdAt: text("created_at").notNull(),
});

export const rerenders = sqliteTable("rerenders", {
  id: text("id").primaryKey(),
  jobId: text("job_id").notNull().references(() => jobs.id),
  clipIndex: integer("clip_index").notNull(),
  status: text("status").notNull(),
  params: text("params").notNull(), // JSON {layout_mode?, caption_style?, dub?}
  videoKey: text("video_key"),
  captionsKey: text("captions_key"),
  duration: real("duration"),
  error: text("error"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
}, (t) => [index("rerenders_job").on(t.jobId)]);

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
  createdAt: text("created_at").notNull(),
}, (t) => [index("brand_kits_account").on(t.accountId)]);

export const webhookDeliveries = sqliteTable("webhook_deliveries", {
  id: text("id").primaryKey(),
  jobId: text("job_id").notNull().references(() => jobs.id),
  url: text("url").notNull(),
  status: text("status").notNull(), // pending | delivered | failed
  attempts: integer("attempts").notNull().default(0),
  lastStatusCode: integer("last_status_code"),
  lastError: text("last_error"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
}, (t) => [uniqueIndex("webhook_deliveries_job").on(t.jobId)]);

/** Dashboard sessions (services/auth/sessions.ts). The cookie's token is never stored: only its SHA-256. */
export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  tokenHash: text("token_hash").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  lastSeen: text("last_seen").notNull(),
  ip: text("ip"),
  userAgent: text("user_agent"),
}, (t) => [uniqueIndex("sessions_token_hash").on(t.tokenHash), index("sessions_account").on(t.accountId)]);

/** Failed sign-in counters (services/auth/sign-in.ts): one row per subject, `email:<address>` or
 * `ip:<address>`, so an unknown e-mail is throttled exactly like a known one. */
export const signInFailures = sqliteTable("sign_in_failures", {
  subject: text("subject").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: text("last_failure_at").notNull(),
  /** No attempt for this subject is checked before this instant (slow-down, then lock-out). */
  blockedUntil: text("blocked_until"),
});

/** One-time sign-in links minted by the operator (admin API, `npm start`); only the token's SHA-256. */
export const signInLinks = sqliteTable("sign_in_links", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  tokenHash: text("token_hash").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
}, (t) => [uniqueIndex("sign_in_links_token_hash").on(t.tokenHash)]);

export const nowIso = () => new Date().toISOString();
