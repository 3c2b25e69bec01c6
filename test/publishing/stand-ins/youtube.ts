// A local stand-in of the Google OAuth 2.0 endpoints and the YouTube Data API v3 calls the YouTube
// adapter makes, written from the same pages the adapter cites (src/services/publishing/platforms/youtube.ts):
// the web-server OAuth flow with PKCE, the resumable upload protocol (session POST → Location,
// chunked PUTs answered 308 with Range, `bytes */total` status query), videos.list status, and
// the error bodies `{error: {code, message, errors: [{reason}]}}`.
import { Hono, type Context } from "hono";
import { PostStats, statsRoutes } from "./stats.ts";
import { controlRoutes, dropConnection, Faults, type StandIn } from "./faults.ts";

interface Session { id: string; total: number; received: Uint8Array[]; bytes: number; meta: { snippet?: { title?: string; description?: string }; status?: { privacyStatus?: string } }; videoId?: string; channel: string }
interface Video { id: string; title: string; description: string; privacy: string; bytes: number; polls: number; outcome: "processed" | "failed" | "rejected"; channel: string }

export interface YouTubeStandIn extends StandIn {
  videos: Video[];
  /** Access tokens handed out, to prove the Worker never stores them in clear. */
  issuedTokens: string[];
  /** thumbnails.set: the image bytes set on each video id */
  thumbnails: Map<string, Uint8Array>;
}

