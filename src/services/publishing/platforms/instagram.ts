// Instagram Reels through the Instagram API with Instagram Login (graph.instagram.com).
// Docs read for this adapter:
//  - Business Login for Instagram (authorize at www.instagram.com/oauth/authorize with
//    instagram_business_basic + instagram_business_content_publish and state; code exchange at
//    api.instagram.com/oauth/access_token gives a short-lived token, exchanged for a 60-day one with
//    grant_type=ig_exchange_token; refresh_access_token with ig_refresh_token renews a long-lived token;
//    there is no revocation endpoint): https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login
//  - Content publishing (media_type=REELS container from a public video_url that Meta cURLs, status_code
//    IN_PROGRESS | FINISHED | ERROR | EXPIRED | PUBLISHED, then media_publish with creation_id; 100
//    API-published posts per 24 h read from content_publishing_limit):
//    https://developers.facebook.com/docs/instagram-platform/content-publishing/
//  - IG Container reference (status_code values, a container expires after 24 h):
//    https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-container
//  - IG User media / media_publish / content_publishing_limit references and the Reels specs (3 s to 15 min,
//    up to 300 MB, caption 2,200 characters, 30 hashtags):
//    https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media
//  - Graph API errors (code 190 expired or invalid token; 4, 17, 32, 613 rate limits; is_transient):
//    https://developers.facebook.com/docs/graph-api/guides/error-handling
//
// The anchor is the media container id, stored right after it is created (a container is not a post:
// creating another is harmless). media_publish is the irreversible step; if its answer is lost, the
// container's status_code says PUBLISHED or not, and the account's recent media give the post's id.
import { POST_TEXT_LIMITS } from "@katto/protocol";
import { fail, ok, type LimitViolation, type Platform, type PlatformContext, type PlatformError, type Result, type StepCall, type StepOutcome, type TokenSet } from "./platform";
import { commonLimitViolations } from "./limits";
import { call, httpError, jsonOf } from "./http";
import { count, numbers, readMetaInsights, msToSeconds, type PlatformMetrics } from "./metrics";

const GRAPH_VERSION = "v23.0";
// instagram_business_manage_insights: reading each Reel's views, likes, ... back (media insights).
const SCOPES = ["instagram_business_basic", "instagram_business_content_publish", "instagram_business_manage_insights"];
const MAX_STATUS_POLLS = 60;

export type InstagramState =
  | { step: "check_quota" }
  | { step: "create_container" }
  | { step: "wait_container"; containerId: string; polls: number }
  | { step: "publish"; containerId: string }
  | { step: "permalink"; containerId: string; mediaId: string };

type GraphError = { error?: { message?: string; type?: string; code?: number; error_subcode?: number; is_transient?: boolean; error_user_msg?: string } };

function graphError(status: number, body: GraphError | undefined, doing: string): PlatformError {
  const e = body?.error;
  const said = e?.error_user_msg ?? e?.message;
  const what = `Instagram refused ${doing}${said ? `: ${said}` : ""}`;
  if (e?.code === 190 || status === 401) return { kind: "needs_reauth", message: `Instagram no longer accepts the access token (${e?.message ?? status}).` };
  if (e?.code !== undefined && [4, 17, 32, 613].includes(e.code)) return { kind: "transient", message: `Instagram rate limit while ${doing}`, retryAfterSeconds: 300 };
  if (e?.code === 9 && e.error_subcode === 2207042) return { kind: "refused", reason: `${what} (the account reached Instagram's limit of API-published posts for 24 hours).`, advice: "Schedule the post for tomorrow." };
  if (e?.is_transient || status >= 500) return { kind: "transient", message: what };
  if (e?.code === 10 || e?.code === 200) return { kind: "refused", reason: `${what} (the app lacks a permission).`, advice: "Connect the account again and grant content publishing; the account must be a professional (business or creator) account." };
  return status === 429 ? httpError(429, what) : { kind: "refused", reason: what, advice: "Check the caption and the clip against Instagram's Reels rules, then publish again." };
}

const graph = (ctx: PlatformContext, path: string, params: Record<string, string>) => {
  const u = new URL(ctx.url("graph", `/${GRAPH_VERSION}${path}`));
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.href;
};

