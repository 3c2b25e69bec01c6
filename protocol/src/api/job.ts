// Jobs and their clips as the public API shows them (service-api-v1 "Job", "Clip", "Transcript").
import { z } from "zod";
import { CLIP_ORIGINS, JOB_STATUSES, JOB_WARNING_CODES, MANUAL_CLIP_STATUSES, SOURCE_KINDS, WORD_TIMINGS } from "../vocabularies.js";
import { ClipEditsSchema, StyleSchema } from "../style.js";
import { AspectSchema } from "../aspect.js";
import { ClipQualitySchema, DroppedClipSchema, JobQualitySchema } from "../quality.js";
import { ClipTimelineSchema } from "../clip-timeline.js";
import { HashtagSchema, MAX_STORED_DESCRIPTION_CHARS, MAX_STORED_HASHTAGS } from "../post-copy.js";
import { ConfigSchema } from "./config.js";
import { orNull } from "./or-null.js";
import { ClipVersionSummarySchema } from "./version.js";

export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const ClipSubscoresSchema = z.object({
  hook: z.number().min(0).max(100).meta({ description: "Does the opening grab attention (a question, a number, a claim), 0 to 100." }),
  flow: z.number().min(0).max(100).meta({ description: "Clean, self-contained delivery (few fillers, no dead air, starts and ends on a thought), 0 to 100." }),
  value: z.number().min(0).max(100).meta({ description: "Useful or interesting content, 0 to 100." }),
  trend: z.number().min(0).max(100).meta({ description: "Emotional pull and fit for short video, 0 to 100." }),
});

/**
 * Why a clip is what it is: where it sits in the source, how it was framed, and how it scored.
 * Additive to the contract's clip fields, on GET /jobs/{id}, GET /jobs/{id}/clips and the
 * completion callback alike.
 */
export const clipReasonFields = {
  start: z.number().min(0).meta({ description: "Where the clip starts in the source video, seconds." }),
  end: z.number().min(0).meta({ description: "Where the clip ends in the source video, seconds." }),
  duration: z.number().min(0).meta({ description: "Length of the clip, seconds (end - start)." }),
  layout: orNull(
    z.string(),
    "How the frame was composed on the first render: wide, center_crop, face_tracking, passthrough, split_screen, stacked, grid_3, grid_4 or screen. Null for clips stored without it.",
  ),
  aspect: AspectSchema.meta({ description: "The clip's shape (`url` is 1080 pixels on its shorter side once `hd` is true): the job's config.aspect, else its brand kit's, else 9:16. A re-render into another shape is a new version (its clip_url); this one is unchanged." }),
  subscores: ClipSubscoresSchema.nullable().meta({ description: "The parts of `score` (its weighted sum); null for clips stored without them." }),
  justification: orNull(z.string(), "Why the clip scored as it did, in a sentence or two quoting it."),
  style: StyleSchema.meta({ description: "The creator style the clip was rendered with, as resolved (the brand kit's style, then the job's field by field); {} for a clip without one." }),
  quality: ClipQualitySchema.nullable().meta({
    description: "What the clip's current file measured (docs/clip-quality.md): subject in frame, empty frames, speech share, longest silence, loudness, caption sync, sentence edges, the flags still present (ok when none) and the fixes made before delivery. Re-measured when the HD file lands. Null for clips rendered before clips measured themselves.",
  }),
  origin: z.enum(CLIP_ORIGINS).meta({ description: "auto: chosen by Katto's selection; manual: made by hand (POST /jobs/{id}/clips) or from a promoted candidate." }),
  description: z.string().max(MAX_STORED_DESCRIPTION_CHARS).meta({
    description: "The clip's post text (issue 37): written from what the clip says (its key words and the things it names; by the production text engine where one is configured), editable with PATCH /jobs/{id}/clips/{index}. Publishing posts it with `hashtags`, fitted to each platform's limits, unless the publication gives its own caption. Empty for clips made before post copy.",
  }),
  hashtags: z.array(HashtagSchema).meta({ description: "Hashtags for the post (\"#Physics\"), best first; editable with PATCH /jobs/{id}/clips/{index}. Empty for clips made before post copy." }),
  cover_url: z.url().nullable().meta({
    description: "The clip's cover image (JPEG at the clip's frame size): the frame where the speaker's face is largest and sharpest, with the title drawn in the brand kit's title style. Made again from the 1080p file, and for each re-render (the re-render's own cover_url). Publishing sends it where the platform takes a cover. Null when none could be made, and for clips made before covers.",
  }),
  chosen_by: z
    .object({
      engine: z.string().meta({ description: "offline (Katto's own selection and scoring), workers-ai, or openai (a chat model on an OpenAI-compatible server chose the moment, KATTO_SCORER=openai)." }),
      model: orNull(z.string(), "The model that chose or scored it (as configured, e.g. KATTO_CHAT_MODEL); null for the offline engine."),
      fallback_reason: orNull(z.string(), "Why the configured engine did not choose it and Katto's own selection did (the job's warnings say the same, code chat_model_fallback); null when it did."),
    })
    .nullable()
    .meta({ description: "Who chose and scored the clip: the engine and its model. Null for clips stored before clips named it." }),
  edits: ClipEditsSchema.meta({
    description: "What the style did to this clip: key words emphasised, emoji shown, zooms, cuts (source seconds), B-roll cutaways and the hook title card, times in seconds on the clip's own timeline; empty lists (and title_card null) where an option was off or found nothing to do.",
  }),
};

