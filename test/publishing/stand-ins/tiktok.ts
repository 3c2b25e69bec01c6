// A local stand-in of TikTok's OAuth v2 endpoints and the Content Posting API (Direct Post) calls the
// TikTok adapter makes, written from the pages the adapter cites (src/services/publishing/platforms/tiktok.ts):
// authorize with client_key and state, /v2/oauth/token/ for codes and refresh (invalid_grant when the
// refresh token is refused), /v2/oauth/revoke/, /v2/user/info/, creator_info/query, video/init with
// the chunk rules of the media transfer guide, sequential chunk PUTs answered 206 then 201, and
// status/fetch with uploaded_bytes; every answer in the `{data, error: {code, message, log_id}}`
// envelope. Each authorization is a new creator (@standin_<n>); unaudited apps may post only SELF_ONLY.
import { Hono, type Context } from "hono";
import { PostStats, statsRoutes } from "./stats.ts";
import { controlRoutes, dropConnection, Faults, type StandIn } from "./faults.ts";

const MB = 1024 * 1024;
interface Upload { publishId: string; creator: string; size: number; chunkSize: number; chunks: number; received: number; privacy: string; title: string; coverMs: number | null; status: string; polls: number; outcome: "ok" | "failed" | "policy"; postId?: string }
export interface TikTokPost { id: string; account: string; privacy: string; title: string; bytes: number; /** post_info.video_cover_timestamp_ms */ coverMs: number | null }
export interface TikTokStandIn extends StandIn {
  posts: TikTokPost[];
  issuedTokens: string[];
}

