// Reading a TikTok post's numbers back (docs/publishing.md "Metrics").
import { ok } from "./platform";
import { call, jsonOf } from "./http";
import { count, numbers, rateLimited, type MetricsResult, type PlatformMetrics, failMetrics } from "./metrics";
import { auth, tiktokError, type Envelope } from "./tiktok-api";

/**
 * Display API video query (https://developers.tiktok.com/doc/tiktok-api-v2-video-query): POST
 * /v2/video/query/?fields=id,view_count,like_count,comment_count,share_count with
 * {filters: {video_ids: [id]}}, scope video.list. A video missing from the answer is gone (deleted,
 * or never public: a private post's publish id is not a video id). No watch time is offered.
 */
export const tiktokMetrics: PlatformMetrics = {
  offered: true,
  async read(ctx, req): Promise<MetricsResult> {
    if (!/^\d+$/.test(req.postId)) return failMetrics({ kind: "post_deleted", message: "TikTok gave no public video id for this post (a private post), so its numbers cannot be read." });
    const url = ctx.url("api", "/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count");
    // The id is an int64 beyond a JavaScript number's exact range: it is sent as a string.
    const sent = await call(ctx, url, { method: "POST", headers: auth(req.tokens), body: JSON.stringify({ filters: { video_ids: [req.postId] } }) });
    if (!sent.ok) return sent;
    const env = (await jsonOf(sent.value)) as Envelope<{ videos?: { id?: string | number; view_count?: number; like_count?: number; comment_count?: number; share_count?: number }[] }> | undefined;
    const code = env?.error?.code ?? "";
    if (sent.value.status === 429 || code === "rate_limit_exceeded") return failMetrics(rateLimited("TikTok", sent.value.headers, ctx.now()));
    if (code === "scope_not_authorized" || code === "scope_permission_missed") return failMetrics({ kind: "missing_permission", message: `TikTok did not let this app read the account's videos (${code}).`, advice: "Connect the TikTok account again and allow access to your public videos (video.list)." });
    if (!sent.value.ok || (code && code !== "ok") || !env?.data) return failMetrics(tiktokError(sent.value.status, env, "reading the video's statistics", sent.value.headers.get("retry-after")));
    const v = env.data.videos?.[0];
    if (!v) return failMetrics({ kind: "post_deleted", message: "TikTok no longer lists this video (deleted or made private)." });
    return ok(numbers({ views: count(v.view_count), likes: count(v.like_count), comments: count(v.comment_count), shares: count(v.share_count) }));
  },
};
