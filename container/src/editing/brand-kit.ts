// An account's brand kit as the Worker passes it in a job's config (docs/api-decisions.md,
// "Brand kit value formats"; validated with the job by @katto/protocol's BrandKitSchema), and what
// it changes in a render: caption font, colours and position, the layout when the job names none,
// and a watermark.
import type { BrandKit } from "@katto/protocol";
import type { CaptionStyleOptions } from "../captions/styles.js";

export { MAX_WATERMARK_BYTES, type BrandKit } from "@katto/protocol";

/** Caption style overrides of a kit (none without a kit). */
export function brandCaptionOptions(kit: BrandKit | undefined | null): Pick<CaptionStyleOptions, "font" | "primaryColor" | "accentColor" | "position"> {
  if (!kit) return {};
  return { font: kit.caption_font, primaryColor: kit.primary_color, accentColor: kit.accent_color, position: kit.caption_position };
}
