// Threads video posts through the Threads API (graph.threads.net).
// Docs read for this adapter:
//  - Get started / long-lived tokens (threads.net/oauth/authorize; POST /oauth/access_token → short-lived
//    token and user_id; GET /access_token grant_type=th_exchange_token → 60-day token; GET
//    /refresh_access_token grant_type=th_refresh_token on a token at least 24 h old and unexpired; scopes
//    threads_basic, threads_content_publish): https://developers.facebook.com/docs/threads/get-started and
//    https://developers.facebook.com/docs/threads/get-started/long-lived-tokens
//  - Posts (POST /{user-id}/threads media_type=VIDEO video_url text → container id; Threads fetches the video
//    from the public URL; POST /{user-id}/threads_publish creation_id → media id; text up to 500 characters,
//    emoji counted as their UTF-8 bytes; at most 5 links): https://developers.facebook.com/docs/threads/posts
//  - Container status (GET /{container-id}?fields=status,error_message → EXPIRED | ERROR | FINISHED |
//    IN_PROGRESS | PUBLISHED; error_message FAILED_DOWNLOADING_VIDEO, FAILED_PROCESSING_VIDEO,
//    INVALID_ASPEC_RATIO, INVALID_DURATION, …; "if threads_publish does not return the media id, read the
//    container's status"): https://developers.facebook.com/docs/threads/troubleshooting
//  - Rate limits (250 API-published posts per profile per moving 24 h, enforced on threads_publish; GET
//    /{user-id}/threads_publishing_limit → quota_usage, config.quota_total):
//    https://developers.facebook.com/docs/threads/overview#rate-limiting
//  - Media specifications (MP4/MOV H.264 or HEVC, AAC, 23-60 fps, at most 1920 px wide, aspect 0.01:1 to
//    10:1, up to 5 minutes and 1 GB): https://developers.facebook.com/docs/threads/overview#video-specifications
//  - One topic tag (hashtag) per post: https://developers.facebook.com/docs/threads/create-posts/topic-tags
// Postiz's Threads provider (gitroomhq/postiz-app) polls the container (bounded) before publishing, maps
// "The media could not be fetched from this URI" and subcode 2207051 ("We restrict certain activity to
// protect our community"), and treats "Error validating access token" as a reconnect.
//
// Threads has no upload protocol: it pulls the clip from `video.publicUrl`. A download that breaks
// (FAILED_DOWNLOADING_VIDEO) is met with a new container; the old one was never published. The anchor is
// the container id, stored before its status is read; threads_publish is the irreversible step and the
// container's own status (PUBLISHED or FINISHED) reconciles a lost answer. The long-lived token refreshes
// itself, so it is also stored as the refresh credential.
import { POST_TEXT_LIMITS } from "@katto/protocol";
import { fail, ok, type LimitViolation, type Platform, type PlatformContext, type PlatformError, type Result, type StepCall, type StepOutcome, type TokenSet } from "./platform";
import { commonLimitViolations } from "./limits";
import { call, jsonOf } from "./http";
import { count, numbers, readMetaInsights, sumOf, type PlatformMetrics } from "./metrics";

const API = "/v1.0";
// threads_manage_insights: reading each post's views, likes, replies, reposts, quotes and shares back.
const SCOPES = ["threads_basic", "threads_content_publish", "threads_manage_insights"];
/**
 * Status reads while Threads fetches and processes the clip: the first 10 s after the container, then
 * every 20 s for about 10 minutes. Threads suggests publishing about 30 s after creating a container;
 * reading the status instead of sleeping publishes as soon as it reads FINISHED.
 */
const FIRST_READ_SECONDS = 10;
const READ_EVERY_SECONDS = 20;
const MAX_PROCESSING_POLLS = 30;
/** New containers after a failed download before giving up. */
const MAX_DOWNLOADS = 3;

export type ThreadsState =
  | { step: "create"; downloads: number }
  | { step: "status"; container: string; polls: number; downloads: number }
  | { step: "quota"; container: string }
  | { step: "publish"; container: string }
  | { step: "permalink"; container: string; media: string };

