// Breaking a clip's words into caption pages (what is on screen at once) of at most `maxLines`
// lines of at most `maxChars` width each. Pages end at sentence ends and pauses; lines break
// where they balance best, preferring phrase boundaries (after , ; : and the like).
import type { CaptionWord } from "./clip-words.js";
import { cjkBreakUnits, joiner, textWidth } from "./text-width.js";

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

export interface CaptionPage {
  start: number;
  end: number;
  /** words of each line, in order */
  lines: CaptionWord[][];
}

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;
const PHRASE_END = /[,;:—–、，；：]["'”’)\]]*$/u;

/** Width of a line of words as displayed. */
export function lineWidth(words: readonly CaptionWord[]): number {
  let w = 0;
  words.forEach((x, i) => (w += textWidth(x.text) + (i ? textWidth(joiner(words[i - 1].text, x.text)) : 0)));
  return w;
}

/**
 * Best split of words into at most maxLines lines within maxChars, or null when none fits.
 * Cost: widest line, minus a bonus for breaking after a phrase boundary.
 */
export function splitLines(words: readonly CaptionWord[], maxChars: number, maxLines: number): CaptionWord[][] | null {
  if (words.length === 0) return [];
  if (lineWidth(words) <= maxChars && (words.length < 5 || maxLines < 2 || lineWidth(words) <= maxChars * 0.6)) return [[...words]];
  if (maxLines < 2) return lineWidth(words) <= maxChars ? [[...words]] : null;
  let best: { cost: number; lines: CaptionWord[][] } | null = null;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i);
    const rest = words.slice(i);
    const wa = lineWidth(a);
    if (wa > maxChars) break;
    const restLines = maxLines > 2 ? splitLines(rest, maxChars, maxLines - 1) : lineWidth(rest) <= maxChars ? [rest] : null;
    if (!restLines) continue;
    const widest = Math.max(wa, ...restLines.map(lineWidth));
    const phrase = PHRASE_END.test(a[a.length - 1].text) || SENTENCE_END.test(a[a.length - 1].text);
    const cost = widest - (phrase ? maxChars * 0.25 : 0) + Math.abs(wa - lineWidth(rest)) * 0.1;
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
export function breakUnits(words: readonly CaptionWord[]): CaptionWord[] {
  return words.flatMap((w) => {
    const units = cjkBreakUnits(w.text);
    if (units.length < 2) return [w];
    const step = (w.end - w.start) / units.length;
    return units.map((text, i) => ({ text, start: w.start + i * step, end: i === units.length - 1 ? w.end : w.start + (i + 1) * step }));
  });
}

/** Group words into pages. Every word (CJK: every character) appears in exactly one page, in order. */
export function layoutPages(input: readonly CaptionWord[], opts: LayoutOptions): CaptionPage[] {
  const words = breakUnits(input);
  const pages: CaptionPage[] = [];
  let cur: CaptionWord[] = [];
  let curLines: CaptionWord[][] = [];
  const close = () => {
    if (cur.length) pages.push({ start: cur[0].start, end: cur[cur.length - 1].end, lines: curLines });
    cur = [];
    curLines = [];
  };
  for (const w of words) {
    const prev = cur[cur.length - 1];
    if (prev) {
      const pause = w.start - prev.end > opts.maxGapS;
      const sentence = SENTENCE_END.test(prev.text);
      const tooLong = w.end - cur[0].start > opts.maxPageS;
      // a phrase boundary ends a page that is already half full, rather than splitting the next phrase
      const phrase = PHRASE_END.test(prev.text) && lineWidth(cur) >= opts.maxChars * opts.maxLines * 0.5;
      const full = opts.maxWords !== undefined && cur.length >= opts.maxWords;
      if (pause || sentence || tooLong || phrase || full) close();
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
