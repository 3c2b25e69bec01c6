// Backend → Worker: what the backend reports about a job (`POST /jobs/{id}/events`) and about a
// re-render (`POST /rerenders/{id}/events`), docs/render-protocol.md.
import { z } from "zod";
import { StoredClipMetadataSchema, ScoredBySchema } from "./clip-metadata.js";
import { ClipIndexSchema, Num } from "./common.js";
import { FILE_NAME_RE } from "./files.js";
import { ClipQualitySchema, DroppedClipSchema } from "./quality.js";
import { ClipEditsSchema, TaskStyleSchema } from "./style.js";
import { CANDIDATE_REASONS, JOB_WARNING_CODES, MAX_CLIPS, PROGRESS_STEPS, WORD_TIMINGS } from "./vocabularies.js";
import { ClipTimelineSchema } from "./clip-timeline.js";
import { PostCopySchema } from "./post-copy.js";

export const FileNameSchema = z.string().regex(FILE_NAME_RE, { error: `must match ${FILE_NAME_RE.source}` });
const Pct = Num.min(0).max(100);

export const SubscoresSchema = z.object({ hook: Pct, flow: Pct, value: Pct, trend: Pct });
export type Subscores = z.output<typeof SubscoresSchema>;
export { ScoredBySchema };

export const ClipReportSchema = z.object({
  /** 0-based, in the order the job's clips were delivered (clip_ready); a batch chosen together is numbered best first */
  clip_index: ClipIndexSchema,
  title: z.string().max(100),
  score: Pct,
  subscores: SubscoresSchema,
  justification: z.string().max(2000),
  /** seconds in the source */
  start: Num.min(0),
  end: Num.min(0),
  /** a name previously PUT under files/ (preview or final mp4) */
  file: FileNameSchema,
  /** the SRT PUT under files/ */
  captions_file: FileNameSchema,
  /** the SRT in the spoken language PUT under files/, when the captions were translated (style caption_language); absent otherwise and from older backends */
  captions_original_file: FileNameSchema.optional(),
  /** true when `file` is already the 1080x1920 render */
  hd: z.boolean(),
  metadata: StoredClipMetadataSchema,
  /** what the rendered file measured (docs/clip-quality.md); absent from backends that predate it */
  quality: ClipQualitySchema.optional(),
  /** the cover image (JPEG at the clip's frame size, its title drawn) PUT under files/ (issue 37); absent from backends that predate it */
  cover_file: FileNameSchema.optional(),
  /** where on the clip the cover's frame is, seconds (a platform that takes a cover as a frame time, TikTok, gets it) */
  cover_time: Num.min(0).optional(),
  /** the clip's post copy (issue 37); absent from backends that predate it */
  description: PostCopySchema.shape.description.optional(),
  hashtags: PostCopySchema.shape.hashtags.optional(),
});
export type ClipReport = z.output<typeof ClipReportSchema>;

/**
 * Something the caller should know about a job that completed: a clip rendered with a simpler
 * framing than planned, or a candidate left out because it could not be rendered. Never silent:
 * the Worker shows these on the job and in the completion callback.
 */
export const JobWarningSchema = z.object({
  code: z.enum(JOB_WARNING_CODES),
  /** one line a person can act on */
  message: z.string().min(1).max(500),
  /** the delivered clip it concerns; null for a clip that was left out */
  clip_index: ClipIndexSchema.nullable(),
  /** the clip's range in the source, seconds */
  start: Num.min(0),
  end: Num.min(0),
});
export type JobWarning = z.output<typeof JobWarningSchema>;

/** The most left-out candidates one job reports (the best-scored first; docs/api-decisions.md "Left-out candidates"). */
export const MAX_CANDIDATES = 200;

/** A moment the selection considered and did not make a clip, and why (CANDIDATE_REASONS). */
export const CandidateReportSchema = z.object({
  /** seconds in the source */
  start: Num.min(0),
  end: Num.min(0),
  score: Pct,
  subscores: SubscoresSchema,
  reason: z.enum(CANDIDATE_REASONS),
});
export type CandidateReport = z.output<typeof CandidateReportSchema>;

/** `confidence`: the engine's own 0..1 score for the word, where it gives one (pocketsphinx, whisper.cpp, faster-whisper servers) */
/** `lang`: the language of the segment the word belongs to (ISO 639-1), where the engine or the text tells it (issue 24). */
export const TranscriptWordSchema = z.object({ start: Num, end: Num, word: z.string(), confidence: Num.min(0).max(1).optional(), lang: z.string().max(16).optional() });
export type TranscriptWord = z.output<typeof TranscriptWordSchema>;
/** `lang`: this segment's own language (a source may mix languages); absent when it could not be told. */
export const TranscriptSegmentSchema = z.object({ start: Num, end: Num, text: z.string(), lang: z.string().max(16).optional() });

