// X (formerly Twitter) video posts through the X API v2.
// Docs read for this adapter:
//  - OAuth 2.0 Authorization Code Flow with PKCE (x.com/i/oauth2/authorize, POST /2/oauth2/token with HTTP
//    Basic for confidential clients, access tokens live two hours, `offline.access` yields a refresh token
//    that rotates on every use, POST /2/oauth2/revoke):
//    https://docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code
//  - Chunked media upload, POST /2/media/upload command=INIT (media_type, total_bytes, media_category) →
//    {data:{id, media_key}}; APPEND (media_id, segment_index, media); FINALIZE → processing_info;
//    GET command=STATUS → processing_info {state pending|in_progress|succeeded|failed, check_after_secs, error};
//    "failed chunks can be retried individually":
//    https://docs.x.com/x-api/media/quickstart/media-upload-chunked
//  - Media best practices (media categories; one video per post; video 0.5-140 s, up to 512 MB; recommended
//    720x1280 portrait, at most 1920x1200 landscape or 1200x1900 portrait; aspect 1:3 to 3:1):
//    https://docs.x.com/x-api/media/quickstart/best-practices
//  - POST /2/tweets {text, media:{media_ids}} → 201 {data:{id}}; GET /2/users/:id/tweets with
//    expansions=attachments.media_keys: https://docs.x.com/x-api/posts/create-post and
//    https://docs.x.com/x-api/users/get-posts
//  - Rate limits: 429 with x-rate-limit-reset; the per-user and per-app 24-hour caps on POST /2/tweets
//    answer 429 with x-user-limit-24hour-remaining/-reset: https://docs.x.com/x-api/fundamentals/rate-limits
//  - Counting characters (weighted length 280, URLs count 23, wide characters and emoji count 2):
//    https://docs.x.com/fundamentals/counting-characters
// Postiz's X provider (gitroomhq/postiz-app) documents the refusals its users hit: duplicate content,
// "usage-capped", suspended accounts, 2-minute video caps; Mixpost retries 429s from the rate headers.
//
// Render size: X's guidance caps portrait video at 1200x1900, so the standard 1080x1920 clip does not fit.
// A clip is posted as its rendition, 720 pixels on the shorter side in the clip's own shape (720x1280
// X's recommended portrait size, 1280x720 its landscape one, 720x720 square, 720x900 for 4:5):
// `limits.renderAt` asks the core for that rendition, and checkLimits refuses any frame above the caps.
//
// The anchor is the media id (and its media_key), stored before the first APPEND. POST /2/tweets is the
// irreversible step; after a lost answer, reconcile reads the account's latest posts for one carrying
// our media_key.
//
// Split by concern: the text weighting in x-text.ts, the error mapping in x-api.ts, the metrics reader
// in x-metrics.ts.
import { POST_TEXT_LIMITS, renditionFrame } from "@katto/protocol";
import { fail, ok, type LimitViolation, type Platform, type PlatformContext, type Result, type StepCall, type StepOutcome } from "./platform";
import { commonLimitViolations } from "./limits";
import { call, jsonOf } from "./http";
import { tokenRequest } from "./oauth";
import { auth, xError } from "./x-api";
import { xMetrics } from "./x-metrics";
import { weightedLength } from "./x-text";

export { weightedLength };

/** APPEND segments are limited to 5 MB; 4 MiB leaves room for the multipart envelope. */
export const X_CHUNK_BYTES = 4 * 1024 * 1024;
/** The frame a 9:16 clip is rendered at for X (recommended portrait; within the 1200x1900 cap); every shape's is renditionFrame. */
export const X_RENDER_SIZE = renditionFrame("9:16");
const MAX_PORTRAIT = { width: 1200, height: 1900 };
const MAX_LANDSCAPE = { width: 1920, height: 1200 };
const SCOPES = ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"];
/** STATUS polls while X transcodes (X sets the pace with check_after_secs). */
const MAX_PROCESSING_POLLS = 60;
/** X counts weighted characters (POST_TEXT_LIMITS.x). */
const MAX_WEIGHTED_LENGTH = POST_TEXT_LIMITS.x.captionMaxChars;

