// The one interface every publishing platform implements (YouTube, TikTok, Instagram, Facebook,
// LinkedIn, X, Threads). No platform detail leaks outside its module: the core (connections,
// publications, the publish queue runner) speaks only these types.
//
// ## Shape of an adapter (copy src/services/publishing/platforms/youtube.ts)
// - Pure TypeScript over `ctx.fetch` and Web Crypto: no Hono, no D1, no node:* import. It runs in the
//   Worker and, unchanged, in the Node tests.
// - Every URL is built with `ctx.url(host, path)`. `hosts` names the platform's default origins
//   (e.g. { auth: "https://accounts.google.com", api: "https://www.googleapis.com" }); configuration
//   may point every host at a stand-in (see "Testing"). URLs the platform hands back (an upload
//   session, a chunk target) are used as given.
// - Nothing throws across this interface for a platform answer: every call returns a `Result`
//   whose error is a `PlatformError` (transient | needs_reauth | refused | unknown_outcome).
//   Exceptions are bugs. Access tokens never go into an error message or a log line.
//
// ## Publishing is a resumable state machine
// `publish.start()` gives the first state; the runner calls `publish.step(ctx, state)` repeatedly.
// Each step does ONE platform call (or one chunk) and returns the next state, which the runner
// stores in D1 before it calls the next step. So after any crash or queue redelivery the runner
// resumes from the last stored state, never from the beginning.
// - The anchor is the platform's own object id (YouTube upload session URI, TikTok publish_id,
//   Instagram/Threads container id, ...). A step that creates it returns it in the state and the
//   runner stores it before anything irreversible happens.
// - `publish.irreversible(state)` says that the NEXT step from this state may create a public post
//   (YouTube's last chunk, Instagram's media_publish, X's POST /2/tweets). The runner records
//   "attempted" before such a step. If it finds that mark on resume (crash or timeout with the
//   outcome unknown), it does not repeat the step: it calls `publish.reconcile(ctx, state)`, which
//   only READS the platform (upload session status, container status, post lookup) and answers
//   "it was posted" (done), "it was not" (a state to continue from), or unknown_outcome, which the
//   publication shows as `unconfirmed` with advice to check the account. The step that publishes
//   runs at most once; status reads may retry freely.
// - A step may return { kind: "wait" } (processing on the platform): the runner stores the state
//   and re-enqueues the message with that delay instead of sleeping in the Worker.
//
// ## Testing (how every adapter is tested)
// No platform is reachable from our machines. Each platform has a local stand-in of its API,
// written from that platform's documentation (cite the pages in the stand-in's header too):
//   test/publishing/stand-ins/<platform>.ts  exports create<Platform>StandIn(): StandIn
// A stand-in is a Hono app (runtime-neutral) that serves that platform's OAuth endpoints (the
// authorize endpoint redirects straight back with a code, as if the user clicked Allow), its upload
// and publish endpoints, and its status reads, on ONE origin, keeping posts in memory so a test can
// count them ("posted exactly once"). Paths are the platform's real paths, so the adapter only
// changes origins.
// - Node tests (project "publishing", test/publishing/**/*.test.ts) serve the stand-in on
//   127.0.0.1 with an OS-chosen port (test/publishing/stand-ins/serve.ts), build the adapter's
//   context with every host pointed at it, and drive authorize → exchange → publish steps.
// - Workers tests and the local stack reach the same stand-ins through configuration: the Worker
//   reads PUBLISH_API_ORIGINS (JSON { "<platform>": "<origin>" }, honoured only when LOCAL_MODE is
//   "true") and the platform's app credentials (<PLATFORM>_CLIENT_ID / _CLIENT_SECRET).
// - Failure modes are injected through the stand-in's control surface, in code
//   (`standIn.faults.arm(name, times)`) or over HTTP (POST /__stand-in/faults {name, times};
//   GET /__stand-in/state; POST /__stand-in/reset) when the stand-in runs in another process:
//     expired_token     the next API call answers 401 as for an expired access token
//     refresh_fails     the token endpoint refuses the refresh token (invalid_grant)
//     rate_limited      the next API call answers 429 with Retry-After
//     daily_quota       the next upload/publish is refused for the day's quota
//     chunk_fails       the next chunk upload fails with a 5xx after partial receipt
//     processing_fails  the platform's processing ends in an error status
//     policy_refusal    the publish call is refused for a policy reason
//     publish_timeout   the publishing call is applied but its answer never arrives (connection dropped)
//   (test/publishing/stand-ins/faults.ts holds the shared arming logic.)
import { z } from "zod";
import { PLATFORM_IDS, PRIVACY_LEVELS, type Aspect } from "@katto/protocol";

