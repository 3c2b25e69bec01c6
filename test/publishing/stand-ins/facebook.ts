// A local stand-in of the Facebook Graph API parts a Page publisher uses, written from Meta's documentation:
//  - Facebook Login, manual flow: code → user token, fb_exchange_token → long-lived user token, /me/accounts →
//    Page tokens; a Page token is re-read from /{page-id}?fields=access_token with a fresh user token
//    (developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived).
//  - Reels Publishing API: POST /{page-id}/video_reels upload_phase=start → {video_id, upload_url};
//    POST rupload.facebook.com/video-upload/{v}/{video-id} with `Authorization: OAuth`, `offset`, `file_size`;
//    GET /{video-id}?fields=status; POST /{page-id}/video_reels upload_phase=finish video_state=PUBLISHED
//    (developers.facebook.com/docs/video-api/guides/reels-publishing); 30 API-published reels per Page per 24 h.
//  - Page videos: Resumable Upload API (POST /{app-id}/uploads → upload:<id>; POST /upload:<id> with
//    `file_offset`; GET /upload:<id> → file_offset) then POST /{page-id}/videos fbuploader_video_file_chunk=<h>
//    (developers.facebook.com/docs/video-api/guides/publishing, docs/graph-api/guides/upload).
//  - Errors: {error:{message,type,code,error_subcode,is_transient,fbtrace_id}}; 190 invalid/expired token,
//    4/17/32/613 rate limits, 368 blocked for policy (developers.facebook.com/docs/graph-api/guides/error-handling).
import { bearer, formOf, json, lostResponse, noFaults, numericId, type Faults } from "./common";

export const FB_VERSION = "v24.0";

type VideoKind = "reel" | "page_video";
interface Video {
  id: string;
  kind: VideoKind;
  size: number;
  received: Uint8Array[];
  bytes: number;
  statusReads: number;
  finished: boolean;
  description: string | null;
}
export interface FacebookPost {
  videoId: string;
  kind: VideoKind;
  description: string | null;
  title: string | null;
  bytes: number;
}

const graphError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { error: { message, type: code === 190 ? "OAuthException" : "GraphMethodException", code, fbtrace_id: "AbCdEf", ...extra } });

export class FacebookStandIn {
  readonly faults: Faults = noFaults();
  readonly posts: FacebookPost[] = [];
  readonly calls: string[] = [];
  readonly appId = "1111";
  readonly appSecret = "fb-secret";
  readonly pageId = "2222";
  /** Status reads that answer "in progress" before processing settles. */
  processingReads = 1;
  publishedLast24h = 0;
  private readonly videos = new Map<string, Video>();
  private readonly uploads = new Map<string, { size: number; bytes: number; handle: string | null }>();
  private readonly codes = new Set<string>();
  private userToken = "fb-user-1";
  private pageToken = "fb-page-1";
  private tokenSerial = 1;

  /** An authorization code the dialog would hand to the redirect URI. */
  issueCode(): string {
    const code = `fb-code-${numericId()}`;
    this.codes.add(code);
    return code;
  }

  fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    this.calls.push(`${req.method} ${url.host}${url.pathname}`);
    if (url.host === "rupload.facebook.com") return this.rupload(req, url);
    if (url.host !== "graph.facebook.com" && url.host !== "graph-video.facebook.com") return json(404, { error: "unknown host" });
    const path = url.pathname.replace(`/${FB_VERSION}`, "");
    if (path === "/oauth/access_token") return this.token(url);
    const token = bearer(req) ?? url.searchParams.get("access_token");

    if (this.faults.rateLimitOnce) {
      this.faults.rateLimitOnce = false;
      return graphError(400, 4, "(#4) Application request limit reached", { is_transient: true });
    }
    if (path === "/me/accounts") {
      if (token !== this.userToken) return graphError(400, 190, "Error validating access token: Session has expired.", { error_subcode: 463 });
      return json(200, { data: [{ id: this.pageId, name: "Katto Test Page", access_token: this.pageToken, tasks: ["CREATE_CONTENT", "MANAGE"] }] });
    }
    if (path === `/${this.pageId}` && url.searchParams.get("fields") === "access_token") {
      if (token !== this.userToken) return graphError(400, 190, "Error validating access token: Session has expired.", { error_subcode: 463 });
      return json(200, { id: this.pageId, access_token: this.pageToken });
    }
    if (path === `/${this.appId}/uploads`) return this.startResumable(url, token);
    if (path.startsWith("/upload:")) return this.resumable(req, path.slice(1), token);