export type XState =
  | { step: "init" }
  | { step: "append"; mediaId: string; mediaKey: string; segment: number }
  | { step: "finalize"; mediaId: string; mediaKey: string }
  | { step: "processing"; mediaId: string; mediaKey: string; polls: number }
  | { step: "post"; mediaId: string; mediaKey: string };

const tokenEndpoint = (ctx: PlatformContext) => ({ url: ctx.url("api", "/2/oauth2/token"), clientAuth: "basic" as const });
const postUrl = (username: string | undefined, id: string) => (username ? `https://x.com/${username}/status/${id}` : `https://x.com/i/web/status/${id}`);

/** A multipart form for /2/media/upload. */
function form(fields: Record<string, string>, media?: Uint8Array): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (media) f.set("media", new Blob([media as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" }), "chunk");
  return f;
}

type ProcessingInfo = { state?: string; check_after_secs?: number; error?: { name?: string; message?: string } };

/** The next state from a FINALIZE or STATUS answer. */
function afterProcessing(s: { mediaId: string; mediaKey: string }, info: ProcessingInfo | undefined, polls: number): Result<StepOutcome<XState>> {
  // Per the docs, no processing_info means the media is ready to attach.
  if (!info || info.state === "succeeded") return ok({ kind: "continue", phase: "processing", state: { step: "post", mediaId: s.mediaId, mediaKey: s.mediaKey } });
  if (info.state === "failed") {
    return fail({ kind: "refused", reason: `X could not process the video${info.error?.message ? `: ${info.error.message}` : "."}`, advice: `Re-render the clip (X wants H.264/AAC MP4 up to ${MAX_PORTRAIT.width}x${MAX_PORTRAIT.height}) and publish it again.` });
  }
  if (polls >= MAX_PROCESSING_POLLS) return fail({ kind: "transient", message: "X is still processing the video; it will be checked again." });
  return ok({ kind: "wait", phase: "processing", seconds: Math.max(1, info.check_after_secs ?? 5), state: { step: "processing", mediaId: s.mediaId, mediaKey: s.mediaKey, polls: polls + 1 } });
}

/** Reads the account's latest posts and finds the one carrying our media. */
async function findPost(ctx: PlatformContext, c: StepCall<XState>, mediaKey: string): Promise<Result<string | null>> {
  const u = new URL(ctx.url("api", `/2/users/${encodeURIComponent(c.account.id)}/tweets`));
  u.search = new URLSearchParams({ max_results: "10", expansions: "attachments.media_keys", "tweet.fields": "attachments,created_at" }).toString();
  const sent = await call(ctx, u.href, { headers: auth(c.tokens.accessToken) });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await xError(sent.value, "reading the account's latest posts", ctx));
  const body = (await jsonOf(sent.value)) as { data?: { id: string; attachments?: { media_keys?: string[] } }[] } | undefined;
  return ok(body?.data?.find((t) => t.attachments?.media_keys?.includes(mediaKey))?.id ?? null);
}

export const x: Platform<XState> = {
  id: "x",
  displayName: "X",
  hosts: { www: "https://x.com", api: "https://api.x.com" },
  pkce: true,
  // Posts are public; a protected account limits them to followers on X's side.
  privacyOptions: ["public"],
  privacyRequired: false,
  hasTitle: false,
  limits: {
    minDurationSeconds: 0.5,
    maxDurationSeconds: 140,
    maxBytes: 512 * 1024 * 1024,
    captionMaxChars: MAX_WEIGHTED_LENGTH,
    // The Basic tier's per-user 24-hour cap on POST /2/tweets; a lower tier answers 429 with its own cap,
    // which reaches the user as a refusal with the reset time.
    dailyPosts: 100,
    renderAt: renditionFrame,
  },

  authorizeUrl(ctx, req) {
    const u = new URL(ctx.url("www", "/i/oauth2/authorize"));
    u.search = new URLSearchParams({
      response_type: "code",
      client_id: ctx.clientId,
      redirect_uri: ctx.redirectUri,
      scope: SCOPES.join(" "),
      state: req.state,
      ...(req.codeChallenge ? { code_challenge: req.codeChallenge, code_challenge_method: "S256" } : {}),
    }).toString();
    return u.href;
  },

  async exchangeCode(ctx, { code, codeVerifier }) {
    const tokens = await tokenRequest(ctx, tokenEndpoint(ctx), { grant_type: "authorization_code", code, redirect_uri: ctx.redirectUri, ...(codeVerifier ? { code_verifier: codeVerifier } : {}) });
    if (!tokens.ok) return tokens;
    const sent = await call(ctx, ctx.url("api", "/2/users/me"), { headers: auth(tokens.value.accessToken) });
    if (!sent.ok) return sent;
    if (!sent.value.ok) return fail(await xError(sent.value, "reading the account", ctx));
    const me = ((await jsonOf(sent.value)) as { data?: { id: string; username: string } } | undefined)?.data;
    if (!me) return fail({ kind: "transient", message: "X answered without the account." });
    const missing = ["tweet.write", "media.write"].filter((s) => tokens.value.scopes.length && !tokens.value.scopes.includes(s));
    if (missing.length) return fail({ kind: "refused", reason: `X did not grant ${missing.join(", ")}.`, advice: "Connect again and allow posting and media upload." });
    return ok({ tokens: tokens.value, account: { id: me.id, handle: `@${me.username}`, extra: { username: me.username } } });
  },

  async refresh(ctx, tokens) {
    if (!tokens.refreshToken) return fail({ kind: "needs_reauth", message: "X gave no refresh token. Connect the account again." });
    const r = await tokenRequest(ctx, tokenEndpoint(ctx), { grant_type: "refresh_token", refresh_token: tokens.refreshToken }, tokens);
    // X answers an unusable refresh token with 400 invalid_request, not invalid_grant: any non-transient
    // refusal of a refresh means the grant is gone.
    if (!r.ok && r.error.kind === "refused") return fail({ kind: "needs_reauth", message: `X refused the refresh token (${r.error.reason}). Connect the account again.` });
    return r;
  },

  async revoke(ctx, tokens) {
    const body = new URLSearchParams({ token: tokens.refreshToken ?? tokens.accessToken, token_type_hint: tokens.refreshToken ? "refresh_token" : "access_token", client_id: ctx.clientId });
    const sent = await call(ctx, ctx.url("api", "/2/oauth2/revoke"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${btoa(`${encodeURIComponent(ctx.clientId)}:${encodeURIComponent(ctx.clientSecret)}`)}` }, body });
    if (!sent.ok) return sent;
    if (sent.value.ok) return ok(undefined);
    return fail(await xError(sent.value, "revoking the token", ctx));
  },

  checkLimits(video, post): LimitViolation[] {
    // X counts weighted characters, not code points: replace the shared caption check.
    const out = commonLimitViolations(this.limits, "X", video, post).filter((v) => v.field !== "caption");
    const length = weightedLength(post.caption);
    if (length > MAX_WEIGHTED_LENGTH) out.push({ field: "caption", message: `X posts are limited to ${MAX_WEIGHTED_LENGTH} characters (links count 23, emoji and CJK count 2); this caption counts ${length}.` });
    const portrait = video.height >= video.width;
    const cap = portrait ? MAX_PORTRAIT : MAX_LANDSCAPE;
    if (video.width > cap.width || video.height > cap.height) {
      // the rendition of the clip's shape: 720 pixels on its shorter side
      const k = 720 / Math.min(video.width, video.height);
      const fit = { width: Math.round(video.width * k), height: Math.round(video.height * k) };
      out.push({ field: "dimensions", message: `X accepts ${portrait ? "portrait" : "landscape"} video up to ${cap.width}x${cap.height}; this clip is ${video.width}x${video.height}. Publish its ${fit.width}x${fit.height} rendition.` });
    }
    if (video.width < 32 || video.height < 32) out.push({ field: "dimensions", message: "X needs video at least 32x32." });
    const ratio = video.width / video.height;
    if (ratio < 1 / 3 || ratio > 3) out.push({ field: "aspect", message: `X accepts aspect ratios from 1:3 to 3:1; this clip is ${video.width}x${video.height}.` });
    if (!this.privacyOptions.includes(post.privacy)) out.push({ field: "privacy", message: "Posts on X are public; choose public." });
    return out;
  },

  metrics: xMetrics,

  publish: {
    start: () => ({ step: "init" }),

    irreversible: (s) => s.step === "post",

    async step(ctx, c) {
      const s = c.state;
      const token = c.tokens.accessToken;
      const upload = ctx.url("api", "/2/media/upload");
      switch (s.step) {
        case "init": {
          const sent = await call(ctx, upload, { method: "POST", headers: auth(token), body: form({ command: "INIT", media_type: c.video.contentType, total_bytes: String(c.video.sizeBytes), media_category: "tweet_video" }) });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await xError(sent.value, "starting the upload", ctx));
          const data = ((await jsonOf(sent.value)) as { data?: { id?: string; media_key?: string } } | undefined)?.data;
          if (!data?.id || !data.media_key) return fail({ kind: "transient", message: "X started the upload without a media id." });
          return ok({ kind: "continue", phase: "uploading", state: { step: "append", mediaId: data.id, mediaKey: data.media_key, segment: 0 } });
        }
        case "append": {
          // A failed segment is sent again as the same segment_index; X keeps the last copy of each.
          const offset = s.segment * X_CHUNK_BYTES;
          const end = Math.min(offset + X_CHUNK_BYTES, c.video.sizeBytes);
          const bytes = await c.video.read(offset, end - offset);
          const sent = await call(ctx, upload, { method: "POST", headers: auth(token), body: form({ command: "APPEND", media_id: s.mediaId, segment_index: String(s.segment) }, bytes) });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await xError(sent.value, "uploading the video", ctx));
          const state: XState = end >= c.video.sizeBytes ? { step: "finalize", mediaId: s.mediaId, mediaKey: s.mediaKey } : { ...s, segment: s.segment + 1 };
          return ok({ kind: "continue", phase: "uploading", state });
        }
        case "finalize": {
          const sent = await call(ctx, upload, { method: "POST", headers: auth(token), body: form({ command: "FINALIZE", media_id: s.mediaId }) });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await xError(sent.value, "finishing the upload", ctx));
          const data = ((await jsonOf(sent.value)) as { data?: { processing_info?: ProcessingInfo } } | undefined)?.data;
          return afterProcessing(s, data?.processing_info, 0);
        }
        case "processing": {
          const u = new URL(upload);
          u.search = new URLSearchParams({ command: "STATUS", media_id: s.mediaId }).toString();
          const sent = await call(ctx, u.href, { headers: auth(token) });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await xError(sent.value, "reading the video's processing status", ctx));
          const data = ((await jsonOf(sent.value)) as { data?: { processing_info?: ProcessingInfo } } | undefined)?.data;
          return afterProcessing(s, data?.processing_info, s.polls);
        }
        case "post": {
          const sent = await call(ctx, ctx.url("api", "/2/tweets"), { method: "POST", headers: { ...auth(token), "content-type": "application/json" }, body: JSON.stringify({ text: c.post.caption, media: { media_ids: [s.mediaId] } }) }, true);
          if (!sent.ok) return sent;
          if (!sent.value.ok) {
            const e = await xError(sent.value, "publishing the post", ctx);
            return fail(e.kind === "transient" && sent.value.status >= 500 ? { kind: "unknown_outcome", message: e.message } : e);
          }
          const id = ((await jsonOf(sent.value)) as { data?: { id?: string } } | undefined)?.data?.id;
          if (!id) return fail({ kind: "unknown_outcome", message: "X accepted the post without returning its id." });
          return ok({ kind: "published", postId: id, url: postUrl(c.account.extra?.username, id) });
        }
      }
    },

    async reconcile(ctx, c) {
      const s = c.state;
      if (s.step !== "post") return fail({ kind: "unknown_outcome", message: "Nothing to reconcile at this step." });
      const found = await findPost(ctx, c, s.mediaKey);
      if (!found.ok) return fail(found.error.kind === "needs_reauth" ? found.error : { kind: "unknown_outcome", message: `X did not say whether the post exists (${found.error.kind === "refused" ? found.error.reason : found.error.message}). Check the account before posting again.` });
      if (found.value) return ok({ kind: "published", postId: found.value, url: postUrl(c.account.extra?.username, found.value) });
      // None of the latest posts carries our media: the post was not created; post it now.
      return ok({ kind: "continue", phase: "processing", state: s });
    },
  },
};
