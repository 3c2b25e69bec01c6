// One caption truth: a clip that burns captions in ships an SRT (and so a timeline, and editor
// exports) holding exactly the pages it burns, cue for cue: the same words on the same lines, shown
// and gone at the same times, whether or not the style sets words_per_caption / caption_lines.
// The burned pages are read back from the ASS document the render draws (helpers/ass-pages.ts).
// Only a clip that burns no captions keeps the broadcast-width cues (42 characters, 2 lines).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ASPECTS, clipFrame, parseSrt as timelineCaptions, type Aspect, type CaptionStyleName, type Style } from "@katto/protocol";
import { clipCaptions, type ClipCaptionsInput } from "../../src/captions/clip-captions.js";
import type { CaptionWord } from "../../src/captions/clip-words.js";
import { buildSrt } from "../../src/captions/srt.js";
import { resolveCaptionStyle } from "../../src/captions/styles.js";
import { groupPhrases } from "../../src/captions/dub-plan.js";
import { timeTranslation } from "../../src/captions/translate.js";
import { titleLookStyle } from "../../src/editing/clip-plan.js";
import { drawnPages, pageAt } from "../helpers/ass-pages.js";
import { media, parseSrt } from "../helpers/media.js";

/** The MIT lecture's first 40 s as Whisper-medium timed its words (real speech, real pauses). */
function lectureWords(until: number): CaptionWord[] {
  const j = JSON.parse(readFileSync(media("speech/en/physicsworks_lecture/physicsworks.whisper_medium_words.silver.json"), "utf8")) as {
    segments: { words: { word: string; time_interval: { start: number; end: number } }[] }[];
  };
  return j.segments
    .flatMap((s) => s.words)
    .map((w) => ({ text: w.word.trim(), start: w.time_interval.start, end: w.time_interval.end }))
    .filter((w) => w.text && w.end <= until);
}

const DURATION = 40;
const WORDS = lectureWords(DURATION);

function captionsOf(o: { words?: readonly CaptionWord[]; caption: CaptionStyleName; aspect: Aspect; style: Style; translated?: ClipCaptionsInput["translated"] }) {
  const canvas = clipFrame(o.aspect, "hd");
  return clipCaptions({
    aspect: o.aspect,
    words: o.words ?? WORDS,
    durationS: DURATION,
    captionStyle: resolveCaptionStyle({ canvas, style: o.caption }),
    look: titleLookStyle(null, o.aspect),
    style: o.style,
    title: "Conservation of mechanical energy in a pendulum",
    layout: "wide",
    picture: { width: 1280, height: 720 },
    openingFaces: null,
    translated: o.translated,
  });
}

/** The SRT's cues and the pages the ASS draws are one list: same count, lines and times (ASS centiseconds against SRT milliseconds). */
function expectSamePages(srt: string, ass: string) {
  const cues = parseSrt(srt);
  const pages = drawnPages(ass);
  expect(pages.length).toBeGreaterThan(3);
  expect(cues.map((c) => c.lines)).toEqual(pages.map((p) => p.lines));
  cues.forEach((c, i) => {
    expect(Math.abs(c.start - pages[i]!.start), `cue ${i + 1} start`).toBeLessThanOrEqual(0.0055);
    expect(Math.abs(c.end - pages[i]!.end), `cue ${i + 1} end`).toBeLessThanOrEqual(0.0055);
  });
  // and so the timeline's captions (parsed from the SRT) at any moment are the page on screen
  const timeline = timelineCaptions(srt);
  for (let t = 0.05; t < DURATION; t += 0.5) {
    const shown = pageAt(pages, t);
    const said = pageAt(timeline, t);
    if (Math.abs((shown?.start ?? t) - t) < 0.01 || Math.abs((shown?.end ?? t) - t) < 0.01) continue; // on a page's edge, to rounding
    expect(said?.text ?? null, `at ${t.toFixed(2)} s`).toBe(shown ? shown.lines.join("\n") : null);
  }
}

