// The clip file a publication posts: the version it names (issue 41; "original" or a re-render id,
// else the newest completed version), and the facts of that very file that a platform's limits are
// checked against.
import { clipFrameOf, type Aspect, type PostCopy } from "@katto/protocol";
import { postCopyView } from "../jobs/view";
import type { Env } from "../../env";
import { fileNameOfKey } from "../../storage/keys";
import { clipVersionFile } from "../versions/resolve";
import type { ClipFacts } from "./platforms/platform";

export interface ClipVersion {
  /** "original" or the re-render's id */
  id: string;
  key: string;
  durationSeconds: number;
  /** the version's cover image (R2 key) and its frame's time on the clip; null when it has none */
  cover: { key: string; timeSeconds: number | null } | null;
  /** the version's shape (its frame, and its rendition's) */
  aspect: Aspect;
}

/** What a post says by default: the clip's title and its post copy (editable, PATCH /jobs/{id}/clips/{index}). */
export interface ClipPostDefaults {
  title: string | null;
  copy: PostCopy;
}

/**
 * The clip's version `name` names (absent or null: the newest completed one), every fact of it its
 * own: file, duration, cover and shape; undefined when the job has no such clip. A version the clip
 * lacks is 404, one not completed 409 (clipVersionFile).
 */
export async function clipVersionToPost(env: Env, jobId: string, clipIndex: number, name?: string | null): Promise<(ClipVersion & { post: ClipPostDefaults }) | undefined> {
  const found = await clipVersionFile(env, jobId, clipIndex, name ?? undefined);
  if (!found) return undefined;
  const { clip, file } = found;
  return { id: file.id, key: file.videoKey, durationSeconds: file.durationSeconds, cover: file.cover, aspect: file.aspect, post: { title: clip.title, copy: postCopyView(clip) } };
}

export async function clipFacts(env: Env, version: ClipVersion): Promise<ClipFacts | undefined> {
  const head = await env.FILES.head(version.key);
  if (!head) return undefined;
  // the frame of the very file (preview, HD, re-render or rendition) of its shape, named by the protocol
  const { width, height } = clipFrameOf(fileNameOfKey(version.key), version.aspect);
  return { durationSeconds: version.durationSeconds, width, height, sizeBytes: head.size, contentType: head.httpMetadata?.contentType ?? "video/mp4" };
}
