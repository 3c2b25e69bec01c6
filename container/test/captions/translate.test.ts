import { CLIP_FRAMES } from "@katto/protocol";
// Pure parts of caption_language (issue 26): translated phrases spread over the time their original
// phrases are spoken, key words on translated captions, and the two SRT files a translated clip has.
import { describe, expect, it } from "vitest";
import { clipCaptions } from "../../src/captions/clip-captions.js";
import { timeTranslation, translateCaptions, translatedRanks, unsupportedPairMessage } from "../../src/captions/translate.js";
import { resolveCaptionStyle } from "../../src/captions/styles.js";
import { titleLookStyle } from "../../src/editing/clip-plan.js";
import { loadConfig } from "../../src/runtime/config.js";
import { createTranslator } from "../../src/engines/translate/index.js";
import { groupPhrases } from "../../src/captions/dub-plan.js";
import { words } from "../helpers/words.js";

const signal = new AbortController().signal;

describe("timeTranslation", () => {
  it("spreads each translated phrase over its original phrase's spoken span, in order, leaving the pause between phrases empty", () => {
    // two phrases: a sentence end and a 1.2 s pause between them
    const spoken = [...words("We shipped Python today.", 0, 0.4, 0.35), ...words("It was fast", 2.8, 0.4, 0.35)];
    const phrases = groupPhrases(spoken);
    expect(phrases.map((p) => [p.start, p.end].map((t) => Math.round(t * 1000) / 1000))).toEqual([[0, 1.55], [2.8, 3.95]]);
    const shown = timeTranslation(phrases, ["Hoy publicamos Python.", "Fue rápido"], "es");
    expect(shown.map((w) => w.text)).toEqual(["Hoy", "publicamos", "Python.", "Fue", "rápido"]);
    expect(shown[0]!.start).toBeCloseTo(0, 3);
    expect(shown[2]!.end).toBeCloseTo(1.55, 3);
    expect(shown[3]!.start).toBeCloseTo(2.8, 3);
    expect(shown[4]!.end).toBeCloseTo(3.95, 3);
    for (let i = 1; i < shown.length; i++) expect(shown[i]!.start).toBeGreaterThanOrEqual(shown[i - 1]!.end - 1e-9);
    // a longer word gets more time
    expect(shown[1]!.end - shown[1]!.start).toBeGreaterThan(shown[0]!.end - shown[0]!.start);
  });

  it("splits Japanese and Chinese into word segments, as the dub's captions do", () => {
    const shown = timeTranslation([{ start: 1, end: 3, text: "x" }], ["今日は晴れです"], "ja");
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.map((w) => w.text).join("")).toBe("今日は晴れです");
  });
});

describe("translatedRanks", () => {
  it("into English ranks the translated words with the NLP; into another language only words carried over verbatim keep their rank", () => {
    const spoken = words("Apple sold 2000 phones in Madrid");
    expect(translatedRanks([], words("Apple sold 2000 phones in Madrid"), "en").filter((r) => r >= 2).length).toBeGreaterThan(0);
    const es = words("Apple vendió 2000 teléfonos en Madrid");
    const ranks = translatedRanks(spoken, es, "es");
    expect(ranks[0]).toBe(3); // Apple
    expect(ranks[2]).toBe(3); // 2000
    expect(ranks[5]).toBe(3); // Madrid
    expect(ranks[1]).toBe(0); // vendió: the English model cannot read it
    expect(ranks[3]).toBe(0);
  });
});

describe("clipCaptions with translated captions", () => {
  const spoken = words("Apple sold two thousand phones in Madrid last week", 0, 0.3, 0.28);
  const base = {
    durationS: 3.5,
    captionStyle: resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, style: "minimal" }),
    look: titleLookStyle(null, "9:16"),
    title: "Apple sells phones",
    layout: "wide" as const,
    picture: { width: 1280, height: 720 },
    openingFaces: null,
  };
  const translated = {
    from: "en",
    to: "es",
    words: timeTranslation(groupPhrases(spoken), ["Apple vendió dos mil teléfonos en Madrid la semana pasada"], "es").map((w) => ({ word: w.text, start: w.start, end: w.end })),
    title: "Apple vende teléfonos",
  };

  it("burns and writes the translated words, grouped by words_per_caption, and writes the spoken words as the second SRT", () => {
    const c = clipCaptions({ aspect: "9:16", ...base, words: spoken, style: { words_per_caption: 3, caption_language: "es" }, translated });
    expect(c.ass).toContain("vendió");
    expect(c.ass).not.toContain("sold");
    expect(c.srt).toContain("teléfonos");
    expect(c.srtOriginal).toContain("phones");
    for (const srt of [c.srt, c.srtOriginal!]) {
      const cues = srt.trim().split(/\n\n+/).map((b) => b.split("\n").slice(2).join(" "));
      for (const cue of cues) expect(cue.split(" ").length).toBeLessThanOrEqual(3);
    }
  });

  it("marks only verbatim key words on translated captions, and shows the hook title translated", () => {
    const c = clipCaptions({ aspect: "9:16", ...base, words: spoken, style: { emphasis: "keywords", hook_title: true, caption_language: "es" }, translated });
    const marked = c.edits.emphasis.map((e) => e.word);
    expect(marked.length).toBeGreaterThan(0);
    for (const w of marked) expect(["Apple", "Madrid"]).toContain(w);
    expect(c.edits.title_card?.text).toBe("Apple vende teléfonos");
  });

  it("without a translation there is no second SRT", () => {
    expect(clipCaptions({ aspect: "9:16", ...base, words: spoken, style: {} }).srtOriginal).toBeNull();
  });
});

describe("translateCaptions", () => {
  const translator = createTranslator(loadConfig({}).dub.translator);

  it("translates nothing when the clip is already spoken in the caption language", async () => {
    expect(await translateCaptions({ words: words("the economy is getting stronger every single day for families"), to: "en", translator, signal })).toBeNull();
  });

  it("refuses a pair no engine covers, saying what to configure", async () => {
    await expect(translateCaptions({ words: words("the economy is getting stronger every single day for families"), to: "zh", translator, signal })).rejects.toThrow(
      unsupportedPairMessage("en", "zh", "apertium"),
    );
    expect(unsupportedPairMessage("en", "zh", "apertium")).toMatch(/Chinese \(caption_language zh\).*English to Chinese.*KATTO_TRANSLATOR/);
  });
});
