// ASS subtitle document for a 1080x1920 clip with word-by-word highlighting.
// Lines are broken here (WrapStyle 2 = libass never wraps), so scaling the active word cannot
// re-wrap a line. Times are relative to the clip start.
import type { CaptionWord } from "./clip-words.js";
import { layoutPages, type CaptionPage } from "./layout.js";
import { captionFontFor, dominantScript, isRtl, type Script } from "./script.js";
import { anchorFor, CANVAS, type CaptionStyle } from "./styles.js";
import { joiner } from "./text-width.js";

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

function styleLine(st: CaptionStyle & { rtl?: boolean }): string {
  const karaoke = st.highlight === "karaoke";
  // For \k karaoke, PrimaryColour is the sung (highlighted) colour, SecondaryColour the unsung one.
  const primary = assColor(karaoke ? st.accentColor : st.primaryColor);
  const secondary = assColor(karaoke ? st.primaryColor : st.accentColor);
  const outline = assColor(st.outlineColor, st.borderStyle === 3 ? 0x30 : 0);
  const back = assColor("#000000", 0x80);
  return [
    "Style: Default", st.font, st.fontSize, primary, secondary, outline, back, st.bold ? -1 : 0, 0, 0, 0, 100, 100, 0, 0,
    // Encoding -1: libass picks the paragraph direction from the text (fribidi), so RTL lines keep
    // their word order and trailing punctuation on the left
    st.borderStyle, st.outline, st.shadow, 5, 0, 0, 0, st.rtl ? -1 : 1,
  ].join(",");
}

function header(st: CaptionStyle & { rtl?: boolean }): string {
  return [
    "[Script Info]",
    "; Katto captions",
    "ScriptType: v4.00+",
    `PlayResX: ${CANVAS.width}`,
    `PlayResY: ${CANVAS.height}`,
    "WrapStyle: 2",
    "ScaledBorderAndShadow: yes",
    "YCbCr Matrix: TV.709",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    styleLine(st),
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  ].join("\n");
}

const dialogue = (start: number, end: number, text: string) => `Dialogue: 0,${assTime(start)},${assTime(end)},Default,,0,0,0,,${text}`;

/** Text of a page with word `active` (index into the page's words, -1 for none) highlighted. */
export function pageText(page: CaptionPage, st: CaptionStyle, active: number): string {
  const a = anchorFor(st.position);
  let i = 0;
  const lines = page.lines.map((line) =>
    line
      .map((w, j) => {
        const idx = i++;
        const sep = j ? joiner(line[j - 1].text, w.text) : "";
        const t = escapeAssText(w.text);
        if (idx !== active) return sep + t;
        const on = `\\c${assColor(st.accentColor)}` + (st.highlight === "pop" ? `\\fscx${st.popScale}\\fscy${st.popScale}` : "");
        const off = `\\c${assColor(st.primaryColor)}` + (st.highlight === "pop" ? "\\fscx100\\fscy100" : "");
        return `${sep}{${on}}${t}{${off}}`;
      })
      .join(""),
  );
  return `{\\an5\\pos(${a.x},${a.y})}` + lines.join("\\N");
}

/** Karaoke text: \k durations (centiseconds) per word, gaps as empty syllables. */
export function karaokeText(page: CaptionPage, st: CaptionStyle): string {
  const a = anchorFor(st.position);
  let t = page.start;
  const cs = (s: number) => Math.max(0, Math.round(s * 100));
  const lines = page.lines.map((line) =>
    line
      .map((w, j) => {
        const sep = j ? joiner(line[j - 1].text, w.text) : "";
        const gap = w.start - t > 0.005 ? `{\\k${cs(w.start - t)}}` : "";
        t = Math.max(t, w.end);
        return `${sep}${gap}{\\kf${cs(w.end - Math.max(w.start, page.start))}}${escapeAssText(w.text)}`;
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
}

/** The whole ASS document; words are relative to the clip start. */
export function buildAss(words: readonly CaptionWord[], style: CaptionStyle, opts: AssOptions): string {
  const st = styleForScript(style, dominantScript(words.map((w) => w.text).join(" ")));
  const pages = layoutPages(words, { maxChars: st.maxChars, maxLines: st.maxLines, maxGapS: 0.8, maxPageS: 4 });
  const events: string[] = [];
  pages.forEach((p, i) => {
    const next = pages[i + 1]?.start ?? Infinity;
    const until = Math.min(p.end + HOLD_S, next, opts.durationS);
    if (until - p.start < 0.01) return;
    events.push(...pageEvents(p, st, until));
  });
  return `${header(st)}\n${events.join("\n")}\n`;
}
