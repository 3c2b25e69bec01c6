// A local stand-in of the Instagram API with Instagram Login, written from the pages the Instagram
// adapter cites (src/services/publishing/platforms/instagram.ts): www.instagram.com/oauth/authorize,
// api.instagram.com/oauth/access_token (short-lived token), graph.instagram.com/access_token
// (ig_exchange_token → 60-day token) and /refresh_access_token (ig_refresh_token), /me, the REELS media
// container made from a public video_url (fetched when `fetchMedia` is set), its status_code, media_publish,
// content_publishing_limit, recent media and permalinks; errors as Graph `{error: {message, type, code,
// error_subcode, is_transient}}`. Each authorization is a new professional account (@standin_<n>).
import { Hono, type Context } from "hono";
import { PostStats, statsRoutes } from "./stats.ts";
import { controlRoutes, dropConnection, Faults, type StandIn } from "./faults.ts";

interface Container { id: string; user: string; videoUrl: string; coverUrl: string | null; caption: string; bytes: number; polls: number; outcome: "ok" | "error"; mediaId?: string }
export interface InstagramPost { id: string; account: string; caption: string; videoUrl: string; bytes: number; /** the container's cover_url (Reels) */ coverUrl: string | null }
export interface InstagramStandIn extends StandIn {
  posts: InstagramPost[];
  issuedTokens: string[];
}

