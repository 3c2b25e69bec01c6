// The limit checks most platforms share (an adapter adds its own: aspect, dimensions, privacy). The
// HTTP helpers, so errors map the same way everywhere, are in http.ts.
import type { ClipFacts, LimitViolation, PlatformLimits, PostRequest } from "./platform";

/** Hashtags in a caption, as platforms count them. */
export const hashtagsIn = (text: string) => text.match(/(^|\s)#[\p{L}\p{N}_]+/gu)?.length ?? 0;

/** The checks most platforms share; an adapter adds its own (aspect, dimensions, privacy). */
export function commonLimitViolations(limits: PlatformLimits, name: string, video: ClipFacts, post: PostRequest): LimitViolation[] {
  const out: LimitViolation[] = [];
  if (video.durationSeconds < limits.minDurationSeconds) out.push({ field: "duration", message: `${name} needs at least ${limits.minDurationSeconds} s; this clip is ${video.durationSeconds.toFixed(1)} s.` });
  if (video.durationSeconds > limits.maxDurationSeconds) out.push({ field: "duration", message: `${name} accepts at most ${limits.maxDurationSeconds} s here; this clip is ${video.durationSeconds.toFixed(1)} s. Trim it with a re-render.` });
  if (video.sizeBytes > limits.maxBytes) out.push({ field: "size", message: `${name} accepts files up to ${Math.floor(limits.maxBytes / 1e6)} MB; this clip is ${(video.sizeBytes / 1e6).toFixed(1)} MB.` });
  if ([...post.caption].length > limits.captionMaxChars) out.push({ field: "caption", message: `${name} captions are limited to ${limits.captionMaxChars} characters; this one has ${[...post.caption].length}.` });
  if (limits.titleMaxChars !== undefined && post.title !== undefined && [...post.title].length > limits.titleMaxChars) out.push({ field: "title", message: `${name} titles are limited to ${limits.titleMaxChars} characters.` });
  if (limits.maxHashtags !== undefined && hashtagsIn(post.caption) > limits.maxHashtags) out.push({ field: "hashtags", message: `${name} allows at most ${limits.maxHashtags} hashtags in a caption.` });
  return out;
}
