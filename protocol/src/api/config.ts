// A job's optional pre-clip settings (service-api-v1 "Config"), sent with POST /jobs and POST /uploads/{id}/complete.
import { z } from "zod";
import { AspectSchema } from "../aspect.js";
import { StyleSchema } from "../style.js";
import { CLIP_LENGTHS, CONFIG_LIMITS, clipLengthLabel, MAX_CLIPS } from "../vocabularies.js";

/** Unknown fields are refused (strict) so a typo such as `cliplength` never passes silently. */
export const ConfigSchema = z
  .strictObject({
    genre: z.string().max(CONFIG_LIMITS.genre).optional().meta({ description: "Free string; known values tune scoring weights: podcast, education, interview, gaming, comedy, news, sports, vlog.", example: "podcast" }),
    clipLength: z.enum(CLIP_LENGTHS).optional().meta({ description: `Clip duration bucket: ${CLIP_LENGTHS.map((l) => `${l} (${clipLengthLabel(l)})`).join(", ")}.` }),
    customPrompt: z
      .string()
      .max(CONFIG_LIMITS.customPrompt, { error: `customPrompt must be at most ${CONFIG_LIMITS.customPrompt} characters` })
      .optional()
      .meta({ description: "Free-text instructions for choosing the moments, e.g. \"moments about pricing\"." }),
    topics: z
      .string()
      .max(CONFIG_LIMITS.topics, { error: `topics must be at most ${CONFIG_LIMITS.topics} characters` })
      .optional()
      .meta({ description: "Comma-separated topics to favour, e.g. \"AI, startups\"." }),
    style: StyleSchema.optional(),
    aspect: AspectSchema.optional(),
    min_clips: z
      .int({ error: `min_clips must be an integer from 0 to ${MAX_CLIPS}` })
      .min(0, { error: `min_clips must be an integer from 0 to ${MAX_CLIPS}` })
      .max(MAX_CLIPS, { error: `min_clips must be an integer from 0 to ${MAX_CLIPS}` })
      .optional()
      .meta({
        description: `At least this many clips, 0 to ${MAX_CLIPS}: the selection relaxes its cut-off (by default one clip per full minute of speech, at least 1) to reach it when the source holds that many non-overlapping moments of the clipLength asked; when it does not, the job's warnings say why (code fewer_clips).`,
      }),
    max_clips: z
      .int({ error: `max_clips must be an integer from 1 to ${MAX_CLIPS}` })
      .min(1, { error: `max_clips must be an integer from 1 to ${MAX_CLIPS}` })
      .max(MAX_CLIPS, { error: `max_clips must be an integer from 1 to ${MAX_CLIPS}` })
      .optional()
      .meta({ description: `At most this many clips, 1 to ${MAX_CLIPS} (default ${MAX_CLIPS}): caps the default of at most one clip per full minute of speech (moments scoring under the quality floor, 40, are not made clips unless min_clips asks), and min_clips.` }),
    score_with: z
      .enum(["default", "account"], { error: 'score_with must be "default" or "account"' })
      .optional()
      .meta({
        description:
          'Which weights rank the clips. "default" (or absent): the service\'s weights. "account": the weights GET /insights fitted on this account\'s published clips, frozen when the job is created; each clip then shows `account_score` beside its default `score` and the clips are ranked by it. Refused (409) while the account has fewer than 10 published clips with 7-day numbers.',
      }),
  })
  .refine((c) => c.min_clips === undefined || c.min_clips <= (c.max_clips ?? MAX_CLIPS), {
    error: (iss) => {
      const c = iss.input as { min_clips?: number; max_clips?: number };
      return `min_clips (${c.min_clips}) must not be more than max_clips (${c.max_clips ?? MAX_CLIPS}); lower min_clips or raise max_clips.`;
    },
    path: ["min_clips"],
  })
  .meta({ description: "Optional pre-clip settings." });
export type Config = z.infer<typeof ConfigSchema>;
