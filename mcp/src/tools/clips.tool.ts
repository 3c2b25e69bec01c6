// Clips made by hand and the moments Katto's selection left out (issue 22): free (no quota),
// additive (the job's other clips are unchanged).
import { z } from "zod";
import { LAYOUT_MODES, MANUAL_CLIP_SECONDS } from "@katto/protocol";
import { CandidateListSchema, ClipCreatedSchema, type CreateClipBody, type EveryField } from "@katto/protocol/api";
import { defineTool, ToolInputError, unwrap } from "../tool";
import { jobId } from "./jobs.tool";
import { styleInput } from "./style-input";

const seconds = (what: string) => z.number().min(0).optional().describe(what);

export const createClip = defineTool({
  name: "service_create_clip",
  title: "Make a clip by hand",
  description: `Make a new clip of a completed job, either from a range of the source (start and end in seconds, snapped to the nearest pauses between words; ${MANUAL_CLIP_SECONDS.min} to ${MANUAL_CLIP_SECONDS.max} s) or from a left-out candidate (candidate_id from service_list_candidates). Free: uses no quota. Rendered, scored and titled like the job's own clips; it joins the job's clips with origin "manual" when ready (a job holds at most 10 clips). Returns the clip_index at once; follow it with service_wait_for_job or service_get_job (manual_clips).`,
  input: {
    job_id: jobId,
    start: seconds("Where the clip starts in the source video, seconds (with end; not with candidate_id)."),
    end: seconds("Where the clip ends in the source video, seconds (with start)."),
    candidate_id: z.string().min(1).max(64).optional().describe("Make the clip from this left-out candidate (service_list_candidates) instead of a range."),
    layout_mode: z.enum(LAYOUT_MODES).optional().describe("Framing (range only): face_tracking, wide, split_screen, stacked, passthrough, grid_3, grid_4 or screen; absent: chosen as the job's clips are."),
    title: z.string().min(1).max(100).optional().describe("The clip's title (range only); absent: written from its words."),
    style: styleInput,
    // every field of POST /jobs/{id}/clips (a field the API adds and this tool forgets is a type error)
  } satisfies EveryField<CreateClipBody, z.ZodType>,
  output: ClipCreatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async ({ job_id, start, end, candidate_id, layout_mode, title, style }, { api }) => {
    if (candidate_id !== undefined) {
      if (start !== undefined || end !== undefined || layout_mode || title || style) throw new ToolInputError("Give either candidate_id alone, or start and end (with layout_mode, title, style if wanted), not both.");
      return unwrap(api.POST("/api/v1/jobs/{id}/candidates/{candidate_id}/promote", { params: { path: { id: job_id, candidate_id } } }));
    }
    if (start === undefined || end === undefined) throw new ToolInputError("Give start and end (seconds in the source), or a candidate_id from service_list_candidates.");
    return unwrap(api.POST("/api/v1/jobs/{id}/clips", { params: { path: { id: job_id } }, body: { start, end, layout_mode, title, style } }));
  },
  summary: (r) => `Clip ${r.clip_index} queued (${r.start}–${r.end} s, snapped to pauses). It joins the job's clips when rendered; follow it with service_wait_for_job.`,
});

export const listCandidates = defineTool({
  name: "service_list_candidates",
  title: "List left-out moments",
  description:
    "List the moments Katto's selection considered for a completed job and did not make clips, each with its range, score, subscores and reason (overlap, below_cutoff, too_short, max_clips); those not overlapping a clip first, best first. Make one a clip with service_create_clip (candidate_id). Free and read-only.",
  input: { job_id: jobId },
  output: CandidateListSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: ({ job_id }, { api }) => unwrap(api.GET("/api/v1/jobs/{id}/candidates", { params: { path: { id: job_id } } })),
  summary: (r) =>
    r.candidates.length
      ? `${r.candidates.length} left-out moments; best: ${r.candidates
          .slice(0, 3)
          .map((c) => `${c.id} ${c.start}–${c.end} s score ${c.score} (${c.reason})`)
          .join("; ")}.`
      : "No left-out moments recorded for this job.",
});
