import { CLIP_FRAMES } from "@katto/protocol";
// The dashboard's caption preview (@katto/protocol previewCaptionPages) against the renderer: its
// sample's key-word ranks and emoji are what the renderer finds in the sentence, its layout widths
// are the default caption style's, and for every words_per_caption, caption_lines, emphasis and
// emoji it groups the sample into the same captions, with the same key word and emoji, as
// styleCaptions does for a clip.
import { ASPECTS, CAPTION_SAMPLE, clipFrame, PREVIEW_LAYOUT, PREVIEW_LAYOUTS, previewCaptionPages, type Style } from "@katto/protocol";
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { emojiFor } from "../../src/captions/emoji.js";
import { keyRanks } from "../../src/captions/keywords.js";
import { layoutStyleFor, styleCaptions } from "../../src/captions/styled.js";
import { resolveCaptionStyle } from "../../src/captions/styles.js";
import { EMPHASIS_SCALE } from "../../src/captions/ass.js";

const words = CAPTION_SAMPLE.map((w, i) => ({ text: w.text, start: i * 0.4, end: i * 0.4 + 0.35 }));
const st = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd,})!;

describe("the dashboard's caption preview", () => {
  it("uses the renderer's key-word ranks and emoji for its sample sentence", () => {
    expect(CAPTION_SAMPLE.map((w) => w.rank)).toEqual(keyRanks(words));
    expect(CAPTION_SAMPLE.map((w) => w.emoji ?? null)).toEqual(words.map((w) => emojiFor(w.text)));
  });

  it("lays captions out for the default caption style's frame and font, and each shape on its own HD frame", () => {
    expect(PREVIEW_LAYOUT).toEqual({ frame: { width: st.canvas.width, height: st.canvas.height }, fontSize: st.fontSize, popScale: st.popScale, emphasisScale: EMPHASIS_SCALE, maxLines: st.maxLines });
    expect([18, 17]).toEqual([layoutStyleFor(st, {}).maxChars, layoutStyleFor(st, { emphasis: "keywords" }).maxChars]);
    for (const a of ASPECTS) {
      const shaped = resolveCaptionStyle({ canvas: clipFrame(a, "hd") })!;
      expect(PREVIEW_LAYOUTS[a], a).toEqual({ ...PREVIEW_LAYOUT, frame: { width: shaped.canvas.width, height: shaped.canvas.height } });
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

  it("lays out for the frame it is given: on a 16:9 frame, as the renderer does on that frame", () => {
    const wide = resolveCaptionStyle({ canvas: clipFrame("16:9", "hd") })!;
    const long = [...CAPTION_SAMPLE, ...CAPTION_SAMPLE.map((w) => ({ ...w, text: w.text.replace(".", ",") }))];
    const timed = long.map((w, i) => ({ text: w.text, start: i * 0.4, end: i * 0.4 + 0.35 }));
    const layout = { ...PREVIEW_LAYOUT, frame: wide.canvas };
    const shown = previewCaptionPages(long, {}, layout).map((p) => p.lines.map((l) => l.map((x) => x.text)));
    expect(shown).toEqual(styleCaptions(timed, wide, {}, 20).pages.map((p) => p.lines.map((l) => l.map((x) => x.text))));
    expect(shown).not.toEqual(previewCaptionPages(long, {}, PREVIEW_LAYOUT).map((p) => p.lines.map((l) => l.map((x) => x.text))));
  });

  it("runs from the sources the dashboard serves, with nothing else in scope", async () => {
    // bundled as the Worker is (esbuild), where the functions call each other by their names
    const out = await build({ entryPoints: [fileURLToPath(new URL("../../../protocol/src/caption-preview.ts", import.meta.url))], bundle: true, write: false, format: "iife", globalName: "P" });
    const bundled = new Function(`${out.outputFiles[0]!.text}; return P;`)() as { CAPTION_PREVIEW_FUNCTIONS: Function[]; previewCaptionPages: Function };
    const source = `${bundled.CAPTION_PREVIEW_FUNCTIONS.map(String).join("\n")}\nreturn (${bundled.previewCaptionPages.toString()})(words, style, layout);`;
    const run = new Function("words", "style", "layout", source) as typeof previewCaptionPages;
    const style: Style = { emphasis: "keywords", emoji: true, words_per_caption: 4 };
    expect(run(CAPTION_SAMPLE, style, PREVIEW_LAYOUT)).toEqual(previewCaptionPages(CAPTION_SAMPLE, style, PREVIEW_LAYOUT));
  });
});