const b64url = (b: Uint8Array) => btoa(String.fromCharCode(...b)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
const rand = () => b64url(crypto.getRandomValues(new Uint8Array(12)));

export function createYouTubeStandIn(opts: { clientId?: string; clientSecret?: string } = {}): YouTubeStandIn {
  const clientId = opts.clientId ?? "yt-client";
  const clientSecret = opts.clientSecret ?? "yt-secret";
  const faults = new Faults();
  const stats = new PostStats();
  const codes = new Map<string, { redirectUri: string; challenge?: string; scope: string }>();
  const access = new Map<string, { expiresAt: number; channel: string }>();
  const refresh = new Map<string, { channel: string; scope: string }>();
  const sessions = new Map<string, Session>();
  const videos: Video[] = [];
  const issuedTokens: string[] = [];
  let armedOutcome: Video["outcome"] = "processed";
  const app = new Hono();

  const reset = () => {
    codes.clear();
    access.clear();
    refresh.clear();
    sessions.clear();
    videos.length = 0;
    issuedTokens.length = 0;
  };
  controlRoutes(app, stats, faults, () => ({ videos: videos.map(({ id, title, privacy, bytes, channel }) => ({ id, title, privacy, bytes, channel })), sessions: sessions.size, issued_tokens: issuedTokens, refresh_tokens: [...refresh.keys()] }), reset);

  const apiError = (code: number, reason: string, message: string) => Response.json({ error: { code, message, errors: [{ reason, message }] } }, { status: code });

  /** videos.list part=statistics: the stand-in's numbers for the video; a deleted video is not listed. */
  const statistics = (c: Context, id: string) => {
    if (faults.take("metrics_forbidden")) return apiError(403, "forbidden", "The request is not properly authorized to retrieve the specified video's statistics.");
    const v = videos.find((x) => x.id === id);
    if (!v || stats.isRemoved(id) || faults.take("post_deleted")) return c.json({ kind: "youtube#videoListResponse", items: [] });
    const n = stats.read(id);
    return c.json({ kind: "youtube#videoListResponse", items: [{ id, statistics: { viewCount: String(n.views), likeCount: String(n.likes), favoriteCount: "0", commentCount: String(n.comments) } }] });
  };


  /** Bearer check plus the faults every API call may hit. */
  const authorize = (req: Request): { channel: string } | Response => {
    const token = req.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const t = access.get(token);
    if (!t || t.expiresAt < Date.now() || faults.take("expired_token")) {
      if (t) t.expiresAt = 0;
      return apiError(401, "authError", "Invalid Credentials");
    }
    if (faults.take("rate_limited")) return new Response(JSON.stringify({ error: { code: 429, message: "Too many requests", errors: [{ reason: "rateLimitExceeded" }] } }), { status: 429, headers: { "retry-after": "1", "content-type": "application/json" } });
    return { channel: t.channel };
  };

  const issue = (channel: string, scope: string) => {
    const accessToken = `ya29.${rand()}`;
    access.set(accessToken, { expiresAt: Date.now() + 3599_000, channel });
    issuedTokens.push(accessToken);
    return accessToken;
  };

  app.get("/o/oauth2/v2/auth", (c) => {
    const q = c.req.query();
    if (q.client_id !== clientId || q.response_type !== "code" || !q.redirect_uri) return c.text("Error 400: invalid_request", 400);
    const code = `4/${rand()}`;
    codes.set(code, { redirectUri: q.redirect_uri, challenge: q.code_challenge, scope: q.scope ?? "" });
    const back = new URL(q.redirect_uri);
    back.searchParams.set("code", code);
    if (q.state) back.searchParams.set("state", q.state);
    back.searchParams.set("scope", q.scope ?? "");
    return c.redirect(back.href, 302);
  });

  app.post("/token", async (c) => {
    const f = new URLSearchParams(await c.req.text());
    if (f.get("client_id") !== clientId || f.get("client_secret") !== clientSecret) return c.json({ error: "invalid_client" }, 401);
    if (f.get("grant_type") === "authorization_code") {
      const entry = codes.get(f.get("code") ?? "");
      codes.delete(f.get("code") ?? "");
      if (!entry || entry.redirectUri !== f.get("redirect_uri")) return c.json({ error: "invalid_grant", error_description: "Bad code or redirect_uri" }, 400);
      if (entry.challenge) {
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(f.get("code_verifier") ?? "")));
        if (b64url(digest) !== entry.challenge) return c.json({ error: "invalid_grant", error_description: "code_verifier does not match" }, 400);
      }
      const channel = `UC${rand()}`;
      const refreshToken = `1//${rand()}`;
      refresh.set(refreshToken, { channel, scope: entry.scope });
      return c.json({ access_token: issue(channel, entry.scope), expires_in: 3599, refresh_token: refreshToken, scope: entry.scope, token_type: "Bearer" });
    }
    if (f.get("grant_type") === "refresh_token") {
      const r = refresh.get(f.get("refresh_token") ?? "");
      if (!r || faults.take("refresh_fails")) return c.json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
      return c.json({ access_token: issue(r.channel, r.scope), expires_in: 3599, scope: r.scope, token_type: "Bearer" });
    }
    return c.json({ error: "unsupported_grant_type" }, 400);
  });

  app.post("/revoke", async (c) => {
    const token = new URLSearchParams(await c.req.text()).get("token") ?? c.req.query("token") ?? "";
    if (refresh.delete(token) || access.delete(token)) return c.body(null, 200);
    return c.json({ error: "invalid_token" }, 400);
  });

  app.get("/youtube/v3/channels", (c) => {
    const who = authorize(c.req.raw);
    if (who instanceof Response) return who;
    return c.json({ kind: "youtube#channelListResponse", items: [{ id: who.channel, snippet: { title: "Stand-in Channel", customUrl: "@standin" } }] });
  });

  app.post("/upload/youtube/v3/videos", async (c) => {
    const who = authorize(c.req.raw);
    if (who instanceof Response) return who;
    if (c.req.query("uploadType") !== "resumable") return apiError(400, "badRequest", "uploadType must be resumable here");
    if (faults.take("daily_quota")) return apiError(403, "quotaExceeded", "The request cannot be completed because you have exceeded your quota.");
    const total = Number(c.req.header("x-upload-content-length"));
    if (!Number.isFinite(total) || total <= 0) return apiError(400, "badRequest", "X-Upload-Content-Length is required");
    const id = rand();
    sessions.set(id, { id, total, received: [], bytes: 0, meta: await c.req.json(), channel: who.channel });
    if (faults.take("policy_refusal")) armedOutcome = "rejected";
    if (faults.take("processing_fails")) armedOutcome = "failed";
    return c.body(null, 200, { location: new URL(`/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}`, c.req.url).href });
  });

  app.put("/upload/youtube/v3/videos", async (c) => {
    const who = authorize(c.req.raw);
    if (who instanceof Response) return who;
    const s = sessions.get(c.req.query("upload_id") ?? "");
    if (!s) return apiError(404, "notFound", "Upload session not found");
    const stored = (): Record<string, string> => (s.bytes ? { range: `bytes=0-${s.bytes - 1}` } : {});
    const done = () => c.json({ kind: "youtube#video", id: s.videoId, status: { uploadStatus: "uploaded" } }, 200);
    const range = c.req.header("content-range") ?? "";
    if (range.startsWith("bytes */")) return s.videoId ? done() : c.body(null, 308, stored());
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!m || Number(m[3]) !== s.total) return apiError(400, "badRequest", "Bad Content-Range");
    const start = Number(m[1]);
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (start !== s.bytes) return c.body(null, 308, stored());
    if (faults.take("chunk_fails")) {
      // Part of the chunk arrived before the failure: the client must ask where to resume.
      const half = body.subarray(0, Math.floor(body.length / 2 / 262144) * 262144);
      s.received.push(half);
      s.bytes += half.length;
      return apiError(503, "backendError", "Backend Error");
    }
    s.received.push(body);
    s.bytes += body.length;
    if (s.bytes < s.total) return c.body(null, 308, stored());
    const video: Video = { id: `v${rand()}`, title: s.meta.snippet?.title ?? "", description: s.meta.snippet?.description ?? "", privacy: s.meta.status?.privacyStatus ?? "public", bytes: s.bytes, polls: 0, outcome: armedOutcome, channel: s.channel };
    armedOutcome = "processed";
    videos.push(video);
    s.videoId = video.id;
    if (faults.take("publish_timeout")) return dropConnection();
    return done();
  });

  // thumbnails.set (developers.google.com/youtube/v3/docs/thumbnails/set): the image is the body, JPEG or PNG up to 2 MB
  const thumbnails = new Map<string, Uint8Array>();
  app.post("/upload/youtube/v3/thumbnails/set", async (c) => {
    const who = authorize(c.req.raw);
    if (who instanceof Response) return who;
    const v = videos.find((x) => x.id === c.req.query("videoId") && x.channel === who.channel);
    if (!v) return apiError(404, "videoNotFound", "The video that you are trying to update cannot be found.");
    const type = c.req.header("content-type") ?? "";
    const image = new Uint8Array(await c.req.arrayBuffer());
    if (!/^image\/(jpeg|png)$/.test(type) || !image.length) return apiError(400, "invalidImage", "The provided image content is invalid.");
    if (image.length > 2 * 1024 * 1024) return apiError(400, "mediaBodyTooLarge", "The image is larger than 2 MB.");
    thumbnails.set(v.id, image);
    return c.json({ kind: "youtube#thumbnailSetResponse", items: [{ default: { url: `https://i.ytimg.com/vi/${v.id}/default.jpg` } }] });
  });

  statsRoutes(app, stats);

  app.get("/youtube/v3/videos", (c) => {
    const who = authorize(c.req.raw);
    if (who instanceof Response) return who;
    if ((c.req.query("part") ?? "").split(",").includes("statistics")) return statistics(c, c.req.query("id") ?? "");
    const v = videos.find((x) => x.id === c.req.query("id"));
    if (!v) return c.json({ items: [] });
    v.polls += 1;
    // One poll sees "uploaded" (still processing); the next sees the outcome.
    const status = v.polls < 2 ? { uploadStatus: "uploaded" } : v.outcome === "processed" ? { uploadStatus: "processed", privacyStatus: v.privacy } : v.outcome === "failed" ? { uploadStatus: "failed", failureReason: "conversion" } : { uploadStatus: "rejected", rejectionReason: "inappropriate" };
    return c.json({ items: [{ id: v.id, status }] });
  });

  return { app, faults, stats, clientId, clientSecret, videos, issuedTokens, thumbnails };
}
