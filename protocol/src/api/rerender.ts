// Re-renders and dubs of one clip (service-api-v1 "Re-render", POST /jobs/{id}/clips/{index}/rerender).
import { z } from "zod";
import { StyleSchema } from "../style.js";
import { ClipQualitySchema } from "../quality.js";
import { CAPTION_STYLES, DUB_LANGUAGES, LAYOUT_MODES, RERENDER_STATUSES } from "../vocabularies.js";
import { captionsOriginalUrl } from "./job.js";
import { orNull } from "./or-null.js";

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
    captions: z
      .enum(["refresh"], { error: 'captions must be "refresh"' })
      .optional()
      .meta({ description: 'refresh: caption the new version with the transcript as corrected now (PATCH /jobs/{id}/transcript).' }),
  })
  .refine((b) => b.layout_mode !== undefined || b.caption_style !== undefined || b.dub !== undefined || b.style !== undefined || b.captions !== undefined, {
    error: "Send at least one of layout_mode, caption_style, dub, style or captions.",
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
});
