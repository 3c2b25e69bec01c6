// The dashboard's live caption preview (issue 26): how a creator style groups a sample sentence into
// captions, which word of each caption is drawn as a key word and where an emoji goes. A faithful
// client-side version of the renderer's rules (container/src/captions/layout.ts layoutPages and
// splitLines, ./styled.ts styleCaptions) for Latin text, where a character is one width unit:
// pages end at sentence ends, at a phrase end once half full, after `words_per_caption` words and
// before 4 s; lines are balanced, preferring phrase ends; one key word per page (rank 2 or more,
// then the longer); an emoji on the key word or the page's best other content word that has one,
// never on two pages in a row. The key-word ranks and emoji of the sample are the renderer's own
// (container/test/captions/caption-preview.test.ts checks both, and that the pages match
// styleCaptions for every words_per_caption, caption_lines, emphasis and emoji).
//
// The dashboard serves this function's source to the browser (String(previewCaptionPages)), so it
// is one self-contained function: no imports, no helpers outside it.
import type { Style } from "./style.js";
import { DEFAULT_ASPECT, type Aspect } from "./vocabularies.js";

/** A sample word, evenly timed by the preview: its key-word rank (0-3) and the emoji that fits it. */
export interface PreviewWord {
  text: string;
  rank: number;
  emoji?: string;
}

export interface PreviewPage {
  lines: { text: string; key: boolean; emoji: string | null }[][];
}

/**
 * The widths the renderer lays captions out in per clip shape, for the default caption style
 * (bold_pop, 80 px): characters a line holds, and fewer when key words are drawn larger. 1:1 and
 * 4:5 frames are 1080 wide like 9:16; 16:9's 1920 holds longer lines (the renderer's maxCharsFor:
 * the safe width, and the 24-character reading cap in proportion to the frame's width).
 * container/test/captions/caption-preview.test.ts checks each against the renderer.
 */
export const PREVIEW_LAYOUTS = {
  "9:16": { maxChars: 18, maxCharsEmphasis: 17, maxLines: 2 },
  "1:1": { maxChars: 18, maxCharsEmphasis: 17, maxLines: 2 },
  "4:5": { maxChars: 18, maxCharsEmphasis: 17, maxLines: 2 },
  "16:9": { maxChars: 37, maxCharsEmphasis: 35, maxLines: 2 },
} as const satisfies Record<Aspect, { maxChars: number; maxCharsEmphasis: number; maxLines: number }>;

/** The widths of a clip of shape `aspect` (9:16 when absent): the preview breaks lines by that frame's width. */
export const previewLayout = (aspect: Aspect | null | undefined) => PREVIEW_LAYOUTS[aspect ?? DEFAULT_ASPECT];

/** The default shape's widths (9:16). */
export const PREVIEW_LAYOUT = PREVIEW_LAYOUTS[DEFAULT_ASPECT];

/** The preview's sample: a sentence with numbers, a strong verb and nouns an emoji fits. */
export const CAPTION_SAMPLE: readonly PreviewWord[] = [
  { text: "Our", rank: 0 },
  { text: "new", rank: 0, emoji: "🗽" },
  { text: "rocket", rank: 1, emoji: "🚀" },
  { text: "engine", rank: 1 },
  { text: "saved", rank: 2 },
  { text: "3", rank: 3 },
  { text: "million", rank: 3 },
  { text: "dollars", rank: 1, emoji: "💰" },
  { text: "in", rank: 0 },
  { text: "one", rank: 3 },
  { text: "year.", rank: 1 },
];

