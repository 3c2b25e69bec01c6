// TikTok through the Content Posting API, Direct Post (server-side; Login Kit for Web OAuth 2.0).
// Docs read for this adapter:
//  - Login Kit for Web (authorize at www.tiktok.com/v2/auth/authorize/ with client_key, comma-separated
//    scopes and state): https://developers.tiktok.com/doc/login-kit-web
//  - OAuth token management (POST /v2/oauth/token/ with client_key/client_secret for the code and for
//    refresh; access tokens live 24 h, refresh tokens 365 days; POST /v2/oauth/revoke/):
//    https://developers.tiktok.com/doc/oauth-user-access-token-management
//  - Direct Post reference (creator_info/query first: privacy_level_options, max_video_post_duration_sec;
//    POST /v2/post/publish/video/init/ → publish_id + upload_url; the unaudited-client rule; error codes
//    such as spam_risk_too_many_posts, unaudited_client_can_only_post_to_private_accounts,
//    privacy_level_option_mismatch, rate_limit_exceeded, access_token_invalid):
//    https://developers.tiktok.com/doc/content-posting-api-reference-direct-post
//  - Media transfer guide (FILE_UPLOAD chunks: 5-64 MB, total_chunk_count = floor(size / chunk_size), the
//    last chunk takes the remainder, sequential PUTs with Content-Range; PULL_FROM_URL needs a verified
//    domain, so we upload): https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide
//  - Get post status (POST /v2/post/publish/status/fetch/: PROCESSING_UPLOAD, PROCESSING_DOWNLOAD,
//    SEND_TO_USER_INBOX, PUBLISH_COMPLETE, FAILED with fail_reason; publicaly_available_post_id; uploaded_bytes):
//    https://developers.tiktok.com/doc/content-posting-api-reference-get-video-status
//  - UX guidelines (privacy chosen by the user every time, none preselected):
//    https://developers.tiktok.com/doc/content-sharing-guidelines
//
// The anchor is TikTok's publish_id, stored right after init. An init whose answer is lost leaves an
// upload URL nobody uses (it expires; nothing is posted), so init may be repeated. The post goes out
// when the LAST chunk lands: that is the irreversible step, reconciled through status/fetch.
//
// Split by concern: the HTTP calls and error mapping in tiktok-api.ts, the metrics reader in
// tiktok-metrics.ts.
import { POST_TEXT_LIMITS } from "@katto/protocol";
import { fail, ok, type LimitViolation, type Platform, type PlatformContext, type Privacy, type StepOutcome } from "./platform";
import { commonLimitViolations } from "./limits";
import { call, httpError, jsonOf } from "./http";
import { tokenRequest } from "./oauth";
import { api, fetchStatus, tiktokError, type Envelope, type StatusData } from "./tiktok-api";
import { tiktokMetrics } from "./tiktok-metrics";

const MB = 1024 * 1024;
/** Chunk size for files of 5 MB and more (TikTok accepts 5-64 MB). */
export const TIKTOK_CHUNK_BYTES = 10 * MB;
// video.list: reading the posts' view/like/comment/share counts back (Display API /v2/video/query/).
const SCOPES = ["user.info.basic", "video.publish", "video.list"];
const MAX_STATUS_POLLS = 60;

const PRIVACY: Partial<Record<Privacy, string>> = { public: "PUBLIC_TO_EVERYONE", friends: "MUTUAL_FOLLOW_FRIENDS", followers: "FOLLOWER_OF_CREATOR", private: "SELF_ONLY" };

export type TikTokState =
  | { step: "creator_info" }
  | { step: "init" }
  | { step: "upload"; publishId: string; uploadUrl: string; chunk: number; chunkSize: number; chunks: number }
  | { step: "status"; publishId: string; polls: number };

/** The chunk plan the media transfer guide prescribes. */
export function chunkPlan(size: number): { chunkSize: number; chunks: number } {
  if (size < 5 * MB) return { chunkSize: size, chunks: 1 };
  const chunkSize = Math.min(TIKTOK_CHUNK_BYTES, size);
  return { chunkSize, chunks: Math.max(1, Math.floor(size / chunkSize)) };
}
const chunkRange = (s: { chunk: number; chunkSize: number; chunks: number }, size: number) => {
  const start = s.chunk * s.chunkSize;
  return { start, end: s.chunk === s.chunks - 1 ? size : start + s.chunkSize };
};

const tokenEndpoint = (ctx: PlatformContext) => ({ url: ctx.url("api", "/v2/oauth/token/"), clientAuth: "body" as const, clientIdField: "client_key" });

