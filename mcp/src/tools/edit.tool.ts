// Correcting a transcript and moving a clip's cuts (issue 22).
import { z } from "zod";
import { SegmentEditSchema, TranscriptSchema, TrimCreatedSchema, WordEditSchema } from "@katto/protocol/api";
import { defineTool, unwrap } from "../tool";
import { jobId } from "./jobs.tool";

export const editTranscript = defineTool({
  name: "service_edit_transcript",
  title: "Correct a job's transcript",
  description:
    'Correct misheard words in a job\'s transcript: {index, text} replaces word `index` (text "" deletes it), {segment, text} gives a segment new text that Katto aligns to the existing word times. Indexes are those of the `revision` you read with service_get_transcript; if another edit landed first the API answers 409: read the transcript again and redo the edits. Free. CANNOT BE UNDONE: earlier revisions are not kept (correct again to change a word back). Existing clips never change; re-render with captions "refresh" (service_rerender_clip) or trim a clip to use the corrected words.',
  input: {
    job_id: jobId,
    revision: z.int().min(0).describe("The transcript's revision the edits were made on (service_get_transcript shows it)."),
    edits: z.array(z.union([WordEditSchema, SegmentEditSchema])).min(1).max(1000).describe('Word edits {index, text} and segment edits {segment, text}; text "" deletes a word.'),
  },
  output: TranscriptSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: ({ job_id, revision, edits }, { api }) => unwrap(api.PATCH("/api/v1/jobs/{id}/transcript", { params: { path: { id: job_id } }, body: { revision, edits } })),
  summary: (t) => `Transcript of job ${t.job_id} is now at revision ${t.revision} (${t.words.length} words).`,
});

export const trimClip = defineTool({
  name: "service_trim_clip",
  title: "Move a clip's start and end",
  description:
    "Render a finished clip again over a new range of the source, in its layout and style: start/end in source seconds (snapped to the nearest pause between words) or start_word/end_word (word indexes of service_get_transcript). The range must lie in the source and be 3 to 180 s long. Free: uses no quota. The original clip stays as it is; the result gets a new URL. Returns a rerender_id and the snapped start and end at once; wait with service_wait_for_job (job_id + rerender_id).",
  input: {
    job_id: jobId,
    clip_index: z.int().min(0).describe("0-based clip_index of the clip within the job; see service_get_job."),
    start: z.number().min(0).optional().describe("New start in the source, seconds (or give start_word)."),
    end: z.number().min(0).optional().describe("New end in the source, seconds (or give end_word)."),
    start_word: z.int().min(0).optional().describe("Start just before this transcript word (its index), instead of start."),
    end_word: z.int().min(0).optional().describe("End just after this transcript word (its index), instead of end."),
  },
  output: TrimCreatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: ({ job_id, clip_index, start, end, start_word, end_word }, { api }) =>
    unwrap(api.POST("/api/v1/jobs/{id}/clips/{index}/trim", { params: { path: { id: job_id, index: clip_index } }, body: { start, end, start_word, end_word } })),
  summary: (r) => `Trim ${r.rerender_id} queued: ${r.start}–${r.end} s (snapped to pauses). Wait with service_wait_for_job (rerender_id ${r.rerender_id}).`,
});