describe("the SRT of a clip that burns captions in", () => {
  const cases: [CaptionStyleName, Aspect, Style][] = [];
  for (const caption of ["bold_pop", "karaoke", "boxed", "minimal"] as const) for (const aspect of ASPECTS) cases.push([caption, aspect, {}]);
  cases.push(["bold_pop", "9:16", { emphasis: "keywords", emoji: true, hook_title: true }]);
  cases.push(["karaoke", "16:9", { emphasis: "keywords", hook_title: true }]);
  cases.push(["boxed", "1:1", { caption_lines: 1 }]);
  cases.push(["bold_pop", "4:5", { words_per_caption: 3 }]);

  it.each(cases)("%s in %s with style %j: holds the burned pages, cue for cue (words, lines, times)", (caption, aspect, style) => {
    const c = captionsOf({ caption, aspect, style });
    expectSamePages(c.srt, c.ass!);
  });

  it("Chinese words (no spaces between them, the CJK font): the cues are the burned pages, joined as drawn", () => {
    const zh = "甚至 出现 交易 几乎 停滞 的 情况 ， 我们 今天 继续 讨论 这个 问题 ， 然后 看看 明天 的 计划 和 下周 的 安排".split(" ");
    const ws = [...zh, ...zh, ...zh].map((text, i) => ({ text, start: 0.2 + i * 0.45, end: 0.2 + i * 0.45 + 0.4 }));
    const c = captionsOf({ words: ws, caption: "bold_pop", aspect: "9:16", style: {} });
    expectSamePages(c.srt, c.ass!);
    expect(parseSrt(c.srt)[0]!.lines[0]).toMatch(/^甚至出现/);
  });

  it("is not the broadcast grouping the SRT had before: the default style's pages are smaller than 42-character cues", () => {
    const c = captionsOf({ caption: "bold_pop", aspect: "9:16", style: {} });
    const broadcast = parseSrt(buildSrt(WORDS, { durationS: DURATION }));
    expect(parseSrt(c.srt).length).toBeGreaterThan(broadcast.length);
    // every word once, in order, as in the broadcast cues
    const words = (cues: ReturnType<typeof parseSrt>) => cues.flatMap((q) => q.lines.join(" ").split(" "));
    expect(words(parseSrt(c.srt))).toEqual(words(broadcast));
  });

  it("translated captions (caption_language): the SRT holds the burned translated pages; the spoken-language SRT, burned nowhere, keeps broadcast cues", () => {
    const spoken = WORDS;
    const phrases = groupPhrases(spoken);
    // a stand-in translation of each phrase (the render's engines are tested in translate.test.ts): the same words, reversed
    const shown = timeTranslation(phrases, phrases.map((p) => p.text.split(" ").reverse().join(" ")), "es");
    const translated = { from: "en", to: "es", words: shown.map((w) => ({ word: w.text, start: w.start, end: w.end })) };
    const c = captionsOf({ caption: "bold_pop", aspect: "9:16", style: { caption_language: "es" }, translated });
    expectSamePages(c.srt, c.ass!);
    expect(c.srtOriginal).toBe(buildSrt(spoken, { durationS: DURATION }));
    // with a grouping set, the spoken-language SRT follows it too
    const grouped = captionsOf({ caption: "bold_pop", aspect: "9:16", style: { caption_language: "es", words_per_caption: 2 }, translated });
    expectSamePages(grouped.srt, grouped.ass!);
    for (const cue of parseSrt(grouped.srtOriginal!)) expect(cue.lines.join(" ").split(" ").length).toBeLessThanOrEqual(2);
  });
});

describe("the SRT of a clip that burns no captions (caption_style none)", () => {
  it("keeps the broadcast-width cues; a hook title alone burns no caption page", () => {
    const c = captionsOf({ caption: "none", aspect: "9:16", style: {} });
    expect(c.ass).toBeNull();
    expect(c.srt).toBe(buildSrt(WORDS, { durationS: DURATION }));
    const titled = captionsOf({ caption: "none", aspect: "16:9", style: { hook_title: true } });
    expect(drawnPages(titled.ass!)).toEqual([]);
    expect(drawnPages(titled.ass!, "Title")).toHaveLength(1);
    expect(titled.srt).toBe(buildSrt(WORDS, { durationS: DURATION }));
  });

  it("follows words_per_caption when the style sets it", () => {
    const c = captionsOf({ caption: "none", aspect: "9:16", style: { words_per_caption: 2 } });
    const cues = parseSrt(c.srt);
    for (const cue of cues) expect(cue.lines.join(" ").split(" ").length).toBeLessThanOrEqual(2);
    expect(cues.flatMap((q) => q.lines.join(" ").split(" "))).toEqual(WORDS.map((w) => w.text));
  });
});