const b64url = (b: Uint8Array) => btoa(String.fromCharCode(...b)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
const rand = () => b64url(crypto.getRandomValues(new Uint8Array(12)));
const QUOTA_TOTAL = 100;

export function createInstagramStandIn(opts: { clientId?: string; clientSecret?: string; fetchMedia?: boolean } = {}): InstagramStandIn {
  const clientId = opts.clientId ?? "ig-app-id";
  const clientSecret = opts.clientSecret ?? "ig-app-secret";
  const faults = new Faults();
  const stats = new PostStats();
  const codes = new Map<string, { redirectUri: string; user: string; scope: string }>();
  const tokens = new Map<string, { user: string; expiresAt: number; long: boolean }>();
  const usernames = new Map<string, string>();
  const containers = new Map<string, Container>();
  const posts: InstagramPost[] = [];
  const issuedTokens: string[] = [];
  let accounts = 0;
  const app = new Hono();

  controlRoutes(app, stats, faults, () => ({ posts, issued_tokens: issuedTokens, refresh_tokens: [] }), () => {
    codes.clear();
    tokens.clear();
    containers.clear();
    posts.length = 0;
    issuedTokens.length = 0;
  });

  const graphError = (c: Context, status: number, code: number, message: string, extra: Record<string, unknown> = {}) => c.json({ error: { message, type: code === 190 ? "OAuthException" : "IGApiException", code, fbtrace_id: rand(), ...extra } }, status as 400);
  const issue = (user: string, long: boolean) => {
    const t = `IG${long ? "AA" : "QV"}${rand()}`;
    tokens.set(t, { user, expiresAt: Date.now() + (long ? 5_184_000_000 : 3_600_000), long });
    issuedTokens.push(t);
    return t;
  };
  const authorize = (c: Context): { user: string } | Response => {
    const t = tokens.get(c.req.query("access_token") ?? c.req.header("authorization")?.replace(/^Bearer /, "") ?? "");
    if (!t || t.expiresAt < Date.now() || faults.take("expired_token")) {
      if (t) t.expiresAt = 0;
      return graphError(c, 400, 190, "Error validating access token: Session has expired.");
    }
    if (faults.take("rate_limited")) return graphError(c, 400, 4, "Application request limit reached", { is_transient: true });
    return { user: t.user };
  };

  app.get("/oauth/authorize", (c) => {
    const q = c.req.query();
    if (q.client_id !== clientId || q.response_type !== "code" || !q.redirect_uri) return c.text("Invalid request", 400);
    const code = `AQ${rand()}`;
    codes.set(code, { redirectUri: q.redirect_uri, user: `1784140${String(++accounts).padStart(10, "0")}`, scope: q.scope ?? "" });
    const back = new URL(q.redirect_uri);
    back.searchParams.set("code", code);
    if (q.state) back.searchParams.set("state", q.state);
    return c.redirect(`${back.href}#_`, 302);
  });

  app.post("/oauth/access_token", async (c) => {
    const f = new URLSearchParams(await c.req.text());
    if (f.get("client_id") !== clientId || f.get("client_secret") !== clientSecret) return c.json({ error_type: "OAuthException", code: 400, error_message: "Invalid client_secret" }, 400);
    const entry = codes.get(f.get("code") ?? "");
    codes.delete(f.get("code") ?? "");
    if (!entry || entry.redirectUri !== f.get("redirect_uri") || f.get("grant_type") !== "authorization_code") return c.json({ error_type: "OAuthException", code: 400, error_message: "This authorization code has been used" }, 400);
    usernames.set(entry.user, `standin_${accounts}`);
    return c.json({ data: [{ access_token: issue(entry.user, false), user_id: entry.user, permissions: entry.scope }] });
  });

  app.get("/access_token", (c) => {
    const q = c.req.query();
    const t = tokens.get(q.access_token ?? "");
    if (q.grant_type !== "ig_exchange_token" || q.client_secret !== clientSecret || !t || t.long) return graphError(c, 400, 190, "Invalid OAuth access token");
    return c.json({ access_token: issue(t.user, true), token_type: "bearer", expires_in: 5_184_000 });
  });

  app.get("/refresh_access_token", (c) => {
    const q = c.req.query();
    const t = tokens.get(q.access_token ?? "");
    if (q.grant_type !== "ig_refresh_token" || !t || !t.long || faults.take("refresh_fails")) return graphError(c, 400, 190, "Error validating access token: The session has been invalidated.");
    return c.json({ access_token: issue(t.user, true), token_type: "bearer", expires_in: 5_184_000 });
  });

  app.get("/v23.0/:id/content_publishing_limit", (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const used = faults.take("daily_quota") ? QUOTA_TOTAL : posts.filter((p) => p.account === who.user).length;
    return c.json({ data: [{ quota_usage: used, config: { quota_total: QUOTA_TOTAL, quota_duration: 86400 } }] });
  });

  app.get("/v23.0/:id/media", (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const mine = posts.filter((p) => p.account === who.user).reverse().slice(0, Number(c.req.query("limit") ?? 25));
    return c.json({ data: mine.map((p) => ({ id: p.id, caption: p.caption, permalink: `https://www.instagram.com/reel/${p.id}/`, timestamp: new Date().toISOString() })) });
  });

  app.post("/v23.0/:id/media", async (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    if (c.req.param("id") !== who.user) return graphError(c, 400, 100, "Unsupported post request");
    const f = new URLSearchParams(await c.req.text());
    if (f.get("media_type") !== "REELS" || !/^https?:\/\//.test(f.get("video_url") ?? "")) return graphError(c, 400, 100, "The parameter video_url is required for REELS");
    let bytes = 0;
    if (opts.fetchMedia) {
      // Meta cURLs the video from the public URL.
      const got = await fetch(f.get("video_url")!).catch(() => undefined);
      if (!got?.ok) return graphError(c, 400, 9004, "Media download has failed. The media URI doesn't meet our requirements.", { error_subcode: 2207052 });
      bytes = (await got.arrayBuffer()).byteLength;
    }
    const id = `c${rand()}`;
    containers.set(id, { id, user: who.user, videoUrl: f.get("video_url")!, coverUrl: f.get("cover_url"), caption: f.get("caption") ?? "", bytes, polls: 0, outcome: faults.take("processing_fails") ? "error" : "ok" });
    return c.json({ id });
  });

  app.post("/v23.0/:id/media_publish", (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const ct = containers.get(c.req.query("creation_id") ?? "");
    if (!ct || ct.user !== who.user) return graphError(c, 400, 100, "Invalid creation_id");
    if (faults.take("daily_quota")) return graphError(c, 400, 9, "Application request limit reached", { error_subcode: 2207042 });
    if (faults.take("policy_refusal")) return graphError(c, 400, 100, "The action is blocked because it goes against our Community Guidelines.", { error_subcode: 2207051, error_user_msg: "This Reel goes against our Community Guidelines." });
    if (ct.mediaId) return graphError(c, 400, 100, "The media has already been published", { error_subcode: 2207006 });
    if (ct.polls < 2 || ct.outcome !== "ok") return graphError(c, 400, 9007, "Media ID is not available", { error_subcode: 2207027 });
    ct.mediaId = `1800000${String(posts.length + 1).padStart(10, "0")}`;
    posts.push({ id: ct.mediaId, account: who.user, caption: ct.caption, videoUrl: ct.videoUrl, bytes: ct.bytes, coverUrl: ct.coverUrl });
    if (faults.take("publish_timeout")) return dropConnection();
    return c.json({ id: ct.mediaId });
  });

  app.get("/v23.0/:id", (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const id = c.req.param("id");
    if (id === "me") return c.json({ user_id: who.user, id: who.user, username: usernames.get(who.user), account_type: "BUSINESS" });
    const ct = containers.get(id);
    if (ct) {
      if (ct.user !== who.user) return graphError(c, 400, 100, "Unsupported get request");
      ct.polls += 1;
      const status_code = ct.mediaId ? "PUBLISHED" : ct.polls < 2 ? "IN_PROGRESS" : ct.outcome === "ok" ? "FINISHED" : "ERROR";
      return c.json({ id, status_code, ...(status_code === "ERROR" ? { status: "Error: 2207026 The video format is not supported." } : { status: status_code }) });
    }
    const post = posts.find((p) => p.id === id && p.account === who.user);
    if (post) return c.json({ id, permalink: `https://www.instagram.com/reel/${post.id}/` });
    return graphError(c, 400, 100, "Object does not exist");
  });

  // Media insights: the stand-in's numbers for the Reel (ig_reels_avg_watch_time in ms).
  statsRoutes(app, stats);
  app.get("/v23.0/:id/insights", (c) => {
    if (faults.take("rate_limited")) return c.json({ error: { message: "Application request limit reached", type: "IGApiException", code: 4, is_transient: true } }, 400, { "x-business-use-case-usage": JSON.stringify({ standin: [{ type: "pages", call_count: 100, total_cputime: 20, total_time: 20, estimated_time_to_regain_access: 2 }] }) });
    const who = authorize(c);
    if (who instanceof Response) return who;
    if (faults.take("metrics_forbidden")) return graphError(c, 403, 10, "(#10) Application does not have permission for this action");
    const id = c.req.param("id");
    const post = posts.find((p) => p.id === id && p.account === who.user);
    if (!post || stats.isRemoved(id) || faults.take("post_deleted")) return graphError(c, 400, 100, `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, { error_subcode: 33 });
    const n = stats.read(id);
    const value: Record<string, number> = { views: n.views, likes: n.likes, comments: n.comments, shares: n.shares, saved: n.saved, ig_reels_avg_watch_time: n.avg_watch_ms };
    const asked = (c.req.query("metric") ?? "").split(",").filter((m) => m in value);
    return c.json({ data: asked.map((name) => ({ name, period: "lifetime", values: [{ value: value[name] }], title: name, id: `${id}/insights/${name}/lifetime` })) });
  });

  return { app, faults, stats, clientId, clientSecret, posts, issuedTokens };
}
