// Reading an X post's numbers back (docs/publishing.md "Metrics").
import { ok } from "./platform";
import { call, jsonOf } from "./http";
import { count, numbers, rateLimited, sumOf, type MetricsResult, type PlatformMetrics, failMetrics } from "./metrics";
import { auth, xError } from "./x-api";

/**
 * Post lookup (https://docs.x.com/x-api/posts/post-lookup-by-post-id): GET /2/tweets/:id with
 * tweet.fields=public_metrics (impression_count, like_count, reply_count, retweet_count,
 * quote_count) and the video's media public_metrics.view_count. Views are the video's views where
 * X gives them, else the post's impressions; retweets and quotes count as shares. X's
 * non_public/organic metrics (playback quartiles) exist only for the author's posts younger than
 * 30 days, so the 7-day comparison across platforms does not use them. A deleted post comes back as
 * 200 with errors[].type ".../resource-not-found".
 */
export const xMetrics: PlatformMetrics = {
  offered: true,
  async read(ctx, req): Promise<MetricsResult> {
    const u = new URL(ctx.url("api", `/2/tweets/${encodeURIComponent(req.postId)}`));
    u.search = new URLSearchParams({ "tweet.fields": "public_metrics", expansions: "attachments.media_keys", "media.fields": "public_metrics" }).toString();
    const sent = await call(ctx, u.href, { headers: auth(req.tokens.accessToken) });
    if (!sent.ok) return sent;
    const res = sent.value;
    if (res.status === 429) return failMetrics(rateLimited("X", res.headers, ctx.now()));
    if (res.status === 403) return failMetrics({ kind: "missing_permission", message: "X did not let this app read the post (403).", advice: "Connect the X account again and allow reading posts (tweet.read)." });
    if (res.status === 404) return failMetrics({ kind: "post_deleted", message: "X no longer has this post." });
    if (!res.ok) return failMetrics(await xError(res, "reading the post's metrics", ctx));
    const body = (await jsonOf(res)) as { data?: { public_metrics?: Record<string, number> }; includes?: { media?: { public_metrics?: { view_count?: number } }[] }; errors?: { type?: string }[] } | undefined;
    if (!body?.data) {
      if (body?.errors?.some((e) => e.type?.endsWith("/resource-not-found"))) return failMetrics({ kind: "post_deleted", message: "X no longer has this post (deleted)." });
      return failMetrics({ kind: "transient", message: "X answered the post lookup without the post." });
    }
    const m = body.data.public_metrics ?? {};
    const videoViews = count(body.includes?.media?.[0]?.public_metrics?.view_count);
    return ok(numbers({ views: videoViews ?? count(m.impression_count), likes: count(m.like_count), comments: count(m.reply_count), shares: sumOf(count(m.retweet_count), count(m.quote_count)) }));
  },
};
