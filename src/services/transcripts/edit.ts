// Correcting a job's transcript (issue 22, PATCH /jobs/{id}/transcript). The edits name the
// revision they were made against; the write is one conditional UPDATE on that revision, so of two
// edits made against the same revision exactly one lands and the other gets 409.
import { applyTranscriptEdits, type TranscriptWord } from "@katto/protocol";
import type { TranscriptEditBody } from "@katto/protocol/api";
import { drizzle } from "drizzle-orm/d1";
import { and, eq, sql } from "drizzle-orm";
import { transcripts } from "../../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { requireScope } from "../auth/keys";
import type { AccountContext } from "../context";
import { loadOwnJob, transcriptView } from "../jobs/read";

export async function editTranscript(ctx: AccountContext, jobId: string, body: TranscriptEditBody) {
  requireScope(ctx, "write");
  await loadOwnJob(ctx, jobId);
  const db = drizzle(ctx.env.DB);
  const t = await db.select().from(transcripts).where(eq(transcripts.jobId, jobId)).get();
  if (!t) throw new NotFoundError("Transcript not available yet: it is stored once transcription finishes. Poll the job and retry.");
  if (t.revision !== body.revision) throw staleRevision(body.revision, t.revision);
  const words = JSON.parse(t.words) as TranscriptWord[];
  const segments = JSON.parse(t.segments) as { start: number; end: number; text: string }[];
  const edited = applyTranscriptEdits({ words, segments }, body.edits);
  if (!edited.ok) throw new ValidationError(edited.error);
  const r = await db
    .update(transcripts)
    .set({ words: JSON.stringify(edited.value.words), segments: JSON.stringify(edited.value.segments), revision: sql`${transcripts.revision} + 1` })
    .where(and(eq(transcripts.jobId, jobId), eq(transcripts.revision, body.revision)))
    .run();
  if (r.meta.changes !== 1) {
    const now = await db.select({ revision: transcripts.revision }).from(transcripts).where(eq(transcripts.jobId, jobId)).get();
    throw staleRevision(body.revision, now?.revision ?? body.revision + 1);
  }
  return transcriptView(jobId, { ...t, words: JSON.stringify(edited.value.words), segments: JSON.stringify(edited.value.segments), revision: body.revision + 1 });
}

const staleRevision = (asked: number, current: number) =>
  new ConflictError(
    `The transcript is at revision ${current}, not ${asked}: another edit landed first. GET /jobs/{id}/transcript, make your edits on revision ${current} (word indexes may have moved) and send them again.`,
  );
