import { z } from "@hono/zod-openapi";
import { CAPTION_STYLES, DUB_LANGUAGES } from "@katto/protocol";
import { layoutModes } from "./account";

export const captionStyles = CAPTION_STYLES;
export const dubLanguages = DUB_LANGUAGES;

export const RerenderBodySchema = z
  .strictObject({
    layout_mode: z.enum(layoutModes, { error: `layout_mode must be one of ${layoutModes.join(", ")}` }).optional(),
    caption_style: z
      .string()
      .max(40, { error: "caption_style must be at most 40 characters" })
      .refine((s) => (captionStyles as readonly string[]).includes(s), { error: `caption_style must be one of ${captionStyles.join(", ")}` })
      .optional()
      .openapi({ description: `One of ${captionStyles.join(", ")} (max 40 characters).`, example: "karaoke" }),
    dub: z
      .array(z.enum(dubLanguages, { error: `each dub language must be one of ${dubLanguages.join(", ")}` }))
      .min(1, { error: "dub must list at least one language" })
      .max(dubLanguages.length)
      .optional(),
  })
  .refine((b) => b.layout_mode !== undefined || b.caption_style !== undefined || b.dub !== undefined, {
    error: "Send at least one of layout_mode, caption_style or dub.",
  })
  .openapi("RerenderRequest");

export const rerenderStatuses = ["queued", "processing", "completed", "failed"] as const;

export const RerenderCreatedSchema = z
  .object({ rerender_id: z.string(), status: z.literal("queued"), status_url: z.url() })
  .openapi("RerenderCreated");

export const RerenderSchema = z
  .object({
    rerender_id: z.string(),
    status: z.enum(rerenderStatuses),
    clip_url: z.url().nullable().openapi({ description: "Populated when completed; a new versioned URL (the original clip URL is unchanged)." }),
    captions_url: z.url().nullable(),
    duration: z.number().nullable(),
    error: z.string().nullable(),
  })
  .openapi("Rerender");

/** Backend -> Worker events about one re-render (@katto/protocol). */
export { RerenderEventSchema, type RerenderEvent } from "@katto/protocol";
