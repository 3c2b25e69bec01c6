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
import { POST_TEXT_LIMITS } from "@katto/protocol";
import { fail, ok, type LimitViolation, type Platform, type PlatformContext, type PlatformError, type Result, type StepCall, type StepOutcome } from "./platform";
import { commonLimitViolations } from "./limits";
import { call, jsonOf } from "./http";
import { count, numbers, readMetaInsights, msToSeconds, type PlatformMetrics } from "./metrics";

export const FACEBOOK_GRAPH_VERSION = "v24.0";
/** Upload chunk: Reels and resumable uploads accept any size at an `offset`; 8 MiB keeps memory small. */
export const FACEBOOK_CHUNK_BYTES = 8 * 1024 * 1024;
const SCOPES = ["pages_show_list", "pages_read_engagement", "pages_manage_posts"];
/** Asked for but not required to connect: without it the posts' numbers say missing_permission. */
const INSIGHTS_SCOPES = ["read_insights"];
const REEL_MIN_SECONDS = 3;
const REEL_MAX_SECONDS = 90;
/** A Reel whose bytes are all up: its cover set first where the clip has one, then published. */
const uploaded = (c: StepCall<FacebookState>, videoId: string): FacebookState => (c.video.cover ? { step: "reel_thumb", videoId } : { step: "reel_finish", videoId });

/**
 * The clip's cover as the Reel's preferred thumbnail, before it is published. A refusal only leaves
 * Meta's own thumbnail (logged); transient answers are retried like any step.
 */
async function reelThumbnail(ctx: PlatformContext, c: StepCall<FacebookState>, videoId: string): Promise<Result<StepOutcome<FacebookState>>> {
  const next: StepOutcome<FacebookState> = { kind: "continue", phase: "uploading", state: { step: "reel_finish", videoId } };
  if (!c.video.cover) return ok(next);
  const form = new FormData();
  form.set("source", new Blob([await c.video.cover.read()], { type: c.video.cover.contentType }), "cover.jpg");
  form.set("is_preferred", "true");
  const sent = await call(ctx, ctx.url("graph", v(`/${encodeURIComponent(videoId)}/thumbnails`)), { method: "POST", headers: auth(c.tokens.accessToken), body: form });
  if (!sent.ok) return sent;
  if (!sent.value.ok) {
    const e = await graphError(sent.value, "setting the Reel's thumbnail");
    if (e.kind === "transient" || e.kind === "needs_reauth") return fail(e);
    console.log(JSON.stringify({ msg: "facebook thumbnail refused; Meta's own thumbnail stays", video_id: videoId, reason: e.kind === "refused" ? e.reason : e.message }));
  }
  return ok(next);
}

/** Status reads while Meta processes a published Reel (every 10 s, about 10 minutes). */
const MAX_PROCESSING_POLLS = 60;

export type FacebookState =
  | { step: "reel_start" }
  | { step: "reel_upload"; videoId: string; uploadUrl: string; offset: number }
  | { step: "reel_thumb"; videoId: string }
  | { step: "reel_finish"; videoId: string }
  | { step: "reel_processing"; videoId: string; polls: number }
  | { step: "video_start" }
  | { step: "video_upload"; session: string; offset: number }
  | { step: "video_publish"; handle: string }
  | { step: "video_processing"; videoId: string; polls: number };

const v = (path: string) => `/${FACEBOOK_GRAPH_VERSION}${path}`;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const isReel = (seconds: number) => seconds >= REEL_MIN_SECONDS && seconds <= REEL_MAX_SECONDS;

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; error_user_msg?: string; is_transient?: boolean };
  debug_info?: { retriable?: boolean; type?: string; message?: string };
}

