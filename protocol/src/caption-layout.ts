// Breaking a clip's words into caption pages (what is on screen at once) of at most `maxLines`
// lines of at most `maxChars` width each. Pages end at sentence ends and pauses; lines break
// where they balance best, preferring phrase boundaries (after , ; : and the like). The line width
// follows from the frame the captions are drawn on and the font size (captionPageOptions).
//
// One page-breaking for the renderer (container/src/captions: the burned-in captions, the SRT) and
// the dashboard's caption preview (./caption-preview.ts), which serves these functions' sources to
// the browser: each stands alone or calls only the functions served with it (./text-width.ts and
// this file), no module constants.
import type { Style } from "./style.js";
import { cjkBreakUnits, joiner, textWidth } from "./text-width.js";

/** A word as the page breaker sees it: its text and times (seconds from the clip start). */
export interface LayoutWord {
  text: string;
  start: number;
  end: number;
}

export interface LayoutOptions {
  maxChars: number;
  maxLines: number;
  /** a silence longer than this starts a new page */
  maxGapS: number;
  /** a page never spans more than this */
  maxPageS: number;
  /** at most this many words on a page (style `words_per_caption`; CJK: characters) */
  maxWords?: number;
}

export interface CaptionPage<W extends LayoutWord = LayoutWord> {
  start: number;
  end: number;
  /** words of each line, in order */
  lines: W[][];
}

/** The frame captions are drawn on (the HD frame of the clip's shape, @katto/protocol clipFrame), in pixels. */
export interface CaptionFrame {
  readonly width: number;
  readonly height: number;
}

/** What a caption style's line width follows from: the frame, the font and its line count. */
export interface CaptionFont {
  frame: CaptionFrame;
  /** ASS font size, in the frame's pixels */
  fontSize: number;
  /** scale of the spoken word, percent */
  popScale: number;
  /** scale of a key word (style `emphasis: keywords`), percent */
  emphasisScale: number;
  maxLines: number;
}

/**
 * The safe area shared by all styles and shapes: margins in pixels (every shape's HD frame is 1080
 * on its shorter side, so a font size reads the same in each), the band as fractions of the
 * frame's height. Social apps stack their buttons on the right.
 */
export function captionSafeArea(): { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number } {
  return { left: 80, right: 160, top: 0.25, bottom: 0.8 };
}

/**
 * Characters that fit the whole safe width at a font size, without the reading cap of captions
 * (a title card is read once, as a block). 0.52 em is the measured mean advance of DejaVu Sans
 * Bold / Noto Sans Bold on mixed-case English (ASS font size units).
 */
export function captionSafeChars(fontSize: number, frame: CaptionFrame): number {
  const safe = captionSafeArea();
  return Math.floor((frame.width - safe.left - safe.right) / (fontSize * 0.52));
}

/** Characters per line that fit the safe width at a font size, the spoken word's `popScale` budgeted. */
export function captionLineChars(fontSize: number, popScale: number, frame: CaptionFrame): number {
  // 24 characters is the reading cap of a vertical clip's line (1080 wide); a wider frame allows a
  // longer line in the same proportion to its width, so words per line follow the frame
  const cap = Math.round((24 * frame.width) / 1080);
  return Math.max(8, Math.min(cap, Math.floor(captionSafeChars(fontSize, frame) / (1 + (popScale - 100) / 200))));
}

/**
 * How a clip style lays a caption font's pages out: its line count (`caption_lines`), room for a
 * larger key word (`emphasis: keywords`), at most `words_per_caption` words, a page per 4 s at
 * most and a new page after a pause over 0.8 s.
 */
export function captionPageOptions(font: CaptionFont, style: Pick<Style, "emphasis" | "caption_lines" | "words_per_caption">): LayoutOptions {
  const scale = style.emphasis === "keywords" ? Math.max(font.popScale, font.emphasisScale) : font.popScale;
  return { maxChars: captionLineChars(font.fontSize, scale, font.frame), maxLines: style.caption_lines ?? font.maxLines, maxGapS: 0.8, maxPageS: 4, maxWords: style.words_per_caption };
}

