// A clip's editing metadata: what the first render decided, so that HD tasks and re-renders draw
// the same clip again without a new analysis: its clip timeline (the record of its range, cuts,
// layout, shape, framing, zooms and overlays, which every render of the version is drawn from;
// issue 41), and beside it only what a timeline cannot hold (the B-roll assets, the caption style,
// the uncut words). The backend writes it in the `clips` event, the Worker stores it
// with the clip, and hands it back in HD and re-render tasks.
//
// Versioned: `version` is written on every clip; metadata stored before versioning has none and
// is version 1. Fields were added over time, so every field is optional when read; a reader that
// meets a newer version than it knows refuses it with a clear error instead of guessing.
import { z } from "zod";
import { CAPTION_STYLES, DEFAULT_ASPECT, RENDER_LAYOUTS, type Aspect } from "./vocabularies.js";
import { FILE_NAME_RE } from "./files.js";
import type { Parsed } from "./parse.js";
import { BrollAssetSchema } from "./broll.js";
import { ClipEditsSchema, TaskStyleSchema } from "./style.js";
import { ClipTimelineSchema } from "./clip-timeline.js";
import { AspectSchema } from "./aspect.js";

export const CLIP_METADATA_VERSION = 1;

const Num = z.number().finite();
const FileName = z.string().regex(FILE_NAME_RE);

/** One caption word, seconds from the clip start. */
export const ClipWordSchema = z.object({ word: z.string(), start: Num, end: Num });
/** Captions translated from the spoken language (style caption_language), clip-relative words. */
export const TranslatedCaptionsSchema = z.object({
  from: z.string().max(16),
  to: z.string().max(16),
  words: z.array(ClipWordSchema),
  /** the clip's headline in `to`, which a hook title shows */
  title: z.string().max(300).optional(),
});
export type TranslatedCaptions = z.output<typeof TranslatedCaptionsSchema>;
/** The crop window's left edge over time, seconds from the clip start, source pixels. */
export const CropKeyframeSchema = z.object({ t: Num, x: Num });
export const RectSchema = z.object({ x: Num, y: Num, w: Num.positive(), h: Num.positive() });
/** A rectangle at a time, seconds from the clip start. */
export const TimedRectSchema = RectSchema.extend({ t: Num });
/** Where one panel of a multi-person layout looks (source pixels). */
export const PanelFocusSchema = z.object({ x: Num, y: Num, w: Num.positive().optional(), path: z.array(CropKeyframeSchema).readonly().optional() });
/** Which engine scored a clip, and why a remote scorer fell back to the offline one. */
export const ScoredBySchema = z.object({ engine: z.string(), model: z.string().optional(), fallback_reason: z.string().optional() });
export type ScoredBy = z.output<typeof ScoredBySchema>;
const Size = z.object({ width: z.int().positive(), height: z.int().positive() });
/** How the job's selection went: clips aimed for (one per full minute of speech), found, and why fewer. */
export const SelectionNoteSchema = z.object({
  speech_s: Num.min(0),
  clips_aimed: z.int().min(0),
  clips_found: z.int().min(0),
  fewer_reason: z.string().max(500).nullable(),
});

/** One cutaway of a clip: clip seconds, and the asset shown. */
export const BrollCutawaySchema = z.object({ asset: BrollAssetSchema, start: Num, end: Num });