const b64url = (b: Uint8Array) => btoa(String.fromCharCode(...b)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
const rand = () => b64url(crypto.getRandomValues(new Uint8Array(12)));

export function createTikTokStandIn(opts: { clientId?: string; clientSecret?: string; audited?: boolean } = {}): TikTokStandIn {
  const clientId = opts.clientId ?? "tt-client-key";
  const clientSecret = opts.clientSecret ?? "tt-secret";
  const faults = new Faults();
  const stats = new PostStats();
  const codes = new Map<string, { redirectUri: string; scope: string; creator: string }>();
  const access = new Map<string, { expiresAt: number; creator: string }>();
  const refresh = new Map<string, { creator: string; scope: string }>();
  const uploads = new Map<string, Upload>();
  const posts: TikTokPost[] = [];
  const issuedTokens: string[] = [];
  let creators = 0;
  const app = new Hono();

  controlRoutes(app, stats, faults, () => ({ posts, issued_tokens: issuedTokens, refresh_tokens: [...refresh.keys()] }), () => {
    codes.clear();
    access.clear();
    refresh.clear();
    uploads.clear();
    posts.length = 0;
    issuedTokens.length = 0;
  });

  const envelope = (c: Context, data: unknown, status = 200, code = "ok", message = "", headers: Record<string, string> = {}) => c.json({ data, error: { code, message, log_id: rand() } }, status as 200, headers);
  const authorize = (c: Context): { creator: string } | Response => {
    const token = c.req.header("authorization")?.replace(/^Bearer /, "") ?? "";
    const t = access.get(token);
    if (!t || t.expiresAt < Date.now() || faults.take("expired_token")) {
      if (t) t.expiresAt = 0;
      return envelope(c, {}, 401, "access_token_invalid", "The access token is invalid or not found in the request.");
    }
    if (faults.take("rate_limited")) return envelope(c, {}, 429, "rate_limit_exceeded", "API rate limit was exceeded.", { "retry-after": "1" });
    return { creator: t.creator };
  };
  const issue = (creator: string) => {
    const token = `act.${rand()}`;
    access.set(token, { expiresAt: Date.now() + 86_400_000, creator });
    issuedTokens.push(token);
    return token;
  };

  app.get("/v2/auth/authorize/", (c) => {
    const q = c.req.query();
    if (q.client_key !== clientId || q.response_type !== "code" || !q.redirect_uri) return c.text("invalid request", 400);
    const code = rand();
    codes.set(code, { redirectUri: q.redirect_uri, scope: q.scope ?? "", creator: `standin_${++creators}` });
    const back = new URL(q.redirect_uri);
    back.searchParams.set("code", code);
    back.searchParams.set("scopes", q.scope ?? "");
    if (q.state) back.searchParams.set("state", q.state);
    return c.redirect(back.href, 302);
  });

  app.post("/v2/oauth/token/", async (c) => {
    const f = new URLSearchParams(await c.req.text());
    if (f.get("client_key") !== clientId || f.get("client_secret") !== clientSecret) return c.json({ error: "invalid_client", error_description: "Client key or secret is incorrect.", log_id: rand() }, 401);
    if (f.get("grant_type") === "authorization_code") {
      const entry = codes.get(f.get("code") ?? "");
      codes.delete(f.get("code") ?? "");
      if (!entry || entry.redirectUri !== f.get("redirect_uri")) return c.json({ error: "invalid_grant", error_description: "Authorization code is expired.", log_id: rand() }, 400);
      const refreshToken = `rft.${rand()}`;
      refresh.set(refreshToken, { creator: entry.creator, scope: entry.scope });
      return c.json({ access_token: issue(entry.creator), expires_in: 86400, open_id: `open-${entry.creator}`, refresh_expires_in: 31536000, refresh_token: refreshToken, scope: entry.scope, token_type: "Bearer" });
    }
    if (f.get("grant_type") === "refresh_token") {
      const r = refresh.get(f.get("refresh_token") ?? "");
      if (!r || faults.take("refresh_fails")) return c.json({ error: "invalid_grant", error_description: "Refresh token is invalid or expired.", log_id: rand() }, 400);
      return c.json({ access_token: issue(r.creator), expires_in: 86400, open_id: `open-${r.creator}`, refresh_expires_in: 31536000, refresh_token: f.get("refresh_token"), scope: r.scope, token_type: "Bearer" });
    }
    return c.json({ error: "unsupported_grant_type", log_id: rand() }, 400);
  });

  app.post("/v2/oauth/revoke/", async (c) => {
    const f = new URLSearchParams(await c.req.text());
    const t = access.get(f.get("token") ?? "");
    if (t) for (const [k, v] of refresh) if (v.creator === t.creator) refresh.delete(k);
    access.delete(f.get("token") ?? "");
    return c.body(null, 200);
  });

  app.get("/v2/user/info/", (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    return envelope(c, { user: { open_id: `open-${who.creator}`, display_name: "Stand-in Creator", username: who.creator } });
  });

  app.post("/v2/post/publish/creator_info/query/", (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    return envelope(c, { creator_username: who.creator, privacy_level_options: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"], comment_disabled: false, duet_disabled: false, stitch_disabled: false, max_video_post_duration_sec: 600 });
  });

  app.post("/v2/post/publish/video/init/", async (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const body = (await c.req.json()) as { post_info?: { title?: string; privacy_level?: string; video_cover_timestamp_ms?: number }; source_info?: { source?: string; video_size?: number; chunk_size?: number; total_chunk_count?: number } };
    const si = body.source_info ?? {};
    if (faults.take("daily_quota")) return envelope(c, {}, 403, "spam_risk_too_many_posts", "The daily post cap for this user has been reached.");
    if (faults.take("policy_refusal")) return envelope(c, {}, 403, "spam_risk_user_banned_from_posting", "The user is banned from making new posts.");
    if (!opts.audited && body.post_info?.privacy_level !== "SELF_ONLY") return envelope(c, {}, 403, "unaudited_client_can_only_post_to_private_accounts", "Unaudited clients can only post to private accounts.");
    if (si.source !== "FILE_UPLOAD" || !si.video_size || !si.chunk_size || !si.total_chunk_count) return envelope(c, {}, 400, "invalid_params", "source_info is incomplete");
    // Media transfer guide: chunk rules.
    const expectCount = si.video_size < 5 * MB ? 1 : Math.floor(si.video_size / si.chunk_size);
    const chunkOk = si.video_size < 5 * MB ? si.chunk_size === si.video_size : si.chunk_size >= 5 * MB && si.chunk_size <= 64 * MB;
    if (!chunkOk || si.total_chunk_count !== expectCount) return envelope(c, {}, 400, "invalid_params", "chunk_size or total_chunk_count breaks the chunk rules");
    const publishId = `v_pub_file~v2-1.${rand()}`;
    uploads.set(publishId, { publishId, creator: who.creator, size: si.video_size, chunkSize: si.chunk_size, chunks: si.total_chunk_count, received: 0, privacy: body.post_info?.privacy_level ?? "", title: body.post_info?.title ?? "", coverMs: body.post_info?.video_cover_timestamp_ms ?? null, status: "PROCESSING_UPLOAD", polls: 0, outcome: faults.take("processing_fails") ? "failed" : "ok" });
    return envelope(c, { publish_id: publishId, upload_url: new URL(`/upload/?upload_id=${encodeURIComponent(publishId)}`, c.req.url).href });
  });

  app.put("/upload/", async (c) => {
    const u = uploads.get(c.req.query("upload_id") ?? "");
    if (!u) return c.json({ error: "upload not found" }, 404);
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(c.req.header("content-range") ?? "");
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (!m || Number(m[3]) !== u.size || Number(m[2]) - Number(m[1]) + 1 !== body.length) return c.json({ error: "bad Content-Range" }, 400);
    const start = Number(m[1]);
    // Chunks are sequential: a repeat of a fully stored chunk is acknowledged, a chunk that was cut
    // off is taken again from its start, a gap is refused.
    if (Number(m[2]) + 1 <= u.received) return c.body(null, Number(m[2]) + 1 >= u.size ? 201 : 206);
    if (start % u.chunkSize !== 0 || start > u.received) return c.json({ error: "chunks must be uploaded sequentially" }, 400);
    if (faults.take("chunk_fails")) {
      u.received += Math.floor(body.length / 2);
      return c.json({ error: "upload failed" }, 500);
    }
    u.received = Number(m[2]) + 1;
    if (u.received < u.size) return c.body(null, 206);
    u.status = "PROCESSING_DOWNLOAD";
    if (faults.take("publish_timeout")) return dropConnection();
    return c.body(null, 201);
  });

  app.post("/v2/post/publish/status/fetch/", async (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    const { publish_id } = (await c.req.json()) as { publish_id?: string };
    const u = uploads.get(publish_id ?? "");
    if (!u || u.creator !== who.creator) return envelope(c, {}, 400, "invalid_publish_id", "publish_id not found");
    if (u.status === "PROCESSING_DOWNLOAD") {
      u.polls += 1;
      // One poll sees the video processing; the next sees the outcome.
      if (u.polls >= 2) {
        if (u.outcome === "failed") u.status = "FAILED";
        else {
          u.status = "PUBLISH_COMPLETE";
          u.postId = String(7_300_000_000_000_000_000n + BigInt(posts.length + 1));
          posts.push({ id: u.postId, account: u.creator, privacy: u.privacy, title: u.title, bytes: u.received, coverMs: u.coverMs });
        }
      }
    }
    const data = JSON.stringify({ status: u.status, uploaded_bytes: u.received, ...(u.status === "FAILED" ? { fail_reason: "file_format_check_failed" } : {}) });
    // Spelled as TikTok spells it; an int64 beyond JavaScript's exact range, written as TikTok sends it
    // (a bare number); empty for SELF_ONLY posts.
    const ids = u.postId && u.privacy !== "SELF_ONLY" ? `[${u.postId}]` : "[]";
    return c.body(`{"data":${data.slice(0, -1)},"publicaly_available_post_id":${ids}},"error":{"code":"ok","message":"","log_id":"${rand()}"}}`, 200, { "content-type": "application/json" });
  });

  // Display API video query (scope video.list): the stand-in's numbers for the creator's videos.
  statsRoutes(app, stats);
  app.post("/v2/video/query/", async (c) => {
    const who = authorize(c);
    if (who instanceof Response) return who;
    if (faults.take("metrics_forbidden")) return envelope(c, {}, 401, "scope_not_authorized", "The user did not authorize the scope required for completing this request.");
    const fields = (c.req.query("fields") ?? "").split(",");
    if (!fields.includes("view_count")) return envelope(c, {}, 400, "invalid_params", "fields is required");
    const body = (await c.req.json()) as { filters?: { video_ids?: string[] } };
    const ids = body.filters?.video_ids ?? [];
    const gone = faults.take("post_deleted");
    const videos = ids
      .filter((id) => !gone && !stats.isRemoved(id) && posts.some((p) => p.id === id && p.account === who.creator))
      .map((id) => {
        const n = stats.read(id);
        return { id, view_count: n.views, like_count: n.likes, comment_count: n.comments, share_count: n.shares };
      });
    return envelope(c, { videos, cursor: 0, has_more: false });
  });

  return { app, faults, stats, clientId, clientSecret, posts, issuedTokens };
}
