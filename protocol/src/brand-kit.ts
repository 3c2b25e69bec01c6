// An account's brand kit as the Worker sends it with a job, a re-render or an HD task
// (docs/api-decisions.md "Brand kit value formats"): caption font, colours and position, the
// layout when the job names none, and a watermark.
import { z } from "zod";
import { AspectSchema } from "./aspect.js";
import { CAPTION_FONTS, CAPTION_POSITIONS, LAYOUT_MODES } from "./vocabularies.js";

const oneOf = (list: readonly string[]) => ({ error: `must be one of ${list.join(", ")}` });
const HEX_RGB = /^#[0-9a-fA-F]{6}$/;
const colour = z
  .string({ error: "must be a #RRGGBB colour" })
  .regex(HEX_RGB, { error: "must be a #RRGGBB colour" })
  .transform((s) => s.toUpperCase());

function isHttpsUrl(v: string): boolean {
  try {
    return new URL(v).protocol === "https:";
  } catch {
    return false;
  }
}

/** Watermarks are small logos: anything bigger is refused while downloading. */
export const MAX_WATERMARK_BYTES = 2 * 1024 * 1024;

export const BrandKitSchema = z.object(
  {
    name: z.string({ error: "must be a string of 1 to 100 characters" }).min(1, { error: "must be a string of 1 to 100 characters" }).max(100, { error: "must be a string of 1 to 100 characters" }),
    /** caption text colour */
    primary_color: colour,
    /** colour of the spoken word */
    accent_color: colour,
    caption_font: z.enum(CAPTION_FONTS, oneOf(CAPTION_FONTS)),
    caption_position: z.enum(CAPTION_POSITIONS, oneOf(CAPTION_POSITIONS)),
    default_layout: z.enum(LAYOUT_MODES, oneOf(LAYOUT_MODES)),
    /** https URL of a PNG, or null */
    watermark_url: z
      .string({ error: "must be an https URL or null" })
      .max(2048, { error: "must be an https URL or null" })
      .refine(isHttpsUrl, { error: "must be an https URL or null" })
      .nullable()
      .default(null),
    /** the shape of the account's clips when the job names none (issue 37); 9:16 when absent */
    aspect: AspectSchema.optional(),
  },
  { error: "must be an object" },
);
export type BrandKit = z.output<typeof BrandKitSchema>;
