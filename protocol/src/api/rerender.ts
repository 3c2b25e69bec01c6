// Re-renders and dubs of one clip (service-api-v1 "Re-render", POST /jobs/{id}/clips/{index}/rerender).
import { z } from "zod";
import { AspectSchema } from "../aspect.js";
import { ClipEditsSchema, StyleSchema } from "../style.js";
import { ClipTimelineSchema } from "../clip-timeline.js";
import { ClipQualitySchema } from "../quality.js";
import { CAPTION_STYLES, DUB_LANGUAGES, LAYOUT_MODES, RERENDER_STATUSES, VERSION_CHANGES } from "../vocabularies.js";
import { captionsOriginalUrl } from "./job.js";
import { orNull } from "./or-null.js";
import { VersionRequestSchema } from "./version.js";

export const RerenderBodySchema = z
  .strictObject({
    layout_mode: z.enum(LAYOUT_MODES, { error: `layout_mode must be one of ${LAYOUT_MODES.join(", ")}` }).optional(),
    caption_style: z
      .string()
      .max(40, { error: "caption_style must be at most 40 characters" })
      .refine((s) => (CAPTION_STYLES as readonly string[]).includes(s), { error: `caption_style must be one of ${CAPTION_STYLES.join(", ")}` })
      .optional()
      .meta({ description: `One of ${CAPTION_STYLES.join(", ")} (max 40 characters).`, example: "karaoke" }),
    dub: z
      .array(z.enum(DUB_LANGUAGES, { error: `each dub language must be one of ${DUB_LANGUAGES.join(", ")}` }))
      .min(1, { error: "dub must list at least one language" })
      .max(DUB_LANGUAGES.length)
      .optional(),
    style: StyleSchema.optional(),
    aspect: AspectSchema.optional().meta({ description: "Render the new version in this shape (free, like every re-render); absent: the shape the clip has now." }),
    captions: z
      .enum(["refresh"], { error: 'captions must be "refresh"' })
      .optional()
      .meta({ description: 'refresh: caption the new version with the transcript as corrected now (PATCH /jobs/{id}/transcript).' }),
  })
  .refine((b) => b.layout_mode !== undefined || b.caption_style !== undefined || b.dub !== undefined || b.style !== undefined || b.captions !== undefined || b.aspect !== undefined, {
    error: "Send at least one of layout_mode, caption_style, dub, style, captions or aspect.",
  })
  // a dubbed clip's captions show what is heard: the first dub language (docs/api-decisions.md "Caption language")
  .refine((b) => !b.dub || b.style?.caption_language === undefined || b.style.caption_language === b.dub[0], {
    path: ["style", "caption_language"],
    error: (iss) => {
      const b = iss.input as RerenderBodyInput;
      return `must be ${b.dub?.[0]} (the first dub language: a dubbed clip's captions show what is heard) or left out`;
    },
  });
type RerenderBodyInput = { dub?: string[]; style?: { caption_language?: string } };
export type RerenderBody = z.infer<typeof RerenderBodySchema>;

export const RerenderCreatedSchema = z.object({ rerender_id: z.string(), status: z.literal("queued"), status_url: z.url() });

export const RerenderSchema = z.object({
  rerender_id: z.string(),
  status: z.enum(RERENDER_STATUSES),
  clip_url: z.url().nullable().meta({ description: "Populated when completed; a new versioned URL (the original clip URL is unchanged)." }),
  captions_url: z.url().nullable(),
  captions_original_url: captionsOriginalUrl,
  duration: orNull(z.number(), "Length of the new clip, seconds; null until completed."),
  error: orNull(z.string(), "Why the re-render failed; null unless status is failed."),
  quality: ClipQualitySchema.nullable().meta({ description: "What the new version measured (docs/clip-quality.md); null until completed." }),
  cover_url: z.url().nullable().meta({ description: "The new version's cover image (its own frame, layout and shape, the clip's title drawn); null until completed, and when none could be made." }),
  start: z.number().meta({ description: "Where the new version starts in the source, seconds (a trim's snapped start; otherwise the clip's)." }),
  end: z.number().meta({ description: "Where the new version ends in the source, seconds (a trim's snapped end; otherwise the clip's)." }),
  style: StyleSchema.nullable().meta({ description: "The creator style the new version was rendered with, as resolved; null until completed (and for versions rendered before versions kept it)." }),
  edits: ClipEditsSchema.nullable().meta({
    description: "What the style did to the new version (as the clip's `edits`: key words, emoji, zooms, cuts in source seconds, B-roll cutaways, title card, times in seconds on the version's own timeline); null until completed (and for versions rendered before versions kept it).",
  }),
  timeline: ClipTimelineSchema.nullable().meta({
    description: "The new version as one value (as the clip's `timeline`): its source range, the pieces kept, the framing, zooms, words, caption pages and overlays in clip seconds, describing `clip_url`. Null until completed (and for versions rendered before versions kept it).",
  }),
  aspect: AspectSchema.meta({ description: "The new version's shape (its timeline's once completed): the re-render's `aspect`, else the clip's." }),
  // issue 41: the version as one whole record, every field describing clip_url
  clip_index: z.int().min(0).meta({ description: "The clip this is a version of." }),
  changes: z.array(z.enum(VERSION_CHANGES)).meta({ description: "What the version changes from the clip's original (as listed in the clip's `versions`)." }),
  request: VersionRequestSchema.meta({ description: "What was asked: the re-render's fields as sent, or a trim's snapped range." }),
  layout: orNull(z.string(), "How the new version's frame is composed (its timeline's layout); null until completed."),
  hd: z.boolean().meta({ description: "True once completed: a re-render is rendered at 1080 pixels on its shorter side." }),
  created_at: z.iso.datetime().meta({ description: "When the version was asked for." }),
  completed_at: z.iso.datetime().nullable().meta({ description: "When it completed; null until then." }),
});
