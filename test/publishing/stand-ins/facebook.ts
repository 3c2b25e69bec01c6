// A local stand-in of the Facebook Login and Graph API calls the Facebook adapter makes, written from the
// pages the adapter cites (src/services/publishing/platforms/facebook.ts):
//  - Login, manual flow: dialog/oauth → code; /oauth/access_token (code, then fb_exchange_token for a
//    60-day user token); /me/permissions; /me/accounts with Page tokens; /{page-id}?fields=access_token.
//  - Reels Publishing API: /{page-id}/video_reels upload_phase=start|finish; the rupload endpoint with
//    `Authorization: OAuth`, `offset`, `file_size`; /{video-id}?fields=status with the three phases; the
//    30-Reels-per-24-h cap.
//  - Resumable Upload API (/{app-id}/uploads, /upload:<id> with `file_offset`) and /{page-id}/videos.
//  - Graph errors {error: {message, type, code, error_subcode, is_transient, fbtrace_id}}: 190 for an
//    expired or invalidated token, 4 for throttling and the Reels cap, 368 for a policy block.
// Every host (www, graph, rupload) is served on this one origin; the paths are Facebook's own.
import { Hono, type Context } from "hono";
import { PostStats, statsRoutes } from "./stats.ts";
import { controlRoutes, dropConnection, Faults, type StandIn } from "./faults.ts";

const V = "/v24.0";

interface Video {
  id: string;
  kind: "reel" | "page_video";
  size: number;
  bytes: number;
  reads: number;
  finished: boolean;
  failProcessing: boolean;
}
export interface FacebookPost {
  videoId: string;
  pageId: string;
  kind: "reel" | "page_video";
  description: string;
  title: string | null;
  bytes: number;
}
export interface FacebookStandIn extends StandIn {
  posts: FacebookPost[];
  /** Reels each Page published in the moving 24 h window (the cap is 30). */
  reelsToday: Map<string, number>;
  issuedTokens: string[];
  /** POST /{video-id}/thumbnails: the preferred thumbnail's bytes per video id */
  thumbnails: Map<string, Uint8Array>;
}

const rand = () => String(10 ** 15 + Math.floor(Math.random() * 9 * 10 ** 15));

