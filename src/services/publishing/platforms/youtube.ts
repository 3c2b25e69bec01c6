// YouTube through the YouTube Data API v3 (server-side, OAuth 2.0 web server flow): a vertical or
// square clip becomes a Short (YouTube files it so by its shape and length), a landscape clip a
// regular video, linked as such (protocol PLATFORM_SHAPES).
// Docs read for this adapter:
//  - OAuth 2.0 for web server apps (authorization, code exchange with PKCE, refresh, revoke):
//    https://developers.google.com/identity/protocols/oauth2/web-server
//  - Resumable upload protocol (session POST → Location; PUT chunks with Content-Range; 308 Resume
//    Incomplete with Range; `bytes */total` status query; 404 when the session expired):
//    https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol
//  - videos.insert (snippet/status parts, quota cost, unverified projects' uploads are private):
//    https://developers.google.com/youtube/v3/docs/videos/insert
//  - videos.list status.uploadStatus (uploaded | processed | failed | rejected | deleted), failureReason,
//    rejectionReason: https://developers.google.com/youtube/v3/docs/videos#status
//  - channels.list mine=true: https://developers.google.com/youtube/v3/docs/channels/list
//  - Errors (quotaExceeded, uploadLimitExceeded, 401 authError): https://developers.google.com/youtube/v3/docs/errors
//  - videos.list part=statistics (viewCount, likeCount, commentCount; no share count, no watch time,
//    which only the YouTube Analytics API gives): https://developers.google.com/youtube/v3/docs/videos#statistics
//  - Shorts are vertical or square videos up to 3 minutes: https://support.google.com/youtube/answer/10059070
//  - thumbnails.set (POST /upload/youtube/v3/thumbnails/set?videoId=…, the image as the body, JPEG or
//    PNG up to 2 MB; the channel must be allowed custom thumbnails): https://developers.google.com/youtube/v3/docs/thumbnails/set
//
// The anchor is the upload session URI, stored before the first byte. The video exists only once
// the LAST chunk lands, so that is the irreversible step; after a crash or a lost answer the session
// status query (`Content-Range: bytes */total`) says whether the video was created and its id.
import { POST_TEXT_LIMITS } from "@katto/protocol";
import { fail, ok, type LimitViolation, type Platform, type PlatformContext, type PlatformError, type Result, type StepCall, type StepOutcome, type TokenSet } from "./platform";
import { commonLimitViolations } from "./limits";
import { call, httpError, jsonOf } from "./http";
import { tokenRequest } from "./oauth";
import { count, numbers, rateLimited, type MetricsError, type MetricsResult, type PlatformMetrics, failMetrics } from "./metrics";

/** Chunk size: a multiple of 256 KiB, as the resumable protocol requires for all but the last chunk. */
export const YOUTUBE_CHUNK_BYTES = 8 * 256 * 1024;
const SCOPES = ["https://www.googleapis.com/auth/youtube.upload", "https://www.googleapis.com/auth/youtube.readonly"];
/** Status polls while YouTube processes (5 s, then every 15 s: about 10 minutes); after that the video is live anyway. */
const MAX_PROCESSING_POLLS = 40;

export type YouTubeState =
  | { step: "create_session" }
  | { step: "upload"; session: string; offset: number }
  | { step: "thumbnail"; videoId: string }
  | { step: "processing"; videoId: string; polls: number };

const tokenEndpoint = (ctx: PlatformContext) => ({ url: ctx.url("oauth", "/token"), clientAuth: "body" as const });

