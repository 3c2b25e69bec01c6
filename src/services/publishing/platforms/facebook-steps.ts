// Facebook's publishing steps (the resumable state machine of platform.ts): a Reel's start, chunked
// upload, cover, finish and processing polls; a Page video's resumable upload, publish and processing
// polls; and the reconcile after a lost publishing answer (docs cited in facebook.ts).
import { fail, ok, type PlatformContext, type Result, type StepCall, type StepOutcome } from "./platform";
import { call, jsonOf } from "./http";
import { setReelThumbnail } from "./facebook-cover";
import { auth, graphError, v, videoStatus } from "./facebook-graph";

/** Upload chunk: Reels and resumable uploads accept any size at an `offset`; 8 MiB keeps memory small. */
export const FACEBOOK_CHUNK_BYTES = 8 * 1024 * 1024;
/** Status reads while Meta processes a published Reel (every 10 s, about 10 minutes). */
const MAX_PROCESSING_POLLS = 60;

export type FacebookState =
  | { step: "reel_start" }
  | { step: "reel_upload"; videoId: string; uploadUrl: string; offset: number }
  | { step: "reel_thumb"; videoId: string }
  | { step: "reel_finish"; videoId: string }
  | { step: "reel_processing"; videoId: string; polls: number }
  | { step: "video_start" }
  | { step: "video_upload"; session: string; offset: number }
  | { step: "video_publish"; handle: string }
  | { step: "video_processing"; videoId: string; polls: number };

type At<K extends FacebookState["step"]> = Extract<FacebookState, { step: K }>;
type Call = StepCall<FacebookState>;
type Outcome = Promise<Result<StepOutcome<FacebookState>>>;

/** A Reel whose bytes are all up: its cover set first where the clip has one, then published. */
const uploaded = (c: Call, videoId: string): FacebookState => (c.video.cover ? { step: "reel_thumb", videoId } : { step: "reel_finish", videoId });
const reelUrl = (videoId: string) => `https://www.facebook.com/reel/${videoId}`;
const videoUrl = (pageId: string, videoId: string) => `https://www.facebook.com/${pageId}/videos/${videoId}`;

/** One processing poll for a published Reel or Page video. */
async function processing(ctx: PlatformContext, c: Call, s: { videoId: string; polls: number }, reel: boolean): Outcome {
  const st = await videoStatus(ctx, c.tokens.accessToken, s.videoId);
  if (!st.ok) return st;
  const live = { kind: "published" as const, postId: s.videoId, url: reel ? reelUrl(s.videoId) : videoUrl(c.account.id, s.videoId) };
  const phaseError = st.value.processing_phase?.errors?.[0]?.message;
  if (st.value.video_status === "error" || st.value.processing_phase?.status === "error") {
    return fail({ kind: "refused", reason: `Facebook could not process the video${phaseError ? `: ${phaseError}` : "."}`, advice: "Re-render the clip and publish it again." });
  }
  if (st.value.video_status === "ready" && (st.value.publishing_phase?.status ?? "complete") === "complete") return ok(live);
  const next: FacebookState = reel ? { step: "reel_processing", videoId: s.videoId, polls: s.polls + 1 } : { step: "video_processing", videoId: s.videoId, polls: s.polls + 1 };
  // Published and still processing after the window: the post exists on the Page; report it.
  return ok(s.polls >= MAX_PROCESSING_POLLS ? live : { kind: "wait", phase: "processing", seconds: 10, state: next });
}

async function reelStart(ctx: PlatformContext, c: Call): Outcome {
  const sent = await call(ctx, ctx.url("graph", v(`/${encodeURIComponent(c.account.id)}/video_reels`)), { method: "POST", headers: { ...auth(c.tokens.accessToken), "content-type": "application/json" }, body: JSON.stringify({ upload_phase: "start" }) });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await graphError(sent.value, "starting the Reel upload"));
  const body = (await jsonOf(sent.value)) as { video_id?: string; upload_url?: string } | undefined;
  if (!body?.video_id || !body.upload_url) return fail({ kind: "transient", message: "Facebook started the Reel upload without a video id." });
  return ok({ kind: "continue", phase: "uploading", state: { step: "reel_upload", videoId: body.video_id, uploadUrl: body.upload_url, offset: 0 } });
}

