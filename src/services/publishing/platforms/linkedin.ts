// LinkedIn member video posts through LinkedIn's versioned REST API (Community Management).
// Docs read for this adapter:
//  - Authorization Code Flow (3-legged OAuth; www.linkedin.com/oauth/v2/authorization and /accessToken,
//    access tokens live 60 days; refresh tokens only for approved partners, 365 days; /oauth/v2/revoke):
//    https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow and
//    https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens
//  - Sign In with LinkedIn using OpenID Connect (scopes openid profile, GET /v2/userinfo → sub):
//    https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
//  - Share on LinkedIn (w_member_social; member throttle 150 requests a day):
//    https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/share-on-linkedin
//  - Videos API (POST /rest/videos?action=initializeUpload → video URN, uploadToken, uploadInstructions with
//    byte ranges; PUT each part → ETag; action=finalizeUpload with uploadedPartIds; GET /rest/videos/{urn}
//    status PROCESSING | AVAILABLE | PROCESSING_FAILED with processingFailureReason; 3 s to 30 min, 75 KB to
//    500 MB): https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/videos-api
//  - Posts API (POST /rest/posts with author, commentary, visibility, distribution, content.media,
//    lifecycleState → 201 and x-restli-id; commentary in "little text" format with reserved characters
//    escaped; 3,000 characters): https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api
//    and https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/little-text-format
//  - Versioning (every /rest call carries LinkedIn-Version: YYYYMM and X-Restli-Protocol-Version: 2.0.0;
//    versions are supported for a year): https://learn.microsoft.com/en-us/linkedin/marketing/versioning
//  - Rate limits (429; daily limits reset at midnight UTC):
//    https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/rate-limits
// Postiz's LinkedIn provider (gitroomhq/postiz-app) uploads 2 MB parts, polls the video until AVAILABLE
// before posting (a post on a PROCESSING video is refused), and, having no way to ask whether a post was
// created, stops with "may have already published, check your account" instead of creating it again.
//
// Most apps get no refresh token: the connection then lives 60 days and the account carries a restriction
// saying when to reconnect; the core warns from expiresAt. The anchor is the video URN, stored before the
// first part. POST /rest/posts is the irreversible step; this app cannot read the member's posts
// (r_member_social is closed), so a lost answer there is reported unconfirmed.
import { POST_TEXT_LIMITS } from "@katto/protocol";
import { fail, ok, type LimitViolation, type Platform, type PlatformContext, type PlatformError, type Privacy, type Result, type StepOutcome, type TokenSet } from "./platform";
import { commonLimitViolations } from "./limits";
import { call, jsonOf } from "./http";
import { tokenRequest } from "./oauth";
import type { PlatformMetrics } from "./metrics";

/** The API version every /rest call names (YYYYMM); LinkedIn supports each version for a year. */
export const LINKEDIN_VERSION = "202605";
const SCOPES = ["openid", "profile", "w_member_social"];
const VISIBILITY: Partial<Record<Privacy, string>> = { public: "PUBLIC", friends: "CONNECTIONS" };
/** Status reads while LinkedIn processes the video (every 10 s, about 10 minutes). */
const MAX_PROCESSING_POLLS = 60;

interface Part { url: string; first: number; last: number }
export type LinkedInState =
  | { step: "initialize" }
  | { step: "upload"; video: string; uploadToken: string; parts: Part[]; etags: string[] }
  | { step: "finalize"; video: string; uploadToken: string; etags: string[] }
  | { step: "processing"; video: string; polls: number }
  | { step: "post"; video: string };

const tokenEndpoint = (ctx: PlatformContext) => ({ url: ctx.url("www", "/oauth/v2/accessToken"), clientAuth: "body" as const });
const rest = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}`, "linkedin-version": LINKEDIN_VERSION, "x-restli-protocol-version": "2.0.0" });
const postUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

/**
 * Commentary in LinkedIn's "little text" format: reserved characters are backslash-escaped (else the
 * post is cut at the first one) and #words become hashtag elements.
 */
export function littleText(text: string): string {
  return text
    .split(/(#[\p{L}\p{N}_]+)/u)
    .map((part, i) => (i % 2 === 1 ? `{hashtag|\\#|${part.slice(1).replace(/[\\|{}@[\]()<>#*_~]/g, "\\$&")}}` : part.replace(/[\\|{}@[\]()<>#*_~]/g, "\\$&")))
    .join("");
}

