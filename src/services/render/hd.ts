// HD fan-out (docs/render-protocol.md "HD fan-out"): after a fanout job's `clips`, one Queue
// message per clip; the consumer hands each to its own backend instance, which renders the clip's
// 1080p file from the clip's mezzanine and reports `clip_hd` on the job's callbacks.
import { FILE_NAME_RE, recordedAspect } from "@katto/protocol";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clips, jobs } from "../../db/schema";
import type { Env } from "../../env";
import { callbackFor, jobFileSourceUrl } from "../../render-backend/callbacks";
import type { BackendTask } from "../../render-backend/send-task";
import { defaultBrandKit } from "./brand-kit";
import { jobAspect } from "../jobs/aspect";

/** The clip's mezzanine named in its metadata by the job's backend, or null. */
export function mezzanineOf(metadata: Record<string, unknown> | null | undefined): string | null {
  const name = metadata?.mezzanine_file;
  return typeof name === "string" && FILE_NAME_RE.test(name) ? name : null;
}

/**
 * The HD task of one clip, or null when there is nothing to do: the clip is already HD (a
 * redelivery), the job is no longer completed, or the clip has no mezzanine.
 */
export async function hdClipTask(env: Env, jobId: string, clipIndex: number): Promise<BackendTask | null> {
  const row = await drizzle(env.DB)
    .select({ status: jobs.status, accountId: jobs.accountId, hd: clips.hd, startS: clips.startS, endS: clips.endS, metadata: clips.metadata, coverTimeS: clips.coverTimeS, aspect: jobs.aspect })
    .from(clips)
    .innerJoin(jobs, eq(jobs.id, clips.jobId))
    .where(and(eq(clips.jobId, jobId), eq(clips.clipIndex, clipIndex)))
    .get();
  if (!row || row.status !== "completed" || row.hd) return null;
  const metadata = row.metadata ? JSON.parse(row.metadata) : {};
  const mezzanine = mezzanineOf(metadata);
  if (!mezzanine) {
    console.log(JSON.stringify({ msg: "render_hd: clip has no mezzanine; it stays at preview quality", job_id: jobId, clip_index: clipIndex }));
    return null;
  }
  return {
    kind: "hd",
    body: {
      job_id: jobId,
      clip_index: clipIndex,
      source: { url: await jobFileSourceUrl(env, jobId, mezzanine) },
      // the mezzanine holds exactly the clip's range, so the range starts at 0 (words and crop path
      // in the metadata are clip-relative already)
      clip: { start: 0, end: Math.round((row.endS - row.startS) * 1000) / 1000, metadata },
      // the shape the clip was rendered in, else its job's
      aspect: recordedAspect(metadata) ?? jobAspect(row.aspect),
      brand_kit: await defaultBrandKit(env.DB, row.accountId),
      // the HD cover shows the preview cover's moment (issue 37)
      ...(row.coverTimeS !== null ? { cover_time: row.coverTimeS } : {}),
      callback: await callbackFor(env, jobId),
    },
  };
}

/**
 * The clip's HD task could not be handed over (after the last dispatch attempt, or refused as
 * invalid): the message is done. The clip is still due, so the HD sweep queues it again while HD
 * attempts remain, then gives up (src/services/render/hd-sweep.ts).
 */
export function giveUpHd(jobId: string, clipIndex: number, refusal?: string): void {
  console.log(JSON.stringify({ msg: "render_hd: not handed over; the HD sweep queues it again or gives up", job_id: jobId, clip_index: clipIndex, refusal }));
}
