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
  createdAt: text("created_at").notNull(),
}, (t) => [primaryKey({ columns: [t.jobId, t.clipIndex] }), index("clips_hd_due").on(t.hdDueAt)]);

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

export const transcripts = sqliteTable("transcripts", {
  jobId: text("job_id").primaryKey().references(() => jobs.id),
  lang: text("lang"),
  segments: text("segments").notNull(), // JSON [{start, end, text}]
  words: text("words").notNull(), // JSON [{start, end, word, confidence?}]
  /** which speech engine and model made it ("pocketsphinx", "openai:whisper-1", ...); null before engines named themselves */
  engine: text("engine"),
  /** "engine": word times from the engine; "segments": spread over each segment's voiced span */
  wordTiming: text("word_timing"),
  /** 0 as transcribed; each accepted correction (PATCH /jobs/{id}/transcript) adds 1, conditionally on the revision named */
  revision: integer("revision").notNull().default(0),
  /** the source's length in seconds, as the backend probed it; null from backends that predate it */
  sourceDuration: real("source_duration"),
  createdAt: text("created_at").notNull(),
});

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
  /** JSON Style (issue 26): the default creator style of the account's jobs; null: none */
  style: text("style"),
  createdAt: text("created_at").notNull(),
}, (t) => [index("brand_kits_account").on(t.accountId)]);

/**
 * The account's B-roll library (style `broll: library`, docs/api-decisions.md "B-roll library"):
 * images and videos with keywords, stored in R2 under brollKey(id). A row is `pending` from
 * POST /broll until its complete step checked the file, then `ready`; pending rows past their
 * upload expiry are never shown and are replaced by later reservations.
 */
export const brollAssets = sqliteTable("broll_assets", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  kind: text("kind", { enum: ["image", "video"] }).notNull(),
  filename: text("filename").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  /** JSON string[] */
  keywords: text("keywords").notNull(),
  status: text("status", { enum: ["pending", "ready"] }).notNull(),
  uploadExpiresAt: text("upload_expires_at").notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [index("broll_assets_account").on(t.accountId, t.status)]);

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

/** Connected publishing accounts (src/services/publishing): one per platform per account. Tokens are only
 * stored sealed (AES-256-GCM, src/services/publishing/token-vault.ts) with the id of the key that sealed them. */
export const connections = sqliteTable("connections", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  platform: text("platform").notNull(),
  /** connected | needs_reauth */
  status: text("status").notNull(),
  statusReason: text("status_reason"),
  platformAccountId: text("platform_account_id").notNull(),
  handle: text("handle").notNull(),
  /** What the platform lets this app do (e.g. private-only uploads before an audit). */
  restriction: text("restriction"),
  extra: text("extra"), // JSON Record<string, string>, platform-specific ids
  scopes: text("scopes").notNull(), // JSON string[]
  tokensSealed: text("tokens_sealed").notNull(),
  keyId: text("key_id").notNull(),
  /** Access token expiry and, where the platform has one, the refresh token's (ms since epoch). */
  expiresMs: integer("expires_ms"),
  refreshExpiresMs: integer("refresh_expires_ms"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
}, (t) => [uniqueIndex("connections_account_platform").on(t.accountId, t.platform), index("connections_expiry").on(t.status, t.expiresMs)]);

/** OAuth authorization requests in flight: the `state` is stored only as its SHA-256, used once. */
export const connectionStates = sqliteTable("connection_states", {
  stateHash: text("state_hash").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id),
  platform: text("platform").notNull(),
  /** The PKCE verifier, sealed like tokens. */
  verifierSealed: text("verifier_sealed"),
  /** Where the browser goes after the callback (dashboard or API caller's choice). */
  returnTo: text("return_to"),
  expiresMs: integer("expires_ms").notNull(),
});

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

export const nowIso = () => new Date().toISOString();