/** Maps a YouTube API error body (`{error: {code, message, errors: [{reason}]}}`) to a PlatformError. */
async function youtubeError(res: Response, doing: string): Promise<PlatformError> {
  const body = (await jsonOf(res)) as { error?: { message?: string; errors?: { reason?: string }[] } } | undefined;
  const reason = body?.error?.errors?.[0]?.reason ?? "";
  const said = body?.error?.message ? `: ${body.error.message}` : "";
  if (reason === "quotaExceeded" || reason === "dailyLimitExceeded") {
    return { kind: "refused", reason: `YouTube refused ${doing}: the app's daily API quota is used up${said}`, advice: "Quota resets at midnight Pacific time. Schedule the post for tomorrow, or ask the operator to request more YouTube API quota." };
  }
  if (reason === "uploadLimitExceeded") {
    return { kind: "refused", reason: `YouTube refused ${doing}: this channel reached its upload limit${said}`, advice: "Wait a day before uploading again to this channel." };
  }
  if (res.status === 403 || res.status === 400) {
    return { kind: "refused", reason: `YouTube refused ${doing}${said || ` (${res.status})`}`, advice: "Check the title, caption and privacy, and that the channel can upload videos." };
  }
  return httpError(res.status, `YouTube answered ${res.status} to ${doing}${said}`, res.headers.get("retry-after"));
}

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}` });

/** The session's status: how many bytes it holds, or the video it created. */
async function querySession(ctx: PlatformContext, c: StepCall<YouTubeState>, session: string): Promise<Result<{ received: number } | { videoId: string }>> {
  const sent = await call(ctx, session, { method: "PUT", headers: { ...auth(c.tokens), "content-range": `bytes */${c.video.sizeBytes}`, "content-length": "0" } });
  if (!sent.ok) return sent;
  return sessionAnswer(sent.value, "the upload status query");
}

async function sessionAnswer(res: Response, doing: string): Promise<Result<{ received: number } | { videoId: string }>> {
  if (res.status === 200 || res.status === 201) {
    const video = (await jsonOf(res)) as { id?: string } | undefined;
    if (!video?.id) return fail({ kind: "unknown_outcome", message: "YouTube finished the upload without returning a video id." });
    return ok({ videoId: video.id });
  }
  if (res.status === 308) {
    // Range: bytes=0-N means bytes 0..N are stored; no Range header means none are.
    const range = res.headers.get("range");
    const end = range ? Number(range.split("-")[1]) : -1;
    return ok({ received: end + 1 });
  }
  if (res.status === 404) return fail({ kind: "unknown_outcome", message: "The YouTube upload session expired before its outcome was known." });
  return fail(await youtubeError(res, doing));
}

/** After the upload: the clip's cover as the video's thumbnail where it has one, then processing. */
const afterSession = (session: string, r: { received: number } | { videoId: string }, hasCover: boolean): StepOutcome<YouTubeState> =>
  "videoId" in r
    ? { kind: "continue", phase: "processing", state: hasCover ? { step: "thumbnail", videoId: r.videoId } : { step: "processing", videoId: r.videoId, polls: 0 } }
    : { kind: "continue", phase: "uploading", state: { step: "upload", session, offset: r.received } };

/**
 * thumbnails.set with the clip's cover. The video is already posted, so a refusal (a channel not
 * allowed custom thumbnails, an image YouTube rejects) only leaves YouTube's own thumbnail: it is
 * logged, never a failed post. Transient answers are retried like any step.
 */
async function setThumbnail(ctx: PlatformContext, c: StepCall<YouTubeState>, videoId: string): Promise<Result<StepOutcome<YouTubeState>>> {
  const next: StepOutcome<YouTubeState> = { kind: "continue", phase: "processing", state: { step: "processing", videoId, polls: 0 } };
  if (!c.video.cover) return ok(next);
  const image = await c.video.cover.read();
  const sent = await call(ctx, ctx.url("api", `/upload/youtube/v3/thumbnails/set?videoId=${encodeURIComponent(videoId)}`), { method: "POST", headers: { ...auth(c.tokens), "content-type": c.video.cover.contentType }, body: image });
  if (!sent.ok) return sent;
  if (!sent.value.ok) {
    const e = await youtubeError(sent.value, "setting the thumbnail");
    if (e.kind === "transient" || e.kind === "needs_reauth") return fail(e);
    console.log(JSON.stringify({ msg: "youtube thumbnail refused; YouTube's own thumbnail stays", video_id: videoId, reason: e.kind === "refused" ? e.reason : e.message }));
  }
  return ok(next);
}

/** The post's link: a Short's for a vertical or square clip, a regular video's for a landscape one. */
export const youtubeUrl = (videoId: string, video: { width: number; height: number }) =>
  video.width > video.height ? `https://www.youtube.com/watch?v=${videoId}` : `https://www.youtube.com/shorts/${videoId}`;