export const RenderEventSchema = z.discriminatedUnion("type", [
  /** pct 0..100, monotonic */
  z.object({ type: z.literal("progress"), status: z.enum(["processing", "scoring"]), step: z.enum(PROGRESS_STEPS), pct: Pct }),
  /**
   * `engine`: the recogniser that made it ("pocketsphinx", "openai:whisper-1", "whisper-cpp:base.en");
   * `word_timing`: how the word times were found. Both absent from backends that predate them.
   */
  z.object({
    type: z.literal("transcript"),
    lang: z.string().max(16).nullable(),
    segments: z.array(TranscriptSegmentSchema),
    words: z.array(TranscriptWordSchema),
    engine: z.string().max(200).optional(),
    word_timing: z.enum(WORD_TIMINGS).optional(),
    /** the source's length, seconds (a trim or hand-made clip must lie inside it); absent from backends that predate it */
    source_duration: Num.positive().optional(),
  }),
  /** sent once previews exist; the job becomes completed */
  /** `warnings`: absent from backends that predate it, the same as none */
  /**
   * `candidates`: the moments the selection considered and left out; `source_duration`: the
   * source's length in seconds (manual clips are checked against it). Both absent from backends
   * that predate them: no candidates, and a range is checked against the transcript only.
   */
  z.object({
    type: z.literal("clips"),
    clips: z.array(ClipReportSchema).min(1).max(MAX_CLIPS),
    warnings: z.array(JobWarningSchema).max(2 * MAX_CLIPS + 1).optional(),
    candidates: z.array(CandidateReportSchema).max(MAX_CANDIDATES).optional(),
    source_duration: Num.positive().optional(),
    /** rendered clips dropped by their measured quality (no speech, mostly silent); absent = none */
    dropped: z.array(DroppedClipSchema).max(MAX_CLIPS).optional(),
  }),
  /**
   * One clip of a running job is ready (issue 43): its preview rendered, measured and stored (every
   * file it names PUT before), sent the moment it is, while the job's other clips are still being
   * made. The job stays running; `clips` later lists it again (the same clip_index and files) with
   * every other clip and completes the job. clip_index is the order clips were delivered in.
   */
  z.object({ type: z.literal("clip_ready"), clip: ClipReportSchema }),
  /** a clip made by hand (ManualClipTask) landed: rendered at 1080x1920 (`hd` true), scored and titled */
  z.object({ type: z.literal("manual_clip"), clip: ClipReportSchema }),
  /** a clip made by hand could not be made; the job and its other clips are untouched */
  z.object({ type: z.literal("manual_clip_failed"), clip_index: ClipIndexSchema, error: z.string().max(500), stage: z.string().max(40) }),
  /** a clip's 1080p file landed; `cover_file`: its cover made again from the HD file (issue 37) */
  z.object({ type: z.literal("clip_hd"), clip_index: ClipIndexSchema, file: FileNameSchema, captions_file: FileNameSchema, captions_original_file: FileNameSchema.optional(), quality: ClipQualitySchema.optional(), cover_file: FileNameSchema.optional(), cover_time: Num.min(0).optional() }),
  /** an HD fan-out task failed after its 202: the Worker queues it again while attempts remain */
  z.object({ type: z.literal("clip_hd_failed"), clip_index: ClipIndexSchema, error: z.string().max(500), stage: z.string().max(40) }),
  /** a clip's rendition (RenditionTask) landed: `file` is the clip at width x height */
  z.object({ type: z.literal("clip_rendition"), clip_index: ClipIndexSchema, width: z.int().positive(), height: z.int().positive(), file: FileNameSchema }),
  z.object({ type: z.literal("failed"), error: z.string().max(500), stage: z.string().max(40), refund: z.boolean() }),
]);
export type RenderEvent = z.output<typeof RenderEventSchema>;

export const RerenderEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), pct: Pct }),
  /**
   * `style` and `edits` (issue 26): the style the new version was rendered with and what it did; absent from backends that predate them.
   * `captions_original_file`: the spoken-language SRT when the captions were translated or dubbed.
   * `timeline` (issue 33): the new version's clip timeline (./clip-timeline.ts).
   * `cover_file` (issue 37): the new version's cover image, its title drawn; absent from backends that predate it.
   */
  z.object({ type: z.literal("completed"), file: FileNameSchema, captions_file: FileNameSchema, captions_original_file: FileNameSchema.optional(), duration: Num.positive(), style: TaskStyleSchema.optional(), edits: ClipEditsSchema.optional(), quality: ClipQualitySchema.optional(), timeline: ClipTimelineSchema.optional(), cover_file: FileNameSchema.optional(), cover_time: Num.min(0).optional() }),
  z.object({ type: z.literal("failed"), error: z.string().max(500) }),
]);
export type RerenderEvent = z.output<typeof RerenderEventSchema>;
