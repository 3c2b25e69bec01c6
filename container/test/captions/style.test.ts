import { ASPECTS, clipFrame } from "@katto/protocol";
import { titleLookStyle } from "../../src/editing/clip-plan.js";
import { CLIP_FRAMES } from "@katto/protocol";
// The pure parts of creator styles (issue 26): key words, the emoji that fits a word, caption pages
// of a style (burned-in and SRT), where a hook title goes, and the overlay graph.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clipCaptions } from "../../src/captions/clip-captions.js";
import type { CaptionWord } from "../../src/captions/clip-words.js";
import { emojiFor, emojiImage, emojiIndex, twemojiName } from "../../src/captions/emoji.js";
import { keyRanks } from "../../src/captions/keywords.js";
import { styleCaptions } from "../../src/captions/styled.js";
import { captionSafeChars, lineWidth } from "@katto/protocol";
import { resolveCaptionStyle } from "../../src/captions/styles.js";
const CANVAS = CLIP_FRAMES.hd;
import { contrast, titleHeight, titleLook } from "../../src/captions/title-card.js";
import { faceBands, openingFaces, placeTitle } from "../../src/captions/title-place.js";
import { overlayChain, renderArgs } from "../../src/rendering/render-args.js";
import type { RenderSpec } from "../../src/rendering/render-spec.js";
import { media, parseSrt } from "../helpers/media.js";
import { words } from "../helpers/words.js";

const ST = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd })!;
const ranksOf = (text: string) => {
  const ws = words(text);
  const r = keyRanks(ws);
  return Object.fromEntries(ws.map((w, i) => [w.text, r[i]]));
};

/** GRID's gold word alignment of id2_vcd_swwp2s (real speech, real times), silences left out. */
function gridWords(): CaptionWord[] {
  return readFileSync(media("video_talking/grid/id2_vcd_swwp2s.words.tsv"), "utf8")
    .split(/\r?\n/)
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("\t"))
    .filter(([, , w]) => w !== "sil")
    .map(([s, e, w]) => ({ text: w!, start: Number(s), end: Number(e) }));
}
/** A longer run of speech: the same sentence said four times over 12 s. */
const SPEECH = words("we spent 40 million dollars in Chicago to build the amazing rocket that will destroy every record on the planet and make families happy", 0.1, 0.42, 0.38);

describe("key words", () => {
  it("ranks numbers and named things first, strong verbs and adjectives next, and nothing weak", () => {
    const r = ranksOf("Obama visited Chicago in 2015 and spent 40 million dollars to crush the amazing competition but it was good");
    expect(r).toMatchObject({ Obama: 3, Chicago: 3, "2015": 3, "40": 3, million: 3, visited: 2, crush: 2, amazing: 2, dollars: 1 });
    for (const w of ["in", "and", "to", "the", "but", "it", "was", "good"]) expect(r[w]).toBe(0);
  });

  it("gives one rank per word, also for words the tagger splits, and none for no words", () => {
    const ws = words("don't stop believing now");
    expect(keyRanks(ws)).toHaveLength(4);
    expect(keyRanks([])).toEqual([]);
  });
});

describe("emoji", () => {
  it("fits a word to the emoji it names, then one whose name holds it, then one listing it early; never by spelling", () => {
    const table = { "🅰️": ["a_button", "red", "letter"], "🔥": ["fire", "hot", "flame"], "💓": ["beating_heart", "love", "heart"], "😍": ["smiling_face_with_heart_eyes", "face", "love", "like", "crush", "heart"] };
    const idx = emojiIndex(table);
    expect(idx.get("fire")).toBe("🔥");
    expect(idx.get("heart")).toBe("💓");
    expect(idx.get("love")).toBe("💓");
    expect(idx.has("letter")).toBe(false);
    // "crush" is 5th in 😍's list and not in its name: too far to fit its meaning
    expect(idx.has("crush")).toBe(false);
  });

  it("names Twemoji's files by code point, without FE0F outside ZWJ sequences", () => {
    expect(twemojiName("🔥")).toBe("1f525");
    expect(twemojiName("❤️")).toBe("2764");
    expect(twemojiName("👁️‍🗨️")).toBe("1f441-fe0f-200d-1f5e8-fe0f");
  });

  it("finds a drawable emoji for content words from the shipped library, none for numbers and small words", () => {
    expect(emojiFor("fire")).toBe("🔥");
    expect(emojiFor("Rockets,")).toBe("🚀");
    for (const w of ["the", "100", "2", "of"]) expect(emojiFor(w)).toBeNull();
    expect(emojiImage("🔥")).toMatch(/@twemoji\/svg\/1f525\.svg$/);
    expect(readFileSync(emojiImage("🚀")!, "utf8")).toContain("<svg");
  });
});

