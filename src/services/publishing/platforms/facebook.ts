// Facebook Page Reels (and Page videos for clips a Reel cannot hold) through the Graph API.
// Docs read for this adapter:
//  - Reels Publishing API: POST /{page-id}/video_reels upload_phase=start → {video_id, upload_url};
//    POST rupload.facebook.com/video-upload/{v}/{video-id} with `Authorization: OAuth`, `offset`, `file_size`;
//    GET /{video-id}?fields=status (uploading_phase.bytes_transferred, processing_phase, publishing_phase);
//    POST /{page-id}/video_reels upload_phase=finish video_state=PUBLISHED description=…; Reels are 9:16,
//    at least 540x960, 3 to 90 s; Pages publish Reels publicly only; 30 API-published Reels per Page per
//    moving 24 h: https://developers.facebook.com/docs/video-api/guides/reels-publishing
//  - Video thumbnails: POST /{video-id}/thumbnails with `source` (the image, multipart) and
//    is_preferred=true: https://developers.facebook.com/docs/graph-api/reference/video/thumbnails/
//  - Page videos: Resumable Upload API (POST /{app-id}/uploads → upload:<id>; POST /upload:<id> with
//    `file_offset`; GET /upload:<id> → file_offset to resume) then POST /{page-id}/videos with
//    fbuploader_video_file_chunk=<handle>: https://developers.facebook.com/docs/video-api/guides/publishing
//    and https://developers.facebook.com/docs/graph-api/guides/upload
//  - Facebook Login, manual flow (dialog/oauth, code → user token, fb_exchange_token → 60-day user token,
//    /me/accounts → Page tokens that do not expire, DELETE /me/permissions to revoke):
//    https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow and
//    https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
//  - Permissions pages_show_list, pages_read_engagement, pages_manage_posts (Reels guide "Before you start").
//  - Error codes (190 token, 4/17/32/613 throttling, 368 policy block, is_transient):
//    https://developers.facebook.com/docs/graph-api/guides/error-handling
// Postiz's Facebook provider (gitroomhq/postiz-app) maps "Error validating access token" to a reconnect and
// its users report Page tokens invalidated by password changes; Mixpost treats codes 4/17/32/613 as
// throttling. Both shaped the error mapping below.
//
// Tokens: the Page token is the access token (it does not expire); the refresh credential is
// "<page-id>:<long-lived user token>" so a Page token invalidated by Meta can be re-read for the same Page
// (fb_exchange_token, then /{page-id}?fields=access_token) without the core knowing about Pages.
//
// The anchor is the Reel's video_id, stored before the first byte. A video object becomes at most one
// Reel, and `finish` is the only call that publishes it: after a lost answer, the video's
// publishing_phase says whether it took effect. Page videos have no object before the publishing call,
// so a lost answer there is reported unconfirmed.
//
// Split by concern: the publishing steps in facebook-steps.ts, the Graph calls and error mapping in
// facebook-graph.ts, the Reel cover in facebook-cover.ts.
import { POST_TEXT_LIMITS } from "@katto/protocol";
import { fail, ok, type LimitViolation, type Platform } from "./platform";
import { commonLimitViolations } from "./limits";
import { call, jsonOf } from "./http";
import { count, numbers, readMetaInsights, msToSeconds, type PlatformMetrics } from "./metrics";
import { auth, exchangeUserToken, graphError, splitRefresh, v } from "./facebook-graph";
import { facebookReconcile, facebookStep, type FacebookState } from "./facebook-steps";

export { FACEBOOK_GRAPH_VERSION } from "./facebook-graph";
export { FACEBOOK_CHUNK_BYTES, type FacebookState } from "./facebook-steps";

const SCOPES = ["pages_show_list", "pages_read_engagement", "pages_manage_posts"];
/** Asked for but not required to connect: without it the posts' numbers say missing_permission. */
const INSIGHTS_SCOPES = ["read_insights"];
const REEL_MIN_SECONDS = 3;
const REEL_MAX_SECONDS = 90;
const isReel = (seconds: number) => seconds >= REEL_MIN_SECONDS && seconds <= REEL_MAX_SECONDS;

/**
 * Video insights (https://developers.facebook.com/docs/graph-api/reference/video/video_insights/):
 * GET /{video-id}/video_insights?metric=total_video_views,total_video_avg_time_watched (ms),
 * total_video_stories_by_action_type ({like, comment, share}); Page token with read_insights.
 */
const facebookMetrics: PlatformMetrics = {
  offered: true,
  read: (ctx, req) => {
    const u = new URL(ctx.url("graph", v(`/${req.postId}/video_insights`)));
    u.searchParams.set("metric", "total_video_views,total_video_avg_time_watched,total_video_stories_by_action_type");
    return readMetaInsights(ctx, "Facebook", u.href, { headers: auth(req.tokens.accessToken) }, "read_insights", (x) => {
      const actions = (x.total_video_stories_by_action_type ?? {}) as Record<string, unknown>;
      return numbers({ views: count(x.total_video_views), likes: count(actions.like), comments: count(actions.comment), shares: count(actions.share), avg_watch_time_s: msToSeconds(x.total_video_avg_time_watched) });
    });
  },
};