/** Maps a Graph API (or rupload) error answer to a PlatformError. */
async function graphError(res: Response, doing: string): Promise<PlatformError> {
  const body = ((await jsonOf(res)) ?? {}) as GraphErrorBody;
  const e = body.error;
  const said = e?.error_user_msg ?? e?.message ?? body.debug_info?.message ?? `HTTP ${res.status}`;
  const code = e?.code;
  if (code === 190 || code === 102 || (res.status === 401 && !e)) {
    return { kind: "needs_reauth", message: `Facebook no longer accepts this connection's token while ${doing}. Connect the Page again.` };
  }
  if (code === 10 || (code !== undefined && code >= 200 && code < 300)) {
    return { kind: "needs_reauth", message: `Facebook says the app lacks a permission for ${doing} (${said}). Connect the Page again and grant every permission asked.` };
  }
  // The Reels daily cap: 30 API-published Reels per Page in a moving 24 h window.
  if (code === 4 && (e?.is_transient === false || /24-hour|per day|daily/i.test(said))) {
    return { kind: "refused", reason: `Facebook refused ${doing}: ${said}`, advice: "A Page may publish 30 Reels through the API in any 24 hours. Schedule this one for later." };
  }
  if (code === 4 || code === 17 || code === 32 || code === 613 || (code !== undefined && code >= 80000 && code <= 80014)) {
    return { kind: "transient", message: `Facebook is throttling requests (${said}).`, retryAfterSeconds: 300 };
  }
  if (code === 368) {
    return { kind: "refused", reason: `Facebook blocked ${doing} for a policy reason: ${said}`, advice: "Review Facebook's Community Standards for this clip; a blocked post is not retried." };
  }
  if (e?.is_transient || body.debug_info?.retriable || code === 1 || code === 2 || res.status >= 500 || res.status === 429) {
    return { kind: "transient", message: `Facebook had a temporary problem while ${doing} (${said}).` };
  }
  return { kind: "refused", reason: `Facebook refused ${doing}: ${said}`, advice: "Check the caption and that the Page can publish videos, then try again." };
}

/** Splits the stored refresh credential into the Page id and the long-lived user token. */
const splitRefresh = (refreshToken: string | undefined) => {
  const at = refreshToken?.indexOf(":") ?? -1;
  return at > 0 ? { pageId: refreshToken!.slice(0, at), userToken: refreshToken!.slice(at + 1) } : null;
};

async function exchangeUserToken(ctx: PlatformContext, params: Record<string, string>): Promise<Result<{ token: string; expiresIn?: number }>> {
  const u = new URL(ctx.url("graph", v("/oauth/access_token")));
  u.search = new URLSearchParams({ client_id: ctx.clientId, client_secret: ctx.clientSecret, ...params }).toString();
  const sent = await call(ctx, u.href, { method: "GET" });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await graphError(sent.value, "exchanging the login"));
  const body = (await jsonOf(sent.value)) as { access_token?: string; expires_in?: number } | undefined;
  if (!body?.access_token) return fail({ kind: "transient", message: "Facebook's token endpoint answered without a token." });
  return ok({ token: body.access_token, ...(body.expires_in ? { expiresIn: body.expires_in } : {}) });
}

/** Reads a Graph object's `status` (video_status and the three phases). */
async function videoStatus(ctx: PlatformContext, token: string, videoId: string) {
  const sent = await call(ctx, ctx.url("graph", v(`/${encodeURIComponent(videoId)}?fields=status`)), { headers: auth(token) });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await graphError(sent.value, "reading the video's status"));
  const body = (await jsonOf(sent.value)) as {
    status?: {
      video_status?: string;
      uploading_phase?: { status?: string; bytes_transferred?: number };
      processing_phase?: { status?: string; errors?: { code?: number; message?: string }[] };
      publishing_phase?: { status?: string; publish_status?: string };
    };
  } | undefined;
  return ok(body?.status ?? {});
}

const reelUrl = (videoId: string) => `https://www.facebook.com/reel/${videoId}`;
const videoUrl = (pageId: string, videoId: string) => `https://www.facebook.com/${pageId}/videos/${videoId}`;

