// The clip file a publication can post: the clip's latest finished version (a re-render, the HD file,
// or the preview) and the facts of that very file that a platform's limits are checked against.
import { AspectSchema, clipFrameOf, DEFAULT_ASPECT, type Aspect, type PostCopy } from "@katto/protocol";
import { postCopyView } from "../jobs/view";
import { and, desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clips, rerenders } from "../../db/schema";
import type { Env } from "../../env";
import { fileNameOfKey } from "../../storage/keys";
import type { ClipFacts } from "./platforms/platform";

export interface ClipVersion {
  key: string;
  durationSeconds: number;
  /** the version's cover image (R2 key) and its frame's time on the clip; null when it has none */
  cover: { key: string; timeSeconds: number | null } | null;
  /** the version's shape: a re-render's own, else the clip's (its frame, and its rendition's) */
  aspect: Aspect;
}

/** What a post says by default: the clip's title and its post copy (editable, PATCH /jobs/{id}/clips/{index}). */
export interface ClipPostDefaults {
  title: string | null;
  copy: PostCopy;
}

/** The clip's latest finished version: the newest completed re-render, else the clip (HD once ready). */
export async function latestClipVersion(env: Env, jobId: string, clipIndex: number): Promise<(ClipVersion & { post: ClipPostDefaults }) | undefined> {
  const db = drizzle(env.DB);
  const clip = await db.select().from(clips).where(and(eq(clips.jobId, jobId), eq(clips.clipIndex, clipIndex))).get();
  if (!clip) return undefined;
  const rr = await db
    .select()
    .from(rerenders)
    .where(and(eq(rerenders.jobId, jobId), eq(rerenders.clipIndex, clipIndex), eq(rerenders.status, "completed")))
    .orderBy(desc(rerenders.updatedAt))
    .limit(1)
    .get();
  const post = { title: clip.title, copy: postCopyView(clip) };
  const clipAspect = aspectIn(clip.metadata);
  // a re-render's own cover (its layout and shape); one from a backend that made none has no cover rather than another version's
  if (rr?.videoKey) return { key: rr.videoKey, durationSeconds: rr.duration ?? clip.endS - clip.startS, cover: rr.coverKey ? { key: rr.coverKey, timeSeconds: rr.coverTimeS } : null, aspect: aspectIn(rr.params) ?? clipAspect ?? DEFAULT_ASPECT, post };
  return { key: clip.videoKey, durationSeconds: clip.endS - clip.startS, cover: clip.coverKey ? { key: clip.coverKey, timeSeconds: clip.coverTimeS } : null, aspect: clipAspect ?? DEFAULT_ASPECT, post };
}

export async function clipFacts(env: Env, version: ClipVersion): Promise<ClipFacts | undefined> {
  const head = await env.FILES.head(version.key);
  if (!head) return undefined;
  // the frame of the very file (preview, HD, re-render or rendition) of its shape, named by the protocol
  const { width, height } = clipFrameOf(fileNameOfKey(version.key), version.aspect);
  return { durationSeconds: version.durationSeconds, width, height, sizeBytes: head.size, contentType: head.httpMetadata?.contentType ?? "video/mp4" };
}

/** The `aspect` a clip's metadata or a re-render's params (JSON) name, null when none or unreadable. */
function aspectIn(json: string | null): Aspect | null {
  if (!json) return null;
  try {
    return AspectSchema.safeParse((JSON.parse(json) as { aspect?: unknown } | null)?.aspect).data ?? null;
  } catch {
    return null;
  }
}
