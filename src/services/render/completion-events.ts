// The clips event: the job completes with its clips (those its clip_ready events stored already
// take their final numbers) and its left-out moments in one transaction, then asks for the clips'
// HD files or, when all are HD already, sends its completion callback.
import { and, eq, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { insertWhere } from "../../db/insert-where";
import { clipCandidates, clips, jobs } from "../../db/schema";
import type { Env } from "../../env";
import { enqueueCompletionWebhook, HD_FALLBACK_DELAY_SECONDS } from "../../webhooks/delivery";
import { RUNNING_STATUSES } from "../jobs/status";
import { clipRow, REPORTED_COLUMNS } from "./clip-rows";
import { type Ev, jobWith, noLongerRunning, requireJobStatus, requireStoredFiles, running, webhookUrlOf } from "./event-checks";
import { fanOutHd, onHdReady } from "./hd-events";

export async function completeWithClips(env: Env, jobId: string, ev: Ev<"clips">, now: string) {
  const db = drizzle(env.DB);
  const rows = await Promise.all(ev.clips.map((c) => clipRow(env, jobId, c, now)));
  // A stopped job answers 409 (stop work) before any file check; the UPDATE below stays conditional.
  await requireJobStatus(db, jobId, RUNNING_STATUSES);
  await requireStoredFiles(env, rows.flatMap((r) => r.files));
  const allHd = ev.clips.every((c) => c.hd);
  // One transaction: the completion UPDATE goes first and every clip INSERT is conditional on it
  // (changes() chains), so clips only exist for a job that really completed. A clip its
  // `clip_ready` stored already takes the report's final numbers (an upsert changes one row too).
  const completion = db
    .update(jobs)
    .set({
      status: "completed", progressStep: "done", progressPct: 100, completedAt: now, updatedAt: now, hdReady: allHd,
      warnings: JSON.stringify(ev.warnings ?? []), dropped: JSON.stringify(ev.dropped ?? []), sourceDuration: ev.source_duration ?? null,
    })
    .where(and(eq(jobs.id, jobId), running()));
  const clipInserts = rows.map(({ values }) =>
    insertWhere(db, clips, values, jobs, and(eq(jobs.id, jobId), sql`changes() = 1`)).onConflictDoUpdate({ target: [clips.jobId, clips.clipIndex], set: REPORTED_COLUMNS }),
  );
  // the left-out candidates of this very completion (completed_at = now), in the backend's order;
  // issue 23: clips dropped for their measured quality are left-out moments too, listed after the selection's with their reason
  const candidateInserts = [
    ...(ev.candidates?.length ? [insertCandidates(db, jobId, now, ev.candidates, 0)] : []),
    ...(ev.dropped?.length ? [insertCandidates(db, jobId, now, ev.dropped, 10000)] : []),
  ];
  const [completed] = await db.batch([completion, ...clipInserts, ...candidateInserts]);
  if (completed.meta.changes !== 1) throw noLongerRunning();
  if (allHd) await onHdReady(env, jobId);
  else {
    await fanOutHd(env, jobId, ev.clips);
    // If HD never lands, the callback still fires (with hd_ready false) after a grace period;
    // delivery is claimed once per job, so the HD-ready call and this one never both send.
    if (await webhookUrlOf(db, jobId)) await enqueueCompletionWebhook(env, jobId, { delaySeconds: HD_FALLBACK_DELAY_SECONDS });
  }
}

/**
 * One statement for a list of left-out moments: a clip_candidates row per element of the JSON list
 * (json_each: `key` is its position, `value` the element), ranked from `firstRank`, each with a fresh
 * random id, inserted only if the job completed at `completedAt` (this very completion).
 */
function insertCandidates(db: DrizzleD1Database, jobId: string, completedAt: string, list: readonly unknown[], firstRank: number) {
  const field = (name: string) => sql`json_extract(value, ${`$.${name}`})`;
  return insertWhere(
    db,
    clipCandidates,
    {
      id: sql`'cand_' || lower(hex(randomblob(8)))`, jobId, rank: sql`${firstRank} + key`, startS: field("start"), endS: field("end"), score: field("score"),
      subscores: field("subscores"), reason: field("reason"), promotedClipIndex: null, createdAt: completedAt,
    },
    sql`json_each(${JSON.stringify(list)})`,
    jobWith(db, jobId, eq(jobs.status, "completed"), eq(jobs.completedAt, completedAt)),
  );
}
