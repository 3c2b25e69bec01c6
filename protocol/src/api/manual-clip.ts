// Clips made by hand and the moments the selection left out (issue 22): POST /jobs/{id}/clips,
// GET /jobs/{id}/candidates, POST /jobs/{id}/candidates/{candidate_id}/promote.
import { z } from "zod";
import { StyleSchema } from "../style.js";
import { DROP_REASONS } from "../quality.js";
import { CANDIDATE_REASONS, LAYOUT_MODES, MANUAL_CLIP_SECONDS } from "../vocabularies.js";
import { ClipSubscoresSchema } from "./job.js";
import { orNull } from "./or-null.js";

const seconds = (name: string) =>
  z
    .number({ error: `${name} must be a number of seconds from the start of the source` })
    .finite({ error: `${name} must be a number of seconds from the start of the source` })
    .min(0, { error: `${name} must be 0 or more seconds` });

export const CreateClipBodySchema = z
  .strictObject({
    start: seconds("start").meta({ description: "Where the clip starts in the source, seconds; snapped to the nearest pause between words.", example: 12.5 }),
    end: seconds("end").meta({ description: "Where the clip ends in the source, seconds; snapped likewise.", example: 41 }),
    layout_mode: z.enum(LAYOUT_MODES, { error: `layout_mode must be one of ${LAYOUT_MODES.join(", ")}` }).optional().meta({ description: "How to frame it; absent: chosen as the job's clips are (face tracking, split screen...)." }),
    style: StyleSchema.optional().meta({ description: "The creator style, over the job's field by field." }),
    title: z.string().trim().min(1, { error: "title must not be empty" }).max(100, { error: "title must be at most 100 characters" }).optional().meta({ description: "The clip's title; absent: written from its words like the job's clips." }),
  })
  .refine((b) => b.end > b.start, { error: "end must be after start.", path: ["end"] })
  .refine((b) => b.end - b.start >= MANUAL_CLIP_SECONDS.min, { error: `A clip lasts at least ${MANUAL_CLIP_SECONDS.min} seconds; move end later or start earlier.`, path: ["end"] })
  .refine((b) => b.end - b.start <= MANUAL_CLIP_SECONDS.max, { error: `A clip lasts at most ${MANUAL_CLIP_SECONDS.max} seconds; move end earlier or start later.`, path: ["end"] });
export type CreateClipBody = z.infer<typeof CreateClipBodySchema>;

export const ClipCreatedSchema = z.object({
  clip_index: z.int().min(0).meta({ description: "The index the clip will have among the job's clips." }),
  status: z.literal("queued"),
  status_url: z.url().meta({ description: "The job's URL: the clip appears in its `clips` once rendered, and `manual_clips` follows it meanwhile." }),
  start: z.number().meta({ description: "The start as snapped to a pause between words, seconds." }),
  end: z.number().meta({ description: "The end as snapped, seconds." }),
});

export const CandidateSchema = z.object({
  id: z.string(),
  start: z.number().meta({ description: "Where the moment starts in the source, seconds." }),
  end: z.number(),
  score: z.number().min(0).max(100),
  subscores: ClipSubscoresSchema,
  reason: z.enum([...CANDIDATE_REASONS, ...DROP_REASONS]).meta({
    description:
      "overlap: it overlaps a clip in time (or repeats its words); below_cutoff: it scored below the clips chosen when the job aimed for fewer than its limit; too_short: the whole thought is shorter than the clipLength asked; max_clips: it fit, but the job already had its most clips; outside_speech: a chat model (KATTO_SCORER=openai) proposed a range where nothing is spoken; below_floor: it scored under the quality floor (40) and min_clips did not ask for it; no_speech / mostly_silent: it was rendered as a clip and dropped for its measured quality (no speech, or speech in under 35 % of it; also in the job's `dropped`).",
  }),
  promoted_clip_index: orNull(z.int().min(0), "The clip it was made into (POST .../promote); null until promoted."),
});

export type Candidate = z.infer<typeof CandidateSchema>;

export const CandidateListSchema = z.object({
  job_id: z.uuid(),
  candidates: z.array(CandidateSchema).meta({ description: "The moments left out: those not overlapping a clip first, each group best-scored first; at most 200." }),
});
