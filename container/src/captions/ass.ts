// ASS subtitle document for a 1080x1920 clip with word-by-word highlighting.
// Lines are broken here (WrapStyle 2 = libass never wraps), so scaling the active word cannot
// re-wrap a line. Times are relative to the clip start.
import { joiner, layoutPages } from "@katto/protocol";
import type { CaptionPage, CaptionWord } from "./clip-words.js";
import { captionFontFor, dominantScript, isRtl, type Script } from "./script.js";
import { anchorFor, type CaptionStyle } from "./styles.js";

/** ASS time H:MM:SS.cc (centiseconds). */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(c).padStart(2, "0")}`;
}

/** #RRGGBB -> &HAABBGGRR (alpha 00 = opaque). */
export function assColor(hex: string, alpha = 0): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #RRGGBB colour: ${hex}`);
  const a = alpha.toString(16).padStart(2, "0");
  return `&H${a}${m[3]}${m[2]}${m[1]}`.toUpperCase();
}

/**
 * Escape caption text for an ASS Dialogue line: `{` `}` open/close override blocks (libass reads
 * `\{` `\}` as literal braces); a backslash could start \N, \n or \h, so a zero-width space is put
 * after it; newlines become spaces.
 */
export function escapeAssText(s: string): string {
  return s
    .replace(/\r\n|\r|\n/g, " ")
    .replace(/\\/g, "\\\u200b")
    .replace(/[{}]/g, (c) => `\\${c}`);
}

const HOLD_S = 0.35;

/** The style's font unless it lacks the words' script; right-to-left base direction for Arabic/Hebrew. */
export function styleForScript(st: CaptionStyle, script: Script): CaptionStyle & { rtl: boolean } {
  return { ...st, font: captionFontFor(script, st.font), rtl: isRtl(script) };
}

/** One [V4+ Styles] line; colours already in ASS form. */
export interface AssStyleLine {
  name: string;
  font: string;
  fontSize: number;
  primary: string;
  secondary: string;
  outline: string;
  back: string;
  bold: boolean;
  borderStyle: 1 | 3;
  outlineWidth: number;
  shadow: number;
  rtl?: boolean;
}

export function assStyleLine(s: AssStyleLine): string {
  return [
    `Style: ${s.name}`, s.font, s.fontSize, s.primary, s.secondary, s.outline, s.back, s.bold ? -1 : 0, 0, 0, 0, 100, 100, 0, 0,
    // Encoding -1: libass picks the paragraph direction from the text (fribidi), so RTL lines keep
    // their word order and trailing punctuation on the left
    s.borderStyle, s.outlineWidth, s.shadow, 5, 0, 0, 0, s.rtl ? -1 : 1,
  ].join(",");
}

function styleLine(st: CaptionStyle & { rtl?: boolean }): string {
  const karaoke = st.highlight === "karaoke";
  // For \k karaoke, PrimaryColour is the sung (highlighted) colour, SecondaryColour the unsung one.
  return assStyleLine({
    name: "Default",
    font: st.font,
    fontSize: st.fontSize,
    primary: assColor(karaoke ? st.accentColor : st.primaryColor),
    secondary: assColor(karaoke ? st.primaryColor : st.accentColor),
    outline: assColor(st.outlineColor, st.borderStyle === 3 ? 0x30 : 0),
    back: assColor("#000000", 0x80),
    bold: st.bold,
    borderStyle: st.borderStyle,
    outlineWidth: st.outline,
    shadow: st.shadow,
    rtl: st.rtl,
  });
}

/** An ASS document's head: its script info for a `canvas` (named by `comment`), the styles given, then the events' format line. */
export function assHead(comment: string, canvas: { width: number; height: number }, styles: readonly string[]): string {
  return [
    "[Script Info]",
    `; ${comment}`,
    "ScriptType: v4.00+",
    `PlayResX: ${canvas.width}`,
    `PlayResY: ${canvas.height}`,
    "WrapStyle: 2",
    "ScaledBorderAndShadow: yes",
    "YCbCr Matrix: TV.709",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    ...styles,
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  ].join("\n");
}

