// The file a publication uploads when its platform needs another frame than the clip's 1080p file
// (`limits.renderAt`, X: 720 on the shorter side, the clip's own shape: 720x1280, 720x720, 720x900
// or 1280x720): the clip's rendition of that size, asked for once per clip
// version and size and waited for while the publication stays queued (docs/render-protocol.md
// "Renditions"). Platforms without renderAt upload the clip version as it is.
import { RENDITION_SIZES, type Aspect } from "@katto/protocol";
import { and, eq, lt, ne, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clipRenditions } from "../../db/schema";
import type { Env } from "../../env";
import { enqueueRendition } from "../../render-queue/producers";
import type { ClipVersion } from "./clip-versions";
import type { ClipFacts, PlatformLimits } from "./platforms/platform";

export type ToPost =
  | { kind: "ready"; version: ClipVersion }
  | { kind: "waiting"; seconds: number }
  | { kind: "failed"; reason: string; advice: string };

/** A publication waits this long for its rendition before it fails (publishing again asks anew). */
export const RENDITION_WAIT_MS = 20 * 60_000;
/** How often a waiting publication looks again. */
const POLL_SECONDS = 10;

/** The facts the platform's limits are checked against when a post is requested: the frame it will get (a rendition keeps the clip's shape). */
export function factsAsPosted(facts: ClipFacts, limits: PlatformLimits, aspect: Aspect): ClipFacts {
  return limits.renderAt ? { ...facts, ...limits.renderAt(aspect) } : facts;
}

/**
 * The version to upload for a publication (`since`: when it was created or scheduled for). With a
 * renderAt frame: the rendition once it landed, else "waiting" after asking for it (one request per
 * clip version and size, whichever delivery gets there first), or "failed" once this publication
 * waited RENDITION_WAIT_MS.
 */
export async function versionToPost(
  env: Env,
  pub: { jobId: string; clipIndex: number; since: number; platform: string },
  limits: PlatformLimits,
  version: ClipVersion,
  nowMs: number,
): Promise<ToPost> {
  const size = limits.renderAt?.(version.aspect);
  if (!size) return { kind: "ready", version };
  if (!RENDITION_SIZES.some((r) => r.width === size.width && r.height === size.height)) {
    return {
      kind: "failed",
      reason: `${pub.platform} needs a ${size.width}x${size.height} rendition, which the render backend does not make (it makes ${RENDITION_SIZES.map((r) => `${r.width}x${r.height}`).join(", ")}).`,
      advice: "Ask the operator to add that size to the render protocol's rendition sizes.",
    };
  }
  const db = drizzle(env.DB);
  const key = { jobId: pub.jobId, clipIndex: pub.clipIndex, width: size.width, height: size.height };
  const row = await db
    .select()
    .from(clipRenditions)
    .where(and(eq(clipRenditions.jobId, key.jobId), eq(clipRenditions.clipIndex, key.clipIndex), eq(clipRenditions.width, key.width), eq(clipRenditions.height, key.height)))
    .get();
  const stale = nowMs - RENDITION_WAIT_MS;
  if (row && row.sourceKey === version.key) {
    if (row.videoKey) return { kind: "ready", version: { ...version, key: row.videoKey } };
    if (row.requestedMs >= stale) return { kind: "waiting", seconds: POLL_SECONDS };
    // asked before this publication started waiting, and never made: this one has waited long enough
    if (pub.since <= row.requestedMs + RENDITION_WAIT_MS) {
      return {
        kind: "failed",
        reason: `The ${size.width}x${size.height} rendition ${pub.platform} needs was not made within ${RENDITION_WAIT_MS / 60_000} minutes.`,
        advice: "Publish again: Katto asks the render backend for the rendition anew.",
      };
    }
  }
  // First request, a newer clip version (re-render or HD), or a request gone stale before this
  // publication: ask. The conditional upsert lets only one of concurrent deliveries enqueue.
  const asked = await db
    .insert(clipRenditions)
    .values({ ...key, sourceKey: version.key, videoKey: null, requestedMs: nowMs, readyAt: null })
    .onConflictDoUpdate({
      target: [clipRenditions.jobId, clipRenditions.clipIndex, clipRenditions.width, clipRenditions.height],
      set: { sourceKey: version.key, videoKey: null, readyAt: null, requestedMs: nowMs },
      setWhere: or(ne(clipRenditions.sourceKey, version.key), lt(clipRenditions.requestedMs, stale)),
    })
    .run();
  if (asked.meta.changes === 1) await enqueueRendition(env, pub.jobId, pub.clipIndex, size);
  return { kind: "waiting", seconds: POLL_SECONDS };
}
