import { z } from "@hono/zod-openapi";
import { CLIP_LENGTHS, CONFIG_LIMITS } from "@katto/protocol";

export const clipLengths = CLIP_LENGTHS;

/** Unknown fields are refused (strict) so a typo such as `cliplength` never passes silently. */
export const ConfigSchema = z
  .strictObject({
    genre: z.string().max(CONFIG_LIMITS.genre).optional().openapi({ description: "Free string; known values tune scoring weights: podcast, education, interview, gaming, comedy, news, sports, vlog.", example: "podcast" }),
    clipLength: z.enum(clipLengths).optional().openapi({ description: "Clip duration bucket: lt30 (< 30 s), 30_60, 60_90, 90_180 seconds." }),
    customPrompt: z.string().max(CONFIG_LIMITS.customPrompt, { error: `customPrompt must be at most ${CONFIG_LIMITS.customPrompt} characters` }).optional(),
    topics: z.string().max(CONFIG_LIMITS.topics, { error: `topics must be at most ${CONFIG_LIMITS.topics} characters` }).optional(),
  })
  .openapi("Config", { description: "Optional pre-clip settings." });
export type Config = z.infer<typeof ConfigSchema>;