function header(st: CaptionStyle & { rtl?: boolean }, extraStyles: readonly string[] = []): string {
  return assHead("Katto captions", st.canvas, [styleLine(st), ...extraStyles]);
}

export const dialogue = (start: number, end: number, text: string, style = "Default", layer = 0) => `Dialogue: ${layer},${assTime(start)},${assTime(end)},${style},,0,0,0,,${text}`;

/** How much larger a key word is drawn (style `emphasis: keywords`), percent. */
export const EMPHASIS_SCALE = 125;

/** Second colours a key word takes where the accent already marks the spoken word, in order of preference. */
export const KEY_WORD_COLORS = ["#36E0FF", "#FF5CA8", "#7CFF6B", "#FFE000"] as const;
/** Colours at least this far apart (RGB distance) read as different on a phone. */
const DISTINCT_RGB = 120;
const rgbDistance = (a: string, b: string) => {
  const c = (h: string, i: number) => parseInt(h.replace(/^#/, "").slice(2 * i, 2 + 2 * i), 16);
  return Math.hypot(c(a, 0) - c(b, 0), c(a, 1) - c(b, 1), c(a, 2) - c(b, 2));
};

/**
 * The colour key words are drawn in. Where the style highlights the spoken word in the accent
 * (`pop`, `color`: bold_pop, boxed), a key word drawn in the accent too would look like the spoken
 * word, and while spoken would lose its mark: it takes the first of KEY_WORD_COLORS far from both
 * the text and the accent colour, and keeps it while spoken. Elsewhere (`none`, `karaoke`) the
 * accent marks nothing else: the style's (the kit's) accent, yellow where it is the text colour.
 */
export function emphasisColor(st: Pick<CaptionStyle, "accentColor" | "primaryColor" | "highlight">): string {
  if (st.highlight === "pop" || st.highlight === "color") {
    const distinct = KEY_WORD_COLORS.find((c) => rgbDistance(c, st.accentColor) >= DISTINCT_RGB && rgbDistance(c, st.primaryColor) >= DISTINCT_RGB);
    if (distinct) return distinct;
  }
  return st.accentColor.toUpperCase() !== st.primaryColor.toUpperCase() ? st.accentColor : "#FFE000";
}

/** Text of a page with word `active` (index into the page's words, -1 for none) highlighted. */
export function pageText(page: CaptionPage, st: CaptionStyle, active: number): string {
  const a = anchorFor(st.position, st.canvas, st.anchorY, st.column);
  let i = 0;
  const lines = page.lines.map((line) =>
    line
      .map((w, j) => {
        const idx = i++;
        const sep = j ? joiner(line[j - 1].text, w.text) : "";
        const t = escapeAssText(w.text);
        if (idx !== active && !w.emphasis) return sep + t;
        // a key word keeps its own colour and size while spoken (it still pops); the spoken word takes the accent
        const colour = w.emphasis ? emphasisColor(st) : st.accentColor;
        const scale = Math.max(w.emphasis ? EMPHASIS_SCALE : 100, idx === active && st.highlight === "pop" ? st.popScale : 100);
        const on = `\\c${assColor(colour)}` + (scale !== 100 ? `\\fscx${scale}\\fscy${scale}` : "");
        const off = `\\c${assColor(st.primaryColor)}` + (scale !== 100 ? "\\fscx100\\fscy100" : "");
        return `${sep}{${on}}${t}{${off}}`;
      })
      .join(""),
  );
  return `{\\an5\\pos(${a.x},${a.y})}` + lines.join("\\N");
}

/** Karaoke text: \k durations (centiseconds) per word, gaps as empty syllables. */
export function karaokeText(page: CaptionPage, st: CaptionStyle): string {
  const a = anchorFor(st.position, st.canvas, st.anchorY, st.column);
  let t = page.start;
  const cs = (s: number) => Math.max(0, Math.round(s * 100));
  const lines = page.lines.map((line) =>
    line
      .map((w, j) => {
        const sep = j ? joiner(line[j - 1].text, w.text) : "";
        const gap = w.start - t > 0.005 ? `{\\k${cs(w.start - t)}}` : "";
        t = Math.max(t, w.end);
        const k = `{\\kf${cs(w.end - Math.max(w.start, page.start))}}`;
        // a key word: larger, and in the highlight colour before it is sung (SecondaryColour)
        if (w.emphasis) return `${sep}${gap}{\\2c${assColor(emphasisColor(st))}\\fscx${EMPHASIS_SCALE}\\fscy${EMPHASIS_SCALE}}${k}${escapeAssText(w.text)}{\\2c${assColor(st.primaryColor)}\\fscx100\\fscy100}`;
        return `${sep}${gap}${k}${escapeAssText(w.text)}`;
      })
      .join(""),
  );
  return `{\\an5\\pos(${a.x},${a.y})}` + lines.join("\\N");
}

/** Dialogue events for one page, from page start until `until` (next page or page end + hold). */
export function pageEvents(page: CaptionPage, st: CaptionStyle, until: number): string[] {
  const words = page.lines.flat();
  if (st.highlight === "none") return [dialogue(page.start, until, pageText(page, st, -1))];
  if (st.highlight === "karaoke") return [dialogue(page.start, until, karaokeText(page, st))];
  // one event per word: the word is active from its start until the next word starts
  const out: string[] = [];
  words.forEach((w, i) => {
    const start = i === 0 ? page.start : w.start;
    const end = Math.min(until, i + 1 < words.length ? words[i + 1].start : until);
    if (end - start >= 0.01) out.push(dialogue(start, end, pageText(page, st, i)));
  });
  return out;
}

export interface AssOptions {
  /** clip length in seconds; nothing is shown after it */
  durationS: number;
  /** at most this many words per page (style `words_per_caption`) */
  maxWords?: number;
  /** the pages that start before `until` are drawn at `style`'s place instead (beside a hook title card that took their band: clip-captions.ts) */
  early?: { until: number; style: CaptionStyle };
}

/** Burned-in caption pages of a clip's words (clip-relative), as the style breaks them. */
export function assPages(words: readonly CaptionWord[], style: CaptionStyle, opts: Pick<AssOptions, "maxWords">): CaptionPage[] {
  return layoutPages(words, { maxChars: style.maxChars, maxLines: style.maxLines, maxGapS: 0.8, maxPageS: 4, maxWords: opts.maxWords });
}

/** A page on screen for less than this is not drawn (nor written as an SRT cue: ./srt.ts drawnCues). */
export const MIN_PAGE_S = 0.01;

/** When each page leaves the screen: its end plus a short hold, the next page's start, the clip's end. */
export function pageUntil(pages: readonly CaptionPage[], durationS: number): number[] {
  return pages.map((p, i) => Math.min(p.end + HOLD_S, pages[i + 1]?.start ?? Infinity, durationS));
}

/** More of the document: styles after Default, and their events (a hook title). */
export interface AssExtras {
  styles: string[];
  events: string[];
}

/** The whole ASS document of laid-out pages (clip-relative), plus any extras. */
export function assDocument(pages: readonly CaptionPage[], style: CaptionStyle, opts: AssOptions, extras: AssExtras = { styles: [], events: [] }): string {
  const st = styleForScript(style, dominantScript(pages.flatMap((p) => p.lines.flat().map((w) => w.text)).join(" ")));
  const until = pageUntil(pages, opts.durationS);
  const events: string[] = [...extras.events];
  pages.forEach((p, i) => {
    if (until[i]! - p.start < MIN_PAGE_S) return;
    const early = opts.early && p.start < opts.early.until ? { ...st, anchorY: opts.early.style.anchorY, column: opts.early.style.column } : st;
    events.push(...pageEvents(p, early, until[i]!));
  });
  return `${header(st, extras.styles)}\n${events.join("\n")}\n`;
}

/** The whole ASS document; words are relative to the clip start. */
export function buildAss(words: readonly CaptionWord[], style: CaptionStyle, opts: AssOptions): string {
  const st = styleForScript(style, dominantScript(words.map((w) => w.text).join(" ")));
  return assDocument(assPages(words, st, opts), style, opts);
}