export const facebook: Platform<FacebookState> = {
  id: "facebook",
  displayName: "Facebook Page",
  hosts: { www: "https://www.facebook.com", graph: "https://graph.facebook.com" },
  pkce: false,
  // "Publishing to a Page has implicit public scope, and only the 'Public' option should be available."
  privacyOptions: ["public"],
  privacyRequired: false,
  hasTitle: false,
  limits: {
    minDurationSeconds: 1,
    // Longer than a Reel goes out as a Page video (Meta's Page video limits: 240 minutes, 10 GB).
    maxDurationSeconds: 240 * 60,
    maxBytes: 10 * 1024 ** 3,
    captionMaxChars: POST_TEXT_LIMITS.facebook.captionMaxChars,
    dailyPosts: 30,
  },

  authorizeUrl(ctx, req) {
    const u = new URL(ctx.url("www", v("/dialog/oauth")));
    u.search = new URLSearchParams({ client_id: ctx.clientId, redirect_uri: ctx.redirectUri, state: req.state, response_type: "code", scope: [...SCOPES, ...INSIGHTS_SCOPES].join(",") }).toString();
    return u.href;
  },

  async exchangeCode(ctx, { code }) {
    const short = await exchangeUserToken(ctx, { redirect_uri: ctx.redirectUri, code });
    if (!short.ok) return short;
    const long = await exchangeUserToken(ctx, { grant_type: "fb_exchange_token", fb_exchange_token: short.value.token });
    if (!long.ok) return long;
    const granted = await call(ctx, ctx.url("graph", v("/me/permissions")), { headers: auth(long.value.token) });
    if (!granted.ok) return granted;
    if (!granted.value.ok) return fail(await graphError(granted.value, "reading the granted permissions"));
    const perms = ((await jsonOf(granted.value)) as { data?: { permission: string; status: string }[] } | undefined)?.data ?? [];
    const scopes = perms.filter((p) => p.status === "granted").map((p) => p.permission);
    const missing = SCOPES.filter((s) => !scopes.includes(s));
    if (missing.length) return fail({ kind: "refused", reason: `Facebook did not grant ${missing.join(", ")}.`, advice: "Connect again and leave every requested permission switched on." });
    const pages = await call(ctx, ctx.url("graph", v("/me/accounts?fields=id,name,access_token,tasks")), { headers: auth(long.value.token) });
    if (!pages.ok) return pages;
    if (!pages.value.ok) return fail(await graphError(pages.value, "listing the Pages"));
    const list = ((await jsonOf(pages.value)) as { data?: { id: string; name: string; access_token: string; tasks?: string[] }[] } | undefined)?.data ?? [];
    const page = list.find((p) => p.tasks?.includes("CREATE_CONTENT") ?? true);
    if (!page) return fail({ kind: "refused", reason: "This Facebook account manages no Page it can post to.", advice: "Reels publish to Pages only: create a Page or ask for the Create content task on one, then connect again." });
    return ok({
      // A Page token derived from a long-lived user token has no expiry; no expiresAt.
      tokens: { accessToken: page.access_token, refreshToken: `${page.id}:${long.value.token}`, scopes },
      account: {
        id: page.id,
        handle: page.name,
        ...(list.length > 1 ? { restriction: `Posting to "${page.name}", the first of ${list.length} Pages this login manages.` } : {}),
      },
    });
  },

  async refresh(ctx, tokens) {
    const cred = splitRefresh(tokens.refreshToken);
    if (!cred) return fail({ kind: "needs_reauth", message: "Facebook gave no way to renew this Page token. Connect the Page again." });
    const user = await exchangeUserToken(ctx, { grant_type: "fb_exchange_token", fb_exchange_token: cred.userToken });
    if (!user.ok) return user;
    const sent = await call(ctx, ctx.url("graph", v(`/${encodeURIComponent(cred.pageId)}?fields=access_token`)), { headers: auth(user.value.token) });
    if (!sent.ok) return sent;
    if (!sent.value.ok) return fail(await graphError(sent.value, "renewing the Page token"));
    const body = (await jsonOf(sent.value)) as { access_token?: string } | undefined;
    if (!body?.access_token) return fail({ kind: "needs_reauth", message: "This login no longer manages the Page. Connect the Page again." });
    return ok({ accessToken: body.access_token, refreshToken: `${cred.pageId}:${user.value.token}`, scopes: tokens.scopes });
  },

  async revoke(ctx, tokens) {
    const cred = splitRefresh(tokens.refreshToken);
    const sent = await call(ctx, ctx.url("graph", v("/me/permissions")), { method: "DELETE", headers: auth(cred?.userToken ?? tokens.accessToken) });
    if (!sent.ok) return sent;
    if (sent.value.ok) return ok(undefined);
    const e = await graphError(sent.value, "revoking the app");
    // An already invalid token means the grant is gone already.
    return e.kind === "needs_reauth" ? ok(undefined) : fail(e);
  },

  checkLimits(video, post): LimitViolation[] {
    const out = commonLimitViolations(this.limits, "Facebook", video, post);
    if (!this.privacyOptions.includes(post.privacy)) out.push({ field: "privacy", message: "Posts to a Facebook Page are public; choose public." });
    if (isReel(video.durationSeconds)) {
      const ratio = video.width / video.height;
      if (Math.abs(ratio - 9 / 16) > 0.01) out.push({ field: "aspect", message: `Facebook Reels are 9:16; this clip is ${video.width}x${video.height}.` });
      if (video.width < 540 || video.height < 960) out.push({ field: "dimensions", message: `Facebook Reels need at least 540x960; this clip is ${video.width}x${video.height}.` });
    }
    return out;
  },

  metrics: facebookMetrics,

  publish: {
    // 3 to 90 s is a Reel; anything else goes out as a Page video.
    start: ({ video }) => (isReel(video.durationSeconds) ? { step: "reel_start" } : { step: "video_start" }),

    irreversible: (s) => s.step === "reel_finish" || s.step === "video_publish",

    step: facebookStep,

    reconcile: facebookReconcile,
  },
};