async function graphCall<T>(ctx: PlatformContext, url: string, init: RequestInit, doing: string, mayHavePublished = false): Promise<Result<T>> {
  const sent = await call(ctx, url, init, mayHavePublished);
  if (!sent.ok) return sent;
  const body = (await jsonOf(sent.value)) as (T & GraphError) | undefined;
  if (!sent.value.ok || body?.error) {
    const err = graphError(sent.value.status, body, doing);
    return fail(mayHavePublished && err.kind === "transient" ? { kind: "unknown_outcome", message: err.kind === "transient" ? err.message : doing } : err);
  }
  return ok(body as T);
}

const tokenQuery = (t: TokenSet) => ({ access_token: t.accessToken });

/** Long-lived tokens renew themselves (ig_refresh_token): the token is its own refresh credential. */
function longLived(now: number, accessToken: string, expiresIn: number | undefined, scopes: string[]): TokenSet {
  return { accessToken, refreshToken: accessToken, ...(expiresIn ? { expiresAt: now + expiresIn * 1000 } : {}), scopes };
}

async function containerStatus(ctx: PlatformContext, c: StepCall<InstagramState>, containerId: string) {
  return graphCall<{ status_code?: string; status?: string }>(ctx, graph(ctx, `/${containerId}`, { fields: "status_code,status", ...tokenQuery(c.tokens) }), {}, "reading the container's status");
}

/** After a lost media_publish answer: the container says whether it was published; recent media give the id. */
async function findPublished(ctx: PlatformContext, c: StepCall<InstagramState>, containerId: string): Promise<Result<StepOutcome<InstagramState>>> {
  const st = await containerStatus(ctx, c, containerId);
  if (!st.ok) return st;
  if (st.value.status_code === "FINISHED") return ok({ kind: "continue", phase: "processing", state: { step: "publish", containerId } });
  if (st.value.status_code !== "PUBLISHED") return fail({ kind: "unknown_outcome", message: `Instagram reports the container as ${st.value.status_code ?? "unknown"} after the publish call.` });
  const recent = await graphCall<{ data?: { id: string; caption?: string; permalink?: string }[] }>(ctx, graph(ctx, `/${c.account.id}/media`, { fields: "id,caption,permalink,timestamp", limit: "10", ...tokenQuery(c.tokens) }), {}, "reading recent media");
  if (!recent.ok) return recent;
  const mine = recent.value.data?.find((m) => (m.caption ?? "") === c.post.caption);
  if (mine) return ok({ kind: "published", postId: mine.id, url: mine.permalink ?? `https://www.instagram.com/${c.account.handle.replace(/^@/, "")}/` });
  return ok({ kind: "published", postId: containerId, url: `https://www.instagram.com/${c.account.handle.replace(/^@/, "")}/` });
}

/**
 * Media insights (https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights):
 * GET /{media-id}/insights?metric=views,likes,comments,shares,saved,ig_reels_avg_watch_time (ms),
 * permission instagram_business_manage_insights. Throttling follows Meta's usage headers.
 */
const instagramMetrics: PlatformMetrics = {
  offered: true,
  read: (ctx, req) =>
    readMetaInsights(ctx, "Instagram", graph(ctx, `/${req.postId}/insights`, { metric: "views,likes,comments,shares,saved,ig_reels_avg_watch_time", ...tokenQuery(req.tokens) }), {}, "instagram_business_manage_insights", (v) =>
      numbers({ views: count(v.views), likes: count(v.likes), comments: count(v.comments), shares: count(v.shares), avg_watch_time_s: msToSeconds(v.ig_reels_avg_watch_time) }),
    ),
};