/** What the backend writes for every clip it reports (all fields present). */
export const ClipMetadataSchema = z.object({
  version: z.literal(CLIP_METADATA_VERSION),
  caption_style: z.enum(CAPTION_STYLES),
  words: z.array(ClipWordSchema),
  preview_file: FileName,
  hd_file: FileName,
  thumbnail_file: FileName,
  /** the preview file's frame (its shape's preview size); the HD file's is timeline.frame */
  preview_size: Size,
  transcript_engine: z.string(),
  scorer: ScoredBySchema,
  /** HD fan-out: the clip's source range, cut for its HD task */
  mezzanine_file: FileName.optional(),
  /** why the layout was chosen (the automatic choice's evidence, or "requested") */
  layout_reason: z.string().max(500).optional(),
  /** the same on every clip of a job: why a source gave fewer clips than one per full minute of speech */
  selection: SelectionNoteSchema.optional(),
  // issue 26, written on every clip since (optional for metadata written before):
  /** the clip style as resolved (kit defaults plus overrides), `{}` for none */
  style: TaskStyleSchema.optional(),
  /** what the style did to this clip (./style.ts ClipEditsSchema) */
  edits: ClipEditsSchema.optional(),
  /** the clip's headline, which a hook title shows (also when a re-render turns hook_title on) */
  title: z.string().max(200).optional(),
  /** where faces were over the clip's first seconds (the hook title's time): their union, source pixels inside the bars; null when unknown */
  opening_faces: RectSchema.nullable().optional(),
  /** issue 23: the clip's edges against the transcript and the fixes made before delivery, which HD and re-renders (same range, no transcript) carry over */
  quality_edges: z.object({ starts_on_sentence: z.boolean().nullable(), ends_on_sentence: z.boolean().nullable(), cut_word: z.boolean() }).optional(),
  quality_fixes: z.array(z.object({ flag: z.string(), action: z.string() })).optional(),
  /**
   * style caption_language: the captions as drawn, translated from the spoken language `from` into
   * `to`, timed on the clip (HD renders draw these, so preview and HD show the same text); absent
   * when the captions are in the spoken language
   */
  captions_translated: TranslatedCaptionsSchema.optional(),
  /** the largest face per second (t: seconds from the clip start, the second's middle; source pixels inside the bars), where punch-in zooms centre; null when not measured */
  face_boxes: z.array(TimedRectSchema).nullable().optional(),
  // issue 33, written on every clip version since (optional for metadata written before); issue 41:
  // the record of the range, the cuts, the crop window and path, the picture inside the bars, the
  // zooms, the overlays and the B-roll times, which the fields of LegacyClipMetadataShape held before
  /** the clip as one value (./clip-timeline.ts): what was kept, the framing as keyframes, zooms, words, caption pages and overlays in clip time; every render of the clip is drawn from it */
  timeline: ClipTimelineSchema,
  /** the B-roll assets its timeline's cutaways show (timeline.overlays.broll names them by id), so HD files and re-renders draw the same ones */
  broll_assets: z.array(BrollAssetSchema),
  // issue 42 (absent: the captions' own key words):
  /** the key words a chat model named for the clip (`emphasis`), which the captions emphasise first in every render of it */
  key_words: z.array(z.string().max(100)).max(10).optional(),
});

/**
 * Fields of metadata written before the clip timeline was the record (issue 41): each repeats a fact
 * the timeline holds (layout, aspect, hd_size: timeline.layout, .aspect, .frame; source_range:
 * timeline.source; crop_window, crop_path: timeline.crop, the path there in clip seconds;
 * content_rect: timeline.source.content; broll_cutaways: timeline.overlays.broll beside broll_assets;
 * source_size: timeline.source.size; fps: timeline.fps; panels, face_cam: timeline.panels, .face_cam). No longer written; read only from clips
 * stored before (their HD renders, re-renders and exports).
 */
export const LegacyClipMetadataShape = {
  /** timeline.layout */
  layout: z.enum(RENDER_LAYOUTS),
  /** timeline.aspect (issue 37; absent: 9:16, the only shape before) */
  aspect: AspectSchema,
  /** timeline.frame */
  hd_size: Size,
  source_range: z.object({ start: Num.min(0), end: Num.min(0) }),
  crop_window: z.object({ w: Num, h: Num, y: Num }).nullable(),
  /** seconds from the clip start over the uncut range, source pixels */
  crop_path: z.array(CropKeyframeSchema).nullable(),
  /** the output frame rate as ffmpeg takes it: "30", "30000/1001" */
  fps: z.string().regex(/^\d+(\/\d+)?$/),
  content_rect: RectSchema.nullable(),
  broll_cutaways: z.array(BrollCutawaySchema),
  source_size: Size,
  /** timeline.panels, the paths there in clip seconds */
  panels: z.array(PanelFocusSchema).nullable(),
  /** timeline.face_cam */
  face_cam: RectSchema.nullable(),
};

/** The names of the legacy fields: new clip metadata carries none of them (a house rule, container/test/edit/clip-metadata-record.test.ts). */
export const TIMELINE_FACT_FIELDS = Object.keys(LegacyClipMetadataShape) as (keyof typeof LegacyClipMetadataShape)[];

export type ClipMetadata = z.output<typeof ClipMetadataSchema>;

/**
 * The shape a stored clip was rendered in: its metadata's; metadata written before shapes (issue 37)
 * names none, and every clip then was 9:16. A fact of old records, not a default for new renders:
 * every task carries its shape.
 */