async function reelUpload(ctx: PlatformContext, c: Call, s: At<"reel_upload">): Outcome {
  const token = c.tokens.accessToken;
  // A retried chunk may have partly landed: read where the upload stands first.
  if (c.attempt > 0) {
    const st = await videoStatus(ctx, token, s.videoId);
    if (!st.ok) return st;
    const offset = st.value.uploading_phase?.bytes_transferred ?? 0;
    return ok({ kind: "continue", phase: "uploading", state: offset >= c.video.sizeBytes ? uploaded(c, s.videoId) : { ...s, offset } });
  }
  const end = Math.min(s.offset + FACEBOOK_CHUNK_BYTES, c.video.sizeBytes);
  const bytes = await c.video.read(s.offset, end - s.offset);
  const sent = await call(ctx, s.uploadUrl, { method: "POST", headers: { authorization: `OAuth ${token}`, offset: String(s.offset), file_size: String(c.video.sizeBytes), "content-type": "application/octet-stream" }, body: bytes });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await graphError(sent.value, "uploading the Reel"));
  return ok({ kind: "continue", phase: "uploading", state: end >= c.video.sizeBytes ? uploaded(c, s.videoId) : { ...s, offset: end } });
}

/** The clip's cover as the Reel's thumbnail (facebook-cover.ts), then on to publishing. */
async function reelThumb(ctx: PlatformContext, c: Call, s: At<"reel_thumb">): Outcome {
  const next: StepOutcome<FacebookState> = { kind: "continue", phase: "uploading", state: { step: "reel_finish", videoId: s.videoId } };
  if (!c.video.cover) return ok(next);
  const set = await setReelThumbnail(ctx, c.tokens.accessToken, c.video.cover, s.videoId);
  return set.ok ? ok(next) : set;
}

async function reelFinish(ctx: PlatformContext, c: Call, s: At<"reel_finish">): Outcome {
  const sent = await call(
    ctx,
    ctx.url("graph", v(`/${encodeURIComponent(c.account.id)}/video_reels`)),
    { method: "POST", headers: { ...auth(c.tokens.accessToken), "content-type": "application/json" }, body: JSON.stringify({ upload_phase: "finish", video_id: s.videoId, video_state: "PUBLISHED", description: c.post.caption }) },
    true,
  );
  if (!sent.ok) return sent;
  if (!sent.value.ok) {
    const e = await graphError(sent.value, "publishing the Reel");
    // A 5xx may have been applied: only the video's status can tell (reconcile).
    return fail(e.kind === "transient" && sent.value.status >= 500 ? { kind: "unknown_outcome", message: e.message } : e);
  }
  return ok({ kind: "continue", phase: "processing", state: { step: "reel_processing", videoId: s.videoId, polls: 0 } });
}

async function videoStart(ctx: PlatformContext, c: Call): Outcome {
  const u = new URL(ctx.url("graph", v(`/${encodeURIComponent(ctx.clientId)}/uploads`)));
  u.search = new URLSearchParams({ file_name: "clip.mp4", file_length: String(c.video.sizeBytes), file_type: c.video.contentType }).toString();
  const sent = await call(ctx, u.href, { method: "POST", headers: auth(c.tokens.accessToken) });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await graphError(sent.value, "starting the video upload"));
  const body = (await jsonOf(sent.value)) as { id?: string } | undefined;
  if (!body?.id) return fail({ kind: "transient", message: "Facebook started the upload without a session id." });
  return ok({ kind: "continue", phase: "uploading", state: { step: "video_upload", session: body.id, offset: 0 } });
}