/** Seconds until YouTube's daily quota resets (midnight Pacific time; PST, so at worst an hour late in summer). */
export const secondsToPacificMidnight = (nowMs: number) => {
  const pst = nowMs - 8 * 3600_000;
  return Math.ceil((86_400_000 - (pst % 86_400_000)) / 1000);
};

async function youtubeMetricsError(res: Response, nowMs: number): Promise<MetricsError> {
  const body = (await jsonOf(res.clone())) as { error?: { errors?: { reason?: string }[] } } | undefined;
  const reason = body?.error?.errors?.[0]?.reason ?? "";
  if (res.status === 401) return { kind: "needs_reauth", message: "YouTube no longer accepts the access token." };
  if (res.status === 429 || reason === "rateLimitExceeded" || reason === "userRateLimitExceeded") return rateLimited("YouTube", res.headers, nowMs);
  // The statistics read costs 1 quota unit; a spent daily quota comes back at midnight Pacific.
  if (reason === "quotaExceeded" || reason === "dailyLimitExceeded") return { kind: "transient", message: "YouTube's daily API quota is used up", retryAfterSeconds: secondsToPacificMidnight(nowMs) };
  if (res.status === 403) return { kind: "missing_permission", message: `YouTube did not let this app read the video's statistics (${reason || "forbidden"}).`, advice: "Connect the YouTube account again and allow viewing your YouTube account (youtube.readonly)." };
  if (res.status === 404) return { kind: "post_deleted", message: "YouTube no longer has this video." };
  return youtubeError(res, "reading the video's statistics");
}

const youtubeMetrics: PlatformMetrics = {
  offered: true,
  async read(ctx, req): Promise<MetricsResult> {
    const sent = await call(ctx, ctx.url("api", `/youtube/v3/videos?part=statistics&id=${encodeURIComponent(req.postId)}`), { headers: auth(req.tokens) });
    if (!sent.ok) return sent;
    if (!sent.value.ok) return failMetrics(await youtubeMetricsError(sent.value, ctx.now()));
    const body = (await jsonOf(sent.value)) as { items?: { statistics?: { viewCount?: string; likeCount?: string; commentCount?: string } }[] } | undefined;
    const stats = body?.items?.[0]?.statistics;
    if (!body?.items?.length) return failMetrics({ kind: "post_deleted", message: "YouTube no longer lists this video (deleted, removed or made private to others)." });
    return ok(numbers({ views: count(stats?.viewCount), likes: count(stats?.likeCount), comments: count(stats?.commentCount) }));
  },
};