/** The spoken-language SRT of a clip whose captions were translated (style caption_language). */
export const captionsOriginalUrl = z.url().nullable().meta({
  description: "SRT captions in the language spoken in the clip, when `captions_url` holds them translated (style caption_language, or a dubbed re-render); null when the captions are in the spoken language.",
});

const clipTitle = orNull(z.string(), "A short title for the clip; null when it has none.");

export const ClipSchema = z.object({
  url: z.url().meta({ description: "MP4 in the clip's `aspect` (9:16: 1080x1920 once `hd` is true)." }),
  captions_url: z.url().nullable().meta({ description: "SRT captions: the caption pages burned into the clip, cue for cue (the same words on the same lines, shown for the same times), in style.caption_language when the clip has one; broadcast-width cues when it burns none (caption_style none)." }),
  captions_original_url: captionsOriginalUrl,
  title: clipTitle,
  score: z.number().min(0).max(100).nullable().meta({ description: "Virality score, 0 to 100." }),
  account_score: z.number().min(0).max(100).nullable().meta({ description: 'The clip\'s parts weighted with this account\'s fitted weights (config.score_with "account"), 0 to 100; the clips are then ranked by it. null for jobs scored with the default weights.' }),
  clip_index: z.int().min(0).meta({ description: "0-based position; 0 is the highest score." }),
  hd: z.boolean().meta({ description: "True once the 1080p render has landed." }),
  ...clipReasonFields,
  timeline: ClipTimelineSchema.nullable().meta({
    description:
      "The clip as one value: its source range and the pieces kept of it (with where each plays on the clip's own timeline), the cuts, the framing as crop keyframes, the zooms, the words and caption pages, and the title card, key words, emoji and B-roll drawn over it, all in clip seconds. What Katto's render, quality measures and editor exports read. The original version's, the one `url` plays, like every other field of the clip (a re-render's or trim's is on GET /jobs/{id}/rerenders/{rid}). Null for clips rendered before they carried it. Not in the completion callback (GET /jobs/{id} has it).",
  }),
  versions: z.array(ClipVersionSummarySchema).meta({
    description: 'Every version of the clip, the original first (id "original", this clip\'s own fields), then its re-renders, trims and dubs in the order they were asked for; each one\'s whole record is at GET /jobs/{id}/rerenders/{id}. Exports and publications name one as `version` (left out: the newest completed). Not in the completion callback.',
  }),
});

export const ProgressSchema = z.object({
  step: z.string().meta({ description: "queued, downloading, probing, transcribing, selecting, scoring, rendering, uploading, done, failed, cancelled" }),
  pct: z.number().min(0).max(100),
});

