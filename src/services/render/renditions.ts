// Renditions (docs/render-protocol.md "Renditions"): a finished clip re-scaled to a frame a
// platform needs. The publish runner asks for one (src/services/publishing/renditions.ts writes the
// clip_renditions row and enqueues render_rendition); the consumer turns the row into the
// protocol's RenditionTask, and the backend's clip_rendition event stores the file on the row.
import { FILE_NAME_RE } from "@katto/protocol";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clipRenditions, jobs } from "../../db/schema";
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
  const r = clipRenditions;
  const row = await drizzle(env.DB)
    .select({ status: jobs.status, sourceKey: r.sourceKey, videoKey: r.videoKey })
    .from(r)
    .innerJoin(jobs, eq(jobs.id, r.jobId))
    .where(and(eq(r.jobId, m.job_id), eq(r.clipIndex, m.clip_index), eq(r.width, m.width), eq(r.height, m.height)))
    .get();
  if (!row || row.videoKey || row.status !== "completed") return null;
  const source = fileNameOfKey(row.sourceKey);
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
