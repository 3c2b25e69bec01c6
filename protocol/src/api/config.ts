// A job's optional pre-clip settings (service-api-v1 "Config"), sent with POST /jobs and POST /uploads/{id}/complete.
import { z } from "zod";
import { StyleSchema } from "../style.js";
import { CLIP_LENGTHS, CONFIG_LIMITS, clipLengthLabel } from "../vocabularies.js";

/** Unknown fields are refused (strict) so a typo such as `cliplength` never passes silently. */
export const ConfigSchema = z
  .strictObject({
    genre: z.string().max(CONFIG_LIMITS.genre).optional().meta({ description: "Free string; known values tune scoring weights: podcast, education, interview, gaming, comedy, news, sports, vlog.", example: "podcast" }),
    clipLength: z.enum(CLIP_LENGTHS).optional().meta({ description: `Clip duration bucket: ${CLIP_LENGTHS.map((l) => `${l} (${clipLengthLabel(l)})`).join(", ")}.` }),
    customPrompt: z.string().max(CONFIG_LIMITS.customPrompt, { error: `customPrompt must be at most ${CONFIG_LIMITS.customPrompt} characters` }).optional(),
    topics: z.string().max(CONFIG_LIMITS.topics, { error: `topics must be at most ${CONFIG_LIMITS.topics} characters` }).optional(),
    style: StyleSchema.optional(),
    score_with: z
      .enum(["default", "account"], { error: 'score_with must be "default" or "account"' })
      .optional()
      .meta({
        description:
          'Which weights rank the clips. "default" (or absent): the service\'s weights. "account": the weights GET /insights fitted on this account\'s published clips, frozen when the job is created; each clip then shows `account_score` beside its default `score` and the clips are ranked by it. Refused (409) while the account has fewer than 10 published clips with 7-day numbers.',
      }),
  })
  .meta({ description: "Optional pre-clip settings." });
export type Config = z.infer<typeof ConfigSchema>;