/** Threads' text length: characters, except emoji, which count as their UTF-8 bytes. */
export function threadsLength(text: string): number {
  let n = 0;
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)) {
    n += /\p{Extended_Pictographic}/u.test(segment) ? new TextEncoder().encode(segment).length : 1;
  }
  return n;
}

interface GraphErrorBody { error?: { message?: string; code?: number; error_subcode?: number; error_user_msg?: string; is_transient?: boolean } }

/** Maps a Threads Graph error answer to a PlatformError. */
async function threadsError(res: Response, doing: string): Promise<PlatformError> {
  const e = (((await jsonOf(res)) ?? {}) as GraphErrorBody).error;
  const said = e?.error_user_msg ?? e?.message ?? `HTTP ${res.status}`;
  const code = e?.code;
  if (code === 190 || (res.status === 401 && !e)) return { kind: "needs_reauth", message: `Threads no longer accepts this connection's token while ${doing}. Connect the account again.` };
  if (code === 10 && e?.error_subcode !== 2207051) return { kind: "needs_reauth", message: `Threads says the app lacks a permission for ${doing} (${said}). Connect again and allow publishing.` };
  // The publishing cap (250 posts per 24 h) is enforced on threads_publish.
  if (e?.error_subcode === 2207042 || (code === 9 && /24 ?h|maximum number of posts/i.test(said))) {
    return { kind: "refused", reason: `Threads refused ${doing}: ${said}`, advice: "A profile may publish 250 posts through the API in any 24 hours. Schedule this one for later." };
  }
  if (e?.error_subcode === 2207051) return { kind: "refused", reason: `Threads blocked ${doing}: ${said}`, advice: "Threads restricts this activity for policy reasons; review the post, and appeal in the Threads app if it is a mistake." };
  if (code === 4 || code === 17 || code === 32 || code === 613 || res.status === 429) return { kind: "transient", message: `Threads is throttling requests (${said}).`, retryAfterSeconds: 300 };
  if (e?.is_transient || code === 1 || code === 2 || res.status >= 500) return { kind: "transient", message: `Threads had a temporary problem while ${doing} (${said}).` };
  return { kind: "refused", reason: `Threads refused ${doing}: ${said}`, advice: "Check the caption and the clip, then try again." };
}