/** The render backend's JobWarning (render protocol) as the API shows it. */
export const JobWarningSchema = z.object({
  code: z.enum(JOB_WARNING_CODES).meta({
    description:
      "clip_framing_simplified: the clip's planned framing failed to render, so it was rendered with a still centre crop (or the whole frame of a vertical source). clip_left_out: a selected clip could not be rendered at all and is not among `clips`. clip_flagged: a delivered clip still has quality flags (its `quality.flags`). clip_dropped: a rendered clip was dropped for its measured quality (listed in `dropped`). fewer_clips: config.min_clips asked for more clips than the video gave, and why (clip_index null, start and end span the source). broll_unavailable: style broll \"stock\" could not search the stock provider (its API key was refused, it rate-limited us, or it could not be reached), so clips have no stock cutaways; the message names the cause (clip_index null, start and end span the source).",
  }),
  message: z.string().meta({ description: "One line saying what happened to which clip." }),
  clip_index: z.int().min(0).nullable().meta({ description: "The delivered clip it concerns; null for a clip that was left out." }),
  start: z.number().min(0).meta({ description: "Where the clip starts in the source video, seconds." }),
  end: z.number().min(0).meta({ description: "Where the clip ends in the source video, seconds." }),
});
export type JobWarning = z.infer<typeof JobWarningSchema>;

/** A clip made by hand, from its request until it lands (GET /jobs/{id} `manual_clips`). */
export const ManualClipSchema = z.object({
  clip_index: z.int().min(0),
  status: z.enum(MANUAL_CLIP_STATUSES).meta({ description: "queued, rendering, completed (it is among `clips`) or failed (see `error`)." }),
  start: z.number().meta({ description: "Where it starts in the source (snapped), seconds." }),
  end: z.number(),
  candidate_id: orNull(z.string(), "The left-out candidate it was made from; null for a range given by hand."),
  error: orNull(z.string(), "Why it could not be made; null unless failed."),
});