/** Width of a line of words as displayed. */
export function lineWidth(words: readonly LayoutWord[]): number {
  let w = 0;
  words.forEach((x, i) => (w += textWidth(x.text) + (i ? textWidth(joiner(words[i - 1]!.text, x.text)) : 0)));
  return w;
}

/** True when a word ends a sentence (and the page with it). */
export function endsSentence(text: string): boolean {
  return /[.!?…。！？]["'”’)\]]*$/u.test(text);
}

/** True when a word ends a phrase (after , ; : and the like): a preferred line or page break. */
export function endsPhrase(text: string): boolean {
  return /[,;:—–、，；：]["'”’)\]]*$/u.test(text);
}

/**
 * Best split of words into at most maxLines lines within maxChars, or null when none fits.
 * Cost: widest line, minus a bonus for breaking after a phrase boundary.
 */
export function splitLines<W extends LayoutWord>(words: readonly W[], maxChars: number, maxLines: number): W[][] | null {
  if (words.length === 0) return [];
  if (lineWidth(words) <= maxChars && (words.length < 5 || maxLines < 2 || lineWidth(words) <= maxChars * 0.6)) return [[...words]];
  if (maxLines < 2) return lineWidth(words) <= maxChars ? [[...words]] : null;
  let best: { cost: number; lines: W[][] } | null = null;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i);
    const rest = words.slice(i);
    const wa = lineWidth(a);
    if (wa > maxChars) break;
    const restLines = maxLines > 2 ? splitLines(rest, maxChars, maxLines - 1) : lineWidth(rest) <= maxChars ? [rest] : null;
    if (!restLines) continue;
    const widest = Math.max(wa, ...restLines.map(lineWidth));
    const last = a[a.length - 1]!.text;
    const cost = widest - (endsPhrase(last) || endsSentence(last) ? maxChars * 0.25 : 0) + Math.abs(wa - lineWidth(rest)) * 0.1;
    if (!best || cost < best.cost) best = { cost, lines: [a, ...restLines] };
  }
  if (best) return best.lines;
  // a single word wider than a line: it gets a line of its own
  return lineWidth(words) <= maxChars ? [[...words]] : words.length === 1 ? [[...words]] : null;
}

/**
 * CJK words split into characters (line breaks may fall between any two), each character
 * getting an equal share of the word's time; other words unchanged.
 */
export function breakUnits<W extends LayoutWord>(words: readonly W[]): W[] {
  return words.flatMap((w) => {
    const units = cjkBreakUnits(w.text);
    if (units.length < 2) return [w];
    const step = (w.end - w.start) / units.length;
    return units.map((text, i) => ({ ...w, text, start: w.start + i * step, end: i === units.length - 1 ? w.end : w.start + (i + 1) * step }));
  });
}

/** Group words into pages. Every word (CJK: every character) appears in exactly one page, in order. */
export function layoutPages<W extends LayoutWord>(input: readonly W[], opts: LayoutOptions): CaptionPage<W>[] {
  const words = breakUnits(input);
  const pages: CaptionPage<W>[] = [];
  let cur: W[] = [];
  let curLines: W[][] = [];
  const close = () => {
    if (cur.length) pages.push({ start: cur[0]!.start, end: cur[cur.length - 1]!.end, lines: curLines });
    cur = [];
    curLines = [];
  };
  for (const w of words) {
    const prev = cur[cur.length - 1];
    if (prev) {
      const pause = w.start - prev.end > opts.maxGapS;
      const tooLong = w.end - cur[0]!.start > opts.maxPageS;
      // a phrase boundary ends a page that is already half full, rather than splitting the next phrase
      const phrase = endsPhrase(prev.text) && lineWidth(cur) >= opts.maxChars * opts.maxLines * 0.5;
      const full = opts.maxWords !== undefined && cur.length >= opts.maxWords;
      if (pause || endsSentence(prev.text) || tooLong || phrase || full) close();
    }
    const next = [...cur, w];
    const lines = splitLines(next, opts.maxChars, opts.maxLines);
    if (lines) {
      cur = next;
      curLines = lines;
    } else {
      close();
      cur = [w];
      curLines = [[w]];
    }
  }
  close();
  return pages;
}