/** What the container's error_message means for the person publishing. */
const CONTAINER_ADVICE: Record<string, string> = {
  FAILED_PROCESSING_VIDEO: "Re-render the clip (H.264/AAC MP4) and publish it again.",
  FAILED_PROCESSING_AUDIO: "Re-render the clip with AAC audio and publish it again.",
  INVALID_ASPEC_RATIO: "Threads accepts aspect ratios from 0.01:1 to 10:1; publish a 9:16 rendition.",
  INVALID_BIT_RATE: "Re-render the clip at a lower bitrate (Threads accepts up to 25 Mbps).",
  INVALID_DURATION: "Threads accepts videos up to 5 minutes; trim the clip.",
  INVALID_FRAME_RATE: "Threads accepts 23 to 60 frames per second; re-render the clip.",
  INVALID_AUDIO_CHANNELS: "Threads accepts mono or stereo audio; re-render the clip.",
  INVALID_AUDIO_CHANNEL_LAYOUT: "Threads accepts mono or stereo audio; re-render the clip.",
};

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}` });

async function graphGet(ctx: PlatformContext, c: StepCall<ThreadsState>, path: string, doing: string): Promise<Result<Record<string, unknown>>> {
  const sent = await call(ctx, ctx.url("graph", `${API}${path}`), { headers: auth(c.tokens) });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await threadsError(sent.value, doing));
  return ok(((await jsonOf(sent.value)) ?? {}) as Record<string, unknown>);
}

/** Exchanges or refreshes a token through one of Threads' GET token endpoints. */
async function tokenGet(ctx: PlatformContext, path: string, params: Record<string, string>, doing: string): Promise<Result<TokenSet>> {
  const u = new URL(ctx.url("graph", path));
  u.search = new URLSearchParams(params).toString();
  const sent = await call(ctx, u.href, { method: "GET" });
  if (!sent.ok) return sent;
  if (!sent.value.ok) {
    const e = await threadsError(sent.value, doing);
    return fail(e.kind === "refused" ? { kind: "needs_reauth", message: `Threads refused ${doing} (${e.reason}). Connect the account again.` } : e);
  }
  const body = (await jsonOf(sent.value)) as { access_token?: string; expires_in?: number } | undefined;
  if (!body?.access_token) return fail({ kind: "transient", message: `Threads answered ${doing} without a token.` });
  return ok({ accessToken: body.access_token, refreshToken: body.access_token, ...(body.expires_in ? { expiresAt: ctx.now() + body.expires_in * 1000 } : {}), scopes: SCOPES });
}

/** The outcome of a container status read. */
function afterStatus(s: { container: string; polls: number; downloads: number }, status: string | undefined, error: string | undefined): Result<StepOutcome<ThreadsState>> {
  switch (status) {
    case "FINISHED":
      return ok({ kind: "continue", phase: "processing", state: { step: "quota", container: s.container } });
    case "ERROR": {
      // Threads could not fetch the clip (a transfer that broke): a new container fetches it again.
      if (error === "FAILED_DOWNLOADING_VIDEO" && s.downloads + 1 < MAX_DOWNLOADS) return ok({ kind: "wait", phase: "uploading", seconds: READ_EVERY_SECONDS, state: { step: "create", downloads: s.downloads + 1 } });
      return fail({ kind: "refused", reason: `Threads could not take the video (${error ?? "no reason given"}).`, advice: CONTAINER_ADVICE[error ?? ""] ?? (error === "FAILED_DOWNLOADING_VIDEO" ? "Threads could not download the clip from Katto; check that the clip's URL is reachable from the internet, then publish again." : "Re-render the clip and publish it again.") });
    }
    case "EXPIRED":
      // Never published (a container lives 24 h): start over with a new one.
      return ok({ kind: "continue", phase: "uploading", state: { step: "create", downloads: s.downloads } });
    default:
      if (s.polls >= MAX_PROCESSING_POLLS) return fail({ kind: "transient", message: "Threads is still processing the video; it will be checked again." });
      return ok({ kind: "wait", phase: "processing", seconds: READ_EVERY_SECONDS, state: { step: "status", container: s.container, polls: s.polls + 1, downloads: s.downloads } });
  }
}

/**
 * Media insights (https://developers.facebook.com/docs/threads/insights): GET
 * /{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes,shares, permission
 * threads_manage_insights. Replies count as comments; reposts, quotes and shares as shares.
 */
const threadsMetrics: PlatformMetrics = {
  offered: true,
  read: (ctx, req) => {
    const u = new URL(ctx.url("graph", `${API}/${req.postId}/insights`));
    u.searchParams.set("metric", "views,likes,replies,reposts,quotes,shares");
    return readMetaInsights(ctx, "Threads", u.href, { headers: auth(req.tokens) }, "threads_manage_insights", (x) =>
      numbers({ views: count(x.views), likes: count(x.likes), comments: count(x.replies), shares: sumOf(count(x.reposts), count(x.quotes), count(x.shares)) }),
    );
  },
};

export const threads: Platform<ThreadsState> = {
  id: "threads",
  displayName: "Threads",
  hosts: { www: "https://threads.net", graph: "https://graph.threads.net" },
  pkce: false,
  // Threads posts are public (a private profile limits them to followers on Threads' side).
  privacyOptions: ["public"],
  privacyRequired: false,
  hasTitle: false,
  limits: {
    minDurationSeconds: 0,
    maxDurationSeconds: 300,
    maxBytes: 1024 ** 3,
    captionMaxChars: POST_TEXT_LIMITS.threads.captionMaxChars,
    maxHashtags: POST_TEXT_LIMITS.threads.maxHashtags,
    dailyPosts: 250,
  },

  authorizeUrl(ctx, req) {
    const u = new URL(ctx.url("www", "/oauth/authorize"));
    u.search = new URLSearchParams({ client_id: ctx.clientId, redirect_uri: ctx.redirectUri, scope: SCOPES.join(","), response_type: "code", state: req.state }).toString();
    return u.href;
  },

  async exchangeCode(ctx, { code }) {
    const body = new URLSearchParams({ client_id: ctx.clientId, client_secret: ctx.clientSecret, grant_type: "authorization_code", redirect_uri: ctx.redirectUri, code });
    const sent = await call(ctx, ctx.url("graph", "/oauth/access_token"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    if (!sent.ok) return sent;
    if (!sent.value.ok) return fail(await threadsError(sent.value, "exchanging the login"));
    const short = (await jsonOf(sent.value)) as { access_token?: string; user_id?: string | number } | undefined;
    if (!short?.access_token) return fail({ kind: "transient", message: "Threads' token endpoint answered without a token." });
    const tokens = await tokenGet(ctx, "/access_token", { grant_type: "th_exchange_token", client_secret: ctx.clientSecret, access_token: short.access_token }, "the long-lived token exchange");
    if (!tokens.ok) return tokens;
    const me = await call(ctx, ctx.url("graph", `${API}/me?fields=id,username`), { headers: auth(tokens.value) });
    if (!me.ok) return me;
    if (!me.value.ok) return fail(await threadsError(me.value, "reading the profile"));
    const profile = (await jsonOf(me.value)) as { id?: string; username?: string } | undefined;
    if (!profile?.id) return fail({ kind: "transient", message: "Threads answered without the profile." });
    return ok({ tokens: tokens.value, account: { id: profile.id, handle: `@${profile.username ?? profile.id}`, ...(profile.username ? { extra: { username: profile.username } } : {}) } });
  },

  refresh: (ctx, tokens) => tokenGet(ctx, "/refresh_access_token", { grant_type: "th_refresh_token", access_token: tokens.refreshToken ?? tokens.accessToken }, "the token refresh"),

  checkLimits(video, post): LimitViolation[] {
    // Threads counts emoji as their UTF-8 bytes: replace the shared caption check.
    const out = commonLimitViolations(this.limits, "Threads", video, post).filter((v) => v.field !== "caption");
    const length = threadsLength(post.caption);
    if (length > 500) out.push({ field: "caption", message: `Threads posts are limited to 500 characters (an emoji counts as its UTF-8 bytes); this caption counts ${length}.` });
    const links = new Set(post.caption.match(/https?:\/\/\S+/g) ?? []).size;
    if (links > 5) out.push({ field: "caption", message: `Threads allows at most 5 links in a post; this caption has ${links}.` });
    if (video.width > 1920) out.push({ field: "dimensions", message: `Threads accepts video up to 1920 pixels wide; this clip is ${video.width}.` });
    const ratio = video.width / video.height;
    if (ratio < 0.01 || ratio > 10) out.push({ field: "aspect", message: "Threads accepts aspect ratios from 0.01:1 to 10:1." });
    if (!this.privacyOptions.includes(post.privacy)) out.push({ field: "privacy", message: "Threads posts are public; choose public." });
    return out;
  },

  metrics: threadsMetrics,

  publish: {
    start: () => ({ step: "create", downloads: 0 }),

    irreversible: (s) => s.step === "publish",

    async step(ctx, c) {
      const s = c.state;
      const user = encodeURIComponent(c.account.id);
      switch (s.step) {
        case "create": {
          const body = new URLSearchParams({ media_type: "VIDEO", video_url: c.video.publicUrl, text: c.post.caption });
          const sent = await call(ctx, ctx.url("graph", `${API}/${user}/threads`), { method: "POST", headers: { ...auth(c.tokens), "content-type": "application/x-www-form-urlencoded" }, body });
          if (!sent.ok) return sent;
          if (!sent.value.ok) return fail(await threadsError(sent.value, "creating the post's container"));
          const id = ((await jsonOf(sent.value)) as { id?: string } | undefined)?.id;
          if (!id) return fail({ kind: "transient", message: "Threads created the container without returning its id." });
          // Threads fetches the clip first: give it a moment before the first status read.
          return ok({ kind: "wait", phase: "uploading", seconds: FIRST_READ_SECONDS, state: { step: "status", container: id, polls: 0, downloads: s.downloads } });
        }
        case "status": {
          const r = await graphGet(ctx, c, `/${encodeURIComponent(s.container)}?fields=status,error_message`, "reading the container's status");
          return r.ok ? afterStatus(s, r.value.status as string | undefined, r.value.error_message as string | undefined) : r;
        }
        case "quota": {
          // Read the 24-hour publishing cap before the one call that counts against it.
          const r = await graphGet(ctx, c, `/${user}/threads_publishing_limit?fields=quota_usage,config`, "reading the publishing limit");
          if (!r.ok) return r;
          const usage = (r.value.data as { quota_usage?: number; config?: { quota_total?: number } }[] | undefined)?.[0];
          if (usage?.config?.quota_total !== undefined && (usage.quota_usage ?? 0) >= usage.config.quota_total) {
            return fail({ kind: "refused", reason: `Threads' publishing limit is used up (${usage.quota_usage} of ${usage.config.quota_total} posts in 24 hours).`, advice: "Schedule the post for later; the limit is a moving 24-hour window." });
          }
          return ok({ kind: "continue", phase: "processing", state: { step: "publish", container: s.container } });
        }
        case "publish": {
          const body = new URLSearchParams({ creation_id: s.container });
          const sent = await call(ctx, ctx.url("graph", `${API}/${user}/threads_publish`), { method: "POST", headers: { ...auth(c.tokens), "content-type": "application/x-www-form-urlencoded" }, body }, true);
          if (!sent.ok) return sent;
          if (!sent.value.ok) {
            const e = await threadsError(sent.value, "publishing the post");
            return fail(e.kind === "transient" && sent.value.status >= 500 ? { kind: "unknown_outcome", message: e.message } : e);
          }
          const media = ((await jsonOf(sent.value)) as { id?: string } | undefined)?.id;
          if (!media) return fail({ kind: "unknown_outcome", message: "Threads published without returning the post id." });
          return ok({ kind: "continue", phase: "processing", state: { step: "permalink", container: s.container, media } });
        }
        case "permalink": {
          const r = await graphGet(ctx, c, `/${encodeURIComponent(s.media)}?fields=id,permalink`, "reading the post's link");
          if (!r.ok) return r;
          const username = c.account.extra?.username;
          const url = (r.value.permalink as string | undefined) ?? (username ? `https://www.threads.net/@${username}` : "https://www.threads.net/");
          return ok({ kind: "published", postId: s.media, url });
        }
      }
    },

    async reconcile(ctx, c) {
      const s = c.state;
      if (s.step !== "publish") return fail({ kind: "unknown_outcome", message: "Nothing to reconcile at this step." });
      const r = await graphGet(ctx, c, `/${encodeURIComponent(s.container)}?fields=status,error_message`, "reading the container's status");
      if (!r.ok) return fail(r.error.kind === "needs_reauth" ? r.error : { kind: "unknown_outcome", message: "Threads did not say whether the post was published; check the profile before publishing again." });
      // A container is published at most once: FINISHED means the lost call did not take effect.
      if (r.value.status === "FINISHED") return ok({ kind: "continue", phase: "processing", state: s });
      if (r.value.status !== "PUBLISHED") return fail({ kind: "unknown_outcome", message: `Threads reports the container as ${String(r.value.status)}; check the profile before publishing again.` });
      // The container does not name the post it became: find it among the profile's latest posts by its text.
      const list = await graphGet(ctx, c, `/${encodeURIComponent(c.account.id)}/threads?fields=id,permalink,text,media_type&limit=10`, "reading the profile's latest posts");
      const posts = list.ok ? ((list.value.data as { id: string; permalink?: string; text?: string; media_type?: string }[] | undefined) ?? []) : [];
      const mine = posts.find((p) => p.media_type === "VIDEO" && (p.text ?? "") === c.post.caption);
      const username = c.account.extra?.username;
      return ok({ kind: "published", postId: mine?.id ?? s.container, url: mine?.permalink ?? (username ? `https://www.threads.net/@${username}` : "https://www.threads.net/") });
    },
  },
};