describe("caption pages of a style", () => {
  it.each([1, 2, 3, 5, 8])("%i words per caption: every page and every SRT cue holds at most that many, every word once and in order", (n) => {
    for (const ws of [gridWords(), SPEECH]) {
      const dur = ws.at(-1)!.end + 0.5;
      const { pages } = styleCaptions(ws, ST, { words_per_caption: n }, dur);
      for (const p of pages) expect(p.lines.flat().length).toBeLessThanOrEqual(n);
      expect(pages.flatMap((p) => p.lines.flat().map((w) => w.text))).toEqual(ws.map((w) => w.text));
      const cues = parseSrt(clipCaptions({ aspect: "9:16", words: ws, durationS: dur, captionStyle: ST, look: ST, style: { words_per_caption: n }, title: null, layout: "center_crop", picture: { width: 1280, height: 720 }, openingFaces: null }).srt);
      expect(cues.length).toBe(pages.length);
      for (const c of cues) expect(c.lines.join(" ").split(" ").length).toBeLessThanOrEqual(n);
      expect(cues.flatMap((c) => c.lines.join(" ").split(" "))).toEqual(ws.map((w) => w.text));
    }
  });

  it("one caption line when caption_lines is 1", () => {
    const { pages } = styleCaptions(SPEECH, ST, { caption_lines: 1, words_per_caption: 6 }, 13);
    for (const p of pages) expect(p.lines).toHaveLength(1);
  });

  it("emphasises at most one key word per page, and only key words", () => {
    const { pages } = styleCaptions(SPEECH, ST, { emphasis: "keywords", words_per_caption: 4 }, 13);
    const marked = pages.map((p) => p.lines.flat().filter((w) => w.emphasis).map((w) => w.text));
    for (const m of marked) expect(m.length).toBeLessThanOrEqual(1);
    const all = marked.flat();
    expect(all).toEqual(expect.arrayContaining(["Chicago", "amazing"]));
    for (const w of ["we", "the", "to", "in", "and", "on"]) expect(all).not.toContain(w);
    expect(styleCaptions(SPEECH, ST, { words_per_caption: 4 }, 13).pages.flat().some((p) => p.lines.flat().some((w) => w.emphasis))).toBe(false);
  });

  it("puts at most one emoji on a page, never on two pages in a row, over a word of its page", () => {
    const sc = styleCaptions(SPEECH, ST, { emoji: true, emphasis: "keywords", words_per_caption: 2 }, 13);
    expect(sc.emoji.length).toBeGreaterThan(1);
    for (let i = 1; i < sc.emoji.length; i++) expect(sc.emoji[i]!.page - sc.emoji[i - 1]!.page).toBeGreaterThanOrEqual(2);
    for (const e of sc.emoji) {
      const page = sc.pages[e.page]!;
      expect(page.lines[e.line]![e.index]!.text).toBe(e.word);
      expect(e.start).toBe(page.start);
      expect(e.end).toBeGreaterThan(e.start);
    }
  });

  it("records nothing but the title for a clip without captions, and nothing at all for an empty style", () => {
    const base = { words: SPEECH, durationS: 13, look: ST, layout: "center_crop" as const, picture: { width: 1280, height: 720 }, openingFaces: null };
    const none = clipCaptions({ aspect: "9:16", ...base, captionStyle: null, title: "A rocket for Chicago", style: { emphasis: "keywords", emoji: true, hook_title: true } });
    expect(none.edits).toEqual({ emphasis: [], emoji: [], zooms: [], cuts: [], broll: [], title_card: { text: "A rocket for Chicago", start: 0, end: 2.5 } });
    expect(none.emoji).toEqual([]);
    expect(none.ass).toContain(",Title,,");
    const plain = clipCaptions({ aspect: "9:16", ...base, captionStyle: ST, title: "A rocket", style: {} });
    expect(plain.edits).toEqual({ emphasis: [], emoji: [], zooms: [], cuts: [], broll: [], title_card: null });
    expect(plain.ass).not.toContain("Title");
  });
});

