import { z } from "@hono/zod-openapi";
import { JOB_WARNING_CODES } from "@katto/protocol";
import { ConfigSchema } from "./config";

export const jobStatuses = ["queued", "processing", "scoring", "completed", "failed", "cancelled"] as const;
export const JobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const sourceKinds = ["youtube", "twitch", "vimeo", "kick", "zoom", "loom", "upload", "direct"] as const;

export const ClipSubscoresSchema = z
  .object({
    hook: z.number().min(0).max(100).openapi({ description: "Does the opening grab attention (a question, a number, a claim), 0 to 100." }),
    flow: z.number().min(0).max(100).openapi({ description: "Clean, self-contained delivery (few fillers, no dead air, starts and ends on a thought), 0 to 100." }),
    value: z.number().min(0).max(100).openapi({ description: "Useful or interesting content, 0 to 100." }),
    trend: z.number().min(0).max(100).openapi({ description: "Emotional pull and fit for short video, 0 to 100." }),
  })
  .openapi("ClipSubscores");

/**
 * Why a clip is what it is: where it sits in the source, how it was framed, and how it scored.
 * Additive to the contract's clip fields, on GET /jobs/{id}, GET /jobs/{id}/clips and the
 * completion callback alike.
 */
export const clipReasonFields = {
  start: z.number().min(0).openapi({ description: "Where the clip starts in the source video, seconds." }),
  end: z.number().min(0).openapi({ description: "Where the clip ends in the source video, seconds." }),
  duration: z.number().min(0).openapi({ description: "Length of the clip, seconds (end - start)." }),
  layout: z.string().nullable().openapi({
    description: "How the 9:16 frame was composed on the first render: wide, center_crop, face_tracking, passthrough, split_screen, stacked, grid_3 or grid_4. Null for clips stored without it.",
  }),
  subscores: ClipSubscoresSchema.nullable().openapi({ description: "The parts of `score` (its weighted sum); null for clips stored without them." }),
  justification: z.string().nullable().openapi({ description: "Why the clip scored as it did, in a sentence or two quoting it." }),
};

export const ClipSchema = z
  .object({
    url: z.url().openapi({ description: "9:16 MP4 (1080x1920 once `hd` is true)." }),
    captions_url: z.url().nullable().openapi({ description: "SRT captions." }),
    title: z.string().nullable(),
    score: z.number().min(0).max(100).nullable().openapi({ description: "Virality score, 0 to 100." }),
    clip_index: z.int().min(0).openapi({ description: "0-based position; 0 is the highest score." }),
    hd: z.boolean().openapi({ description: "True once the 1080p render has landed." }),
    ...clipReasonFields,
  })
  .openapi("Clip");

export const ProgressSchema = z.object({
  step: z.string().openapi({ description: "queued, downloading, probing, transcribing, selecting, scoring, rendering, uploading, done, failed, cancelled" }),
  pct: z.number().min(0).max(100),
});

/** The render backend's JobWarning (@katto/protocol) as the API shows it. */
export const JobWarningSchema = z
  .object({
    code: z.enum(JOB_WARNING_CODES).openapi({
      description:
        "clip_framing_simplified: the clip's planned framing failed to render, so it was rendered with a still centre crop (or the whole frame of a vertical source). clip_left_out: a selected clip could not be rendered at all and is not among `clips`.",
    }),
    message: z.string().openapi({ description: "One line saying what happened to which clip." }),
    clip_index: z.int().min(0).nullable().openapi({ description: "The delivered clip it concerns; null for a clip that was left out." }),
    start: z.number().min(0).openapi({ description: "Where the clip starts in the source video, seconds." }),
    end: z.number().min(0).openapi({ description: "Where the clip ends in the source video, seconds." }),
  })
  .openapi("JobWarning");
export type JobWarning = z.infer<typeof JobWarningSchema>;

export const JobSchema = z
  .object({
    id: z.uuid(),
    status: JobStatusSchema,
    progress: ProgressSchema,
    hd_ready: z.boolean(),
    source: z.string().openapi({ description: `Kind of source: ${sourceKinds.join(", ")}.` }),
    source_url: z.string(),
    clips: z.array(ClipSchema),
    error: z.string().nullable(),
    warnings: z.array(JobWarningSchema).openapi({
      description: "What to know about a completed job's clips: one rendered with a simpler framing than planned, or one left out because it could not be rendered. Empty when there is nothing to say.",
    }),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .openapi("Job");
export type Job = z.infer<typeof JobSchema>;

export const JobSummarySchema = z
  .object({
    id: z.uuid(),
    status: JobStatusSchema,
    source: z.string(),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .openapi("JobSummary");

export const JobListSchema = z
  .object({ jobs: z.array(JobSummarySchema), next_cursor: z.iso.datetime().nullable() })
  .openapi("JobList");

export const CreateJobBodySchema = z
  .strictObject({
    url: z.string().openapi({ format: "uri", example: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
    webhook_url: z.string().optional().openapi({ format: "uri", example: "https://example.com/hooks/katto" }),
    config: ConfigSchema.optional(),
  })
  .openapi("CreateJobRequest");

export const JobCreatedSchema = z
  .object({
    id: z.uuid(),
    status: JobStatusSchema,
    status_url: z.url(),
    idempotent_replay: z.boolean().optional(),
  })
  .openapi("JobCreated");

export const CancelledSchema = z
  .object({ id: z.uuid(), status: z.literal("cancelled"), refunded: z.boolean() })
  .openapi("JobCancelled");

export const TranscriptSchema = z
  .object({
    job_id: z.uuid(),
    lang: z.string().nullable(),
    segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })),
    created_at: z.iso.datetime(),
  })
  .openapi("Transcript");

export const ClipProjectionSchema = z
  .object({
    job_id: z.uuid(),
    status: JobStatusSchema,
    clips: z.array(
      z.object({ url: z.url(), captions_url: z.url().nullable(), title: z.string().nullable(), score: z.number().nullable(), ...clipReasonFields }),
    ),
  })
  .openapi("ClipList");

export const ListJobsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be an integer from 1 to 100" })
    .int({ error: "limit must be an integer from 1 to 100" })
    .min(1, { error: "limit must be an integer from 1 to 100" })
    .max(100, { error: "limit must be an integer from 1 to 100" })
    .default(20)
    .openapi({ param: { name: "limit", in: "query" }, example: 20 }),
  cursor: z
    .string()
    .optional()
    .openapi({ param: { name: "cursor", in: "query" }, description: "The next_cursor of a previous response (a date-time)." }),
  status: z
    .enum(jobStatuses, { error: `status must be one of ${jobStatuses.join(", ")}` })
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
});
