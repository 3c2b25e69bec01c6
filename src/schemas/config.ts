import { z } from "@hono/zod-openapi";

export const clipLengths = ["lt30", "30_60", "60_90", "90_180"] as const;

/** Unknown fields are refused (strict) so a typo such as `cliplength` never passes silently. */
export const ConfigSchema = z
  .strictObject({
    genre: z.string().max(100).optional().openapi({ description: "Free string; known values tune scoring weights: podcast, education, interview, gaming, comedy, news, sports, vlog.", example: "podcast" }),
    clipLength: z.enum(clipLengths).optional().openapi({ description: "Clip duration bucket: lt30 (< 30 s), 30_60, 60_90, 90_180 seconds." }),
    customPrompt: z.string().max(1000, { error: "customPrompt must be at most 1000 characters" }).optional(),
    topics: z.string().max(500, { error: "topics must be at most 500 characters" }).optional(),
  })
  .openapi("Config", { description: "Optional pre-clip settings." });
export type Config = z.infer<typeof ConfigSchema>;