export const instagram: Platform<InstagramState> = {
  id: "instagram",
  displayName: "Instagram Reels",
  hosts: { www: "https://www.instagram.com", api: "https://api.instagram.com", graph: "https://graph.instagram.com" },
  pkce: false,
  privacyOptions: ["public"],
  privacyRequired: false,
  hasTitle: false,
  limits: { minDurationSeconds: 3, maxDurationSeconds: 900, maxBytes: 300 * 1024 * 1024, captionMaxChars: POST_TEXT_LIMITS.instagram.captionMaxChars, maxHashtags: POST_TEXT_LIMITS.instagram.maxHashtags, dailyPosts: 100 },

  authorizeUrl(ctx, req) {
    const u = new URL(ctx.url("www", "/oauth/authorize"));
    u.search = new URLSearchParams({ client_id: ctx.clientId, redirect_uri: ctx.redirectUri, response_type: "code", scope: SCOPES.join(","), state: req.state }).toString();
    return u.href;
  },

  async exchangeCode(ctx, { code }) {
    const sent = await call(ctx, ctx.url("api", "/oauth/access_token"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ client_id: ctx.clientId, client_secret: ctx.clientSecret, grant_type: "authorization_code", redirect_uri: ctx.redirectUri, code }) });
    if (!sent.ok) return sent;
    const raw = (await jsonOf(sent.value)) as ({ access_token?: string; user_id?: string | number; permissions?: string | string[] } & { data?: { access_token?: string; user_id?: string | number; permissions?: string | string[] }[] } & GraphError & { error_type?: string; error_message?: string }) | undefined;
    const short = raw?.data?.[0] ?? raw;
    if (!sent.value.ok || !short?.access_token) {
      return fail(raw?.error_type === "OAuthException" || sent.value.status === 400 ? { kind: "needs_reauth", message: `Instagram refused the authorization code (${raw?.error_message ?? raw?.error?.message ?? sent.value.status}).` } : graphError(sent.value.status, raw, "the code exchange"));
    }
    const scopes = Array.isArray(short.permissions) ? short.permissions : (short.permissions ?? "").split(",").filter(Boolean);
    const long = await graphCall<{ access_token?: string; expires_in?: number }>(ctx, new URL(`/access_token?${new URLSearchParams({ grant_type: "ig_exchange_token", client_secret: ctx.clientSecret, access_token: short.access_token })}`, ctx.url("graph", "/")).href, {}, "the long-lived token exchange");
    if (!long.ok) return long;
    if (!long.value.access_token) return fail({ kind: "transient", message: "Instagram's token exchange gave no token." });
    const tokens = longLived(ctx.now(), long.value.access_token, long.value.expires_in, scopes);
    const me = await graphCall<{ user_id?: string; id?: string; username?: string; account_type?: string }>(ctx, graph(ctx, "/me", { fields: "user_id,username,account_type", ...tokenQuery(tokens) }), {}, "reading the account");
    if (!me.ok) return me;
    const id = me.value.user_id ?? me.value.id ?? String(short.user_id ?? "");
    return ok({ tokens, account: { id, handle: me.value.username ? `@${me.value.username}` : id } });
  },

  async refresh(ctx, tokens) {
    const r = await graphCall<{ access_token?: string; expires_in?: number }>(ctx, new URL(`/refresh_access_token?${new URLSearchParams({ grant_type: "ig_refresh_token", access_token: tokens.accessToken })}`, ctx.url("graph", "/")).href, {}, "the token refresh");
    if (!r.ok) return r.error.kind === "refused" ? fail({ kind: "needs_reauth", message: r.error.reason }) : r;
    if (!r.value.access_token) return fail({ kind: "transient", message: "Instagram's refresh gave no token." });
    return ok(longLived(ctx.now(), r.value.access_token, r.value.expires_in, tokens.scopes));
  },

  checkLimits(video, post): LimitViolation[] {
    const out = commonLimitViolations(this.limits, "Instagram Reels", video, post);
    const ratio = video.width / video.height;
    if (ratio < 0.01 || ratio > 10) out.push({ field: "aspect", message: "Instagram Reels accept aspect ratios from 0.01:1 to 10:1." });
    if ((post.caption.match(/(^|\s)@\w/g)?.length ?? 0) > 20) out.push({ field: "caption", message: "Instagram allows at most 20 @-mentions in a caption." });
    if (post.privacy !== "public") out.push({ field: "privacy", message: "Instagram Reels published through the API are public." });
    return out;
  },

  metrics: instagramMetrics,

  publish: {
    start: () => ({ step: "check_quota" }),

    irreversible: (s) => s.step === "publish",

    async step(ctx, c) {
      const s = c.state;
      switch (s.step) {
        case "check_quota": {
          const r = await graphCall<{ data?: { quota_usage?: number; config?: { quota_total?: number } }[] }>(ctx, graph(ctx, `/${c.account.id}/content_publishing_limit`, { fields: "quota_usage,config", ...tokenQuery(c.tokens) }), {}, "reading the publishing limit");
          if (!r.ok) return r;
          const q = r.value.data?.[0];
          if (q?.config?.quota_total !== undefined && (q.quota_usage ?? 0) >= q.config.quota_total) {
            return fail({ kind: "refused", reason: `This Instagram account used its ${q.config.quota_total} API-published posts for the last 24 hours.`, advice: "Schedule the post for later." });
          }
          return ok({ kind: "continue", phase: "uploading", state: { step: "create_container" } });
        }
        case "create_container": {
          // cover_url: the clip's cover (a JPEG Meta cURLs like the video), shown on the profile grid and in the feed
          const body = new URLSearchParams({ media_type: "REELS", video_url: c.video.publicUrl, caption: c.post.caption, share_to_feed: "true", ...(c.video.cover ? { cover_url: c.video.cover.publicUrl } : {}) });
          const r = await graphCall<{ id?: string }>(ctx, graph(ctx, `/${c.account.id}/media`, tokenQuery(c.tokens)), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }, "creating the Reels container");
          if (!r.ok) return r;
          if (!r.value.id) return fail({ kind: "transient", message: "Instagram created no container id." });
          return ok({ kind: "continue", phase: "processing", state: { step: "wait_container", containerId: r.value.id, polls: 0 } });
        }
        case "wait_container": {
          const st = await containerStatus(ctx, c, s.containerId);
          if (!st.ok) return st;
          switch (st.value.status_code) {
            case "FINISHED":
              return ok({ kind: "continue", phase: "processing", state: { step: "publish", containerId: s.containerId } });
            case "PUBLISHED":
              return findPublished(ctx, c, s.containerId);
            case "ERROR":
              return fail({ kind: "refused", reason: `Instagram could not process the video (${st.value.status ?? "no reason given"}).`, advice: "Check the clip against Instagram's Reels specs (H.264, 3 s-15 min, up to 300 MB), re-render if needed, and publish again." });
            case "EXPIRED":
              // Nothing was posted from it; a new container is safe.
              return ok({ kind: "continue", phase: "uploading", state: { step: "create_container" } });
            default:
              if (s.polls >= MAX_STATUS_POLLS) return fail({ kind: "refused", reason: "Instagram kept processing the video for too long.", advice: "Publish again later." });
              return ok({ kind: "wait", phase: "processing", seconds: s.polls < 3 ? 5 : 30, state: { ...s, polls: s.polls + 1 } });
          }
        }
        case "publish": {
          const r = await graphCall<{ id?: string }>(ctx, graph(ctx, `/${c.account.id}/media_publish`, { creation_id: s.containerId, ...tokenQuery(c.tokens) }), { method: "POST" }, "publishing the Reel", true);
          if (!r.ok) return r;
          if (!r.value.id) return fail({ kind: "unknown_outcome", message: "Instagram's publish answer had no media id." });
          return ok({ kind: "continue", phase: "processing", state: { step: "permalink", containerId: s.containerId, mediaId: r.value.id } });
        }
        case "permalink": {
          const r = await graphCall<{ permalink?: string }>(ctx, graph(ctx, `/${s.mediaId}`, { fields: "permalink", ...tokenQuery(c.tokens) }), {}, "reading the Reel's link");
          if (!r.ok) return r;
          return ok({ kind: "published", postId: s.mediaId, url: r.value.permalink ?? `https://www.instagram.com/${c.account.handle.replace(/^@/, "")}/` });
        }
      }
    },

    async reconcile(ctx, c) {
      const s = c.state;
      if (s.step !== "publish") return fail({ kind: "unknown_outcome", message: "Nothing to reconcile at this step." });
      return findPublished(ctx, c, s.containerId);
    },
  },
};