export { PLATFORM_IDS, PRIVACY_LEVELS };
export const PlatformIdSchema = z.enum(PLATFORM_IDS);
export type PlatformId = z.infer<typeof PlatformIdSchema>;

/** Who can see a post. Each adapter lists the ones its platform offers and maps them itself. */
export const PrivacySchema = z.enum(PRIVACY_LEVELS);
export type Privacy = z.infer<typeof PrivacySchema>;

/** How a platform call failed, as the core acts on it. */
export type PlatformError =
  /** Try again later (5xx, 429, network); never disconnects an account. */
  | { kind: "transient"; message: string; retryAfterSeconds?: number }
  /** The grant is gone (revoked, refresh refused): the user must connect again. */
  | { kind: "needs_reauth"; message: string }
  /** The platform said no for a reason a person can act on (quota, policy, unaudited app, too long). */
  | { kind: "refused"; reason: string; advice: string }
  /** A call that may have published timed out or broke: do not repeat it; ask the user to check. */
  | { kind: "unknown_outcome"; message: string };

export type Result<T> = { ok: true; value: T } | { ok: false; error: PlatformError };
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(error: PlatformError): Result<T> => ({ ok: false, error });

/** Tokens as the core stores them (encrypted at rest; never logged). Times are epoch ms. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
  refreshTokenExpiresAt?: number;
  scopes: string[];
}

/** The account on the platform a connection posts as. */
export interface PlatformAccount {
  /** The platform's id of the user/channel/page. */
  id: string;
  /** What a person recognises: @handle, channel or page name. */
  handle: string;
  /**
   * Set when the platform restricts what this app can do (e.g. an unaudited TikTok or YouTube app
   * may post only privately); shown in the connection's status.
   */
  restriction?: string;
  /** Platform-specific ids the adapter needs later (e.g. a Page id and its Page token id). */
  extra?: Record<string, string>;
}

/** What the operator configured for one platform plus how to reach it. */
export interface PlatformContext {
  clientId: string;
  clientSecret: string;
  /** Our callback: {PUBLIC_BASE_URL}/connections/callback/{platform}. */
  redirectUri: string;
  /** Builds a URL on one of the adapter's `hosts` (or on the stand-in that replaces them). */
  url(host: string, path: string): string;
  fetch: typeof fetch;
  now(): number;
  /**
   * The operator says this app passed the platform's review/audit (<PLATFORM>_AUDITED="true").
   * Unaudited YouTube and TikTok apps may post only privately: the adapter reports that as the
   * account's `restriction`.
   */
  audited: boolean;
}

/** The clip as the platform sees it, with limits checked against these facts. */
export interface ClipFacts {
  durationSeconds: number;
  width: number;
  height: number;
  sizeBytes: number;
  contentType: string;
}

/**
 * The clip's cover image (issue 37): a JPEG of one of its frames with its title drawn. Platforms
 * take it as an upload (YouTube thumbnails.set, Facebook `thumb`), a URL they fetch (Instagram
 * `cover_url`), or a frame time (TikTok `video_cover_timestamp_ms`).
 */
export interface CoverImage {
  contentType: "image/jpeg";
  /** A signed URL the platform can fetch for a while. */
  publicUrl: string;
  /** The whole image. */
  read(): Promise<Uint8Array>;
  /** Where on the clip the frame is, seconds; null when unknown. */
  timeSeconds: number | null;
}

/** The video bytes: a range reader for chunked uploads and a short-lived public URL for pull uploads. */
export interface VideoSource extends ClipFacts {
  /** Reads bytes [offset, offset + length). */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** A signed URL the platform can fetch for a while (Instagram, Threads pull from a URL). */
  publicUrl: string;
  /** The clip's cover, sent where the platform takes one; absent when the clip has none. */
  cover?: CoverImage;
}

export interface PostRequest {
  caption: string;
  title?: string;
  privacy: Privacy;
}

/** A rule of the platform a post breaks, checked before any upload. */
export interface LimitViolation {
  field: "duration" | "size" | "aspect" | "dimensions" | "caption" | "title" | "hashtags" | "privacy";
  message: string;
}

export interface PlatformLimits {
  minDurationSeconds: number;
  maxDurationSeconds: number;
  maxBytes: number;
  captionMaxChars: number;
  titleMaxChars?: number;
  maxHashtags?: number;
  /** Posts per connected account per UTC day that the platform allows (tracked by the core). */
  dailyPosts: number;
  /**
   * The frame a clip of shape `aspect` must be rendered at for this platform when the 1080p file does
   * not fit its rules (X caps portrait video at 1200x1900): the core sends a rendition of that size,
   * one of the protocol's RENDITION_SIZES (the clip's own shape, renditionFrame).
   */
  renderAt?: (aspect: Aspect) => { width: number; height: number };
}

