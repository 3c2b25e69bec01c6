// A clip's versions (issue 41, STYLE.md "A version is a whole record"): the first render and each
// re-render, trim, dub and captions refresh. How a consumer names one (`version`), and how a clip
// lists them. The whole record of a re-render version is `Rerender` (./rerender.ts); the original's
// is the clip itself.
import { z } from "zod";
import { AspectSchema } from "../aspect.js";
import { StyleSchema } from "../style.js";
import { CAPTION_STYLES, DUB_LANGUAGES, LAYOUT_MODES, ORIGINAL_VERSION, RERENDER_STATUSES, VERSION_CHANGES } from "../vocabularies.js";

/** `original`, or a re-render's id (rr_ and 32 hex digits, as POST .../rerender and .../trim answer). */
export const VersionNameSchema = z
  .string({ error: `version must be a string: "${ORIGINAL_VERSION}" or a re-render id (rr_...)` })
  .max(64, { error: "version must be at most 64 characters" })
  .regex(/^(original|rr_[A-Za-z0-9]{1,61})$/, { error: `version must be "${ORIGINAL_VERSION}" or a re-render id (rr_...) of the clip, as listed in the clip's versions` })
  .meta({
    description: `Which version of the clip: "${ORIGINAL_VERSION}" (its first render, the clip's own url) or a re-render's id (rerender_id, rr_...). Left out: the newest completed version (the last re-render or trim that completed, else the original).`,
    example: ORIGINAL_VERSION,
  });
export type VersionName = z.infer<typeof VersionNameSchema>;

/** One entry of a clip's `versions` (GET /jobs/{id}). */
export const ClipVersionSummarySchema = z.object({
  id: z.string().meta({ description: `"${ORIGINAL_VERSION}" for the clip's first render, else the re-render's id: the value a consumer names as \`version\`.` }),
  changes: z.array(z.enum(VERSION_CHANGES)).meta({ description: "What the version changed from the original: trim (its range), layout, caption_style, style, aspect, dub, captions (refreshed from the corrected transcript). Empty for the original." }),
  status: z.enum(RERENDER_STATUSES).meta({ description: "completed for the original; a re-render's status otherwise." }),
  url: z.url().nullable().meta({ description: "The version's MP4: the clip's `url` for the original, the re-render's clip_url; null until completed." }),
  created_at: z.iso.datetime().meta({ description: "When the version was asked for (the clip's creation for the original)." }),
});
export type ClipVersionSummary = z.infer<typeof ClipVersionSummarySchema>;

/** What a re-render version was asked for (its request as stored). */
export const VersionRequestSchema = z.object({
  layout_mode: z.enum(LAYOUT_MODES).optional(),
  caption_style: z.enum(CAPTION_STYLES).optional(),
  dub: z.array(z.enum(DUB_LANGUAGES)).optional(),
  style: StyleSchema.optional().meta({ description: "The style fields asked for (the version's `style` is the clip's with these applied)." }),
  aspect: AspectSchema.optional(),
  captions: z.literal("refresh").optional(),
  trim: z.object({ start: z.number(), end: z.number() }).optional().meta({ description: "A trim's range in the source, snapped (POST .../trim)." }),
});
export type VersionRequest = z.infer<typeof VersionRequestSchema>;