/** Maps a LinkedIn error answer (`{status, serviceErrorCode, code, message}`) to a PlatformError. */
async function linkedinError(res: Response, doing: string): Promise<PlatformError> {
  const body = ((await jsonOf(res)) ?? {}) as { message?: string; code?: string; serviceErrorCode?: number };
  const said = body.message ?? `HTTP ${res.status}`;
  if (res.status === 401) return { kind: "needs_reauth", message: `LinkedIn no longer accepts this connection's token while ${doing}.` };
  if (res.status === 429) {
    // Daily application and member limits reset at midnight UTC; shorter throttles are a wait.
    if (/DAY limit/i.test(said)) {
      return { kind: "refused", reason: `LinkedIn refused ${doing}: ${said}`, advice: "LinkedIn's daily limits reset at midnight UTC. Schedule the post for after that." };
    }
    const retry = Number.parseInt(res.headers.get("retry-after") ?? "", 10);
    return { kind: "transient", message: `LinkedIn is throttling ${doing}.`, ...(Number.isFinite(retry) ? { retryAfterSeconds: retry } : {}) };
  }
  if (res.status === 403 && /permission/i.test(said)) {
    return { kind: "needs_reauth", message: `LinkedIn says the app lacks a permission for ${doing} (${said}). Connect the account again.` };
  }
  if (res.status >= 500) return { kind: "transient", message: `LinkedIn had a temporary problem while ${doing} (${said}).` };
  return {
    kind: "refused",
    reason: `LinkedIn refused ${doing}: ${said}`,
    advice: /duplicate/i.test(said) ? "LinkedIn does not allow the same post twice; change the caption." : "Check the caption and the clip against LinkedIn's Professional Community Policies, then try again.",
  };
}

const reconnectBy = (expiresAt: number | undefined) =>
  expiresAt ? `LinkedIn gives this app no refresh token: the connection stops working on ${new Date(expiresAt).toISOString().slice(0, 10)}; connect it again before then.` : "LinkedIn gives this app no refresh token: connect the account again every 60 days.";

/**
 * LinkedIn gives a post's likes and comments (socialActions) and video views (videoAnalytics) only
 * to apps approved for its Community Management API, with r_member_social or
 * r_organization_social (https://learn.microsoft.com/linkedin/marketing/community-management/shares/social-actions-api,
 * .../community-management/members/video-analytics). This app posts as a member with
 * w_member_social (Share on LinkedIn), which cannot read them, so no numbers are read.
 */
const linkedinMetrics: PlatformMetrics = {
  offered: false,
  reason: "LinkedIn shares a post's views, likes and comments only with apps approved for its Community Management API (r_member_social); this app posts with w_member_social, which cannot read them.",
};