export const aspectOfMetadata = (m: { aspect?: Aspect | null }): Aspect => m.aspect ?? DEFAULT_ASPECT;

/**
 * The shape a stored clip version names (issue 41): its timeline's, the record its file was drawn
 * from, else the `aspect` field of metadata written before timelines; null when neither names one
 * (clips stored before shapes, which were 9:16). Reads raw stored JSON.
 */
export function recordedAspect(metadata: unknown): Aspect | null {
  const m = (typeof metadata === "object" && metadata !== null ? metadata : {}) as { timeline?: { aspect?: unknown } | null; aspect?: unknown };
  return AspectSchema.safeParse(m.timeline?.aspect).data ?? AspectSchema.safeParse(m.aspect).data ?? null;
}

const versionCheck = (m: { version?: number }) => (m.version ?? 1) <= CLIP_METADATA_VERSION;
const versionError = {
  error: `was written in a newer format than this side reads (up to version ${CLIP_METADATA_VERSION}); deploy the Worker and the render backend together`,
};

/**
 * The metadata as it travels and is stored: every field optional (older clips lack later ones),
 * unknown fields kept, a newer version refused. The Worker validates events and tasks with it.
 */
export const StoredClipMetadataSchema = z
  .looseObject({ ...ClipMetadataSchema.partial().shape, ...z.object(LegacyClipMetadataShape).partial().shape, version: z.int().min(1).optional() }, { error: "must be an object" })
  .refine(versionCheck, versionError);
export type StoredClipMetadata = z.output<typeof StoredClipMetadataSchema>;

/** A list whose malformed items are dropped: a stored clip with one bad word still renders. */
const itemsOf = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .transform((xs) => xs.flatMap((x) => { const r = item.safeParse(x); return r.success ? [r.data as z.output<T>] : []; }))
    .nullable()
    .catch(null);

/** The backend's reading of stored metadata for a re-render or an HD task: lenient per field. */
const ReadableClipMetadataSchema = z.object({
  version: z.int().min(1).optional(),
  layout: z.string().nullable().catch(null).default(null),
  caption_style: z.enum(CAPTION_STYLES).nullable().catch(null).default(null),
  crop_path: itemsOf(CropKeyframeSchema).default(null),
  panels: itemsOf(PanelFocusSchema.pick({ x: true, y: true })).default(null),
  face_cam: RectSchema.nullable().catch(null).default(null),
  content_rect: RectSchema.nullable().catch(null).default(null),
  words: itemsOf(ClipWordSchema).default(null),
  style: TaskStyleSchema.nullable().catch(null).default(null),
  title: z.string().nullable().catch(null).default(null),
  opening_faces: RectSchema.nullable().catch(null).default(null),
  quality_edges: ClipMetadataSchema.shape.quality_edges.unwrap().nullable().catch(null).default(null),
  quality_fixes: ClipMetadataSchema.shape.quality_fixes.unwrap().nullable().catch(null).default(null),
  broll_cutaways: itemsOf(BrollCutawaySchema).default(null),
  broll_assets: itemsOf(BrollAssetSchema).default(null),
  captions_translated: TranslatedCaptionsSchema.nullable().catch(null).default(null),
  face_boxes: itemsOf(TimedRectSchema).default(null),
  source_range: z.object({ start: Num.min(0), end: Num.min(0) }).nullable().catch(null).default(null),
  /** the cuts the clip was rendered with (source seconds): an HD render of the same style cuts the same */
  edits: z.object({ cuts: itemsOf(ClipEditsSchema.shape.cuts.element).default(null) }).nullable().catch(null).default(null),
  /** the clip timeline the version was rendered with (./clip-timeline.ts); null for metadata written before it */
  timeline: ClipTimelineSchema.nullable().catch(null).default(null),
  /** the clip's shape; null for metadata written before shapes (9:16) */
  aspect: AspectSchema.nullable().catch(null).default(null),
  key_words: z.array(z.string()).nullable().catch(null).default(null),
}).refine(versionCheck, versionError);
export type ReadableClipMetadata = z.output<typeof ReadableClipMetadataSchema>;

export function readClipMetadata(raw: unknown): Parsed<ReadableClipMetadata> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: false, error: "clip metadata must be an object" };
  const r = ReadableClipMetadataSchema.safeParse(raw);
  return r.success ? { ok: true, value: r.data } : { ok: false, error: `clip metadata ${r.error.issues[0]!.message}` };
}