/** Each authorization is a new Facebook user managing `pages` Pages of their own (the first is "Stand-in Page"). */
export function createFacebookStandIn(opts: { clientId?: string; clientSecret?: string; pages?: number } = {}): FacebookStandIn {
  const clientId = opts.clientId ?? "1234567890";
  const clientSecret = opts.clientSecret ?? "fb-secret";
  const faults = new Faults();
  const stats = new PostStats();
  const pages: { id: string; name: string; user: string }[] = [];
  const codes = new Map<string, { redirect: string; user: string }>();
  const userTokens = new Map<string, string>(); // token → user id
  const pageTokens = new Map<string, string>(); // token → page id
  const videos = new Map<string, Video>();
  const uploads = new Map<string, { size: number; bytes: number; handle: string | null }>();
  const posts: FacebookPost[] = [];
  const issuedTokens: string[] = [];
  const stand: FacebookStandIn = { app: new Hono(), faults, stats, clientId, clientSecret, posts, reelsToday: new Map(), issuedTokens, thumbnails: new Map() };
  const app = stand.app;

  const reset = () => {
    codes.clear();
    pages.length = 0;
    userTokens.clear();
    pageTokens.clear();
    videos.clear();
    uploads.clear();
    posts.length = 0;
    issuedTokens.length = 0;
    stand.reelsToday.clear();
  };
  controlRoutes(app, stats, faults, () => ({ posts: posts.map((p) => ({ id: p.videoId, account: p.pageId, ...p })), issued_tokens: issuedTokens, refresh_tokens: [...userTokens.keys()] }), reset);

  const graphError = (c: Context, code: number, message: string, extra: Record<string, unknown> = {}, status = 400) =>
    c.json({ error: { message, type: code === 190 ? "OAuthException" : "GraphMethodException", code, fbtrace_id: "AQx7standin", ...extra } }, status as 400);
  const expired = (c: Context) => graphError(c, 190, "Error validating access token: Session has expired on Monday, 23-Nov-26 09:00:00 PST.", { error_subcode: 463 });

  const newUserToken = (user: string) => {
    const t = `EAAU${rand()}`;
    userTokens.set(t, user);
    issuedTokens.push(t);
    return t;
  };
  const pageTokenFor = (page: string) => {
    for (const [t, p] of pageTokens) if (p === page) return t;
    const t = `EAAP${rand()}`;
    pageTokens.set(t, page);
    issuedTokens.push(t);
    return t;
  };
  const tokenOf = (c: Context) => c.req.header("authorization")?.replace(/^(Bearer|OAuth) /i, "") ?? c.req.query("access_token") ?? "";

  /** A Page-token call: the token check and the faults every API call may hit. */
  const pageCall = (c: Context): { page: string } | Response => {
    const token = tokenOf(c);
    const page = pageTokens.get(token);
    if (!page) return expired(c);
    if (faults.take("expired_token")) {
      // Meta invalidated this Page token; a fresh one must be read with the user token.
      pageTokens.delete(token);
      return expired(c);
    }
    if (faults.take("rate_limited")) return graphError(c, 4, "(#4) Application request limit reached", { is_transient: true });
    return { page };
  };

  app.get(`${V}/dialog/oauth`, (c) => {
    const q = c.req.query();
    if (q.client_id !== clientId || !q.redirect_uri) return c.text("Invalid App ID", 400);
    const code = `AQ${rand()}`;
    const user = rand();
    for (let i = 0; i < (opts.pages ?? 1); i++) pages.push({ id: rand(), name: i === 0 ? "Stand-in Page" : `Other Page ${i}`, user });
    codes.set(code, { redirect: q.redirect_uri, user });
    const back = new URL(q.redirect_uri);
    back.searchParams.set("code", code);
    if (q.state) back.searchParams.set("state", q.state);
    return c.redirect(back.href, 302);
  });

  app.get(`${V}/oauth/access_token`, (c) => {
    const q = c.req.query();
    if (q.client_id !== clientId || q.client_secret !== clientSecret) return graphError(c, 1, "Error validating client secret.");
    if (q.grant_type === "fb_exchange_token") {
      const user = userTokens.get(q.fb_exchange_token ?? "");
      if (!user || faults.take("refresh_fails")) {
        return graphError(c, 190, "Error validating access token: The session has been invalidated because the user changed their password.", { error_subcode: 460 });
      }
      return c.json({ access_token: newUserToken(user), token_type: "bearer", expires_in: 5_183_944 });
    }
    const entry = codes.get(q.code ?? "");
    codes.delete(q.code ?? "");
    if (!entry || entry.redirect !== q.redirect_uri) return graphError(c, 100, "This authorization code has expired or been used.", { error_subcode: 36009 });
    // A short-lived user token; the adapter trades it for a long-lived one.
    return c.json({ access_token: newUserToken(entry.user), token_type: "bearer", expires_in: 5_400 });
  });

  // Video insights with the Page token: views, average watch time (ms), likes/comments/shares by action.
  statsRoutes(app, stats);
  app.get(`${V}/:id/video_insights`, (c) => {
    if (faults.take("rate_limited")) return c.json({ error: { message: "(#80001) There have been too many calls to this Page account.", type: "OAuthException", code: 80001, is_transient: true } }, 400, { "x-business-use-case-usage": JSON.stringify({ standin: [{ type: "pages", call_count: 100, total_cputime: 20, total_time: 20, estimated_time_to_regain_access: 2 }] }) });
    const who = pageCall(c);
    if (who instanceof Response) return who;
    if (faults.take("metrics_forbidden")) return graphError(c, 10, "(#10) This endpoint requires the 'read_insights' permission.", {}, 403);
    const id = c.req.param("id");
    const post = posts.find((p) => p.videoId === id && p.pageId === who.page);
    if (!post || stats.isRemoved(id) || faults.take("post_deleted")) return graphError(c, 100, `Unsupported get request. Object with ID '${id}' does not exist.`, { error_subcode: 33 });
    const n = stats.read(id);
    const value: Record<string, unknown> = { total_video_views: n.views, total_video_avg_time_watched: n.avg_watch_ms, total_video_stories_by_action_type: { like: n.likes, comment: n.comments, share: n.shares } };
    const asked = (c.req.query("metric") ?? "").split(",").filter((m) => m in value);
    return c.json({ data: asked.map((name) => ({ name, period: "lifetime", values: [{ value: value[name] }], title: name, id: `${id}/video_insights/${name}/lifetime` })), paging: {} });
  });

  app.all(`${V}/*`, async (c) => {
    const path = c.req.path.slice(V.length);
    const method = c.req.method;
    const user = userTokens.get(tokenOf(c));

    if (path === "/me/permissions") {
      if (!user) return expired(c);
      if (method === "DELETE") {
        // The app loses every grant of this user: their user and Page tokens stop working.
        for (const [t, u] of userTokens) if (u === user) userTokens.delete(t);
        for (const [t, p] of pageTokens) if (pages.find((x) => x.id === p)?.user === user) pageTokens.delete(t);
        return c.json({ success: true });
      }
      return c.json({ data: ["pages_show_list", "pages_read_engagement", "pages_manage_posts", "read_insights", "public_profile"].map((permission) => ({ permission, status: "granted" })) });
    }
    if (path === "/me/accounts") {
      if (!user) return expired(c);
      return c.json({ data: pages.filter((p) => p.user === user).map((p) => ({ id: p.id, name: p.name, access_token: pageTokenFor(p.id), tasks: ["CREATE_CONTENT", "MANAGE", "MODERATE"] })) });
    }
    const pageRead = pages.find((p) => path === `/${p.id}`);
    if (pageRead && c.req.query("fields") === "access_token") {
      if (!user) return expired(c);
      if (pageRead.user !== user) return graphError(c, 200, "(#200) The user does not manage this Page");
      return c.json({ id: pageRead.id, access_token: pageTokenFor(pageRead.id) });
    }

    // Resumable Upload API (Page videos): sessions belong to the app, any valid token may use them.
    if (path === `/${clientId}/uploads` && method === "POST") {
      const who = pageCall(c);
      if (who instanceof Response) return who;
      const size = Number(c.req.query("file_length"));
      if (c.req.query("file_type") !== "video/mp4" || !(size > 0)) return graphError(c, 100, "(#100) file_length and file_type=video/mp4 are required");
      const id = `upload:${rand()}`;
      uploads.set(id, { size, bytes: 0, handle: null });
      return c.json({ id });
    }
    if (path.startsWith("/upload:")) {
      const who = pageCall(c);
      if (who instanceof Response) return who;
      const session = uploads.get(path.slice(1));
      if (!session) return graphError(c, 100, "(#100) Unknown upload session");
      if (method === "GET") return c.json({ id: path.slice(1), file_offset: session.bytes });
      const offset = Number(c.req.header("file_offset"));
      const body = new Uint8Array(await c.req.arrayBuffer());
      if (offset !== session.bytes) return graphError(c, 100, `(#100) file_offset must be ${session.bytes}`);
      if (faults.take("chunk_fails")) {
        session.bytes += Math.floor(body.length / 2);
        return graphError(c, 2, "An unexpected error has occurred. Please retry your request later.", { is_transient: true }, 500);
      }
      session.bytes += body.length;
      if (session.bytes < session.size) return c.json({ id: path.slice(1), file_offset: session.bytes });
      session.handle = `2:${btoa(path.slice(1))}`;
      return c.json({ h: session.handle });
    }

    // the Video node's thumbnails edge (developers.facebook.com/docs/graph-api/reference/video/thumbnails/): `source` multipart, is_preferred
    const thumbFor = /^\/(\d+)\/thumbnails$/.exec(path);
    if (thumbFor && method === "POST") {
      const who = pageCall(c);
      if (who instanceof Response) return who;
      const video = videos.get(thumbFor[1]!);
      if (!video) return graphError(c, 100, "(#100) Invalid video id");
      const form = await c.req.formData();
      const source = form.get("source");
      if (!(source instanceof File) || !source.size || !/^image\//.test(source.type)) return graphError(c, 100, "(#100) source must be an image file");
      if (form.get("is_preferred") === "true") stand.thumbnails.set(video.id, new Uint8Array(await source.arrayBuffer()));
      return c.json({ success: true });
    }

    const reels = pages.find((p) => path === `/${p.id}/video_reels`);
    if (reels && method === "POST") {
      const who = pageCall(c);
      if (who instanceof Response) return who;
      if (who.page !== reels.id) return graphError(c, 200, "(#200) The Page token does not belong to this Page");
      const body = (await c.req.json()) as { upload_phase?: string; video_id?: string; video_state?: string; description?: string };
      if (body.upload_phase === "start") {
        const id = rand();
        videos.set(id, { id, kind: "reel", size: 0, bytes: 0, reads: 0, finished: false, failProcessing: false });
        return c.json({ video_id: id, upload_url: new URL(`/video-upload${V}/${id}`, c.req.url).href });
      }
      if (body.upload_phase === "finish") {
        const video = videos.get(body.video_id ?? "");
        if (!video) return graphError(c, 100, "(#100) Invalid video_id");
        if (!video.size || video.bytes < video.size) return graphError(c, 6000, "There was a problem uploading your video file. Please try again.", { error_subcode: 1363130 });
        if (faults.take("daily_quota") || (stand.reelsToday.get(reels.id) ?? 0) >= 30) return graphError(c, 4, "(#4) Reels API is limited to 30 API-published posts within a 24-hour moving period.", { error_subcode: 2207042, is_transient: false });
        if (faults.take("policy_refusal")) return graphError(c, 368, "The action attempted has been deemed abusive or is otherwise disallowed", { error_subcode: 1390008, error_user_msg: "This video goes against our Community Standards on intellectual property." });
        // One video object is one Reel: finishing it again publishes nothing new.
        if (!video.finished) {
          video.finished = true;
          video.failProcessing = faults.take("processing_fails");
          stand.reelsToday.set(reels.id, (stand.reelsToday.get(reels.id) ?? 0) + 1);
          posts.push({ videoId: video.id, pageId: reels.id, kind: "reel", description: body.description ?? "", title: null, bytes: video.bytes });
        }
        if (faults.take("publish_timeout")) return dropConnection();
        return c.json({ success: true });
      }
      return graphError(c, 100, "(#100) upload_phase must be start or finish");
    }

    const pageVideos = pages.find((p) => path === `/${p.id}/videos`);
    if (pageVideos && method === "POST") {
      const who = pageCall(c);
      if (who instanceof Response) return who;
      const form = new URLSearchParams(await c.req.text());
      const session = [...uploads.values()].find((u) => u.handle && u.handle === form.get("fbuploader_video_file_chunk"));
      if (!session) return graphError(c, 100, "(#100) Invalid fbuploader_video_file_chunk");
      if (faults.take("policy_refusal")) return graphError(c, 368, "The action attempted has been deemed abusive or is otherwise disallowed", { error_subcode: 1390008, error_user_msg: "This video goes against our Community Standards on intellectual property." });
      const id = rand();
      videos.set(id, { id, kind: "page_video", size: session.size, bytes: session.size, reads: 0, finished: true, failProcessing: faults.take("processing_fails") });
      posts.push({ videoId: id, pageId: pageVideos.id, kind: "page_video", description: form.get("description") ?? "", title: form.get("title"), bytes: session.size });
      if (faults.take("publish_timeout")) return dropConnection();
      return c.json({ id });
    }

    const video = videos.get(path.slice(1));
    if (video && method === "GET") {
      const who = pageCall(c);
      if (who instanceof Response) return who;
      const uploaded = video.size > 0 && video.bytes >= video.size;
      // A finished video is processing on the first read and settled on the next.
      if (video.finished) video.reads += 1;
      const settled = video.finished && video.reads > 1;
      const failed = settled && video.failProcessing;
      return c.json({
        id: video.id,
        status: {
          video_status: failed ? "error" : settled ? "ready" : video.finished ? "processing" : uploaded ? "upload_complete" : "uploading",
          uploading_phase: { status: uploaded ? "complete" : "in_progress", bytes_transferred: video.bytes },
          processing_phase: failed ? { status: "error", errors: [{ code: 1363008, message: "The video's audio stream could not be decoded." }] } : { status: !video.finished ? "not_started" : settled ? "complete" : "in_progress" },
          publishing_phase: { status: !video.finished ? "not_started" : settled && !failed ? "complete" : "in_progress", publish_status: settled && !failed ? "published" : "not_published" },
        },
      });
    }
    return graphError(c, 100, `(#100) Unsupported ${method} request`);
  });

  // rupload.facebook.com: the Reel bytes, at an `offset`, for a video started with upload_phase=start.
  app.post(`/video-upload${V}/:id`, async (c) => {
    const video = videos.get(c.req.param("id"));
    if (!video) return c.json({ debug_info: { retriable: false, type: "NotFoundError", message: "Video not found" } }, 404);
    const page = pageTokens.get(tokenOf(c));
    if (!page) return c.json({ debug_info: { retriable: false, type: "AuthError", message: "Invalid OAuth access token." } }, 401);
    const offset = Number(c.req.header("offset"));
    const size = Number(c.req.header("file_size"));
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (offset !== video.bytes) return c.json({ debug_info: { retriable: false, type: "OffsetMismatch", message: `Expected offset ${video.bytes}` } }, 400);
    video.size = size;
    if (faults.take("chunk_fails")) {
      // Half the chunk landed before the failure: the client must read bytes_transferred to resume.
      video.bytes += Math.floor(body.length / 2);
      return c.json({ debug_info: { retriable: true, type: "ServerError", message: "Temporary failure; resume from bytes_transferred." } }, 503);
    }
    video.bytes += body.length;
    return c.json({ success: true });
  });


  return stand;
}
