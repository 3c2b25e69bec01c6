// An account's brand kit as the Worker passes it in a job's config (docs/api-decisions.md,
// "Brand kit value formats"), its validation, and what it changes in a render: caption font,
// colours and position, the layout when the job names none, and a watermark.
import type { CaptionPosition, CaptionStyleOptions } from "./captions/styles.js";
import { isHexColor } from "./captions/styles.js";
import type { Layout } from "./ffmpeg/args.js";

export const CAPTION_FONTS = ["Noto Sans", "Noto Serif", "DejaVu Sans", "Noto Sans CJK SC", "Noto Sans Devanagari", "Noto Sans Arabic"] as const;
export type CaptionFont = (typeof CAPTION_FONTS)[number];
/** The spec's layout modes (service-api-v1 layout_mode); center_crop is internal only. */
export const BRAND_LAYOUTS = ["face_tracking", "wide", "split_screen", "stacked", "passthrough", "grid_3", "grid_4"] as const satisfies readonly Layout[];
const POSITIONS: readonly CaptionPosition[] = ["top", "middle", "bottom"];
/** Watermarks are small logos: anything bigger is refused while downloading. */
export const MAX_WATERMARK_BYTES = 2 * 1024 * 1024;

export interface BrandKit {
  name: string;
  /** #RRGGBB caption text colour */
  primary_color: string;
  /** #RRGGBB colour of the spoken word */
  accent_color: string;
  caption_font: CaptionFont;
  caption_position: CaptionPosition;
  default_layout: (typeof BRAND_LAYOUTS)[number];
  /** https URL of a PNG, or null */
  watermark_url: string | null;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const HEX_RGB = /^#[0-9a-fA-F]{6}$/;

function isHttpsUrl(v: string): boolean {
  try {
    return new URL(v).protocol === "https:";
  } catch {
    return false;
  }
}

/** Validate a brand kit; the error names the first offending field under `at`. */
export function parseBrandKit(v: unknown, at = "brandKit"): Parsed<BrandKit> {
  const bad = (error: string): Parsed<BrandKit> => ({ ok: false, error: `${at}.${error}` });
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { ok: false, error: `${at} must be an object` };
  const k = v as Record<string, unknown>;
  if (typeof k.name !== "string" || k.name.length < 1 || k.name.length > 100) return bad("name must be a string of 1 to 100 characters");
  for (const f of ["primary_color", "accent_color"] as const) {
    if (typeof k[f] !== "string" || !HEX_RGB.test(k[f] as string) || !isHexColor(k[f])) return bad(`${f} must be a #RRGGBB colour`);
  }
  if (!CAPTION_FONTS.includes(k.caption_font as CaptionFont)) return bad(`caption_font must be one of ${CAPTION_FONTS.join(", ")}`);
  if (!POSITIONS.includes(k.caption_position as CaptionPosition)) return bad(`caption_position must be one of ${POSITIONS.join(", ")}`);
  if (!BRAND_LAYOUTS.includes(k.default_layout as BrandKit["default_layout"])) return bad(`default_layout must be one of ${BRAND_LAYOUTS.join(", ")}`);
  const wm = k.watermark_url ?? null;
  if (wm !== null && (typeof wm !== "string" || wm.length > 2048 || !isHttpsUrl(wm))) return bad("watermark_url must be an https URL or null");
  return {
    ok: true,
    value: {
      name: k.name,
      primary_color: (k.primary_color as string).toUpperCase(),
      accent_color: (k.accent_color as string).toUpperCase(),
      caption_font: k.caption_font as CaptionFont,
      caption_position: k.caption_position as CaptionPosition,
      default_layout: k.default_layout as BrandKit["default_layout"],
      watermark_url: wm,
    },
  };
}

/** Caption style overrides of a kit (none without a kit). */
export function brandCaptionOptions(kit: BrandKit | undefined | null): Pick<CaptionStyleOptions, "font" | "primaryColor" | "accentColor" | "position"> {
  if (!kit) return {};
  return { font: kit.caption_font, primaryColor: kit.primary_color, accentColor: kit.accent_color, position: kit.caption_position };
}

/** PNG files start with these 8 bytes (PNG spec, 5.2). */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export function isPng(head: Uint8Array): boolean {
  return head.length >= 8 && Buffer.from(head.subarray(0, 8)).equals(PNG_SIGNATURE);
}
