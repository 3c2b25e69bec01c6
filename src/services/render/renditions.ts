// Renditions (docs/render-protocol.md "Renditions"): a finished clip re-scaled to a frame a
// platform needs. The publish runner asks for one (src/services/publishing/renditions.ts writes the
// clip_renditions row and enqueues render_rendition); the consumer turns the row into the
// protocol's RenditionTask, and the backend's clip_rendition event stores the file on the row.
import { FILE_NAME_RE } from "@katto/protocol";
import type { Env } from "../../env";
import { callbackFor, jobFileSourceUrl } from "../../render-backend/callbacks";
import { InvalidTaskError, type BackendTask } from "../../render-backend/send-task";
import type { QueueMessage } from "../../render-queue/messages";
import { fileNameOfKey } from "../../storage/keys";

type RenditionMessage = Extract<QueueMessage, { type: "render_rendition" }>;

/**
 * The rendition task of a requested rendition, or null when there is nothing to do: no request
 * (or it was dropped), the rendition already landed (a redelivery), or the job is not completed.
 */
export async function renditionTask(env: Env, m: RenditionMessage): Promise<BackendTask | null> {
  const row = await env.DB.prepare(
    `SELECT j.status, r.source_key, r.video_key FROM clip_renditions r JOIN jobs j ON j.id = r.job_id
     WHERE r.job_id = ?1 AND r.clip_index = ?2 AND r.width = ?3 AND r.height = ?4`,
  )
    .bind(m.job_id, m.clip_index, m.width, m.height)
    .first<{ status: string; source_key: string; video_key: string | null }>();
  if (!row || row.video_key || row.status !== "completed") return null;
  const source = fileNameOfKey(row.source_key);
  if (!FILE_NAME_RE.test(source)) throw new InvalidTaskError(`the clip file "${source}" cannot be served to the render backend.`);
  return {
    kind: "rendition",
    body: {
      job_id: m.job_id,
      clip_index: m.clip_index,
      source: { url: await jobFileSourceUrl(env, m.job_id, source) },
      size: { width: m.width, height: m.height },
      callback: await callbackFor(env, m.job_id),
    },
  };
}

/** The rendition could not be handed over: the publication waiting for it fails after its wait. */
export function giveUpRendition(m: RenditionMessage, refusal?: string): void {
  console.log(JSON.stringify({ msg: "render_rendition: giving up", job_id: m.job_id, clip_index: m.clip_index, size: `${m.width}x${m.height}`, refusal }));
}
