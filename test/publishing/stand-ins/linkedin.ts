// A local stand-in of LinkedIn's OAuth endpoints and the versioned REST calls the LinkedIn adapter makes,
// written from the pages the adapter cites (src/services/publishing/platforms/linkedin.ts): the 3-legged code flow
// (60-day access tokens; refresh tokens only when the app is approved for them, off by default), OpenID
// userinfo, revocation; the Videos API (initializeUpload → uploadInstructions in 4 MiB byte ranges, a PUT
// per part answered with an ETag, finalizeUpload with the ETags, GET /rest/videos/{urn} status); the Posts
// API (201 with x-restli-id); LinkedIn-Version and X-Restli-Protocol-Version required on /rest calls;
// errors `{status, serviceErrorCode, code, message}`; daily throttles as 429 "… DAY limit …". The wording of
// the policy refusal is ours (LinkedIn documents 4xx with a message, not a policy text). Every host
// (www.linkedin.com, api.linkedin.com, the upload URLs) is served on this one origin.
import { Hono, type Context } from "hono";
import { PostStats, statsRoutes } from "./stats.ts";
import { controlRoutes, dropConnection, Faults, type StandIn } from "./faults.ts";

export const LINKEDIN_PART_BYTES = 4 * 1024 * 1024;

interface Video { urn: string; owner: string; size: number; parts: { first: number; last: number; etag: string | null }[]; token: string; finalized: boolean; reads: number; fails: boolean }
export interface LinkedInPost { urn: string; author: string; commentary: string; visibility: string; video: string; title: string | null; bytes: number }
export interface LinkedInStandIn extends StandIn {
  posts: LinkedInPost[];
  /** Whether the app is one LinkedIn issues refresh tokens to (approved partners only). */
  refreshTokens: boolean;
  issuedTokens: string[];
  /** LinkedIn-Version headers seen on /rest calls. */
  versions: Set<string>;
}

const rand = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18)))).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
const num = () => String(7_000_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));

