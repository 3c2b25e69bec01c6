// Pure: a clip's captions as its style (issue 26) shapes them: pages of at most `words_per_caption`
// words on `caption_lines` lines, one key word per page drawn larger in the highlight colour
// (`emphasis: keywords`), a colour emoji over one word of a page where one fits (`emoji`, never on
// two pages in a row), and the `edits` that record what was applied. The burned-in captions and
// the SRT cues come from the same pages (styledSrt).
import type { ClipEdits, Style } from "@katto/protocol";
import { EMPHASIS_SCALE, pageUntil } from "./ass.js";
import type { CaptionPage, CaptionWord } from "./clip-words.js";
import { emojiFor } from "./emoji.js";
import { keyRanks, type KeyRank } from "./keywords.js";
import { buildSrt, drawnCues, formatSrt } from "./srt.js";
import { anchorFor, SAFE, type CaptionStyle } from "./styles.js";
import { captionPageOptions, joiner, layoutPages, round3, textWidth, type CaptionFont } from "@katto/protocol";

/** An emoji shown over one word of a page, for the page's time on screen. */
export interface EmojiMark {
  page: number;
  /** line and place of the word in the page */
  line: number;
  index: number;
  word: string;
  emoji: string;
  start: number;
  end: number;
}

export interface StyledCaptions {
  /** the pages on screen, key words marked `emphasis` */
  pages: CaptionPage[];
  emoji: EmojiMark[];
  /** the caption style the pages were laid out for (the style's line count and key word size budgeted) */
  layoutStyle: CaptionStyle;
  /** true when the style groups words itself (words_per_caption, caption_lines): an SRT of captions not burned in follows the pages too */
  grouped: boolean;
}


/**
 * What a caption style's pages are laid out from (@katto/protocol captionPageOptions, shared with the
 * dashboard's preview): lines as wide as the frame's safe width, or as the captions' column.
 */
export function captionFont(st: CaptionStyle): CaptionFont {
  const frame = st.column ? { width: st.column.width + SAFE.left + SAFE.right, height: st.canvas.height } : st.canvas;
  return { frame, fontSize: st.fontSize, popScale: st.popScale, emphasisScale: EMPHASIS_SCALE, maxLines: st.maxLines };
}

/** The caption style with the clip style's line count, and room for a larger key word. */
export function layoutStyleFor(st: CaptionStyle, style: Style): CaptionStyle {
  const { maxChars, maxLines } = captionPageOptions(captionFont(st), style);
  return { ...st, maxLines, maxChars };
}

/** The page's words with their ranks, by line and place. */
function ranked(page: CaptionPage, ranks: ReadonlyMap<CaptionWord, KeyRank>) {
  return page.lines.flatMap((line, li) => line.map((w, wi) => ({ w, li, wi, rank: ranks.get(w) ?? 0 })));
}

/** The best of a page's words by rank, then length; null when none reaches `min`. */
function best<T extends { w: CaptionWord; rank: number }>(xs: readonly T[], min: number): T | null {
  let out: T | null = null;
  for (const x of xs) if (x.rank >= min && (!out || x.rank > out.rank || (x.rank === out.rank && x.w.text.length > out.w.text.length))) out = x;
  return out;
}

/**
 * The styled pages of a clip's words (clip-relative). `st` is the burned-in caption style, or the
 * default one when the clip shows no captions (its pages still group the SRT). `givenRanks`: the
 * words' key-word ranks when the NLP cannot read them itself (translated captions).
 */
export function styleCaptions(words: readonly CaptionWord[], st: CaptionStyle, style: Style, durationS: number, givenRanks?: readonly KeyRank[]): StyledCaptions {
  const layoutStyle = layoutStyleFor(st, style);
  const laid = layoutPages(words, captionPageOptions(captionFont(st), style));
  const wantKeys = style.emphasis === "keywords" || style.emoji === true;
  // translated captions bring their own ranks (./translate.ts translatedRanks)
  const rankList = wantKeys ? (givenRanks ?? keyRanks(words)) : [];
  const ranks = new Map<CaptionWord, KeyRank>(words.map((w, i) => [w, rankList[i] ?? 0]));
  const until = pageUntil(laid, durationS);
  const emoji: EmojiMark[] = [];
  const pages = laid.map((page, pi) => {
    const xs = ranked(page, ranks);
    const key = style.emphasis === "keywords" ? best(xs, 2) : null;
    if (style.emoji === true && emoji.at(-1)?.page !== pi - 1 && until[pi]! - page.start >= 0.3) {
      // the key word when an emoji fits it, else the page's best other content word that has one
      const options = [...(key ? [key] : []), ...xs.filter((x) => x !== key && x.rank >= 1).sort((a, b) => b.rank - a.rank || b.w.text.length - a.w.text.length)];
      for (const x of options) {
        const e = emojiFor(x.w.text);
        if (!e) continue;
        emoji.push({ page: pi, line: x.li, index: x.wi, word: x.w.text, emoji: e, start: page.start, end: until[pi]! });
        break;
      }
    }
    if (!key) return page;
    return { ...page, lines: page.lines.map((line, li) => (li === key.li ? line.map((w, wi) => (wi === key.wi ? { ...w, emphasis: true } : w)) : line)) };
  });
  return { pages, emoji, layoutStyle, grouped: style.words_per_caption !== undefined || style.caption_lines !== undefined };
}