    if (token !== this.pageToken || this.faults.expireAccessToken) {
      return graphError(400, 190, "Error validating access token: Session has expired on Monday, 23-Nov-26.", { error_subcode: 463 });
    }
    if (path === `/${this.pageId}/video_reels` && req.method === "POST") return this.reels(req, url);
    if (path === `/${this.pageId}/videos` && req.method === "POST") return this.pageVideo(req);
    const video = this.videos.get(path.slice(1));
    if (video && req.method === "GET") return this.status(video);
    return graphError(400, 100, "Unsupported request");
  };

  private token(url: URL): Response {
    const q = url.searchParams;
    if (q.get("client_id") !== this.appId || q.get("client_secret") !== this.appSecret) return graphError(400, 1, "Invalid client_id or client_secret");
    if (q.get("grant_type") === "fb_exchange_token") {
      if (this.faults.refreshFails || q.get("fb_exchange_token") !== this.userToken) {
        return graphError(400, 190, "Error validating access token: The session has been invalidated because the user changed their password.", { error_subcode: 460 });
      }
      this.rotate();
      return json(200, { access_token: this.userToken, token_type: "bearer", expires_in: 5_183_944 });
    }
    const code = q.get("code") ?? "";
    if (!this.codes.delete(code)) return graphError(400, 100, "This authorization code has been used.", { error_subcode: 36009 });
    return json(200, { access_token: this.userToken, token_type: "bearer", expires_in: 5_183_944 });
  }

  /** A refresh issues new user and Page tokens and clears the expiry fault. */
  private rotate(): void {
    this.tokenSerial += 1;
    this.userToken = `fb-user-${this.tokenSerial}`;
    this.pageToken = `fb-page-${this.tokenSerial}`;
    this.faults.expireAccessToken = false;
  }

  private async reels(req: Request, url: URL): Promise<Response> {
    const form = await formOf(req);
    const phase = form.get("upload_phase") ?? url.searchParams.get("upload_phase");
    if (phase === "start") {
      const id = numericId();
      this.videos.set(id, { id, kind: "reel", size: 0, received: [], bytes: 0, statusReads: 0, finished: false, description: null });
      return json(200, { video_id: id, upload_url: `https://rupload.facebook.com/video-upload/${FB_VERSION}/${id}` });
    }
    if (phase === "finish") {
      const video = this.videos.get(String(form.get("video_id") ?? url.searchParams.get("video_id")));
      if (!video) return graphError(400, 100, "Invalid video_id");
      if (video.bytes < video.size || video.size === 0) return graphError(400, 6000, "There was a problem uploading your video file. Please try again.", { error_subcode: 1363130 });
      if (this.faults.dailyQuotaExhausted || this.publishedLast24h >= 30) {
        return graphError(400, 4, "(#4) Reels API is limited to 30 API-published posts within a 24-hour moving period.", { error_subcode: 2207042, is_transient: false });
      }
      if (this.faults.refusePolicy) {
        return graphError(400, 368, "The action attempted has been deemed abusive or is otherwise disallowed", { error_subcode: 1390008, error_user_msg: "This video goes against our Community Standards on intellectual property." });
      }
      if (video.finished) return json(200, { success: true });
      video.finished = true;
      video.description = String(form.get("description") ?? url.searchParams.get("description") ?? "");
      this.publishedLast24h += 1;
      this.posts.push({ videoId: video.id, kind: "reel", description: video.description, title: null, bytes: video.bytes });
      if (this.faults.loseResponseOnPublish) {
        this.faults.loseResponseOnPublish = false;
        return lostResponse();
      }
      return json(200, { success: true });
    }
    return graphError(400, 100, "Invalid upload_phase");
  }

  private async rupload(req: Request, url: URL): Promise<Response> {
    const id = url.pathname.split("/").pop() ?? "";
    const video = this.videos.get(id);
    if (!video) return json(400, { debug_info: { type: "NotFoundError", message: "Unknown video id" } });
    if (bearer(req) !== this.pageToken || this.faults.expireAccessToken) {
      return json(401, { debug_info: { retriable: false, type: "AuthError", message: "Invalid OAuth access token." } });
    }
    const offset = Number(req.headers.get("offset"));
    const size = Number(req.headers.get("file_size"));
    const body = new Uint8Array(await req.arrayBuffer());
    const chunkIndex = video.received.length;
    if (this.faults.failChunk === chunkIndex) {
      this.faults.failChunk = null;
      return json(503, { debug_info: { retriable: true, type: "ServerError", message: "Temporary failure, retry the upload from the last offset." } });
    }
    if (offset !== video.bytes) {
      return json(400, { debug_info: { retriable: false, type: "OffsetMismatch", message: `Expected offset ${video.bytes}` } });
    }
    video.size = size;
    video.received.push(body);
    video.bytes += body.byteLength;
    return json(200, { success: true });
  }

  private status(video: Video): Response {
    video.statusReads += 1;
    const uploaded = video.size > 0 && video.bytes >= video.size;
    const settled = video.finished && video.statusReads > this.processingReads;
    const failed = settled && this.faults.processingFails;
    const processing = !video.finished ? "not_started" : failed ? "error" : settled ? "complete" : "in_progress";
    return json(200, {
      id: video.id,
      status: {
        video_status: failed ? "error" : settled ? "ready" : uploaded ? (video.finished ? "processing" : "upload_complete") : "uploading",
        uploading_phase: { status: uploaded ? "complete" : "in_progress", bytes_transferred: video.bytes },
        processing_phase: failed
          ? { status: "error", errors: [{ code: 1363008, message: "The video's audio stream could not be decoded." }] }
          : { status: processing },
        publishing_phase: {
          status: video.finished ? (settled && !failed ? "complete" : "in_progress") : "not_started",
          publish_status: video.finished && settled && !failed ? "published" : "not_published",
        },
      },
    });
  }

  private startResumable(url: URL, token: string | null): Response {
    if (token !== this.userToken && token !== this.pageToken) return graphError(400, 190, "Error validating access token: Session has expired.", { error_subcode: 463 });
    const size = Number(url.searchParams.get("file_length"));
    if (url.searchParams.get("file_type") !== "video/mp4" || !(size > 0)) return graphError(400, 100, "Invalid file_type or file_length");
    const id = `upload:${numericId()}`;
    this.uploads.set(id, { size, bytes: 0, handle: null });
    return json(200, { id });
  }

  private async resumable(req: Request, id: string, token: string | null): Promise<Response> {
    const session = this.uploads.get(id);
    if (!session) return graphError(400, 100, "Unknown upload session");
    if (token !== this.userToken && token !== this.pageToken) return graphError(400, 190, "Error validating access token: Session has expired.", { error_subcode: 463 });
    if (req.method === "GET") return json(200, { id, file_offset: session.bytes });
    const offset = Number(req.headers.get("file_offset"));
    const body = new Uint8Array(await req.arrayBuffer());
    const index = Math.round(offset / Math.max(1, body.byteLength));
    if (this.faults.failChunk !== null && this.faults.failChunk === index) {
      this.faults.failChunk = null;
      return graphError(500, 2, "An unexpected error has occurred. Please retry your request later.", { is_transient: true });
    }
    if (offset !== session.bytes) return graphError(400, 100, `file_offset must be ${session.bytes}`);
    session.bytes += body.byteLength;
    if (session.bytes < session.size) return json(200, { id, file_offset: session.bytes });
    session.handle = `2:${btoa(id)}`;
    return json(200, { h: session.handle });
  }

  private async pageVideo(req: Request): Promise<Response> {
    const form = await formOf(req);
    const handle = String(form.get("fbuploader_video_file_chunk") ?? "");
    const session = [...this.uploads.values()].find((u) => u.handle === handle);
    if (!session) return graphError(400, 100, "Invalid fbuploader_video_file_chunk");
    if (this.faults.refusePolicy) {
      return graphError(400, 368, "The action attempted has been deemed abusive or is otherwise disallowed", { error_subcode: 1390008, error_user_msg: "This video goes against our Community Standards on intellectual property." });
    }
    const id = numericId();
    const description = String(form.get("description") ?? "");
    this.videos.set(id, { id, kind: "page_video", size: session.size, received: [], bytes: session.size, statusReads: 0, finished: true, description });
    this.posts.push({ videoId: id, kind: "page_video", description, title: String(form.get("title") ?? "") || null, bytes: session.size });
    if (this.faults.loseResponseOnPublish) {
      this.faults.loseResponseOnPublish = false;
      return lostResponse();
    }
    return json(200, { id });
  }
}
