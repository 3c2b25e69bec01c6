// Worker → backend tasks about one finished clip: a re-render (`POST /v1/rerenders`) and, in HD
// fan-out, the 1080p render of one clip (`POST /v1/clips/hd`), and a clip re-scaled for a platform
// (`POST /v1/clips/rendition`), docs/render-protocol.md.
import { z } from "zod";
import { BrandKitSchema } from "./brand-kit.js";
import { CLIP_METADATA_VERSION } from "./clip-metadata.js";
import { CallbackSchema, ClipIndexSchema, HttpUrlSchema, Num, RenditionSizeSchema, SourceSchema, TaskIdSchema } from "./common.js";
import { TaskBrollSchema } from "./broll.js";
import { TranscriptWordSchema } from "./events.js";
import { RenderJobConfigSchema } from "./render-job.js";
import { AspectSchema } from "./aspect.js";
import { TaskStyleSchema } from "./style.js";
import { CAPTION_STYLES, DUB_LANGUAGES, LAYOUT_MODES } from "./vocabularies.js";

/**
 * A clip's stored editing metadata as the Worker hands it back: passed through as stored (the
 * backend reads it field by field with readClipMetadata), refused only when a newer format wrote it.
 */
export const ClipMetadataEnvelopeSchema = z
  .looseObject({ version: z.int().min(1).optional() }, { error: "must be an object" })
  .refine((m) => (m.version ?? 1) <= CLIP_METADATA_VERSION, {
    error: `was written in a newer format than this backend reads (up to version ${CLIP_METADATA_VERSION}); deploy the Worker and the render backend together`,
    path: ["version"],
  });

const clipRange = (start: z.ZodNumber, message: string) =>
  z
    .object({ start, end: Num, metadata: ClipMetadataEnvelopeSchema }, { error: "must be an object with start, end and metadata" })
    .refine((c) => c.end > c.start, { error: message });

export const RerenderParamsSchema = z.object(
  {
    layout_mode: z.enum(LAYOUT_MODES, { error: `must be one of ${LAYOUT_MODES.join(", ")}` }).optional(),
    caption_style: z.enum(CAPTION_STYLES, { error: `must be one of ${CAPTION_STYLES.join(", ")}` }).optional(),
    dub: z
      .array(z.enum(DUB_LANGUAGES, { error: `must be one of ${DUB_LANGUAGES.join(", ")}` }), { error: "must be a list of language codes" })
      .min(1, { error: "must list at least one language" })
      .optional(),
    /**
     * the clip style to render with, resolved by the Worker (the kit's style, then the
     * re-render's field by field); absent: the style stored with the clip
     */
    style: TaskStyleSchema.optional(),
    /** the shape to render the new version in (issue 37); absent: the shape stored with the clip */
    aspect: AspectSchema.optional(),
  },
  { error: "must be an object" },
);
export type RerenderParams = z.output<typeof RerenderParamsSchema>;

/** A re-render of one finished clip from its stored editing metadata. */
export const RerenderTaskSchema = z.object(
  {
    /** "rr_<32 hex>" */
    rerender_id: TaskIdSchema,
    job_id: TaskIdSchema,
    clip_index: ClipIndexSchema,
    source: SourceSchema,
    /** the clip's range in the source, and its stored editing metadata */
    clip: clipRange(Num.min(0), "needs start < end"),
    params: RerenderParamsSchema,
    /**
     * The new version's shape, resolved by the Worker: the one `params.aspect` asks for, else the
     * shape of the clip it re-renders (its stored metadata's, else its job's). Required: the backend
     * never decides a shape (STYLE.md "Decide a parameter once").
     */
    aspect: AspectSchema,
    /**
     * The transcript's words over the clip's range (seconds from the start of the source), as
     * corrected (PATCH /jobs/{id}/transcript): the captions are made from these instead of the
     * stored ones. Sent when the transcript was corrected, when captions are refreshed and on a trim
     * (then with the words a few seconds around the range too: the trim's edges are measured
     * against the sentences there). The backend keeps the words inside the range for captions.
     */
    words: z.array(TranscriptWordSchema).max(20_000).optional(),
    /**
     * The transcript's language (the speech engine's, as a job's clips are translated from it):
     * captions translated for caption_language and a dub's captions are translated from it, since a
     * clip's few words can mislead telling the language from them. Absent: told from the words.
     */
    lang: z.string().max(16).nullable().optional(),
    /**
     * Where the clip's stored editing metadata (crop path, words) starts in the source: sent on a
     * trim (the clip's range moved), absent otherwise. The backend then rebuilds what depends on the
     * range (jump cuts, B-roll cutaways, translated captions, edges) for the new one.
     */
    metadata_start: Num.min(0).optional(),
    /** the account's brand kit, null when it has none */
    brand_kit: BrandKitSchema.nullable().default(null),
    /** B-roll to cut away to when the re-render places cutaways anew (style `broll`): its style asks for other cutaways than the clip has, or a trim moved the range */
    broll: TaskBrollSchema.optional(),
    /** the token is per re-render */
    callback: CallbackSchema,
  },
  { error: "must be a JSON object" },
);
export type RerenderTask = z.output<typeof RerenderTaskSchema>;
export type RerenderTaskInput = z.input<typeof RerenderTaskSchema>;