export const youtube: Platform<YouTubeState> = {
  id: "youtube",
  displayName: "YouTube",
  hosts: { accounts: "https://accounts.google.com", oauth: "https://oauth2.googleapis.com", api: "https://www.googleapis.com" },
  pkce: true,
  privacyOptions: ["public", "unlisted", "private"],
  privacyRequired: false,
  hasTitle: true,
  limits: {
    minDurationSeconds: 1,
    maxDurationSeconds: 180,
    maxBytes: 256 * 1024 ** 3,
    captionMaxChars: POST_TEXT_LIMITS.youtube.captionMaxChars,
    titleMaxChars: POST_TEXT_LIMITS.youtube.titleMaxChars,
    maxHashtags: POST_TEXT_LIMITS.youtube.maxHashtags,
    // Default project quota 10,000 units a day; videos.insert costs 1,600.
    dailyPosts: 6,
  },

  authorizeUrl(ctx, req) {
    const u = new URL(ctx.url("accounts", "/o/oauth2/v2/auth"));
    u.search = new URLSearchParams({
      client_id: ctx.clientId,
      redirect_uri: ctx.redirectUri,
      response_type: "code",
      scope: SCOPES.join(" "),
      // offline + consent: Google returns a refresh token on every consent, not only the first.
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: req.state,
      ...(req.codeChallenge ? { code_challenge: req.codeChallenge, code_challenge_method: "S256" } : {}),
    }).toString();
    return u.href;
  },

  async exchangeCode(ctx, { code, codeVerifier }) {
    const tokens = await tokenRequest(ctx, tokenEndpoint(ctx), { grant_type: "authorization_code", code, redirect_uri: ctx.redirectUri, ...(codeVerifier ? { code_verifier: codeVerifier } : {}) });
    if (!tokens.ok) return tokens;
    const sent = await call(ctx, ctx.url("api", "/youtube/v3/channels?part=snippet&mine=true"), { headers: auth(tokens.value) });
    if (!sent.ok) return sent;
    if (!sent.value.ok) return fail(await youtubeError(sent.value, "reading the channel"));
    const body = (await jsonOf(sent.value)) as { items?: { id: string; snippet?: { title?: string; customUrl?: string } }[] } | undefined;
    const channel = body?.items?.[0];
    if (!channel) return fail({ kind: "refused", reason: "This Google account has no YouTube channel.", advice: "Create a channel on youtube.com, then connect again." });
    return ok({
      tokens: tokens.value,
      account: {
        id: channel.id,
        handle: channel.snippet?.customUrl ?? channel.snippet?.title ?? channel.id,
        ...(ctx.audited ? {} : { restriction: "This app has not passed YouTube's API audit: YouTube keeps its uploads private until the operator's project is verified." }),
      },
    });
  },

  refresh: (ctx, tokens) =>
    tokens.refreshToken
      ? tokenRequest(ctx, tokenEndpoint(ctx), { grant_type: "refresh_token", refresh_token: tokens.refreshToken }, tokens)
      : Promise.resolve(fail({ kind: "needs_reauth", message: "YouTube gave no refresh token. Connect the account again." })),

  async revoke(ctx, tokens) {
    const token = tokens.refreshToken ?? tokens.accessToken;
    const sent = await call(ctx, ctx.url("oauth", "/revoke"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }) });
    if (!sent.ok) return sent;
    // 400 invalid_token: already revoked or expired, which is what we wanted.
    if (sent.value.ok || sent.value.status === 400) return ok(undefined);
    return fail(httpError(sent.value.status, `YouTube answered ${sent.value.status} to the revocation.`));
  },

  checkLimits(video, post): LimitViolation[] {
    const out = commonLimitViolations(this.limits, "YouTube", video, post);
    if (!this.privacyOptions.includes(post.privacy)) out.push({ field: "privacy", message: `YouTube offers ${this.privacyOptions.join(", ")}; "${post.privacy}" is not one of them.` });
    if (/[<>]/.test(`${post.title ?? ""}${post.caption}`)) out.push({ field: "caption", message: "YouTube does not allow < or > in titles and descriptions." });
    return out;
  },

  metrics: youtubeMetrics,

  publish: {
    start: () => ({ step: "create_session" }),

    irreversible: (s) => s.step === "upload",

    async step(ctx, c) {
      const s = c.state;
      if (s.step === "create_session") {
        const title = (c.post.title ?? c.post.caption.split("\n")[0] ?? "").slice(0, 100) || "Short";
        const body = {
          snippet: { title, description: c.post.caption, categoryId: "22" },
          status: { privacyStatus: c.post.privacy, selfDeclaredMadeForKids: false },
        };
        const sent = await call(ctx, ctx.url("api", "/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status"), {
          method: "POST",
          headers: { ...auth(c.tokens), "content-type": "application/json; charset=UTF-8", "x-upload-content-length": String(c.video.sizeBytes), "x-upload-content-type": c.video.contentType },
          body: JSON.stringify(body),
        });
        if (!sent.ok) return sent;
        const location = sent.value.headers.get("location");
        if (!sent.value.ok || !location) return fail(await youtubeError(sent.value, "starting the upload"));
        return ok({ kind: "continue", phase: "uploading", state: { step: "upload", session: location, offset: 0 } });
      }

      if (s.step === "upload") {
        // A retried chunk may have partly landed: ask the session where it stands first.
        if (c.attempt > 0) {
          const q = await querySession(ctx, c, s.session);
          return q.ok ? ok(afterSession(s.session, q.value, !!c.video.cover)) : q;
        }
        const end = Math.min(s.offset + YOUTUBE_CHUNK_BYTES, c.video.sizeBytes);
        const bytes = await c.video.read(s.offset, end - s.offset);
        const last = end === c.video.sizeBytes;
        const sent = await call(ctx, s.session, { method: "PUT", headers: { ...auth(c.tokens), "content-type": c.video.contentType, "content-range": `bytes ${s.offset}-${end - 1}/${c.video.sizeBytes}` }, body: bytes }, last);
        if (!sent.ok) return sent;
        const r = await sessionAnswer(sent.value, "the upload");
        if (!r.ok && last && r.error.kind === "transient") return fail({ kind: "unknown_outcome", message: r.error.message });
        return r.ok ? ok(afterSession(s.session, r.value, !!c.video.cover)) : r;
      }

      if (s.step === "thumbnail") return setThumbnail(ctx, c, s.videoId);

      const sent = await call(ctx, ctx.url("api", `/youtube/v3/videos?part=status,processingDetails&id=${encodeURIComponent(s.videoId)}`), { headers: auth(c.tokens) });
      if (!sent.ok) return sent;
      if (!sent.value.ok) return fail(await youtubeError(sent.value, "reading the video's status"));
      const body = (await jsonOf(sent.value)) as { items?: { status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string } }[] } | undefined;
      const status = body?.items?.[0]?.status;
      const live = { kind: "published" as const, postId: s.videoId, url: youtubeUrl(s.videoId, c.video) };
      if (!status) return fail({ kind: "refused", reason: "YouTube no longer lists the uploaded video (deleted or removed).", advice: "Check YouTube Studio for the channel." });
      switch (status.uploadStatus) {
        case "processed":
          return ok(live);
        case "failed":
          return fail({ kind: "refused", reason: `YouTube could not process the video (${status.failureReason ?? "no reason given"}).`, advice: "Re-render the clip and publish it again." });
        case "rejected":
          return fail({ kind: "refused", reason: `YouTube rejected the video (${status.rejectionReason ?? "no reason given"}).`, advice: "See the channel's messages in YouTube Studio; a rejected video is not retried." });
        case "deleted":
          return fail({ kind: "refused", reason: "The video was deleted on YouTube before it finished processing.", advice: "Publish it again if that was not intended." });
        default:
          // The video exists and keeps processing on YouTube's side; after the polling window it is ours to report.
          return ok(s.polls >= MAX_PROCESSING_POLLS ? live : { kind: "wait", phase: "processing", seconds: s.polls < 3 ? 5 : 15, state: { ...s, polls: s.polls + 1 } });
      }
    },

    async reconcile(ctx, c) {
      const s = c.state;
      if (s.step !== "upload") return fail({ kind: "unknown_outcome", message: "Nothing to reconcile at this step." });
      const q = await querySession(ctx, c, s.session);
      return q.ok ? ok(afterSession(s.session, q.value, !!c.video.cover)) : q;
    },
  },
};