/** What the style did to the captions, as the clip records it (title card and the other lists filled elsewhere). */
export function captionEdits(sc: StyledCaptions): Pick<ClipEdits, "emphasis" | "emoji"> {
  return {
    emphasis: sc.pages.flatMap((p) => p.lines.flat().filter((w) => w.emphasis).map((w) => ({ word: w.text, start: round3(w.start), end: round3(w.end) }))),
    emoji: sc.emoji.map((e) => ({ word: e.word, emoji: e.emoji, start: round3(e.start), end: round3(e.end) })),
  };
}

/**
 * The SRT of the pages `sc` (docs/api-decisions.md "One caption truth"). `burned`: the pages are the
 * captions burned into the clip; the SRT is then those pages cue for cue, the same words on the same
 * lines shown for the same times (srt.ts drawnCues), whatever the style asks. Pages not burned in (a
 * clip with caption_style none, the spoken-language SRT beside translated or dubbed captions) show
 * nothing to agree with: they follow the style's grouping when it sets one, else the usual
 * broadcast-width cues (42 characters, 2 lines).
 */
export function styledSrt(sc: StyledCaptions, words: readonly CaptionWord[], durationS: number, burned: boolean): string {
  return burned || sc.grouped ? formatSrt(drawnCues(sc.pages, durationS)) : buildSrt(words, { durationS });
}

/** libass's line advance for the caption fonts, as a share of the font size. */
export const LINE_ADVANCE = 1.2;
/** An emoji is this much taller than the caption text. */
const EMOJI_SCALE = 1.3;

/** Canvas size of an emoji over a caption of style `st`. */
export const emojiSize = (st: CaptionStyle) => Math.round(st.fontSize * EMOJI_SCALE);

/** Top of a page's text block on the canvas. */
export function pageTop(page: CaptionPage, st: CaptionStyle): number {
  return anchorFor(st.position, st.canvas, st.anchorY, st.column).y - (page.lines.length * st.fontSize * LINE_ADVANCE) / 2;
}

/**
 * Where an emoji goes on the canvas (its centre): just above the page's text, over its word. The
 * word's place is estimated from the text's width in narrow-character units (@katto/protocol textWidth,
 * ~0.52 em each), the same estimate that breaks the lines.
 */
export function emojiCentre(mark: EmojiMark, page: CaptionPage, st: CaptionStyle): { x: number; y: number } {
  const unit = st.fontSize * 0.52;
  const line = page.lines[mark.line]!;
  const scale = (w: CaptionWord) => (w.emphasis ? EMPHASIS_SCALE / 100 : 1);
  const width = (ws: readonly CaptionWord[]) => ws.reduce((s, w, i) => s + textWidth(w.text) * scale(w) + (i ? textWidth(joiner(ws[i - 1]!.text, w.text)) : 0), 0);
  const before = line.slice(0, mark.index);
  const word = line[mark.index]!;
  const left = anchorFor(st.position, st.canvas, st.anchorY, st.column).x - (width(line) * unit) / 2;
  const offset = (width(before) + (before.length ? textWidth(joiner(before.at(-1)!.text, word.text)) : 0)) * unit;
  const size = emojiSize(st);
  const x = left + offset + (textWidth(word.text) * scale(word) * unit) / 2;
  const clampX = Math.min(st.canvas.width - SAFE.right / 2 - size / 2, Math.max(SAFE.left / 2 + size / 2, x));
  return { x: Math.round(clampX), y: Math.round(pageTop(page, st) - size / 2 - 8) };
}

/** The canvas band captions (and their emoji) take, top to bottom, over the pages shown. */
export function captionBand(sc: StyledCaptions, st: CaptionStyle): { top: number; bottom: number } | null {
  if (!sc.pages.length) return null;
  const lines = Math.max(...sc.pages.map((p) => p.lines.length));
  const half = (lines * st.fontSize * LINE_ADVANCE) / 2 + st.outline;
  const y = anchorFor(st.position, st.canvas, st.anchorY, st.column).y;
  return { top: y - half - (sc.emoji.length ? emojiSize(st) + 8 : 0), bottom: y + half };
}