/** Each authorization is a new member ("Stand-in Member"). */
export function createLinkedInStandIn(opts: { clientId?: string; clientSecret?: string; refreshTokens?: boolean } = {}): LinkedInStandIn {
  const clientId = opts.clientId ?? "li-client";
  const clientSecret = opts.clientSecret ?? "li-secret";
  const faults = new Faults();
  const stats = new PostStats();
  const codes = new Map<string, { redirect: string; member: string }>();
  const access = new Map<string, { expiresAt: number; member: string }>();
  const refresh = new Map<string, string>(); // refresh token → member
  const videos = new Map<string, Video>();
  const posts: LinkedInPost[] = [];
  const issuedTokens: string[] = [];
  const versions = new Set<string>();
  const app = new Hono();
  const stand: LinkedInStandIn = { app, faults, stats, clientId, clientSecret, posts, refreshTokens: opts.refreshTokens ?? false, issuedTokens, versions };

  controlRoutes(app, stats, faults, () => ({ posts: posts.map((p) => ({ id: p.urn, account: p.author.replace("urn:li:person:", ""), ...p })), issued_tokens: issuedTokens, refresh_tokens: [...refresh.keys()] }), () => {
    codes.clear();
    access.clear();
    refresh.clear();
    videos.clear();
    posts.length = 0;
    issuedTokens.length = 0;
  });

  const error = (c: Context, status: number, message: string, extra: Record<string, unknown> = {}) => c.json({ status, message, ...extra }, status as 400);

  /** Bearer, version headers and the faults every API call may hit. */
  const authorize = (c: Context, versioned: boolean): { member: string } | Response => {
    const token = c.req.header("authorization")?.replace(/^Bearer /, "") ?? "";
    const t = access.get(token);
    if (!t || t.expiresAt < Date.now() || faults.take("expired_token")) {
      if (t) t.expiresAt = 0;
      return error(c, 401, "The token used in the request has expired", { serviceErrorCode: 65601, code: "EXPIRED_ACCESS_TOKEN" });
    }
    if (versioned) {
      const version = c.req.header("linkedin-version");
      if (!version || !/^\d{6}$/.test(version)) return error(c, 426, "A version must be present. Please specify a version by adding the LinkedIn-Version header.", { code: "VERSION_MISSING" });
      if (c.req.header("x-restli-protocol-version") !== "2.0.0") return error(c, 400, "X-Restli-Protocol-Version 2.0.0 is required");
      versions.add(version);
    }
    if (faults.take("rate_limited")) return error(c, 429, "Too Many Requests");
    return { member: t.member };
  };

  const issue = (member: string, withRefresh = stand.refreshTokens) => {
    const token = `AQV${rand()}`;
    access.set(token, { expiresAt: Date.now() + 5_184_000_000, member });
    issuedTokens.push(token);
    const body: Record<string, unknown> = { access_token: token, expires_in: 5_184_000, scope: "openid,profile,w_member_social", token_type: "Bearer" };
    if (withRefresh) {
      const r = `AQX${rand()}`;
      refresh.set(r, member);
      issuedTokens.push(r);
      Object.assign(body, { refresh_token: r, refresh_token_expires_in: 31_536_000 });
    }
    return body;
  };

  app.get("/oauth/v2/authorization", (c) => {
    const q = c.req.query();
    if (q.client_id !== clientId || q.response_type !== "code" || !q.redirect_uri || !q.state) return c.text("invalid_request", 400);
    const code = `AQT${rand()}`;
    codes.set(code, { redirect: q.redirect_uri, member: rand().slice(0, 10) });
    const back = new URL(q.redirect_uri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", q.state);
    return c.redirect(back.href, 302);
  });

  app.post("/oauth/v2/accessToken", async (c) => {
    const f = new URLSearchParams(await c.req.text());
    if (f.get("client_id") !== clientId || f.get("client_secret") !== clientSecret) return c.json({ error: "invalid_client", error_description: "Client authentication failed" }, 401);
    if (f.get("grant_type") === "authorization_code") {
      const entry = codes.get(f.get("code") ?? "");
      codes.delete(f.get("code") ?? "");
      if (!entry || entry.redirect !== f.get("redirect_uri")) return c.json({ error: "invalid_request", error_description: "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired." }, 400);
      return c.json(issue(entry.member));
    }
    if (f.get("grant_type") === "refresh_token") {
      const r = f.get("refresh_token") ?? "";
      const member = refresh.get(r);
      if (!member || faults.take("refresh_fails")) return c.json({ error: "invalid_request", error_description: "The provided authorization grant or refresh token is invalid, expired or revoked" }, 400);
      // LinkedIn keeps the refresh token (its 365-day lifetime does not restart) and hands it back.
      return c.json({ ...issue(member, false), refresh_token: r });
    }
    return c.json({ error: "unsupported_grant_type" }, 400);
  });

  app.post("/oauth/v2/revoke", async (c) => {
    const f = new URLSearchParams(await c.req.text());
    if (f.get("client_id") !== clientId || f.get("client_secret") !== clientSecret) return c.json({ error: "invalid_client" }, 401);
    const member = access.get(f.get("token") ?? "")?.member;
    access.delete(f.get("token") ?? "");
    for (const [r, m] of refresh) if (m === member) refresh.delete(r);
    return c.body(null, 200);
  });

  app.get("/v2/userinfo", (c) => {
    const who = authorize(c, false);
    return who instanceof Response ? who : c.json({ sub: who.member, name: "Stand-in Member", given_name: "Stand-in", family_name: "Member", locale: { country: "US", language: "en" } });
  });

  app.post("/rest/videos", async (c) => {
    const who = authorize(c, true);
    if (who instanceof Response) return who;
    const action = c.req.query("action");
    const body = (await c.req.json()) as { initializeUploadRequest?: { owner?: string; fileSizeBytes?: number }; finalizeUploadRequest?: { video?: string; uploadToken?: string; uploadedPartIds?: string[] } };
    if (action === "initializeUpload") {
      const req = body.initializeUploadRequest;
      if (req?.owner !== `urn:li:person:${who.member}`) return error(c, 403, "Not enough permissions to access: partnerApiVideos.CREATE", { code: "ACCESS_DENIED" });
      const size = Number(req.fileSizeBytes);
      if (!(size >= 75 * 1024) || size > 500 * 1024 * 1024) return error(c, 400, "fileSizeBytes must be between 75 KB and 500 MB", { code: "INVALID_ARGUMENT" });
      const urn = `urn:li:video:C5${rand().slice(0, 14)}`;
      const parts = [];
      for (let first = 0; first < size; first += LINKEDIN_PART_BYTES) parts.push({ first, last: Math.min(first + LINKEDIN_PART_BYTES, size) - 1, etag: null });
      const token = parts.length > 1 ? rand() : "";
      videos.set(urn, { urn, owner: req.owner, size, parts, token, finalized: false, reads: 0, fails: false });
      const origin = new URL(c.req.url).origin;
      return c.json({
        value: {
          uploadUrlsExpireAt: Date.now() + 86_400_000,
          video: urn,
          uploadInstructions: parts.map((p, i) => ({ uploadUrl: `${origin}/dms-uploads/${encodeURIComponent(urn)}/parts/${i}`, firstByte: p.first, lastByte: p.last })),
          uploadToken: token,
        },
      });
    }
    if (action === "finalizeUpload") {
      const req = body.finalizeUploadRequest;
      const v = videos.get(req?.video ?? "");
      if (!v) return error(c, 404, "Video not found");
      const etags = v.parts.map((p) => p.etag);
      if (req?.uploadToken !== v.token || JSON.stringify(req?.uploadedPartIds) !== JSON.stringify(etags)) return error(c, 400, "uploadedPartIds do not match the uploaded parts", { code: "INVALID_ARGUMENT" });
      v.finalized = true;
      v.fails = faults.take("processing_fails");
      return c.body(null, 200);
    }
    return error(c, 400, `Unknown action ${action}`);
  });

  app.put("/dms-uploads/:urn/parts/:index", async (c) => {
    const v = videos.get(decodeURIComponent(c.req.param("urn")));
    const part = v?.parts[Number(c.req.param("index"))];
    if (!v || !part) return error(c, 404, "Upload URL not found");
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (faults.take("chunk_fails")) return error(c, 500, "Internal Server Error");
    if (body.length !== part.last - part.first + 1) return error(c, 400, `Expected ${part.last - part.first + 1} bytes for this part`);
    part.etag = `/ambry-video/signedId/${rand()}`;
    return c.body(null, 201, { etag: part.etag });
  });

  app.get("/rest/videos/:urn", (c) => {
    const who = authorize(c, true);
    if (who instanceof Response) return who;
    const v = videos.get(decodeURIComponent(c.req.param("urn")));
    if (!v) return error(c, 404, "Video not found");
    if (v.finalized) v.reads += 1;
    const status = !v.finalized ? "WAITING_UPLOAD" : v.reads < 2 ? "PROCESSING" : v.fails ? "PROCESSING_FAILED" : "AVAILABLE";
    return c.json({ id: v.urn, owner: v.owner, status, ...(status === "PROCESSING_FAILED" ? { processingFailureReason: "Video format is not supported" } : {}) });
  });

  app.post("/rest/posts", async (c) => {
    const who = authorize(c, true);
    if (who instanceof Response) return who;
    const body = (await c.req.json()) as { author?: string; commentary?: string; visibility?: string; lifecycleState?: string; content?: { media?: { id?: string; title?: string } } };
    if (faults.take("daily_quota")) return error(c, 429, "Resource level throttle MEMBER DAY limit for calls to this resource is reached.");
    if (faults.take("policy_refusal")) return error(c, 422, "This post was blocked because it goes against LinkedIn's Professional Community Policies.", { code: "UNPROCESSABLE_ENTITY" });
    if (body.author !== `urn:li:person:${who.member}` || body.lifecycleState !== "PUBLISHED" || !body.visibility) return error(c, 422, "ERROR :: /author :: is not a member the token can post as", { code: "UNPROCESSABLE_ENTITY" });
    const v = videos.get(body.content?.media?.id ?? "");
    if (!v || v.reads < 2 || v.fails) return error(c, 422, "ERROR :: /content/media/id :: The media is not ready or does not exist", { code: "UNPROCESSABLE_ENTITY" });
    const dup = posts.find((p) => p.author === body.author && p.commentary === body.commentary);
    if (dup) return error(c, 422, `Content is a duplicate of ${dup.urn}`, { code: "DUPLICATE_POST" });
    const post: LinkedInPost = { urn: `urn:li:share:${num()}`, author: body.author, commentary: body.commentary ?? "", visibility: body.visibility, video: v.urn, title: body.content?.media?.title ?? null, bytes: v.size };
    posts.push(post);
    if (faults.take("publish_timeout")) return dropConnection();
    return c.body(null, 201, { "x-restli-id": post.urn });
  });

  // LinkedIn gives this app no post statistics (src/services/publishing/platforms/linkedin.ts): no route.
  return stand;
}
