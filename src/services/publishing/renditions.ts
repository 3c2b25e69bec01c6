// The file a publication uploads when its platform needs another frame than the clip's 1080x1920
// (`limits.renderAt`, X: 720x1280): the clip's rendition of that size, asked for once per clip
// version and size and waited for while the publication stays queued (docs/render-protocol.md
// "Renditions"). Platforms without renderAt upload the clip's latest version as it is.
import { RENDITION_SIZES } from "@katto/protocol";
import type { Env } from "../../env";
import { enqueueRendition } from "../../queues/producers";
import type { ClipFacts, PlatformLimits } from "./platforms/platform";

export interface ClipVersion {
  key: string;
  durationSeconds: number;
}

export type ToPost =
  | { kind: "ready"; version: ClipVersion }
  | { kind: "waiting"; seconds: number }
  | { kind: "failed"; reason: string; advice: string };

/** A publication waits this long for its rendition before it fails (publishing again asks anew). */
export const RENDITION_WAIT_MS = 20 * 60_000;
/** How often a waiting publication looks again. */
const POLL_SECONDS = 10;

/** The facts the platform's limits are checked against when a post is requested: the frame it will get. */
export function factsAsPosted(facts: ClipFacts, limits: PlatformLimits): ClipFacts {
  return limits.renderAt ? { ...facts, ...limits.renderAt } : facts;
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
  latest: ClipVersion,
  nowMs: number,
): Promise<ToPost> {
  const size = limits.renderAt;
  if (!size) return { kind: "ready", version: latest };
  if (!RENDITION_SIZES.some((r) => r.width === size.width && r.height === size.height)) {
    return {
      kind: "failed",
      reason: `${pub.platform} needs a ${size.width}x${size.height} rendition, which the render backend does not make (it makes ${RENDITION_SIZES.map((r) => `${r.width}x${r.height}`).join(", ")}).`,
      advice: "Ask the operator to add that size to the render protocol's rendition sizes.",
    };
  }
  const row = await env.DB.prepare(`SELECT source_key, video_key, requested_ms FROM clip_renditions WHERE job_id = ?1 AND clip_index = ?2 AND width = ?3 AND height = ?4`)
    .bind(pub.jobId, pub.clipIndex, size.width, size.height)
    .first<{ source_key: string; video_key: string | null; requested_ms: number }>();
  const stale = nowMs - RENDITION_WAIT_MS;
  if (row && row.source_key === latest.key) {
    if (row.video_key) return { kind: "ready", version: { key: row.video_key, durationSeconds: latest.durationSeconds } };
    if (row.requested_ms >= stale) return { kind: "waiting", seconds: POLL_SECONDS };
    // asked before this publication started waiting, and never made: this one has waited long enough
    if (pub.since <= row.requested_ms + RENDITION_WAIT_MS) {
      return {
        kind: "failed",
        reason: `The ${size.width}x${size.height} rendition ${pub.platform} needs was not made within ${RENDITION_WAIT_MS / 60_000} minutes.`,
        advice: "Publish again: Katto asks the render backend for the rendition anew.",
      };
    }
  }
  // First request, a newer clip version (re-render or HD), or a request gone stale before this
  // publication: ask. The conditional upsert lets only one of concurrent deliveries enqueue.
  const asked = await env.DB.prepare(
    `INSERT INTO clip_renditions (job_id, clip_index, width, height, source_key, video_key, requested_ms, ready_at)
     VALUES (?1, ?2, ?3, ?4, ?5, NULL, ?6, NULL)
     ON CONFLICT (job_id, clip_index, width, height) DO UPDATE SET source_key = excluded.source_key, video_key = NULL, ready_at = NULL, requested_ms = excluded.requested_ms
     WHERE clip_renditions.source_key != excluded.source_key OR clip_renditions.requested_ms < ?7`,
  )
    .bind(pub.jobId, pub.clipIndex, size.width, size.height, latest.key, nowMs, stale)
    .run();
  if (asked.meta.changes === 1) await enqueueRendition(env, pub.jobId, pub.clipIndex, size);
  return { kind: "waiting", seconds: POLL_SECONDS };
}
