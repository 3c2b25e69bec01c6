import { z } from "@hono/zod-openapi";
import { CLIP_LENGTHS, CONFIG_LIMITS, clipLengthLabel } from "@katto/protocol";

export const clipLengths = CLIP_LENGTHS;

/** Unknown fields are refused (strict) so a typo such as `cliplength` never passes silently. */
export const ConfigSchema = z
  .strictObject({
    genre: z.string().max(CONFIG_LIMITS.genre).optional().openapi({ description: "Free string; known values tune scoring weights: podcast, education, interview, gaming, comedy, news, sports, vlog.", example: "podcast" }),
    clipLength: z.enum(clipLengths).optional().openapi({ description: `Clip duration bucket: ${CLIP_LENGTHS.map((l) => `${l} (${clipLengthLabel(l)})`).join(", ")}.` }),
    customPrompt: z.string().max(CONFIG_LIMITS.customPrompt, { error: `customPrompt must be at most ${CONFIG_LIMITS.customPrompt} characters` }).optional(),
    topics: z.string().max(CONFIG_LIMITS.topics, { error: `topics must be at most ${CONFIG_LIMITS.topics} characters` }).optional(),
  })
  .openapi("Config", { description: "Optional pre-clip settings." });
export type Config = z.infer<typeof ConfigSchema>;
