// The dashboard's caption preview (@katto/protocol previewCaptionPages) against the renderer: its
// sample's key-word ranks and emoji are what the renderer finds in the sentence, its layout widths
// are the default caption style's, and for every words_per_caption, caption_lines, emphasis and
// emoji it groups the sample into the same captions, with the same key word and emoji, as
// styleCaptions does for a clip.
import { ASPECTS, CAPTION_SAMPLE, clipFrame, PREVIEW_LAYOUT, PREVIEW_LAYOUTS, previewCaptionPages, type Style } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { emojiFor } from "../../src/captions/emoji.js";
import { keyRanks } from "../../src/captions/keywords.js";
import { layoutStyleFor, styleCaptions } from "../../src/captions/styled.js";
import { resolveCaptionStyle } from "../../src/captions/styles.js";

const words = CAPTION_SAMPLE.map((w, i) => ({ text: w.text, start: i * 0.4, end: i * 0.4 + 0.35 }));
const st = resolveCaptionStyle({})!;

describe("the dashboard's caption preview", () => {
  it("uses the renderer's key-word ranks and emoji for its sample sentence", () => {
    expect(CAPTION_SAMPLE.map((w) => w.rank)).toEqual(keyRanks(words));
    expect(CAPTION_SAMPLE.map((w) => w.emoji ?? null)).toEqual(words.map((w) => emojiFor(w.text)));
  });

  it("lays captions out in the default caption style's widths, for every shape the renderer's widths of that frame", () => {
    expect(PREVIEW_LAYOUT).toEqual({ maxChars: st.maxChars, maxCharsEmphasis: layoutStyleFor(st, { emphasis: "keywords" }).maxChars, maxLines: st.maxLines });
    for (const a of ASPECTS) {
      const shaped = resolveCaptionStyle({ canvas: clipFrame(a, "hd") })!;
      expect(PREVIEW_LAYOUTS[a], a).toEqual({ maxChars: shaped.maxChars, maxCharsEmphasis: layoutStyleFor(shaped, { emphasis: "keywords" }).maxChars, maxLines: shaped.maxLines });
    }
    // a 16:9 line holds more of the sentence than a 9:16 one
    const widest = (a: (typeof ASPECTS)[number]) => Math.max(...previewCaptionPages(CAPTION_SAMPLE, { caption_lines: 1, words_per_caption: 8 }, PREVIEW_LAYOUTS[a]).map((p) => p.lines[0]!.length));
    expect(widest("16:9")).toBeGreaterThan(widest("9:16"));
  });

  const styles: Style[] = [];
  for (const words_per_caption of [undefined, 1, 2, 3, 4, 5, 6, 7, 8])
    for (const caption_lines of [undefined, 1, 2] as const)
      for (const emphasis of [undefined, "keywords"] as const)
        for (const emoji of [undefined, true]) styles.push({ words_per_caption, caption_lines, emphasis, emoji });

  it(`groups, marks and places emoji as the renderer does, for all ${styles.length} combinations of the style's caption fields, in the 9:16 and the 16:9 frame`, () => {
    for (const [aspect, shaped] of [["9:16", st], ["16:9", resolveCaptionStyle({ canvas: clipFrame("16:9", "hd") })!]] as const)
    for (const style of styles) {
      const sc = styleCaptions(words, shaped, style, 10);
      const rendered = sc.pages.map((p, pi) =>
        p.lines.map((line, li) => line.map((w, wi) => ({ text: w.text, key: w.emphasis === true, emoji: sc.emoji.find((e) => e.page === pi && e.line === li && e.index === wi)?.emoji ?? null }))),
      );
      expect(previewCaptionPages(CAPTION_SAMPLE, style, PREVIEW_LAYOUTS[aspect]).map((p) => p.lines), `${aspect} ${JSON.stringify(style)}`).toEqual(rendered);
    }
  });
});
