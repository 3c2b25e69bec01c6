// The clip's cover as a Facebook Reel's preferred thumbnail (POST /{video-id}/thumbnails, docs cited in
// facebook.ts), set after the upload and before the Reel is published.
import { fail, ok, type CoverImage, type PlatformContext, type Result } from "./platform";
import { call } from "./http";
import { auth, graphError, v } from "./facebook-graph";

/**
 * Sets the cover as the Reel's preferred thumbnail. A refusal only leaves Meta's own thumbnail
 * (logged) and is no failure; transient and reauth answers fail, so the step is retried like any.
 */
export async function setReelThumbnail(ctx: PlatformContext, token: string, cover: CoverImage, videoId: string): Promise<Result<void>> {
  const form = new FormData();
  form.set("source", new Blob([await cover.read()], { type: cover.contentType }), "cover.jpg");
  form.set("is_preferred", "true");
  const sent = await call(ctx, ctx.url("graph", v(`/${encodeURIComponent(videoId)}/thumbnails`)), { method: "POST", headers: auth(token), body: form });
  if (!sent.ok) return sent;
  if (!sent.value.ok) {
    const e = await graphError(sent.value, "setting the Reel's thumbnail");
    if (e.kind === "transient" || e.kind === "needs_reauth") return fail(e);
    console.log(JSON.stringify({ msg: "facebook thumbnail refused; Meta's own thumbnail stays", video_id: videoId, reason: e.kind === "refused" ? e.reason : e.message }));
  }
  return ok(undefined);
}
