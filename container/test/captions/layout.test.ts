import { describe, expect, it } from "vitest";
import { wordsForClip } from "../../src/captions/clip-words.js";
import { joinWords, layoutPages, lineWidth, splitLines, textWidth } from "@katto/protocol";
import type { CaptionWord } from "../../src/captions/clip-words.js";
import { words } from "../helpers/words.js";

const opts = { maxChars: 20, maxLines: 2, maxGapS: 0.8, maxPageS: 4 };
const text = (lines: CaptionWord[][]) => lines.map((l) => joinWords(l.map((w) => w.text)));

describe("text width", () => {
  it("counts CJK and emoji double, combining marks zero", () => {
    expect(textWidth("hello")).toBe(5);
    expect(textWidth("你好")).toBe(4);
    expect(textWidth("ｗ")).toBe(2);
    expect(textWidth("e\u0301")).toBe(1);
    expect(textWidth("🔥")).toBe(2);
    expect(joinWords(["你", "好", "world"])).toBe("你好 world");
  });
});

describe("clip words", () => {
  it("shifts to clip time, clamps into the clip, drops outside and slivers", () => {
    const src = [
      { word: "before", start: 1, end: 1.5 },
      { word: "edge", start: 9.8, end: 10.4 },
      { word: "in", start: 11, end: 11.3 },
      { word: "sliver", start: 14.98, end: 15.5 },
      { word: "after", start: 16, end: 16.5 },
      { word: " multi\nline ", start: 12, end: 12.5 },
    ];
    const w = wordsForClip(src, 10, 15);
    expect(w.map((x) => x.text)).toEqual(["edge", "in", "multi line"]);
    expect(w[0]).toEqual({ text: "edge", start: 0, end: expect.closeTo(0.4, 6) });
    for (const x of w) {
      expect(x.start).toBeGreaterThanOrEqual(0);
      expect(x.end).toBeLessThanOrEqual(5);
      expect(x.end).toBeGreaterThan(x.start);
    }
  });
  it("removes overlaps between neighbouring words", () => {
    const w = wordsForClip([{ word: "a", start: 0, end: 1 }, { word: "b", start: 0.5, end: 1.2 }], 0, 5);
    expect(w[0]!.end).toBeLessThanOrEqual(w[1]!.start);
  });
});

describe("line splitting", () => {
  it("keeps short text on one line", () => {
    expect(text(splitLines(words("hello there"), 20, 2)!)).toEqual(["hello there"]);
  });
  it("balances two lines and never exceeds maxChars", () => {
    const lines = splitLines(words("the quick brown fox jumps over"), 20, 2)!;
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(lineWidth(l)).toBeLessThanOrEqual(20);
    expect(text(lines)).toEqual(["the quick brown", "fox jumps over"]);
  });
  it("prefers to break after punctuation", () => {
    expect(text(splitLines(words("we came here, and we stayed"), 20, 2)!)).toEqual(["we came here,", "and we stayed"]);
  });
  it("returns null when nothing fits", () => {
    expect(splitLines(words("aaaaaaaaaa bbbbbbbbbb cccccccccc"), 20, 2)).toBeNull();
  });
});

describe("pages", () => {
  it("every word appears once, in order, pages never exceed the limits", () => {
    const w = words("so this is a fairly long sentence that keeps going and going without any punctuation at all until the very end of it");
    const pages = layoutPages(w, opts);
    expect(pages.flatMap((p) => p.lines.flat())).toEqual(w);
    for (const p of pages) {
      expect(p.lines.length).toBeLessThanOrEqual(2);
      for (const l of p.lines) expect(lineWidth(l)).toBeLessThanOrEqual(20);
      expect(p.end - p.start).toBeLessThanOrEqual(4 + 0.4);
    }
  });
  it("a sentence end starts a new page", () => {
    const pages = layoutPages(words("Hi there. How are you?"), opts);
    expect(pages.map((p) => text(p.lines).join(" "))).toEqual(["Hi there.", "How are you?"]);
  });
  it("a pause starts a new page", () => {
    const w = [...words("one two", 0), ...words("three four", 3)];
    expect(layoutPages(w, opts).map((p) => p.lines.flat().length)).toEqual([2, 2]);
  });
  it("a long single word gets its own line", () => {
    const pages = layoutPages(words("supercalifragilisticexpialidocious yes"), opts);
    expect(pages.flatMap((p) => p.lines.flat()).map((w) => w.text)).toEqual(["supercalifragilisticexpialidocious", "yes"]);
  });
  it("CJK words join without spaces and wrap by width", () => {
    const w = "我们 今天 讨论 一个 非常 重要 的 问题 关于 未来 的 城市".split(" ").map((t, i) => ({ text: t, start: i * 0.3, end: i * 0.3 + 0.25 }));
    const pages = layoutPages(w, opts);
    expect(pages.flatMap((p) => p.lines).length).toBeGreaterThan(1);
    for (const p of pages) for (const l of p.lines) expect(lineWidth(l)).toBeLessThanOrEqual(20);
    expect(text(pages[0]!.lines)[0]).not.toContain(" ");
  });
});
