// A local stand-in of the X OAuth 2.0 endpoints and the X API v2 calls the X adapter makes, written from
// the pages the adapter cites (src/services/publishing/platforms/x.ts): Authorization Code with PKCE (S256) and a
// confidential client's HTTP Basic auth; two-hour access tokens and refresh tokens that rotate on use
// (the old one stops working); revocation; POST /2/media/upload INIT/APPEND/FINALIZE and GET STATUS with
// processing_info; POST /2/tweets; GET /2/users/:id/tweets with attachments.media_keys; errors as
// `{title, detail, type, status}`; 429 with x-rate-limit-reset and the 24-hour caps in
// x-user-limit-24hour-* headers. Every host (x.com, api.x.com) is served on this one origin.
import { Hono, type Context } from "hono";
import { PostStats, statsRoutes } from "./stats.ts";
import { controlRoutes, dropConnection, Faults, type StandIn } from "./faults.ts";

interface Media { id: string; key: string; total: number; segments: Map<number, number>; finalized: boolean; polls: number; fails: boolean }
export interface XPost { id: string; author: string; text: string; mediaKeys: string[]; bytes: number }
export interface XStandIn extends StandIn {
  posts: XPost[];
  issuedTokens: string[];
}

const b64url = (b: Uint8Array) => btoa(String.fromCharCode(...b)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
const rand = () => b64url(crypto.getRandomValues(new Uint8Array(12)));
const snowflake = () => String(1_880_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));