/** Where a publication stands after a step. `state` is JSON-serialisable and stored by the runner. */
export type StepOutcome<S> =
  | { kind: "continue"; state: S; phase: "uploading" | "processing" }
  | { kind: "wait"; state: S; seconds: number; phase: "uploading" | "processing" }
  | { kind: "published"; postId: string; url: string };

export interface PublishMachine<S> {
  /** The first state for a post; pure, no call yet. */
  start(input: { post: PostRequest; video: ClipFacts; account: PlatformAccount }): S;
  /** Performs exactly the next call for `state`. */
  step(ctx: PlatformContext, call: StepCall<S>): Promise<Result<StepOutcome<S>>>;
  /** True when the next step from `state` may publish (run at most once; see header). */
  irreversible(state: S): boolean;
  /** Reads the platform to learn whether the irreversible step from `state` took effect. Never posts. */
  reconcile(ctx: PlatformContext, call: StepCall<S>): Promise<Result<StepOutcome<S>>>;
}

export interface StepCall<S> {
  state: S;
  /** How many times this same state was tried before (0 the first time): after a failed chunk, resync first. */
  attempt: number;
  tokens: TokenSet;
  account: PlatformAccount;
  post: PostRequest;
  video: VideoSource;
}

export interface AuthorizeRequest {
  state: string;
  /** PKCE S256 challenge, present when `pkce` is true. */
  codeChallenge?: string;
}

export interface Platform<S = unknown> {
  id: PlatformId;
  /** Shown in the dashboard and the API. */
  displayName: string;
  /** Default origins by name; configuration may point them at a stand-in. */
  hosts: Record<string, string>;
  /** Whether the authorization code flow uses PKCE (S256) on this platform. */
  pkce: boolean;
  /** The privacy choices the platform offers, in the order shown. */
  privacyOptions: readonly Privacy[];
  /** When true the user must choose privacy every time (none preselected; TikTok's rule). */
  privacyRequired: boolean;
  /** Whether the platform has a separate title (YouTube) or only a caption. */
  hasTitle: boolean;
  limits: PlatformLimits;

  authorizeUrl(ctx: PlatformContext, req: AuthorizeRequest): string;
  exchangeCode(ctx: PlatformContext, input: { code: string; codeVerifier?: string }): Promise<Result<{ tokens: TokenSet; account: PlatformAccount }>>;
  /** Absent when the platform gives no refresh token (the connection then expires with its token). */
  refresh?(ctx: PlatformContext, tokens: TokenSet): Promise<Result<TokenSet>>;
  /** Absent when the platform offers no revocation; the core then only forgets the tokens. */
  revoke?(ctx: PlatformContext, tokens: TokenSet): Promise<Result<void>>;
  /** Checked when a post is requested and again before any upload. Empty when the post fits. */
  checkLimits(video: ClipFacts, post: PostRequest): LimitViolation[];
  publish: PublishMachine<S>;
  /** Reading a post's numbers back (views, likes, ...), or why this platform gives the app none. */
  metrics: PlatformMetrics;
}

// ---- what an adapter's `metrics` reads (docs/publishing.md "Metrics"; the readers' helpers: metrics.ts) ----


/**
 * One reading as the platform gave it. A number the platform does not report is null (YouTube's
 * Data API has no share count; only Instagram and Facebook give an average watch time).
 */
export interface MetricsNumbers {
  views: number | null;
  likes: number | null;
  comments: number | null;
  /** Shares, reposts and quotes together where the platform counts them apart (X, Threads). */
  shares: number | null;
  /** Average seconds watched per view, where the platform reports it. */
  avg_watch_time_s: number | null;
}

/** Why a reading could not be taken, beyond the publish errors. */
export type MetricsError =
  | PlatformError
  /** The connection's grant lacks the statistics permission: reconnect to grant it. */
  | { kind: "missing_permission"; message: string; advice: string }
  /** The post is gone from the platform (deleted or removed): no more readings. */
  | { kind: "post_deleted"; message: string };

export type MetricsResult = { ok: true; value: MetricsNumbers } | { ok: false; error: MetricsError };

export interface MetricsRequest {
  tokens: TokenSet;
  account: PlatformAccount;
  /** The platform's id of the post (the publication's post_id). */
  postId: string;
}

export type PlatformMetrics =
  | { offered: true; read(ctx: PlatformContext, req: MetricsRequest): Promise<MetricsResult> }
  | { offered: false; reason: string };

// The limit checks every adapter shares are in limits.ts; the HTTP helpers in http.ts.