export function previewCaptionPages(words: readonly PreviewWord[], style: Style, layout: { maxChars: number; maxCharsEmphasis: number; maxLines: number }): PreviewPage[] {
  const STEP = 0.4, DUR = 0.35, HOLD = 0.35, MAX_PAGE_S = 4;
  const emphasis = style.emphasis === "keywords";
  const maxChars = emphasis ? Math.min(layout.maxChars, layout.maxCharsEmphasis) : layout.maxChars;
  const maxLines = style.caption_lines ?? layout.maxLines;
  const maxWords = style.words_per_caption;
  const SENTENCE = /[.!?…]["'”’)\]]*$/u;
  const PHRASE = /[,;:—–]["'”’)\]]*$/u;
  const ws = words.map((w, i) => ({ ...w, i, start: i * STEP, end: i * STEP + DUR }));
  type W = (typeof ws)[number];
  const width = (xs: readonly W[]) => xs.reduce((s, x, k) => s + x.text.length + (k ? 1 : 0), 0);
  const split = (xs: readonly W[], lines: number): W[][] | null => {
    if (!xs.length) return [];
    const all = width(xs);
    if (all <= maxChars && (xs.length < 5 || lines < 2 || all <= maxChars * 0.6)) return [[...xs]];
    if (lines < 2) return all <= maxChars ? [[...xs]] : null;
    let best: { cost: number; lines: W[][] } | null = null;
    for (let i = 1; i < xs.length; i++) {
      const a = xs.slice(0, i);
      const rest = xs.slice(i);
      const wa = width(a);
      if (wa > maxChars) break;
      const restLines = lines > 2 ? split(rest, lines - 1) : width(rest) <= maxChars ? [rest] : null;
      if (!restLines) continue;
      const widest = Math.max(wa, ...restLines.map(width));
      const last = a[a.length - 1]!.text;
      const cost = widest - (PHRASE.test(last) || SENTENCE.test(last) ? maxChars * 0.25 : 0) + Math.abs(wa - width(rest)) * 0.1;
      if (!best || cost < best.cost) best = { cost, lines: [a, ...restLines] };
    }
    if (best) return best.lines;
    return all <= maxChars || xs.length === 1 ? [[...xs]] : null;
  };
  // pages, as layoutPages makes them
  const pages: { start: number; end: number; lines: W[][] }[] = [];
  let cur: W[] = [];
  let curLines: W[][] = [];
  const close = () => {
    if (cur.length) pages.push({ start: cur[0]!.start, end: cur[cur.length - 1]!.end, lines: curLines });
    cur = [];
    curLines = [];
  };
  for (const w of ws) {
    const prev = cur[cur.length - 1];
    if (prev) {
      const full = maxWords !== undefined && cur.length >= maxWords;
      const phrase = PHRASE.test(prev.text) && width(cur) >= maxChars * maxLines * 0.5;
      if (SENTENCE.test(prev.text) || w.end - cur[0]!.start > MAX_PAGE_S || phrase || full) close();
    }
    const lines = split([...cur, w], maxLines);
    if (lines) {
      cur = [...cur, w];
      curLines = lines;
    } else {
      close();
      cur = [w];
      curLines = [[w]];
    }
  }
  close();
  // key words and emoji, as styleCaptions picks them
  const wantKeys = emphasis || style.emoji === true;
  const rank = (w: W) => (wantKeys ? w.rank : 0);
  const better = (x: W, y: W | null) => !y || rank(x) > rank(y) || (rank(x) === rank(y) && x.text.length > y.text.length);
  let lastEmojiPage = -2;
  return pages.map((page, pi) => {
    const flat = page.lines.flat();
    let key: W | null = null;
    if (emphasis) for (const x of flat) if (rank(x) >= 2 && better(x, key)) key = x;
    let emojiOn: W | null = null;
    const until = Math.min(page.end + HOLD, pages[pi + 1]?.start ?? Infinity);
    if (style.emoji === true && lastEmojiPage !== pi - 1 && until - page.start >= 0.3) {
      const others = flat.filter((x) => x !== key && rank(x) >= 1).sort((a, b) => rank(b) - rank(a) || b.text.length - a.text.length);
      emojiOn = [...(key ? [key] : []), ...others].find((x) => x.emoji) ?? null;
      if (emojiOn) lastEmojiPage = pi;
    }
    return { lines: page.lines.map((line) => line.map((x) => ({ text: x.text, key: x === key, emoji: x === emojiOn ? (x.emoji ?? null) : null }))) };
  });
}