/** One processing poll for a published Reel or Page video. */
async function processing(ctx: PlatformContext, c: StepCall<FacebookState>, s: { videoId: string; polls: number }, reel: boolean): Promise<Result<StepOutcome<FacebookState>>> {
  const st = await videoStatus(ctx, c.tokens.accessToken, s.videoId);
  if (!st.ok) return st;
  const live = { kind: "published" as const, postId: s.videoId, url: reel ? reelUrl(s.videoId) : videoUrl(c.account.id, s.videoId) };
  const phaseError = st.value.processing_phase?.errors?.[0]?.message;
  if (st.value.video_status === "error" || st.value.processing_phase?.status === "error") {
    return fail({ kind: "refused", reason: `Facebook could not process the video${phaseError ? `: ${phaseError}` : "."}`, advice: "Re-render the clip and publish it again." });
  }
  if (st.value.video_status === "ready" && (st.value.publishing_phase?.status ?? "complete") === "complete") return ok(live);
  const next: FacebookState = reel ? { step: "reel_processing", videoId: s.videoId, polls: s.polls + 1 } : { step: "video_processing", videoId: s.videoId, polls: s.polls + 1 };
  // Published and still processing after the window: the post exists on the Page; report it.
  return ok(s.polls >= MAX_PROCESSING_POLLS ? live : { kind: "wait", phase: "processing", seconds: 10, state: next });
}

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

    async step(ctx, c) {
      const s = c.state;
      const token = c.tokens.accessToken;
      const page = c.account.id;
      switch (s.step) {
        case "reel_start": {
          const sent = await call(ctx, ctx.url("graph", v(`/${encodeURIComponent(page)}/video_reels`)), { method: "POST", headers: { ...auth(token), "content-type": "application/json" }, body: JSON.stringify({ upload_phase: "start" }) });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await graphError(sent.value, "starting the Reel upload"));
          const body = (await jsonOf(sent.value)) as { video_id?: string; upload_url?: string } | undefined;
          if (!body?.video_id || !body.upload_url) return fail({ kind: "transient", message: "Facebook started the Reel upload without a video id." });
          return ok({ kind: "continue", phase: "uploading", state: { step: "reel_upload", videoId: body.video_id, uploadUrl: body.upload_url, offset: 0 } });
        }
        case "reel_upload": {
          // A retried chunk may have partly landed: read where the upload stands first.
          if (c.attempt > 0) {
            const st = await videoStatus(ctx, token, s.videoId);
            if (!st.ok) return st;
            const offset = st.value.uploading_phase?.bytes_transferred ?? 0;
            return ok({ kind: "continue", phase: "uploading", state: offset >= c.video.sizeBytes ? uploaded(c, s.videoId) : { ...s, offset } });
          }
          const end = Math.min(s.offset + FACEBOOK_CHUNK_BYTES, c.video.sizeBytes);
          const bytes = await c.video.read(s.offset, end - s.offset);
          const sent = await call(ctx, s.uploadUrl, { method: "POST", headers: { authorization: `OAuth ${token}`, offset: String(s.offset), file_size: String(c.video.sizeBytes), "content-type": "application/octet-stream" }, body: bytes });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await graphError(sent.value, "uploading the Reel"));
          return ok({ kind: "continue", phase: "uploading", state: end >= c.video.sizeBytes ? uploaded(c, s.videoId) : { ...s, offset: end } });
        }
        case "reel_thumb":
          return reelThumbnail(ctx, c, s.videoId);
        case "reel_finish": {
          const sent = await call(
            ctx,
            ctx.url("graph", v(`/${encodeURIComponent(page)}/video_reels`)),
            { method: "POST", headers: { ...auth(token), "content-type": "application/json" }, body: JSON.stringify({ upload_phase: "finish", video_id: s.videoId, video_state: "PUBLISHED", description: c.post.caption }) },
            true,
          );
          if (!sent.ok) return sent;
          if (!sent.value.ok) {
            const e = await graphError(sent.value, "publishing the Reel");
            // A 5xx may have been applied: only the video's status can tell (reconcile).
            return fail(e.kind === "transient" && sent.value.status >= 500 ? { kind: "unknown_outcome", message: e.message } : e);
          }
          return ok({ kind: "continue", phase: "processing", state: { step: "reel_processing", videoId: s.videoId, polls: 0 } });
        }
        case "reel_processing":
          return processing(ctx, c, s, true);
        case "video_start": {
          const u = new URL(ctx.url("graph", v(`/${encodeURIComponent(ctx.clientId)}/uploads`)));
          u.search = new URLSearchParams({ file_name: "clip.mp4", file_length: String(c.video.sizeBytes), file_type: c.video.contentType }).toString();
          const sent = await call(ctx, u.href, { method: "POST", headers: auth(token) });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await graphError(sent.value, "starting the video upload"));
          const body = (await jsonOf(sent.value)) as { id?: string } | undefined;
          if (!body?.id) return fail({ kind: "transient", message: "Facebook started the upload without a session id." });
          return ok({ kind: "continue", phase: "uploading", state: { step: "video_upload", session: body.id, offset: 0 } });
        }
        case "video_upload": {
          const target = ctx.url("graph", v(`/${s.session}`));
          if (c.attempt > 0) {
            const sent = await call(ctx, target, { headers: { authorization: `OAuth ${token}` } });
            if (!sent.ok) return sent;
            if (!sent.value.ok) return fail(await graphError(sent.value, "reading the upload's offset"));
            const body = (await jsonOf(sent.value)) as { file_offset?: number | string } | undefined;
            return ok({ kind: "continue", phase: "uploading", state: { ...s, offset: Number(body?.file_offset ?? 0) } });
          }
          const end = Math.min(s.offset + FACEBOOK_CHUNK_BYTES, c.video.sizeBytes);
          const bytes = await c.video.read(s.offset, end - s.offset);
          const sent = await call(ctx, target, { method: "POST", headers: { authorization: `OAuth ${token}`, file_offset: String(s.offset), "content-type": "application/octet-stream" }, body: bytes });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await graphError(sent.value, "uploading the video"));
          const body = (await jsonOf(sent.value)) as { h?: string; file_offset?: number | string } | undefined;
          if (body?.h) return ok({ kind: "continue", phase: "uploading", state: { step: "video_publish", handle: body.h } });
          return ok({ kind: "continue", phase: "uploading", state: { ...s, offset: Number(body?.file_offset ?? end) } });
        }
        case "video_publish": {
          const form = new URLSearchParams({ fbuploader_video_file_chunk: s.handle, description: c.post.caption, published: "true", ...(c.post.title ? { title: c.post.title } : {}) });
          const sent = await call(ctx, ctx.url("graph", v(`/${encodeURIComponent(page)}/videos`)), { method: "POST", headers: { ...auth(token), "content-type": "application/x-www-form-urlencoded" }, body: form }, true);
          if (!sent.ok) return sent;
          if (!sent.value.ok) {
            const e = await graphError(sent.value, "publishing the video");
            return fail(e.kind === "transient" && sent.value.status >= 500 ? { kind: "unknown_outcome", message: e.message } : e);
          }
          const body = (await jsonOf(sent.value)) as { id?: string } | undefined;
          if (!body?.id) return fail({ kind: "unknown_outcome", message: "Facebook accepted the video without returning its id." });
          return ok({ kind: "continue", phase: "processing", state: { step: "video_processing", videoId: body.id, polls: 0 } });
        }
        case "video_processing":
          return processing(ctx, c, s, false);
      }
    },

    async reconcile(ctx, c) {
      const s = c.state;
      if (s.step === "reel_finish") {
        const st = await videoStatus(ctx, c.tokens.accessToken, s.videoId);
        if (!st.ok) return st;
        const phase = st.value.publishing_phase?.status;
        if (phase && phase !== "not_started") return ok({ kind: "continue", phase: "processing", state: { step: "reel_processing", videoId: s.videoId, polls: 0 } });
        // The video object is still unpublished: `finish` did not take effect, and this video can only ever
        // become one Reel, so finishing it again cannot make a second post.
        if (phase === "not_started") return ok({ kind: "continue", phase: "uploading", state: s });
        return fail({ kind: "unknown_outcome", message: "Facebook did not say whether the Reel was published." });
      }
      return fail({ kind: "unknown_outcome", message: "Facebook gives no way to look up a Page video by its upload; check the Page's videos before publishing again." });
    },
  },
};

