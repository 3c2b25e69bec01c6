// HD fan-out (docs/render-protocol.md "HD fan-out"): after a fanout job's `clips`, one Queue
// message per clip; the consumer hands each to its own backend instance, which renders the clip's
// 1080p file from the clip's mezzanine and reports `clip_hd` on the job's callbacks.
import type { Env } from "../../env";
import { callbackFor, jobFileSourceUrl } from "../../render-backend/callbacks";
import { renderBackend } from "../../render-backend/client";
import type { HdClipTask } from "../../schemas/render-protocol";
import { FILE_NAME } from "../../storage/keys";
import { defaultBrandKit } from "./brand-kit";
import type { DispatchOutcome } from "./job-task";

/** The backend instance of one clip's HD task: its own container in production. */
export const hdInstanceId = (jobId: string, clipIndex: number) => `${jobId}:hd:${clipIndex}`;

/** The clip's mezzanine named in its metadata by the job's backend, or null. */
export function mezzanineOf(metadata: Record<string, unknown> | null | undefined): string | null {
  const name = metadata?.mezzanine_file;
  return typeof name === "string" && FILE_NAME.test(name) ? name : null;
}

/**
 * Queue consumer side of render_hd. Skipped (acked) when there is nothing to do: the clip is
 * already HD (a redelivery), the job is no longer completed, or the clip has no mezzanine.
 */
export async function dispatchHd(env: Env, jobId: string, clipIndex: number): Promise<DispatchOutcome> {
  const row = await env.DB.prepare(
    `SELECT j.status, j.account_id, c.hd, c.start_s, c.end_s, c.metadata FROM clips c JOIN jobs j ON j.id = c.job_id WHERE c.job_id = ?1 AND c.clip_index = ?2`,
  )
    .bind(jobId, clipIndex)
    .first<{ status: string; account_id: string; hd: number; start_s: number; end_s: number; metadata: string | null }>();
  if (!row || row.status !== "completed" || row.hd) return "skipped";
  const metadata = row.metadata ? (JSON.parse(row.metadata) as Record<string, unknown>) : {};
  const mezzanine = mezzanineOf(metadata);
  if (!mezzanine) {
    console.log(JSON.stringify({ msg: "render_hd: clip has no mezzanine; it stays at preview quality", job_id: jobId, clip_index: clipIndex }));
    return "skipped";
  }
  const body: HdClipTask = {
    job_id: jobId,
    clip_index: clipIndex,
    // the mezzanine holds exactly the clip's range, so the range starts at 0 (words and crop path
    // in the metadata are clip-relative already)
    source: { url: await jobFileSourceUrl(env, jobId, mezzanine) },
    clip: { start: 0, end: Math.round((row.end_s - row.start_s) * 1000) / 1000, metadata },
    brand_kit: await defaultBrandKit(env.DB, row.account_id),
    callback: await callbackFor(env, jobId),
  };
  try {
    const res = await renderBackend(env, hdInstanceId(jobId, clipIndex)).fetch("/v1/clips/hd", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status === 202 || res.ok) return "dispatched";
    console.log(JSON.stringify({ msg: "render backend refused HD task", job_id: jobId, clip_index: clipIndex, status: res.status }));
    return "retry";
  } catch (e) {
    console.log(JSON.stringify({ msg: "render backend unreachable for HD task", job_id: jobId, clip_index: clipIndex, error: String(e) }));
    return "retry";
  }
}

/** After the last attempt: the clip stays at preview quality (the HD fallback webhook still fires). */
export function giveUpHd(jobId: string, clipIndex: number): void {
  console.log(JSON.stringify({ msg: "render_hd: giving up; clip stays at preview quality", job_id: jobId, clip_index: clipIndex }));
}