describe("hook title", () => {
  it("reads in the kit's colours: the accent box, the text colour when it contrasts, else black or white", () => {
    expect(titleLook("How to win", resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, accentColor: "#1A237E", primaryColor: "#FFFFFF" })!)).toMatchObject({ box: "#1A237E", text: "#FFFFFF", lines: ["How to win"] });
    expect(titleLook("How to win", resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, accentColor: "#FFE000", primaryColor: "#FFFFFF" })!).text).toBe("#000000");
    expect(contrast("#000000", "#FFFFFF")).toBeCloseTo(21, 0);
    const long = titleLook("Why the period of a pendulum does not depend on the mass at the end of it", ST);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    expect(long.lines.join(" ")).toBe("Why the period of a pendulum does not depend on the mass at the end of it");
  });

  it("never runs off the frame: a headline too long for three balanced lines fills three lines within the width, the last ending in …", () => {
    // a headline from a real offline transcript of a lecture, which was drawn as one line wider than the frame
    for (const headline of ["It go you slice it there by converting gravitational potential energy", "word ".repeat(80).trim()]) {
      const t = titleLook(headline, ST);
      expect(t.lines.length, headline).toBeLessThanOrEqual(3);
      for (const line of t.lines) expect(lineWidth(line.split(" ").map((text) => ({ text, start: 0, end: 0 }))), line).toBeLessThanOrEqual(captionSafeChars(t.fontSize, CANVAS));
      expect(headline.startsWith(t.lines.join(" ").replace(/…$/, ""))).toBe(true);
    }
    expect(titleLook("word ".repeat(80).trim(), ST).lines[2]).toMatch(/…$/);
  });

  it("maps the faces of a crop into the canvas, and stays above or below them", () => {
    // a 1280x720 source cropped to 9:16 keeps the full height: y maps by 1920/720
    const [band] = faceBands("center_crop", { width: 1280, height: 720 }, { x: 500, y: 90, w: 200, h: 270 }, null, CANVAS);
    expect(band!.top).toBeCloseTo(240);
    expect(band!.bottom).toBeCloseTo(960);
    const y = placeTitle(200, [band!], CANVAS.height, []);
    expect(y + 100 <= band!.top || y - 100 >= band!.bottom).toBe(true);
    // a face low in the frame: the title goes to the top
    expect(placeTitle(200, [{ top: 900, bottom: 1500 }], CANVAS.height, [])).toBeLessThan(400);
  });

  it("wide letterboxes the picture; panel layouts keep clear of each cell's middle; with nowhere clear it overlaps least", () => {
    const [wide] = faceBands("wide", { width: 1920, height: 1080 }, { x: 800, y: 0, w: 300, h: 1080 }, null, CANVAS);
    expect(wide!.top).toBeCloseTo((1920 - 1080 * (1080 / 1920)) / 2);
    const cells = faceBands("split_screen", { width: 1920, height: 1080 }, null, null, CANVAS);
    expect(cells).toHaveLength(2);
    const y = placeTitle(150, cells, CANVAS.height, []);
    for (const c of cells) expect(y + 75 <= c.top || y - 75 >= c.bottom).toBe(true);
    const everywhere = placeTitle(300, [{ top: 0, bottom: 1920 }], CANVAS.height, []);
    expect(everywhere).toBeGreaterThan(0);
  });

  it("never puts the title card under the captions, in every shape, even where a face leaves no room clear (issue 41)", () => {
    for (const aspect of ASPECTS) {
      const canvas = clipFrame(aspect, "hd");
      const look = titleLook("Why the quiet habits of successful people matter", titleLookStyle(null, aspect));
      const h = titleHeight(look);
      // a talking head filling the picture kept whole (a 16:9 recording in a 16:9 clip), the captions at the bottom
      const faces = faceBands("passthrough", { width: 1920, height: 1080 }, { x: 700, y: 60, w: 520, h: 900 }, null, canvas);
      const captions = { top: 0.7 * canvas.height - 90, bottom: 0.7 * canvas.height + 90 };
      const y = placeTitle(h, faces, canvas.height, [captions]);
      const box = { top: y - h / 2, bottom: y + h / 2 };
      expect(box.bottom <= captions.top || box.top >= captions.bottom, `${aspect}: title ${box.top}-${box.bottom}, captions ${captions.top}-${captions.bottom}`).toBe(true);
    }
  });

  it("takes the union of the faces sampled over the clip's first seconds", () => {
    const samples = [
      { t: 10.2, faces: [{ x: 10, y: 20, w: 30, h: 40 }] },
      { t: 12, faces: [{ x: 50, y: 10, w: 30, h: 40 }] },
      { t: 20, faces: [{ x: 500, y: 500, w: 30, h: 40 }] },
    ];
    expect(openingFaces(samples, 10)).toEqual({ x: 10, y: 10, w: 70, h: 50 });
    expect(openingFaces([{ t: 30, faces: [] }], 10)).toBeNull();
  });
});

describe("emoji overlays in the render graph", () => {
  const spec: RenderSpec = {
    aspect: "9:16",
    input: "in.mp4", output: "out.mp4", start: 1, duration: 3, source: { width: 1280, height: 720, fps: 30, hasAudio: true },
    layout: "center_crop", width: 540, height: 960, quality: "preview", assPath: "/tmp/c.ass",
    overlays: [{ path: "/e/1f525.svg", x: 200, y: 500, size: 52, start: 0.5, end: 1.25 }],
  };

  it("adds each image as an input drawn at its size, overlaid between its times after the captions", () => {
    const args = renderArgs(spec);
    const at = args.indexOf("/e/1f525.svg");
    expect(args.slice(at - 5, at + 1)).toEqual(["-width", "52", "-height", "52", "-i", "/e/1f525.svg"]);
    const graph = args[args.indexOf("-filter_complex") + 1]!;
    expect(graph).toContain("ass=filename=/tmp/c.ass[o0];[o0][1:v:0]overlay=x=200:y=500:enable='between(t,0.5,1.25)':eof_action=repeat:format=yuv420[o1];[o1]format=yuv420p[v]");
  });

  it("leaves the graph as it was without overlays", () => {
    expect(overlayChain("[framed]fps=30", [], [])).toBe("[framed]fps=30,format=yuv420p[v]");
  });
});