/** Where an upload stands by TikTok's count of received bytes. */
function resumeFrom(s: Extract<TikTokState, { step: "upload" }>, data: StatusData, size: number): StepOutcome<TikTokState> {
  if (data.status && data.status !== "PROCESSING_UPLOAD") return { kind: "continue", phase: "processing", state: { step: "status", publishId: s.publishId, polls: 0 } };
  const received = data.uploaded_bytes ?? s.chunk * s.chunkSize;
  const chunk = Math.min(s.chunks - 1, Math.floor(Math.min(received, size) / s.chunkSize));
  return { kind: "continue", phase: "uploading", state: { ...s, chunk } };
}

export const tiktok: Platform<TikTokState> = {
  id: "tiktok",
  displayName: "TikTok",
  hosts: { www: "https://www.tiktok.com", api: "https://open.tiktokapis.com" },
  // Login Kit for Web takes no PKCE (it is for desktop apps); the state binds the callback.
  pkce: false,
  privacyOptions: ["public", "friends", "followers", "private"],
  privacyRequired: true,
  hasTitle: false,
  limits: {
    minDurationSeconds: 3,
    // The creator's own max_video_post_duration_sec (read before init) may be lower.
    maxDurationSeconds: 600,
    maxBytes: 4 * 1024 * MB,
    captionMaxChars: POST_TEXT_LIMITS.tiktok.captionMaxChars,
    // The Direct Post API allows about 15 posts a day per creator account.
    dailyPosts: 15,
  },

  authorizeUrl(ctx, req) {
    const u = new URL(ctx.url("www", "/v2/auth/authorize/"));
    u.search = new URLSearchParams({ client_key: ctx.clientId, scope: SCOPES.join(","), response_type: "code", redirect_uri: ctx.redirectUri, state: req.state }).toString();
    return u.href;
  },

  async exchangeCode(ctx, { code }) {
    const tokens = await tokenRequest(ctx, tokenEndpoint(ctx), { grant_type: "authorization_code", code, redirect_uri: ctx.redirectUri });
    if (!tokens.ok) return tokens;
    const sent = await call(ctx, ctx.url("api", "/v2/user/info/?fields=open_id,display_name,username"), { headers: { authorization: `Bearer ${tokens.value.accessToken}` } });
    if (!sent.ok) return sent;
    const body = (await jsonOf(sent.value)) as Envelope<{ user?: { open_id?: string; display_name?: string; username?: string } }> | undefined;
    const user = body?.data?.user;
    if (!sent.value.ok || !user?.open_id) return fail(tiktokError(sent.value.status, body, "reading the account", null));
    return ok({
      tokens: tokens.value,
      account: {
        id: user.open_id,
        handle: user.username ? `@${user.username}` : (user.display_name ?? user.open_id),
        ...(user.username ? { extra: { username: user.username } } : {}),
        ...(ctx.audited ? {} : { restriction: "This app has not passed TikTok's audit: TikTok accepts only private (SELF_ONLY) posts until it does." }),
      },
    });
  },

  refresh: (ctx, tokens) =>
    tokens.refreshToken
      ? tokenRequest(ctx, tokenEndpoint(ctx), { grant_type: "refresh_token", refresh_token: tokens.refreshToken }, tokens)
      : Promise.resolve(fail({ kind: "needs_reauth", message: "TikTok gave no refresh token. Connect the account again." })),

  async revoke(ctx, tokens) {
    const sent = await call(ctx, ctx.url("api", "/v2/oauth/revoke/"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ client_key: ctx.clientId, client_secret: ctx.clientSecret, token: tokens.accessToken }) });
    if (!sent.ok) return sent;
    return sent.value.ok ? ok(undefined) : fail(httpError(sent.value.status, `TikTok answered ${sent.value.status} to the revocation.`));
  },

  checkLimits(video, post): LimitViolation[] {
    const out = commonLimitViolations(this.limits, "TikTok", video, post);
    // UTF-16 code units: TikTok counts the title that way.
    if (post.caption.length > this.limits.captionMaxChars) out.push({ field: "caption", message: `TikTok captions are limited to ${this.limits.captionMaxChars} UTF-16 characters.` });
    if (!PRIVACY[post.privacy]) out.push({ field: "privacy", message: `TikTok offers ${this.privacyOptions.join(", ")}; "${post.privacy}" is not one of them.` });
    return out.filter((v, i, all) => all.findIndex((w) => w.message === v.message) === i);
  },

  metrics: tiktokMetrics,

  publish: {
    start: () => ({ step: "creator_info" }),

    irreversible: (s) => s.step === "upload" && s.chunk === s.chunks - 1,

    async step(ctx, c) {
      const s = c.state;
      const size = c.video.sizeBytes;
      if (s.step === "creator_info") {
        // Required before every post: the account's current privacy options and duration cap.
        const info = await api<{ privacy_level_options?: string[]; max_video_post_duration_sec?: number }>(ctx, c.tokens, "/v2/post/publish/creator_info/query/", {}, "reading the creator's posting options");
        if (!info.ok) return info;
        const level = PRIVACY[c.post.privacy]!;
        if (info.value.privacy_level_options && !info.value.privacy_level_options.includes(level)) {
          return fail({ kind: "refused", reason: `This TikTok account does not offer "${c.post.privacy}" right now (it offers ${info.value.privacy_level_options.join(", ")}).`, advice: "Pick another privacy and publish again." });
        }
        const cap = info.value.max_video_post_duration_sec;
        if (cap && c.video.durationSeconds > cap) return fail({ kind: "refused", reason: `This TikTok account may post videos up to ${cap} s; the clip is ${c.video.durationSeconds.toFixed(1)} s.`, advice: "Trim the clip with a re-render." });
        return ok({ kind: "continue", phase: "uploading", state: { step: "init" } });
      }

      if (s.step === "init") {
        const plan = chunkPlan(size);
        const init = await api<{ publish_id?: string; upload_url?: string }>(ctx, c.tokens, "/v2/post/publish/video/init/", {
          post_info: {
            title: c.post.caption, privacy_level: PRIVACY[c.post.privacy], disable_duet: false, disable_comment: false, disable_stitch: false,
            // TikTok takes a cover as a frame of the video (no image upload): the clip's cover frame
            ...(c.video.cover?.timeSeconds != null ? { video_cover_timestamp_ms: Math.round(c.video.cover.timeSeconds * 1000) } : {}),
          },
          source_info: { source: "FILE_UPLOAD", video_size: size, chunk_size: plan.chunkSize, total_chunk_count: plan.chunks },
        }, "starting the post");
        if (!init.ok) return init;
        if (!init.value.publish_id || !init.value.upload_url) return fail({ kind: "transient", message: "TikTok's init answer had no publish_id or upload_url." });
        return ok({ kind: "continue", phase: "uploading", state: { step: "upload", publishId: init.value.publish_id, uploadUrl: init.value.upload_url, chunk: 0, ...plan } });
      }

      if (s.step === "upload") {
        if (c.attempt > 0) {
          const st = await fetchStatus(ctx, c.tokens, s.publishId);
          if (!st.ok) return st;
          return ok(resumeFrom(s, st.value, size));
        }
        const { start, end } = chunkRange(s, size);
        const last = s.chunk === s.chunks - 1;
        const sent = await call(ctx, s.uploadUrl, { method: "PUT", headers: { "content-type": c.video.contentType, "content-range": `bytes ${start}-${end - 1}/${size}` }, body: await c.video.read(start, end - start) }, last);
        if (!sent.ok) return sent;
        // 206 Partial Content for a middle chunk, 201 Created once the whole file is in.
        if (sent.value.status === 201 || (last && sent.value.ok)) return ok({ kind: "continue", phase: "processing", state: { step: "status", publishId: s.publishId, polls: 0 } });
        if (sent.value.status === 206 || sent.value.ok) return ok({ kind: "continue", phase: "uploading", state: { ...s, chunk: s.chunk + 1 } });
        const err = httpError(sent.value.status, `TikTok answered ${sent.value.status} to chunk ${s.chunk + 1} of ${s.chunks}.`, sent.value.headers.get("retry-after"));
        return fail(last && err.kind === "transient" ? { kind: "unknown_outcome", message: err.message } : err);
      }

      const st = await fetchStatus(ctx, c.tokens, s.publishId);
      if (!st.ok) return st;
      const username = c.account.extra?.username;
      switch (st.value.status) {
        case "PUBLISH_COMPLETE": {
          const postId = st.value.publicaly_available_post_id?.[0];
          // Private posts get no public id: the publish_id is the reference, the profile the link.
          const profile = username ? `https://www.tiktok.com/@${username}` : "https://www.tiktok.com/";
          return ok({ kind: "published", postId: postId ? String(postId) : s.publishId, url: postId && username ? `${profile}/video/${postId}` : profile });
        }
        case "FAILED":
          return fail({ kind: "refused", reason: `TikTok could not publish the video (${st.value.fail_reason ?? "no reason given"}).`, advice: st.value.fail_reason?.includes("spam") || st.value.fail_reason?.includes("policy") ? "TikTok's moderation refused it; see the account's notifications." : "Re-render the clip and publish it again." });
        default:
          if (s.polls >= MAX_STATUS_POLLS) return fail({ kind: "unknown_outcome", message: `TikTok still reports ${st.value.status ?? "no status"} after ${MAX_STATUS_POLLS} checks.` });
          return ok({ kind: "wait", phase: "processing", seconds: s.polls < 3 ? 5 : 15, state: { ...s, polls: s.polls + 1 } });
      }
    },

    async reconcile(ctx, c) {
      const s = c.state;
      if (s.step !== "upload") return fail({ kind: "unknown_outcome", message: "Nothing to reconcile at this step." });
      const st = await fetchStatus(ctx, c.tokens, s.publishId);
      if (!st.ok) return st;
      return ok(resumeFrom(s, st.value, c.video.sizeBytes));
    },
  },
};