async function videoUpload(ctx: PlatformContext, c: Call, s: At<"video_upload">): Outcome {
  const token = c.tokens.accessToken;
  const target = ctx.url("graph", v(`/${s.session}`));
  if (c.attempt > 0) {
    const sent = await call(ctx, target, { headers: { authorization: `OAuth ${token}` } });
    if (!sent.ok) return sent;
    if (!sent.value.ok) return fail(await graphError(sent.value, "reading the upload's offset"));
    const body = (await jsonOf(sent.value)) as { file_offset?: number | string } | undefined;
    return ok({ kind: "continue", phase: "uploading", state: { ...s, offset: Number(body?.file_offset ?? 0) } });
  }
  const end = Math.min(s.offset + FACEBOOK_CHUNK_BYTES, c.video.sizeBytes);
  const bytes = await c.video.read(s.offset, end - s.offset);
  const sent = await call(ctx, target, { method: "POST", headers: { authorization: `OAuth ${token}`, file_offset: String(s.offset), "content-type": "application/octet-stream" }, body: bytes });
  if (!sent.ok) return sent;
  if (!sent.value.ok) return fail(await graphError(sent.value, "uploading the video"));
  const body = (await jsonOf(sent.value)) as { h?: string; file_offset?: number | string } | undefined;
  if (body?.h) return ok({ kind: "continue", phase: "uploading", state: { step: "video_publish", handle: body.h } });
  return ok({ kind: "continue", phase: "uploading", state: { ...s, offset: Number(body?.file_offset ?? end) } });
}

async function videoPublish(ctx: PlatformContext, c: Call, s: At<"video_publish">): Outcome {
  const form = new URLSearchParams({ fbuploader_video_file_chunk: s.handle, description: c.post.caption, published: "true", ...(c.post.title ? { title: c.post.title } : {}) });
  const sent = await call(ctx, ctx.url("graph", v(`/${encodeURIComponent(c.account.id)}/videos`)), { method: "POST", headers: { ...auth(c.tokens.accessToken), "content-type": "application/x-www-form-urlencoded" }, body: form }, true);
  if (!sent.ok) return sent;
  if (!sent.value.ok) {
    const e = await graphError(sent.value, "publishing the video");
    return fail(e.kind === "transient" && sent.value.status >= 500 ? { kind: "unknown_outcome", message: e.message } : e);
  }
  const body = (await jsonOf(sent.value)) as { id?: string } | undefined;
  if (!body?.id) return fail({ kind: "unknown_outcome", message: "Facebook accepted the video without returning its id." });
  return ok({ kind: "continue", phase: "processing", state: { step: "video_processing", videoId: body.id, polls: 0 } });
}

/** Performs exactly the next call for the state (PublishMachine.step). */
export async function facebookStep(ctx: PlatformContext, c: Call): Outcome {
  const s = c.state;
  switch (s.step) {
    case "reel_start":
      return reelStart(ctx, c);
    case "reel_upload":
      return reelUpload(ctx, c, s);
    case "reel_thumb":
      return reelThumb(ctx, c, s);
    case "reel_finish":
      return reelFinish(ctx, c, s);
    case "reel_processing":
      return processing(ctx, c, s, true);
    case "video_start":
      return videoStart(ctx, c);
    case "video_upload":
      return videoUpload(ctx, c, s);
    case "video_publish":
      return videoPublish(ctx, c, s);
    case "video_processing":
      return processing(ctx, c, s, false);
  }
}

/** Reads whether a publishing call whose answer was lost took effect (PublishMachine.reconcile). Never posts. */
export async function facebookReconcile(ctx: PlatformContext, c: Call): Outcome {
  const s = c.state;
  if (s.step === "reel_finish") {
    const st = await videoStatus(ctx, c.tokens.accessToken, s.videoId);
    if (!st.ok) return st;
    const phase = st.value.publishing_phase?.status;
    if (phase && phase !== "not_started") return ok({ kind: "continue", phase: "processing", state: { step: "reel_processing", videoId: s.videoId, polls: 0 } });
    // The video object is still unpublished: `finish` did not take effect, and this video can only ever
    // become one Reel, so finishing it again cannot make a second post.
    if (phase === "not_started") return ok({ kind: "continue", phase: "uploading", state: s });
    return fail({ kind: "unknown_outcome", message: "Facebook did not say whether the Reel was published." });
  }
  return fail({ kind: "unknown_outcome", message: "Facebook gives no way to look up a Page video by its upload; check the Page's videos before publishing again." });
}
