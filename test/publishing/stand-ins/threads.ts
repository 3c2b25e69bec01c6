// A local stand-in of the Threads API calls the Threads adapter makes, written from the pages the adapter
// cites (src/services/publishing/platforms/threads.ts): the authorize redirect; POST /oauth/access_token (short-lived
// token and user_id); GET /access_token th_exchange_token (60-day token); GET /refresh_access_token
// th_refresh_token; /v1.0/me; media containers (POST /{user}/threads media_type=VIDEO video_url text), their
// status (IN_PROGRESS → FINISHED, or ERROR with FAILED_DOWNLOADING_VIDEO / FAILED_PROCESSING_VIDEO), POST
// /{user}/threads_publish (a container publishes once, then reads PUBLISHED), the post's permalink, the
// profile's latest posts, and /{user}/threads_publishing_limit (250 posts per 24 h); Graph-style errors
// `{error:{message, type, code, error_subcode, is_transient, fbtrace_id}}`. Threads pulls the video from
// video_url; this stand-in records the URL and does not download it. Every host (threads.net,
// graph.threads.net) is served on this one origin.
import { Hono, type Context } from "hono";
import { PostStats, statsRoutes } from "./stats.ts";
import { controlRoutes, dropConnection, Faults, type StandIn } from "./faults.ts";

const V = "/v1.0";

interface Container { id: string; user: string; videoUrl: string; text: string; reads: number; outcome: "ok" | "FAILED_DOWNLOADING_VIDEO" | "FAILED_PROCESSING_VIDEO"; media: string | null }
export interface ThreadsPost { id: string; user: string; container: string; text: string; videoUrl: string; permalink: string }
export interface ThreadsStandIn extends StandIn {
  posts: ThreadsPost[];
  containers: Container[];
  /** API-published posts of each profile in the moving 24 h window (the cap is 250). */
  quotaUsage: Map<string, number>;
  issuedTokens: string[];
}

const num = () => String(17_800_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));
const rand = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18)))).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