/**
 * The 1080p render of one clip of a completed job in HD fan-out: the source is the clip's
 * mezzanine, so the range starts at 0 and ends at the clip's duration.
 */
export const HdClipTaskSchema = z.object(
  {
    job_id: TaskIdSchema,
    clip_index: ClipIndexSchema,
    /** signed Worker URL of the mezzanine (Range supported) */
    source: z.object({ url: HttpUrlSchema }, { error: "must be an object with url" }),
    clip: clipRange(Num.min(0, { error: "must be 0 or more" }), "needs 0 <= start < end"),
    /** the clip's shape as it was first rendered (its stored metadata's, else its job's): the HD file is drawn in it */
    aspect: AspectSchema,
    brand_kit: BrandKitSchema.nullable().default(null),
    /**
     * where on the clip the preview's cover frame is (its `cover_time`, seconds): the HD file's cover
     * is drawn at that moment, so both covers show the same frame; absent: chosen on the HD file
     */
    cover_time: Num.min(0, { error: "must be 0 or more" }).optional(),
    /** the job's own callback token */
    callback: CallbackSchema,
  },
  { error: "must be a JSON object" },
);
export type HdClipTask = z.output<typeof HdClipTaskSchema>;
export type HdClipTaskInput = z.input<typeof HdClipTaskSchema>;

/**
 * One finished clip re-scaled to a frame a platform accepts (X: 720x1280): the source is the clip's
 * finished file, only scaled, so the picture, captions and audio are the clip's own.
 */
export const RenditionTaskSchema = z.object(
  {
    job_id: TaskIdSchema,
    clip_index: ClipIndexSchema,
    /** signed Worker URL of the clip's finished file (Range supported) */
    source: z.object({ url: HttpUrlSchema }, { error: "must be an object with url" }),
    size: RenditionSizeSchema,
    /** the job's own callback token */
    callback: CallbackSchema,
  },
  { error: "must be a JSON object" },
);
export type RenditionTask = z.output<typeof RenditionTaskSchema>;
export type RenditionTaskInput = z.input<typeof RenditionTaskSchema>;

/**
 * A clip made by hand on a completed job (POST /jobs/{id}/clips, or a promoted candidate): the
 * range (already snapped to pauses by the Worker), rendered in its job's shape, scored and titled like
 * the job's own clips, and reported on the job's callback as `manual_clip`.
 */
export const ManualClipTaskSchema = z.object(
  {
    job_id: TaskIdSchema,
    /** the clip's index once it lands (the job's next free one) */
    clip_index: ClipIndexSchema,
    source: SourceSchema,
    range: z.object({ start: Num.min(0), end: Num }, { error: "must be an object with start and end" }).refine((r) => r.end > r.start, { error: "needs start < end" }),
    /**
     * true: the range is a promoted left-out candidate's (Katto's own selection), whose edges the
     * quality fixes may move to sentence boundaries as a job's clips' are; absent: a range given by
     * hand, kept as given (its edges measured and flagged, not moved)
     */
    candidate: z.boolean().optional(),
    /** the transcript's words around the range (the clip's captions, score and title come from them) */
    transcript: z.object(
      {
        lang: z.string().max(16).nullable(),
        words: z.array(TranscriptWordSchema),
        /** the speech engine that made the job's transcript (its clips' transcript_engine); null when the job's transcript predates engines naming themselves */
        engine: z.string().max(100).nullable().optional(),
      },
      { error: "must be an object with lang and words" },
    ),
    /** the job's config, its resolved style (the request's over the job's), the account's brand kit and the job's shape (the clip takes its job's) */
    config: RenderJobConfigSchema,
    params: z.object(
      {
        layout_mode: z.enum(LAYOUT_MODES, { error: `must be one of ${LAYOUT_MODES.join(", ")}` }).optional(),
        /** the caller's title; absent: one is written from the clip's words */
        title: z.string().min(1).max(100).optional(),
      },
      { error: "must be an object" },
    ),
    /** B-roll to cut away to when the clip's style asks for it (style `broll`), as a job's task carries it */
    broll: TaskBrollSchema.optional(),
    /** the job's own callback token */
    callback: CallbackSchema,
  },
  { error: "must be a JSON object" },
);
export type ManualClipTask = z.output<typeof ManualClipTaskSchema>;
export type ManualClipTaskInput = z.input<typeof ManualClipTaskSchema>;

/** Every task the Worker sends, by the backend path that receives it. */
export const TASK_PATHS = { render: "/v1/jobs", rerender: "/v1/rerenders", hd: "/v1/clips/hd", rendition: "/v1/clips/rendition", manual: "/v1/clips/manual" } as const;
export type TaskKind = keyof typeof TASK_PATHS;
