// Named caption styles and their parameters. Brand kits override the parameters later; the
// renderer only ever sees a resolved CaptionStyle.

import { CAPTION_POSITIONS, captionLineChars, captionSafeArea, DEFAULT_CAPTION_STYLE, type CaptionFrame, type CaptionPosition, type CaptionStyleName } from "@katto/protocol";

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
  /** the clip's HD frame the captions are laid out on (its shape, issue 37): required, the shape is the task's */
  canvas: Canvas;
}

/** The frame captions are laid out on: the HD frame of the clip's shape (@katto/protocol clipFrame). */
export type Canvas = CaptionFrame;

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
  /** the HD frame of the clip's shape: positions, line widths and the ASS PlayRes are in its pixels */
  canvas: Canvas;
  /** the caption block's centre (canvas y) when the layout or the faces place the captions (caption-place.ts placeCaptions) */
  anchorY?: number;
  /** the column the captions keep to when they sit beside the faces (caption-place.ts): its centre and width, canvas px */
  column?: { x: number; width: number };
}

/** The safe area shared by all styles and shapes (@katto/protocol captionSafeArea: margins in pixels, the band as fractions of the frame's height). */
export const SAFE = captionSafeArea();

/** Centre of the caption block for a position, kept inside the safe band; at `anchorY` when the layout places the captions, in the middle of `column` when they keep to one. */
export function anchorFor(position: CaptionPosition, canvas: Canvas, anchorY?: number, column?: { x: number }): { x: number; y: number } {
  const x = column ? column.x : Math.round(SAFE.left + (canvas.width - SAFE.left - SAFE.right) / 2);
  if (anchorY !== undefined) return { x, y: Math.round(anchorY) };
  const frac = position === "top" ? 0.32 : position === "middle" ? 0.5 : 0.7;
  return { x, y: Math.round(frac * canvas.height) };
}

const HEX = /^#?([0-9a-f]{6})$/i;
export function isHexColor(s: unknown): s is string {
  return typeof s === "string" && HEX.test(s);
}

const BASE: Record<Exclude<CaptionStyleName, "none">, Omit<CaptionStyle, "maxChars" | "name" | "canvas">> = {
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
export function resolveCaptionStyle(opts: CaptionStyleOptions): CaptionStyle | null {
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
    maxChars: captionLineChars(fontSize, base.popScale, opts.canvas),
    canvas: opts.canvas,
  };
}
