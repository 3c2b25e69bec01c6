// The dashboard's live caption preview (issue 26): how a creator style groups a sample sentence into
// captions, which word of each caption is drawn as a key word and where an emoji goes. The pages
// come from the renderer's own page breaking (./caption-layout.ts captionPageOptions and
// layoutPages, for the frame and font the preview stands for); the key word and emoji follow the
// renderer's rules (container/src/captions/styled.ts styleCaptions): one key word per page (rank 2
// or more, then the longer); an emoji on the key word or the page's best other content word that
// has one, never on two pages in a row. The key-word ranks and emoji of the sample are the
// renderer's own (container/test/captions/caption-preview.test.ts checks both, and that the pages
// match styleCaptions for every words_per_caption, caption_lines, emphasis and emoji).
//
// The dashboard serves this function's source to the browser (String(previewCaptionPages)) with
// the page breaking's (CAPTION_PREVIEW_FUNCTIONS), so it calls nothing but those.
import { captionLineChars, captionPageOptions, captionSafeArea, captionSafeChars, endsPhrase, endsSentence, layoutPages, lineWidth, splitLines, breakUnits, type CaptionFont } from "./caption-layout.js";
import type { Style } from "./style.js";
import { charWidth, cjkBreakUnits, isCjk, joiner, textWidth } from "./text-width.js";
import { ASPECTS, clipFrame, DEFAULT_ASPECT, type Aspect } from "./vocabularies.js";

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
 * The frame and font the preview stands for: the default caption style (bold_pop, 80 px, the
 * spoken word at 112 %, a key word at 125 %) on the 9:16 HD frame.
 */
export const PREVIEW_LAYOUT: CaptionFont = { frame: clipFrame(DEFAULT_ASPECT, "hd"), fontSize: 80, popScale: 112, emphasisScale: 125, maxLines: 2 };

/**
 * The preview of each clip shape: the same font on that shape's HD frame, so lines break by its
 * width as the renderer's do (1:1 and 4:5 are 1080 wide like 9:16; 16:9's 1920 holds longer
 * lines). container/test/captions/caption-preview.test.ts checks each against the renderer.
 */
export const PREVIEW_LAYOUTS = Object.fromEntries(ASPECTS.map((a) => [a, { ...PREVIEW_LAYOUT, frame: clipFrame(a, "hd") }])) as Record<Aspect, CaptionFont>;

/** The preview of a clip of shape `aspect` (9:16 when absent). */
export const previewLayout = (aspect: Aspect | null | undefined): CaptionFont => PREVIEW_LAYOUTS[aspect ?? DEFAULT_ASPECT];

/** The functions previewCaptionPages calls, served to the browser beside it (src/dashboard/assets.ts). */
export const CAPTION_PREVIEW_FUNCTIONS = [charWidth, textWidth, isCjk, cjkBreakUnits, joiner, captionSafeArea, captionSafeChars, captionLineChars, captionPageOptions, lineWidth, endsSentence, endsPhrase, splitLines, breakUnits, layoutPages] as const;

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

export function previewCaptionPages(words: readonly PreviewWord[], style: Style, layout: CaptionFont): PreviewPage[] {
  const STEP = 0.4, DUR = 0.35, HOLD = 0.35;
  const emphasis = style.emphasis === "keywords";
  const ws = words.map((w, i) => ({ ...w, i, start: i * STEP, end: i * STEP + DUR }));
  type W = (typeof ws)[number];
  const pages = layoutPages(ws, captionPageOptions(layout, style));
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
