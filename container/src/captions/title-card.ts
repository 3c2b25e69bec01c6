// A hook title (issue 26 `hook_title`): the clip's headline on a box over its first seconds, in the
// kit's font and colours (the box in its accent colour, the text in whichever of its text colour
// and black reads on that box), drawn by libass in the captions' own ASS document as a second
// style; ./title-place.ts says where.
import { captionSafeChars, HOOK_TITLE_S, lineWidth, splitLines, textWidth } from "@katto/protocol";
import { assColor, assHead, assStyleLine, dialogue, escapeAssText } from "./ass.js";
import type { CaptionWord } from "./clip-words.js";
import type { Canvas, CaptionStyle } from "./styles.js";

export interface TitleLook {
  font: string;
  fontSize: number;
  /** #RRGGBB */
  text: string;
  box: string;
  lines: string[];
  /** the frame it is drawn on (the caption style's canvas) */
  canvas: Canvas;
}

/** The title's font sizes, largest first (canvas px). */
export const TITLE_SIZES = [64, 56, 48] as const;
const MAX_LINES = 3;
/** The box's padding around the lines (canvas px). */
export const TITLE_PAD = 18;
/** The mean advance of the title's bold fonts, as a share of the font size (protocol captionSafeChars). */
const CHAR_ADVANCE = 0.52;
/** libass's line advance for these fonts, as a share of the font size */
const LINE_ADVANCE = 1.2;

/** WCAG relative luminance of #RRGGBB. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two #RRGGBB colours, 1..21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The title's lines and look: the largest size (up to `largest`) at which it fits in three lines. */
export function titleLook(text: string, st: CaptionStyle, largest: number = TITLE_SIZES[0]): TitleLook {
  const words = text.replace(/\s+/g, " ").trim().split(" ").map((w) => ({ text: w, start: 0, end: 0 }));
  const box = st.accentColor;
  const ink = contrast(st.primaryColor, box) >= 4.5 ? st.primaryColor : contrast("#000000", box) >= contrast("#FFFFFF", box) ? "#000000" : "#FFFFFF";
  for (const fontSize of TITLE_SIZES.filter((z) => z <= largest)) {
    const lines = splitLines(words, captionSafeChars(fontSize, st.canvas), MAX_LINES);
    if (lines && lines.length <= MAX_LINES) return { font: st.font, fontSize, text: ink, box, lines: lines.map((l) => l.map((w) => w.text).join(" ")), canvas: st.canvas };
  }
  // too long for three balanced lines even at the smallest size: filled lines, the last cut with "…"
  const size = TITLE_SIZES[TITLE_SIZES.length - 1];
  return { font: st.font, fontSize: size, text: ink, box, lines: filledLines(words, captionSafeChars(size, st.canvas), MAX_LINES), canvas: st.canvas };
}

/** Words filled line by line within maxChars, at most maxLines; what does not fit ends the last line with "…". */
function filledLines(words: readonly CaptionWord[], maxChars: number, maxLines: number): string[] {
  const lines: CaptionWord[][] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last && lineWidth([...last, w]) <= maxChars) last.push(w);
    else lines.push([w]);
  }
  const shown = lines.slice(0, maxLines);
  if (lines.length > maxLines) {
    const end = shown[maxLines - 1]!;
    const ellipsis = { text: "…", start: 0, end: 0 };
    while (end.length > 1 && lineWidth([...end, ellipsis]) > maxChars) end.pop();
    end[end.length - 1] = { ...end[end.length - 1]!, text: `${end[end.length - 1]!.text}…` };
  }
  return shown.map((l) => l.map((w) => w.text).join(" "));
}

/** Height of the title block on the canvas, box included. */
export const titleHeight = (t: TitleLook) => Math.round(t.lines.length * t.fontSize * LINE_ADVANCE + 2 * TITLE_PAD);

/** Width of the title block on the canvas, box included: its widest line at the fonts' mean advance. */
export const titleWidth = (t: TitleLook) => Math.round(Math.max(...t.lines.map(textWidth)) * t.fontSize * CHAR_ADVANCE + 2 * TITLE_PAD);

/** The title card as the clip records it: its text and time. */
export const titleCardTime = (durationS: number) => ({ start: 0, end: Math.min(HOOK_TITLE_S, durationS) });

/** The Title style line: the kit's font on an opaque box in its accent colour. */
function titleStyle(t: TitleLook): string {
  return assStyleLine({
    name: "Title",
    font: t.font,
    fontSize: t.fontSize,
    primary: assColor(t.text),
    secondary: assColor(t.text),
    // BorderStyle 3 draws an opaque box in the outline colour, the outline width as its padding
    outline: assColor(t.box),
    back: assColor(t.box),
    bold: true,
    borderStyle: 3,
    outlineWidth: TITLE_PAD,
    shadow: 0,
  });
}

const titleText = (t: TitleLook, x: number, y: number, tags = "") => `{\\an5\\pos(${Math.round(x)},${y})${tags}}` + t.lines.map(escapeAssText).join("\\N");

/** The Title style line and its one event, centred at canvas point `at` (./title-place.ts placeTitleCard). */
export function titleAss(t: TitleLook, at: { x: number; y: number }, durationS: number): { styles: string[]; events: string[] } {
  const { start, end } = titleCardTime(durationS);
  // layer 1: above the captions if they ever meet
  return { styles: [titleStyle(t)], events: [dialogue(start, end, titleText(t, at.x, at.y, "\\fad(120,200)"), "Title", 1)] };
}

/**
 * A whole ASS document drawing the title still (no fade) centred at `at` of a canvas `canvas` wide
 * and high: a cover image's title (../cover.ts). The canvas is 1080 wide whatever the frame's
 * shape, so the title's sizes and line breaks (made for a 1080-wide canvas) hold in every shape.
 */
export function stillTitleDocument(t: TitleLook, at: { x: number; y: number }, canvas: { width: number; height: number }): string {
  return [assHead("Katto cover title", canvas, [titleStyle(t)]), dialogue(0, 3600, titleText(t, at.x, at.y), "Title", 1), ""].join("\n");
}