/** Each authorization is a new X user (@standin_<n>). */
export function createXStandIn(opts: { clientId?: string; clientSecret?: string } = {}): XStandIn {
  const clientId = opts.clientId ?? "x-client";
  const clientSecret = opts.clientSecret ?? "x-secret";
  const faults = new Faults();
  const stats = new PostStats();
  const codes = new Map<string, { redirectUri: string; challenge?: string; scope: string; user: string }>();
  const access = new Map<string, { expiresAt: number; scope: string; user: string }>();
  const refresh = new Map<string, { scope: string; user: string }>();
  const users = new Map<string, string>(); // id → username
  const media = new Map<string, Media>();
  const posts: XPost[] = [];
  const issuedTokens: string[] = [];
  const app = new Hono();

  controlRoutes(app, stats, faults, () => ({ posts: posts.map((p) => ({ account: p.author, ...p })), issued_tokens: issuedTokens, refresh_tokens: [...refresh.keys()] }), () => {
    codes.clear();
    access.clear();
    refresh.clear();
    media.clear();
    users.clear();
    posts.length = 0;
    issuedTokens.length = 0;
  });

  const problem = (c: Context, status: number, title: string, detail: string, type = "about:blank", headers: Record<string, string> = {}) =>
    c.json({ title, detail, type, status }, status as 400, headers);
  const nowSec = () => Math.floor(Date.now() / 1000);

  /** Bearer check plus the faults every API call may hit. */
  const authorize = (c: Context): { user: string } | Response => {
    const token = c.req.header("authorization")?.replace(/^Bearer /, "") ?? "";
    const t = access.get(token);
    if (!t || t.expiresAt < Date.now() || faults.take("expired_token")) {
      if (t) t.expiresAt = 0;
      return problem(c, 401, "Unauthorized", "Unauthorized");
    }
    if (faults.take("rate_limited")) return problem(c, 429, "Too Many Requests", "Too Many Requests", "about:blank", { "x-rate-limit-limit": "5", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(nowSec() + 1) });
    return { user: t.user };
  };

  const issue = (scope: string, user: string) => {
    const accessToken = rand();
    const refreshToken = rand();
    access.set(accessToken, { expiresAt: Date.now() + 7200_000, scope, user });
    refresh.set(refreshToken, { scope, user });
    issuedTokens.push(accessToken, refreshToken);
    return { token_type: "bearer", expires_in: 7200, access_token: accessToken, scope, refresh_token: refreshToken };
  };

  const basicOk = (c: Context) => c.req.header("authorization") === `Basic ${btoa(`${clientId}:${clientSecret}`)}`;

  app.get("/i/oauth2/authorize", (c) => {
    const q = c.req.query();
    if (q.client_id !== clientId || q.response_type !== "code" || !q.redirect_uri || q.code_challenge_method !== "S256" || !q.code_challenge) return c.text("Something went wrong", 400);
    const code = rand();
    const user = snowflake();
    users.set(user, `standin_${users.size + 1}`);
    codes.set(code, { redirectUri: q.redirect_uri, challenge: q.code_challenge, scope: q.scope ?? "", user });
    const back = new URL(q.redirect_uri);
    back.searchParams.set("state", q.state ?? "");
    back.searchParams.set("code", code);
    return c.redirect(back.href, 302);
  });

  app.post("/2/oauth2/token", async (c) => {
    if (!basicOk(c)) return c.json({ error: "unauthorized_client", error_description: "Missing valid authorization header" }, 401);
    const f = new URLSearchParams(await c.req.text());
    if (f.get("grant_type") === "authorization_code") {
      const entry = codes.get(f.get("code") ?? "");
      codes.delete(f.get("code") ?? "");
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(f.get("code_verifier") ?? "")));
      if (!entry || entry.redirectUri !== f.get("redirect_uri") || b64url(digest) !== entry.challenge) {
        return c.json({ error: "invalid_request", error_description: "Value passed for the authorization code was invalid." }, 400);
      }
      return c.json(issue(entry.scope, entry.user));
    }
    if (f.get("grant_type") === "refresh_token") {
      const old = f.get("refresh_token") ?? "";
      const grant = refresh.get(old);
      if (!grant || faults.take("refresh_fails")) return c.json({ error: "invalid_request", error_description: "Value passed for the token was invalid." }, 400);
      // Refresh tokens rotate: the one just used stops working.
      refresh.delete(old);
      return c.json(issue(grant.scope, grant.user));
    }
    return c.json({ error: "unsupported_grant_type" }, 400);
  });

  app.post("/2/oauth2/revoke", async (c) => {
    if (!basicOk(c)) return c.json({ error: "unauthorized_client" }, 401);
    const token = new URLSearchParams(await c.req.text()).get("token") ?? "";
    refresh.delete(token);
    access.delete(token);
    return c.json({ revoked: true });
  });

  app.get("/2/users/me", (c) => {
    const who = authorize(c);
    return who instanceof Response ? who : c.json({ data: { id: who.user, name: "Stand-in", username: users.get(who.user) } });
  });

  app.post("/2/media/upload", async (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const f = await c.req.formData();
    const command = f.get("command");
    if (command === "INIT") {
      const total = Number(f.get("total_bytes"));
      if (f.get("media_type") !== "video/mp4" || !(total > 0)) return problem(c, 400, "Invalid Request", "One or more parameters to your request was invalid.");
      if (total > 512 * 1024 * 1024) return problem(c, 400, "Invalid Request", "File size exceeds 536870912 bytes.");
      const id = snowflake();
      media.set(id, { id, key: `7_${id}`, total, segments: new Map(), finalized: false, polls: 0, fails: false });
      return c.json({ data: { id, media_key: `7_${id}`, expires_after_secs: 86400 } }, 202);
    }
    const m = media.get(String(f.get("media_id")));
    if (!m) return problem(c, 400, "Invalid Request", "media_id not found.");
    if (command === "APPEND") {
      const part = f.get("media");
      const index = Number(f.get("segment_index"));
      if (!(part instanceof Blob) || !(index >= 0 && index <= 999)) return problem(c, 400, "Invalid Request", "segment_index and media are required.");
      if (faults.take("chunk_fails")) return problem(c, 503, "Service Unavailable", "Service Unavailable");
      m.segments.set(index, part.size);
      return c.body(null, 204);
    }
    if (command === "FINALIZE") {
      const received = [...m.segments.values()].reduce((a, b) => a + b, 0);
      if (received !== m.total) return problem(c, 400, "Invalid Request", `File size mismatch: received ${received} of ${m.total} bytes.`);
      m.finalized = true;
      m.fails = faults.take("processing_fails");
      return c.json({ data: { id: m.id, media_key: m.key, size: m.total, expires_after_secs: 86400, processing_info: { state: "pending", check_after_secs: 1 } } });
    }
    return problem(c, 400, "Invalid Request", "Unknown command.");
  });

  app.get("/2/media/upload", (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const m = media.get(c.req.query("media_id") ?? "");
    if (c.req.query("command") !== "STATUS" || !m?.finalized) return problem(c, 400, "Invalid Request", "media_id not found or not finalized.");
    m.polls += 1;
    // The first read sees the transcode running; the next sees its outcome.
    const processing_info = m.polls < 2 ? { state: "in_progress", check_after_secs: 1, progress_percent: 50 } : m.fails ? { state: "failed", progress_percent: 100, error: { code: 1, name: "InvalidMedia", message: "Invalid or Unsupported media, Reason: UnsupportedMedia." } } : { state: "succeeded", progress_percent: 100 };
    return c.json({ data: { id: m.id, media_key: m.key, processing_info } });
  });

  app.post("/2/tweets", async (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const body = (await c.req.json()) as { text?: string; media?: { media_ids?: string[] } };
    if (faults.take("daily_quota")) {
      return problem(c, 429, "Too Many Requests", "Too Many Requests", "about:blank", { "x-user-limit-24hour-limit": "17", "x-user-limit-24hour-remaining": "0", "x-user-limit-24hour-reset": String(nowSec() + 36_000) });
    }
    if (faults.take("policy_refusal")) return problem(c, 403, "Forbidden", "This request looks like it might be automated. To protect our users from spam and other malicious activity, we can't complete this action right now.");
    const attached = (body.media?.media_ids ?? []).map((id) => media.get(id));
    if (attached.some((m) => !m || m.polls < 2 || m.fails)) return problem(c, 400, "Invalid Request", "Your media IDs are invalid.");
    if (posts.some((p) => p.author === who.user && p.text === body.text)) return problem(c, 403, "Forbidden", "You are not allowed to create a Tweet with duplicate content.");
    const post: XPost = { id: snowflake(), author: who.user, text: body.text ?? "", mediaKeys: attached.map((m) => m!.key), bytes: attached.reduce((a, m) => a + m!.total, 0) };
    posts.push(post);
    if (faults.take("publish_timeout")) return dropConnection();
    return c.json({ data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } }, 201);
  });

  app.get("/2/users/:id/tweets", (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    if (!users.has(c.req.param("id"))) return problem(c, 404, "Not Found Error", "Could not find user.");
    const latest = posts.filter((p) => p.author === c.req.param("id")).slice(-Number(c.req.query("max_results") ?? 10)).reverse();
    return c.json({ data: latest.map((p) => ({ id: p.id, text: p.text, edit_history_tweet_ids: [p.id], ...(p.mediaKeys.length ? { attachments: { media_keys: p.mediaKeys } } : {}) })), meta: { result_count: latest.length } });
  });

  // Post lookup with public_metrics and the video's view count; a deleted post is a 200 with errors.
  statsRoutes(app, stats);
  app.get("/2/tweets/:id", (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    if (faults.take("metrics_forbidden")) return problem(c, 403, "Forbidden", "You are not permitted to perform this action.", "https://api.twitter.com/2/problems/client-forbidden");
    const id = c.req.param("id");
    const post = posts.find((p) => p.id === id);
    if (!post || stats.isRemoved(id) || faults.take("post_deleted")) return c.json({ errors: [{ value: id, detail: `Could not find tweet with id: [${id}].`, title: "Not Found Error", resource_type: "tweet", parameter: "id", resource_id: id, type: "https://api.twitter.com/2/problems/resource-not-found" }] });
    const n = stats.read(id);
    const fields = (c.req.query("tweet.fields") ?? "").split(",");
    const withMedia = (c.req.query("media.fields") ?? "").split(",").includes("public_metrics");
    return c.json({
      data: { id, text: post.text, ...(fields.includes("public_metrics") ? { public_metrics: { retweet_count: n.reposts, reply_count: n.comments, like_count: n.likes, quote_count: n.quotes, bookmark_count: n.saved, impression_count: n.views * 2 } } : {}), attachments: { media_keys: post.mediaKeys } },
      ...(withMedia ? { includes: { media: post.mediaKeys.map((media_key) => ({ media_key, type: "video", public_metrics: { view_count: n.views } })) } } : {}),
    });
  });

  return { app, faults, stats, clientId, clientSecret, posts, issuedTokens };
}