/** Each authorization is a new profile (@standin_<n>). */
export function createThreadsStandIn(opts: { clientId?: string; clientSecret?: string } = {}): ThreadsStandIn {
  const clientId = opts.clientId ?? "990000000000001";
  const clientSecret = opts.clientSecret ?? "threads-secret";
  const faults = new Faults();
  const stats = new PostStats();
  const codes = new Map<string, { redirect: string; user: string }>();
  const tokens = new Map<string, { long: boolean; user: string }>();
  const users = new Map<string, string>(); // id → username
  const containers: Container[] = [];
  const posts: ThreadsPost[] = [];
  const issuedTokens: string[] = [];
  const app = new Hono();
  const stand: ThreadsStandIn = { app, faults, stats, clientId, clientSecret, posts, containers, quotaUsage: new Map(), issuedTokens };

  // The long-lived token is its own refresh credential.
  controlRoutes(app, stats, faults, () => ({ posts: posts.map((p) => ({ account: p.user, ...p })), issued_tokens: issuedTokens, refresh_tokens: [...tokens].filter(([, t]) => t.long).map(([k]) => k) }), () => {
    codes.clear();
    tokens.clear();
    containers.length = 0;
    posts.length = 0;
    issuedTokens.length = 0;
    stand.quotaUsage.clear();
    users.clear();
  });

  const graphError = (c: Context, code: number, message: string, extra: Record<string, unknown> = {}, status = 400) =>
    c.json({ error: { message, type: code === 190 ? "OAuthException" : "THApiException", code, fbtrace_id: "AThreadsStandIn", ...extra } }, status as 400);
  const issue = (long: boolean, user: string) => {
    const t = `TH${long ? "AA" : "AB"}${rand()}`;
    tokens.set(t, { long, user });
    issuedTokens.push(t);
    return t;
  };
  const tokenOf = (c: Context) => c.req.header("authorization")?.replace(/^Bearer /, "") ?? c.req.query("access_token") ?? "";

  /** A long-lived token and the faults every API call may hit. */
  const authorize = (c: Context): { user: string } | Response => {
    const t = tokens.get(tokenOf(c));
    if (!t?.long || faults.take("expired_token")) return graphError(c, 190, "Error validating access token: Session has expired on Monday, 23-Nov-26.", { error_subcode: 463 });
    if (faults.take("rate_limited")) return graphError(c, 4, "Application request limit reached", { is_transient: true });
    return { user: t.user };
  };

  app.get("/oauth/authorize", (c) => {
    const q = c.req.query();
    if (q.client_id !== clientId || q.response_type !== "code" || !q.redirect_uri || !(q.scope ?? "").includes("threads_content_publish")) return c.text("Invalid request", 400);
    const code = `AQ${rand()}`;
    const user = num();
    users.set(user, `standin_${users.size + 1}`);
    codes.set(code, { redirect: q.redirect_uri, user });
    const back = new URL(q.redirect_uri);
    back.searchParams.set("code", code);
    if (q.state) back.searchParams.set("state", q.state);
    return c.redirect(back.href, 302);
  });

  app.post("/oauth/access_token", async (c) => {
    const f = new URLSearchParams(await c.req.text());
    if (f.get("client_id") !== clientId || f.get("client_secret") !== clientSecret) return graphError(c, 101, "Error validating application. Invalid application ID.");
    const entry = codes.get(f.get("code") ?? "");
    codes.delete(f.get("code") ?? "");
    if (f.get("grant_type") !== "authorization_code" || !entry || entry.redirect !== f.get("redirect_uri")) return graphError(c, 100, "Invalid authorization code", { error_subcode: 36009 });
    return c.json({ access_token: issue(false, entry.user), user_id: Number(entry.user) });
  });

  app.get("/access_token", (c) => {
    const q = c.req.query();
    if (q.grant_type !== "th_exchange_token" || q.client_secret !== clientSecret) return graphError(c, 100, "Invalid parameter");
    const short = tokens.get(q.access_token ?? "");
    if (short?.long !== false) return graphError(c, 190, "Error validating access token: Invalid OAuth access token.");
    return c.json({ access_token: issue(true, short.user), token_type: "bearer", expires_in: 5_183_944 });
  });

  app.get("/refresh_access_token", (c) => {
    const q = c.req.query();
    const current = tokens.get(q.access_token ?? "");
    if (q.grant_type !== "th_refresh_token" || !current?.long || faults.take("refresh_fails")) {
      return graphError(c, 190, "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.", { error_subcode: 460 });
    }
    tokens.delete(q.access_token!);
    return c.json({ access_token: issue(true, current.user), token_type: "bearer", expires_in: 5_183_944 });
  });

  app.get(`${V}/me`, (c) => {
    const who = authorize(c);
    return who instanceof Response ? who : c.json({ id: who.user, username: users.get(who.user) });
  });

  /** The profile named in the path must be the token's own. */
  const own = (c: Context): { user: string } | Response => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    return c.req.param("user") === who.user ? who : graphError(c, 100, "Unsupported request: the object does not belong to this token's user.");
  };

  app.post(`${V}/:user/threads`, async (c) => {
    const who = own(c);
    if (who instanceof Response) return who;
    const f = new URLSearchParams(await c.req.text());
    if (f.get("media_type") !== "VIDEO" || !f.get("video_url")) return graphError(c, 100, "The parameter video_url is required for media_type VIDEO.");
    if ([...(f.get("text") ?? "")].length > 500) return graphError(c, 100, "Param text must be at most 500 characters long.");
    const outcome = faults.take("chunk_fails") ? "FAILED_DOWNLOADING_VIDEO" : faults.take("processing_fails") ? "FAILED_PROCESSING_VIDEO" : "ok";
    const container: Container = { id: num(), user: who.user, videoUrl: f.get("video_url")!, text: f.get("text") ?? "", reads: 0, outcome, media: null };
    containers.push(container);
    return c.json({ id: container.id });
  });

  app.get(`${V}/:user/threads`, (c) => {
    const who = own(c);
    if (who instanceof Response) return who;
    const latest = posts.filter((p) => p.user === who.user).slice(-Number(c.req.query("limit") ?? 25)).reverse();
    return c.json({ data: latest.map((p) => ({ id: p.id, permalink: p.permalink, text: p.text, media_type: "VIDEO" })) });
  });

  app.get(`${V}/:user/threads_publishing_limit`, (c) => {
    const who = own(c);
    return who instanceof Response ? who : c.json({ data: [{ quota_usage: stand.quotaUsage.get(who.user) ?? 0, config: { quota_total: 250, quota_duration: 86400 } }] });
  });

  app.post(`${V}/:user/threads_publish`, async (c) => {
    const who = own(c);
    if (who instanceof Response) return who;
    const creation = new URLSearchParams(await c.req.text()).get("creation_id");
    const container = containers.find((x) => x.id === creation && x.user === who.user);
    if (!container) return graphError(c, 100, "Invalid creation_id");
    if (container.media) return graphError(c, 100, "The media has already been published.", { error_subcode: 4279007 });
    if (container.reads < 2 || container.outcome !== "ok") return graphError(c, 9007, "The media is not ready for publishing, please wait for a moment", { error_subcode: 2207027 });
    if (faults.take("daily_quota") || (stand.quotaUsage.get(who.user) ?? 0) >= 250) return graphError(c, 9, "You have reached the maximum number of posts that is allowed to be published with the API within 24h.", { error_subcode: 2207042 });
    if (faults.take("policy_refusal")) return graphError(c, 9, "Action is blocked", { error_subcode: 2207051, error_user_msg: "We restrict certain activity to protect our community. Tell us if you think we made a mistake." });
    const id = num();
    container.media = id;
    stand.quotaUsage.set(who.user, (stand.quotaUsage.get(who.user) ?? 0) + 1);
    posts.push({ id, user: who.user, container: container.id, text: container.text, videoUrl: container.videoUrl, permalink: `https://www.threads.net/@${users.get(who.user)}/post/${rand().slice(0, 11)}` });
    if (faults.take("publish_timeout")) return dropConnection();
    return c.json({ id });
  });

  app.get(`${V}/:id`, (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const post = posts.find((p) => p.id === c.req.param("id") && p.user === who.user);
    if (post) return c.json({ id: post.id, permalink: post.permalink });
    const container = containers.find((x) => x.id === c.req.param("id") && x.user === who.user);
    if (!container) return graphError(c, 100, "Object does not exist");
    if (container.media) return c.json({ id: container.id, status: "PUBLISHED" });
    // Threads fetches and processes the clip: the first read sees it in progress, the next its outcome.
    container.reads += 1;
    if (container.reads < 2) return c.json({ id: container.id, status: "IN_PROGRESS" });
    if (container.outcome !== "ok") return c.json({ id: container.id, status: "ERROR", error_message: container.outcome });
    return c.json({ id: container.id, status: "FINISHED" });
  });

  // Media insights: views, likes, replies, reposts, quotes, shares.
  statsRoutes(app, stats);
  app.get(`${V}/:id/insights`, (c) => {
    if (faults.take("rate_limited")) return c.json({ error: { message: "Application request limit reached", type: "THApiException", code: 4, is_transient: true } }, 400, { "x-business-use-case-usage": JSON.stringify({ standin: [{ type: "pages", call_count: 100, total_cputime: 20, total_time: 20, estimated_time_to_regain_access: 2 }] }) });
    const who = authorize(c);
    if (who instanceof Response) return who;
    if (faults.take("metrics_forbidden")) return graphError(c, 10, "(#10) Application does not have permission for this action", {}, 403);
    const id = c.req.param("id");
    const post = posts.find((p) => p.id === id && p.user === who.user);
    if (!post || stats.isRemoved(id) || faults.take("post_deleted")) return graphError(c, 100, `Unsupported get request. Object with ID '${id}' does not exist.`, { error_subcode: 33 });
    const n = stats.read(id);
    const value: Record<string, number> = { views: n.views, likes: n.likes, replies: n.comments, reposts: n.reposts, quotes: n.quotes, shares: n.shares };
    const asked = (c.req.query("metric") ?? "").split(",").filter((m) => m in value);
    return c.json({ data: asked.map((name) => ({ name, period: "lifetime", values: [{ value: value[name] }], title: name, id: `${id}/insights/${name}/lifetime` })) });
  });

  return stand;
}