export const JobSchema = z.object({
  id: z.uuid(),
  status: JobStatusSchema,
  progress: ProgressSchema,
  hd_ready: z.boolean(),
  source: z.string().meta({ description: `Kind of source: ${SOURCE_KINDS.join(", ")}.` }),
  source_url: z.string(),
  clips: z.array(ClipSchema),
  error: orNull(z.string(), "Why the job failed, in a sentence a person can act on; null unless status is failed."),
  warnings: z.array(JobWarningSchema).meta({
    description: "What to know about a completed job's clips: one rendered with a simpler framing than planned, or one left out because it could not be rendered. Empty when there is nothing to say.",
  }),
  quality: JobQualitySchema.nullable().meta({ description: "The job's quality summary: clips delivered, fixed before delivery, still flagged and dropped, and how many clips carry each flag. Null until the job completes." }),
  dropped: z.array(DroppedClipSchema).meta({ description: "Rendered clips dropped from `clips` for their measured quality (no speech, mostly silent), with their score and reason. Empty when none." }),
  manual_clips: z
    .array(ManualClipSchema)
    .meta({ description: "Clips made by hand on this completed job (POST /jobs/{id}/clips, promoted candidates), each until it lands among `clips` (completed) or fails; the job's status stays completed meanwhile. Empty when none." }),
  created_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const JobSummarySchema = z.object({
  id: z.uuid(),
  status: JobStatusSchema,
  source: z.string(),
  created_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
});

export const JobListSchema = z.object({ jobs: z.array(JobSummarySchema), next_cursor: z.iso.datetime().nullable() });

export const CreateJobBodySchema = z.strictObject({
  url: z.string().meta({ format: "uri", example: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
  webhook_url: z.string().optional().meta({ format: "uri", example: "https://example.com/hooks/katto" }),
  config: ConfigSchema.optional(),
});

export const JobCreatedSchema = z.object({
  id: z.uuid(),
  status: JobStatusSchema,
  status_url: z.url(),
  idempotent_replay: z.boolean().optional(),
});

export const CancelledSchema = z.object({ id: z.uuid(), status: z.literal("cancelled"), refunded: z.boolean() });

export const TranscriptWordSchema = z.object({
  text: z.string(),
  start: z.number().meta({ description: "Seconds from the start of the source." }),
  end: z.number(),
  confidence: z.number().min(0).max(1).optional().meta({ description: "The engine's confidence in the word, 0 to 1; left out when the engine gives none (OpenAI's whisper-1, Workers AI)." }),
});

export const TranscriptSchema = z.object({
  job_id: z.uuid(),
  lang: orNull(z.string(), "The main spoken language (the one spoken longest), as a code such as en (ISO 639-1 where there is one); null when it could not be told. Each segment names its own."),
  segments: z.array(
    z.object({
      start: z.number(),
      end: z.number(),
      text: z.string(),
      lang: z.string().optional().meta({ description: "This segment's own language (ISO 639-1), for sources that mix languages: captions and titles of the segment follow it. Left out when the engine and the text could not tell." }),
    }),
  ),
  words: z.array(TranscriptWordSchema).meta({ description: "Every recognised word with its times, the words captions and clips are cut from." }),
  engine: orNull(
    z.string(),
    "The speech engine and model that made the transcript: pocketsphinx (the offline engine: a rough transcript), workers-ai:<model>, openai:<model> (any OpenAI-compatible server), whisper-cpp:<model>; joined with + when a fallback transcribed part of it. null for transcripts made before engines named themselves.",
  ),
  word_timing: z.enum(WORD_TIMINGS).meta({
    description: "engine: word times come from the speech engine; segments: the engine gave times per segment only, and each segment's words were spread over its voiced span (times are estimates).",
  }),
  revision: z.int().min(0).meta({
    description: "0 as transcribed; each accepted PATCH /jobs/{id}/transcript adds 1. Name it in the next PATCH, which is refused with 409 when another edit landed first.",
  }),
  created_at: z.iso.datetime(),
});
export type Transcript = z.infer<typeof TranscriptSchema>;

export const ClipProjectionSchema = z.object({
  job_id: z.uuid(),
  status: JobStatusSchema,
  clips: z.array(
    z.object({
      url: z.url(),
      captions_url: z.url().nullable(),
      captions_original_url: captionsOriginalUrl,
      title: clipTitle,
      score: orNull(z.number(), "Virality score, 0 to 100."),
      account_score: orNull(z.number(), 'The score under this account\'s fitted weights (config.score_with "account"); null otherwise.'),
      clip_index: z.int().min(0).meta({ description: "The clip's number: the order the job's clips were delivered in." }),
      hd: z.boolean().meta({ description: "True once the 1080p render has landed; a clip delivered while the job is still processing is its preview (false)." }),
      ...clipReasonFields,
    }),
  ),
});

/**
 * PATCH /jobs/{id}/clips/{index}: the clip's post copy, edited before publishing (issue 37). Each
 * field given replaces the stored one; a field left out stays. Unknown fields are refused (strict),
 * so a typo such as `hashtag` never passes silently.
 */
export const EditClipBodySchema = z
  .strictObject(
    {
      description: z
        .string({ error: "description must be a string" })
        .max(MAX_STORED_DESCRIPTION_CHARS, { error: `description must be at most ${MAX_STORED_DESCRIPTION_CHARS} characters (YouTube's limit; shorter platforms get it cut at a word when posted)` })
        .optional()
        .meta({ description: "The post text. Publishing fits it to each platform's length limit (cut at a word with …), after dropping hashtags that do not fit." }),
      hashtags: z
        .array(HashtagSchema, { error: 'hashtags must be an array of strings such as ["#podcast"]' })
        .max(MAX_STORED_HASHTAGS, { error: `at most ${MAX_STORED_HASHTAGS} hashtags (Instagram's limit)` })
        .optional()
        .meta({ description: "Hashtags, best first. Publishing sends as many as each platform allows and fit." }),
    },
    { error: (iss) => (iss.code === "unrecognized_keys" ? `unknown field(s) ${iss.keys.join(", ")}: only description and hashtags can be edited` : undefined) },
  )
  .refine((b) => b.description !== undefined || b.hashtags !== undefined, { error: "give description, hashtags or both" });
export type EditClipBody = z.infer<typeof EditClipBodySchema>;