export const linkedin: Platform<LinkedInState> = {
  id: "linkedin",
  displayName: "LinkedIn",
  hosts: { www: "https://www.linkedin.com", api: "https://api.linkedin.com" },
  // LinkedIn offers PKCE to native clients only; a web app proves itself with its client secret.
  pkce: false,
  privacyOptions: ["public", "friends"],
  privacyRequired: false,
  hasTitle: true,
  limits: {
    minDurationSeconds: 3,
    maxDurationSeconds: 30 * 60,
    maxBytes: 500 * 1024 * 1024,
    captionMaxChars: POST_TEXT_LIMITS.linkedin.captionMaxChars,
    titleMaxChars: POST_TEXT_LIMITS.linkedin.titleMaxChars,
    dailyPosts: 150,
  },

  authorizeUrl(ctx, req) {
    const u = new URL(ctx.url("www", "/oauth/v2/authorization"));
    u.search = new URLSearchParams({ response_type: "code", client_id: ctx.clientId, redirect_uri: ctx.redirectUri, state: req.state, scope: SCOPES.join(" ") }).toString();
    return u.href;
  },

  async exchangeCode(ctx, { code }) {
    const tokens = await tokenRequest(ctx, tokenEndpoint(ctx), { grant_type: "authorization_code", code, redirect_uri: ctx.redirectUri });
    if (!tokens.ok) return tokens;
    const sent = await call(ctx, ctx.url("api", "/v2/userinfo"), { headers: { authorization: `Bearer ${tokens.value.accessToken}` } });
    if (!sent.ok) return sent;
    if (!sent.value.ok) return fail(await linkedinError(sent.value, "reading the member's profile"));
    const me = (await jsonOf(sent.value)) as { sub?: string; name?: string } | undefined;
    if (!me?.sub) return fail({ kind: "transient", message: "LinkedIn answered without the member's id." });
    if (tokens.value.scopes.length && !tokens.value.scopes.includes("w_member_social")) {
      return fail({ kind: "refused", reason: "LinkedIn did not grant w_member_social.", advice: "The operator's LinkedIn app needs the Share on LinkedIn product; then connect again." });
    }
    return ok({
      tokens: tokens.value,
      account: { id: me.sub, handle: me.name ?? me.sub, ...(tokens.value.refreshToken ? {} : { restriction: reconnectBy(tokens.value.expiresAt) }) },
    });
  },

  async refresh(ctx, tokens) {
    if (!tokens.refreshToken) return fail({ kind: "needs_reauth", message: reconnectBy(tokens.expiresAt) });
    const r = await tokenRequest(ctx, tokenEndpoint(ctx), { grant_type: "refresh_token", refresh_token: tokens.refreshToken }, tokens);
    // LinkedIn answers an expired or revoked refresh token with 400 invalid_request: the grant is gone.
    if (!r.ok && r.error.kind === "refused") return fail({ kind: "needs_reauth", message: `LinkedIn refused the refresh token (${r.error.reason}). Connect the account again.` });
    return r;
  },

  async revoke(ctx, tokens) {
    const body = new URLSearchParams({ client_id: ctx.clientId, client_secret: ctx.clientSecret, token: tokens.accessToken });
    const sent = await call(ctx, ctx.url("www", "/oauth/v2/revoke"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    if (!sent.ok) return sent;
    if (sent.value.ok) return ok(undefined);
    return fail(await linkedinError(sent.value, "revoking the token"));
  },

  checkLimits(video, post): LimitViolation[] {
    const out = commonLimitViolations(this.limits, "LinkedIn", video, post);
    if (video.sizeBytes < 75 * 1024) out.push({ field: "size", message: "LinkedIn needs video files of at least 75 KB." });
    const ratio = video.width / video.height;
    if (ratio < 1 / 2.4 || ratio > 2.4) out.push({ field: "aspect", message: `LinkedIn accepts aspect ratios from 1:2.4 to 2.4:1; this clip is ${video.width}x${video.height}.` });
    if (!VISIBILITY[post.privacy]) out.push({ field: "privacy", message: `LinkedIn posts are public or for connections; "${post.privacy}" is not offered.` });
    return out;
  },

  metrics: linkedinMetrics,

  publish: {
    start: () => ({ step: "initialize" }),

    irreversible: (s) => s.step === "post",

    async step(ctx, c) {
      const s = c.state;
      const json = { ...rest(c.tokens), "content-type": "application/json" };
      switch (s.step) {
        case "initialize": {
          const body = { initializeUploadRequest: { owner: `urn:li:person:${c.account.id}`, fileSizeBytes: c.video.sizeBytes, uploadCaptions: false, uploadThumbnail: false } };
          const sent = await call(ctx, ctx.url("api", "/rest/videos?action=initializeUpload"), { method: "POST", headers: json, body: JSON.stringify(body) });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await linkedinError(sent.value, "starting the video upload"));
          const value = ((await jsonOf(sent.value)) as { value?: { video?: string; uploadToken?: string; uploadInstructions?: { uploadUrl: string; firstByte: number; lastByte: number }[] } } | undefined)?.value;
          if (!value?.video || !value.uploadInstructions?.length) return fail({ kind: "transient", message: "LinkedIn started the upload without instructions." });
          const parts = value.uploadInstructions.map((p) => ({ url: p.uploadUrl, first: p.firstByte, last: p.lastByte }));
          return ok({ kind: "continue", phase: "uploading", state: { step: "upload", video: value.video, uploadToken: value.uploadToken ?? "", parts, etags: [] } });
        }
        case "upload": {
          // A part that failed is PUT again whole: each part URL keeps the last complete upload.
          const part = s.parts[s.etags.length]!;
          const bytes = await c.video.read(part.first, part.last - part.first + 1);
          const sent = await call(ctx, part.url, { method: "PUT", headers: { ...rest(c.tokens), "content-type": "application/octet-stream" }, body: bytes });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await linkedinError(sent.value, "uploading the video"));
          const etag = sent.value.headers.get("etag");
          if (!etag) return fail({ kind: "transient", message: "LinkedIn accepted a part without its ETag; it will be sent again." });
          const etags = [...s.etags, etag];
          const state: LinkedInState = etags.length === s.parts.length ? { step: "finalize", video: s.video, uploadToken: s.uploadToken, etags } : { ...s, etags };
          return ok({ kind: "continue", phase: "uploading", state });
        }
        case "finalize": {
          const body = { finalizeUploadRequest: { video: s.video, uploadToken: s.uploadToken, uploadedPartIds: s.etags } };
          const sent = await call(ctx, ctx.url("api", "/rest/videos?action=finalizeUpload"), { method: "POST", headers: json, body: JSON.stringify(body) });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await linkedinError(sent.value, "finishing the upload"));
          return ok({ kind: "continue", phase: "processing", state: { step: "processing", video: s.video, polls: 0 } });
        }
        case "processing": {
          const sent = await call(ctx, ctx.url("api", `/rest/videos/${encodeURIComponent(s.video)}`), { headers: rest(c.tokens) });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await linkedinError(sent.value, "reading the video's status"));
          const v = (await jsonOf(sent.value)) as { status?: string; processingFailureReason?: string } | undefined;
          if (v?.status === "AVAILABLE") return ok({ kind: "continue", phase: "processing", state: { step: "post", video: s.video } });
          if (v?.status === "PROCESSING_FAILED") {
            return fail({ kind: "refused", reason: `LinkedIn could not process the video${v.processingFailureReason ? `: ${v.processingFailureReason}` : "."}`, advice: "Re-render the clip and publish it again." });
          }
          // A post on a video that is not AVAILABLE is refused, so keep waiting, within bounds.
          if (s.polls >= MAX_PROCESSING_POLLS) return fail({ kind: "transient", message: "LinkedIn is still processing the video; it will be checked again." });
          return ok({ kind: "wait", phase: "processing", seconds: 10, state: { ...s, polls: s.polls + 1 } } satisfies StepOutcome<LinkedInState>);
        }
        case "post": {
          const body = {
            author: `urn:li:person:${c.account.id}`,
            commentary: littleText(c.post.caption),
            visibility: VISIBILITY[c.post.privacy] ?? "PUBLIC",
            distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
            content: { media: { id: s.video, ...(c.post.title ? { title: c.post.title } : {}) } },
            lifecycleState: "PUBLISHED",
            isReshareDisabledByAuthor: false,
          };
          const sent = await call(ctx, ctx.url("api", "/rest/posts"), { method: "POST", headers: json, body: JSON.stringify(body) }, true);
          if (!sent.ok) return sent;
          if (!sent.value.ok) {
            const e = await linkedinError(sent.value, "publishing the post");
            return fail(e.kind === "transient" && sent.value.status >= 500 ? { kind: "unknown_outcome", message: e.message } : e);
          }
          const urn = sent.value.headers.get("x-restli-id");
          if (!urn) return fail({ kind: "unknown_outcome", message: "LinkedIn accepted the post without returning its id." });
          return ok({ kind: "published", postId: urn, url: postUrl(urn) });
        }
      }
    },

    async reconcile(): Promise<Result<StepOutcome<LinkedInState>>> {
      // Reading a member's posts needs r_member_social, which LinkedIn grants to no self-serve app.
      return fail({ kind: "unknown_outcome", message: "LinkedIn gives this app no way to look the post up: check the profile's activity before publishing again." });
    },
  },
};
