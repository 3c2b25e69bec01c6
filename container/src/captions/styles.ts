// Named caption styles and their parameters. Brand kits override the parameters later; the
// renderer only ever sees a resolved CaptionStyle.

import { CAPTION_POSITIONS, CLIP_FRAMES, DEFAULT_CAPTION_STYLE, type CaptionPosition, type CaptionStyleName } from "@katto/protocol";

export { CAPTION_STYLES, DEFAULT_CAPTION_STYLE, type CaptionPosition, type CaptionStyleName } from "@katto/protocol";

export interface CaptionStyleOptions {
  style?: CaptionStyleName;
  font?: string;
  /** #RRGGBB */
  primaryColor?: string;
  accentColor?: string;
  outlineColor?: string;
  position?: CaptionPosition;
  fontSize?: number;
}

export interface CaptionStyle {
  name: CaptionStyleName;
  font: string;
  bold: boolean;
  fontSize: number;
  primaryColor: string;
  accentColor: string;
  outlineColor: string;
  /** outline width, or box padding for boxed */
  outline: number;
  shadow: number;
  /** 1 outline + shadow, 3 opaque box */
  borderStyle: 1 | 3;
  position: CaptionPosition;
  /** how the spoken word is shown */
  highlight: "pop" | "color" | "karaoke" | "none";
  /** scale of the active word, percent */
  popScale: number;
  maxChars: number;
  maxLines: number;
}

/** Canvas (the 1080p clip frame, CLIP_FRAMES.hd) and safe area shared by all styles. */
export const CANVAS = CLIP_FRAMES.hd;
export const SAFE = {
  left: 80,
  /** social apps stack their buttons on the right */
  right: 160,
  /** text stays between these fractions of the height */
  top: 0.25,
  bottom: 0.8,
} as const;

/** Centre of the caption block for a position, kept inside the safe band. */
export function anchorFor(position: CaptionPosition): { x: number; y: number } {
  const x = Math.round(SAFE.left + (CANVAS.width - SAFE.left - SAFE.right) / 2);
  const frac = position === "top" ? 0.32 : position === "middle" ? 0.5 : 0.7;
  return { x, y: Math.round(frac * CANVAS.height) };
}

/**
 * Characters per line that fit the safe width at a font size. 0.52 em is the measured mean
 * advance of DejaVu Sans Bold / Noto Sans Bold on mixed-case English (ASS font size units);
 * the pop scale of the active word is budgeted too.
 */
export function maxCharsFor(fontSize: number, popScale = 100): number {
  return Math.max(8, Math.min(24, Math.floor(safeWidthChars(fontSize) / (1 + (popScale - 100) / 200))));
}

/**
 * Characters that fit the whole safe width at a font size, without the 24-character reading cap
 * of captions (a title card is read once, as a block).
 */
export const safeWidthChars = (fontSize: number) => Math.floor((CANVAS.width - SAFE.left - SAFE.right) / (fontSize * 0.52));

const HEX = /^#?([0-9a-f]{6})$/i;
export function isHexColor(s: unknown): s is string {
  return typeof s === "string" && HEX.test(s);
}

const BASE: Record<Exclude<CaptionStyleName, "none">, Omit<CaptionStyle, "maxChars" | "name">> = {
  bold_pop: {
    font: "DejaVu Sans", bold: true, fontSize: 80, primaryColor: "#FFFFFF", accentColor: "#FFE000", outlineColor: "#000000",
    outline: 6, shadow: 2, borderStyle: 1, position: "bottom", highlight: "pop", popScale: 112, maxLines: 2,
  },
  karaoke: {
    font: "DejaVu Sans", bold: true, fontSize: 76, primaryColor: "#FFFFFF", accentColor: "#36E0FF", outlineColor: "#000000",
    outline: 5, shadow: 2, borderStyle: 1, position: "bottom", highlight: "karaoke", popScale: 100, maxLines: 2,
  },
  boxed: {
    font: "DejaVu Sans", bold: true, fontSize: 70, primaryColor: "#FFFFFF", accentColor: "#FFE000", outlineColor: "#000000",
    outline: 14, shadow: 0, borderStyle: 3, position: "bottom", highlight: "color", popScale: 100, maxLines: 2,
  },
  minimal: {
    font: "DejaVu Sans", bold: false, fontSize: 54, primaryColor: "#FFFFFF", accentColor: "#FFFFFF", outlineColor: "#000000",
    outline: 3, shadow: 1, borderStyle: 1, position: "bottom", highlight: "none", popScale: 100, maxLines: 2,
  },
};

/** Resolve a style name and overrides; null for "none". Invalid overrides are ignored. */
export function resolveCaptionStyle(opts: CaptionStyleOptions = {}): CaptionStyle | null {
  const name = opts.style ?? DEFAULT_CAPTION_STYLE;
  if (name === "none") return null;
  const base = BASE[name] ?? BASE.bold_pop;
  const fontSize = opts.fontSize && opts.fontSize >= 24 && opts.fontSize <= 160 ? Math.round(opts.fontSize) : base.fontSize;
  const font = opts.font && /^[\w .-]{1,64}$/.test(opts.font) ? opts.font : base.font;
  return {
    ...base,
    name: BASE[name] ? name : "bold_pop",
    font,
    fontSize,
    primaryColor: isHexColor(opts.primaryColor) ? opts.primaryColor : base.primaryColor,
    accentColor: isHexColor(opts.accentColor) ? opts.accentColor : base.accentColor,
    outlineColor: isHexColor(opts.outlineColor) ? opts.outlineColor : base.outlineColor,
    position: opts.position && (CAPTION_POSITIONS as readonly string[]).includes(opts.position) ? opts.position : base.position,
    maxChars: maxCharsFor(fontSize, base.popScale),
  };
}
