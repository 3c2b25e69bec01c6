import { CLIP_FRAMES } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { assColor, assTime, buildAss, emphasisColor, escapeAssText, KEY_WORD_COLORS, pageText } from "../../src/captions/ass.js";
import { resolveCaptionStyle, SAFE, type CaptionStyleName } from "../../src/captions/styles.js";
import { textWidth } from "@katto/protocol";
import { words } from "../helpers/words.js";

const SPEECH =
  "So here is the thing, nobody tells you about starting a company. You will fail a lot, and that is fine. What matters is how fast you learn from it and come back stronger.";
const W = words(SPEECH, 0.5, 0.38, 0.33);
const DUR = 0.5 + W.length * 0.38 + 0.2;

interface Ev { start: number; end: number; text: string }
const toS = (t: string) => {
  const [h, m, s] = t.split(":");
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};
function events(doc: string): Ev[] {
  return doc
    .split("\n")
    .filter((l) => l.startsWith("Dialogue:"))
    .map((l) => {
      const parts = l.slice("Dialogue: ".length).split(",");
      return { start: toS(parts[1]!), end: toS(parts[2]!), text: parts.slice(9).join(",") };
    });
}
/** Visible text: override blocks removed, escapes resolved. */
const plain = (t: string) => t.replace(/(?<!\\)\{[^}]*\}/g, "").replace(/\\([{}])/g, "$1").replace(/\u200b/g, "");

const style = (name: CaptionStyleName, o = {}) => resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, style: name, ...o })!;

describe("ASS basics", () => {
  it("formats times as H:MM:SS.cc and colours as &HAABBGGRR", () => {
    expect(assTime(0)).toBe("0:00:00.00");
    expect(assTime(61.239)).toBe("0:01:01.24");
    expect(assTime(3600 + 2.5)).toBe("1:00:02.50");
    expect(assTime(-3)).toBe("0:00:00.00");
    expect(assColor("#FFE000")).toBe("&H0000E0FF");
    expect(assColor("#112233", 0x80)).toBe("&H80332211");
    expect(() => assColor("red")).toThrow();
  });

  it("escapes braces, backslashes and newlines", () => {
    expect(escapeAssText("{\\b1}x")).toBe("\\{\\\u200bb1\\}x");
    expect(escapeAssText("a\\Nb")).toBe("a\\\u200bNb");
    expect(escapeAssText("a\nb")).toBe("a b");
  });

  it("header: 1080x1920 canvas, no automatic wrapping, the chosen font and colours", () => {
    const doc = buildAss(W, style("bold_pop", { font: "Noto Sans", primaryColor: "#FAFAFA", accentColor: "#00FF00" }), { durationS: DUR });
    expect(doc).toContain("PlayResX: 1080\nPlayResY: 1920");
    expect(doc).toContain("WrapStyle: 2");
    const styleLine = doc.split("\n").find((l) => l.startsWith("Style: "))!;
    expect(styleLine.split(",")[1]).toBe("Noto Sans");
    expect(styleLine).toContain("&H00FAFAFA");
    expect(doc).toContain("\\c&H0000FF00"); // accent used for the active word
  });
});

describe("bold_pop (default)", () => {
  const st = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd })!;
  const evs = events(buildAss(W, st, { durationS: DUR }));

  it("is the default style", () => expect(st.name).toBe("bold_pop"));
  it("max chars per line is within 18-22", () => {
    expect(st.maxChars).toBeGreaterThanOrEqual(18);
    expect(st.maxChars).toBeLessThanOrEqual(22);
  });

  it("one event per word, each highlighting exactly that word, scaled and coloured", () => {
    expect(evs).toHaveLength(W.length);
    evs.forEach((e, i) => {
      const hi = [...e.text.matchAll(/\{\\c&H0000E0FF&?\\fscx112\\fscy112\}([^{]*)\{/g)];
      expect(hi).toHaveLength(1);
      expect(hi[0]![1]).toBe(W[i]!.text);
    });
  });

  it("events are in order, do not overlap, stay inside the clip", () => {
    expect(evs.length).toBeGreaterThan(1);
    for (let i = 0; i < evs.length; i++) {
      expect(evs[i]!.start).toBeGreaterThanOrEqual(0);
      expect(evs[i]!.end).toBeLessThanOrEqual(DUR + 0.005);
      expect(evs[i]!.end).toBeGreaterThan(evs[i]!.start);
      if (i) expect(evs[i]!.start).toBeGreaterThanOrEqual(evs[i - 1]!.end - 0.005);
    }
  });

  it("the active word is on screen while it is spoken", () => {
    expect(W.length).toBeGreaterThan(0);
    W.forEach((w, i) => {
      expect(evs[i]!.start).toBeLessThanOrEqual(w.start + 0.005);
      expect(evs[i]!.end).toBeGreaterThanOrEqual(Math.min(w.end, DUR) - 0.06);
    });
  });

  it("at most two lines, each within maxChars, breaks by us (\\N)", () => {
    expect(evs.length).toBeGreaterThan(0);
    for (const e of evs) {
      const lines = plain(e.text).split("\\N");
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(st.maxChars);
    }
  });

  it("breaks after sentence ends: no event mixes two sentences", () => {
    expect(evs.length).toBeGreaterThan(0);
    for (const e of evs) expect(plain(e.text).replace(/\\N/g, " ")).not.toMatch(/[.!?] \S/);
  });

  it("positioned in the lower third, inside the safe area", () => {
    expect(evs.length).toBeGreaterThan(0);
    for (const e of evs) {
      const m = /\\an5\\pos\((\d+),(\d+)\)/.exec(e.text)!;
      const y = Number(m[2]);
      expect(y).toBeGreaterThan(0.25 * 1920);
      expect(y).toBeLessThan(0.8 * 1920);
      expect(Math.abs(y - 0.7 * 1920)).toBeLessThan(60);
      expect(Number(m[1])).toBeLessThan(540); // shifted left, away from the app buttons
      expect(Number(m[1])).toBeGreaterThan(SAFE.left);
    }
  });

  it("top and middle positions stay inside the 25%-80% band", () => {
    for (const position of ["top", "middle"] as const) {
      const e = events(buildAss(W, style("bold_pop", { position }), { durationS: DUR }))[0]!;
      const y = Number(/\\pos\(\d+,(\d+)\)/.exec(e.text)![1]);
      expect(y).toBeGreaterThanOrEqual(0.25 * 1920 + 100);
      expect(y).toBeLessThanOrEqual(0.8 * 1920 - 100);
    }
  });

  it("nothing after the clip end even when words run past it", () => {
    const evs2 = events(buildAss(W, st, { durationS: 3 }));
    expect(evs2.length).toBeGreaterThan(0);
    for (const e of evs2) expect(e.end).toBeLessThanOrEqual(3);
  });

  it("special characters in words are escaped, not interpreted", () => {
    const w = words("use {\\b1} braces \\N here");
    const doc = buildAss(w, st, { durationS: 5 });
    const evs2 = events(doc);
    expect(plain(evs2[0]!.text).replace(/\\N/g, " ")).toContain("{\\b1}");
    expect(evs2[0]!.text).not.toContain("{\\b1}");
    expect(evs2[0]!.text).toContain("\\\u200bN");
  });
});

describe("key words (emphasis: keywords) against the spoken-word highlight", () => {
  const page = { start: 0, end: 1.5, lines: [[{ text: "We", start: 0, end: 0.4 }, { text: "billion", start: 0.4, end: 0.9, emphasis: true }, { text: "users", start: 0.9, end: 1.4 }]] };
  /** The colour override in front of `word` in an ASS text (null: drawn plain). */
  const colourOf = (text: string, word: string) => new RegExp(`\\{\\\\c(&H[0-9A-F]+)&?[^}]*\\}${word}`).exec(text)?.[1] ?? null;

  it("bold_pop: the key word keeps a colour distinct from the spoken word's while it is the spoken word", () => {
    const st = style("bold_pop");
    const key = emphasisColor(st);
    expect(key.toUpperCase()).not.toBe(st.accentColor.toUpperCase());
    expect(key.toUpperCase()).not.toBe(st.primaryColor.toUpperCase());
    // another word spoken: it takes the accent, the key word its own colour
    const other = pageText(page, st, 0);
    expect(colourOf(other, "We")).toBe(assColor(st.accentColor));
    expect(colourOf(other, "billion")).toBe(assColor(key));
    // the key word spoken: still its own colour (not the accent), at the larger of its size and the pop
    const spoken = pageText(page, st, 1);
    expect(colourOf(spoken, "billion")).toBe(assColor(key));
    expect(colourOf(spoken, "billion")).not.toBe(assColor(st.accentColor));
    expect(spoken).toMatch(/\\fscx125\\fscy125\}billion/);
    expect(colourOf(spoken, "We")).toBeNull();
  });

  it("a kit accent that is the first key colour moves key words to the next one; styles without a spoken-word highlight keep the accent", () => {
    expect(emphasisColor(style("bold_pop", { accentColor: KEY_WORD_COLORS[0] }))).toBe(KEY_WORD_COLORS[1]);
    expect(emphasisColor(style("boxed"))).not.toBe(style("boxed").accentColor);
    const minimal = style("minimal", { accentColor: "#00FF00" });
    expect(emphasisColor(minimal)).toBe("#00FF00");
  });
});

describe("other styles", () => {
  it("karaoke: one event per page with \\k timings that add up", () => {
    const st = style("karaoke");
    const evs = events(buildAss(W, st, { durationS: DUR }));
    expect(evs.length).toBeLessThan(W.length);
    expect(evs.length).toBeGreaterThan(0);
    for (const e of evs) {
      const ks = [...e.text.matchAll(/\\kf?(\d+)/g)].map((m) => Number(m[1]));
      const total = ks.reduce((a, b) => a + b, 0) / 100;
      expect(total).toBeLessThanOrEqual(e.end - e.start + 0.02);
      expect(total).toBeGreaterThan((e.end - e.start) * 0.5);
    }
    const doc = buildAss(W, st, { durationS: DUR });
    // sung colour (Primary) is the accent, unsung (Secondary) the primary colour
    const sl = doc.split("\n").find((l) => l.startsWith("Style: "))!.split(",");
    expect(sl[3]).toBe(assColor(st.accentColor));
    expect(sl[4]).toBe(assColor(st.primaryColor));
  });

  it("boxed: opaque box (BorderStyle 3), active word coloured, not scaled", () => {
    const doc = buildAss(W, style("boxed"), { durationS: DUR });
    const sl = doc.split("\n").find((l) => l.startsWith("Style: "))!.split(",");
    expect(sl[15]).toBe("3");
    expect(doc).not.toContain("\\fscx112");
    expect(doc).toContain("\\c&H0000E0FF");
  });

  it("minimal: smaller, one event per page, no highlight", () => {
    const st = style("minimal");
    const doc = buildAss(W, st, { durationS: DUR });
    expect(st.fontSize).toBeLessThan(resolveCaptionStyle({ canvas: CLIP_FRAMES.hd })!.fontSize);
    expect(doc).not.toMatch(/\\c&H/);
    expect(events(doc).length).toBeLessThan(W.length);
    expect(events(doc).map((e) => plain(e.text).replace(/\\N/g, " ")).join(" ")).toBe(SPEECH);
  });

  it("none: no captions at all", () => {
    expect(resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, style: "none" })).toBeNull();
  });

  it("invalid brand overrides are ignored", () => {
    const st = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, primaryColor: "red", font: "x}{\\", fontSize: 5000 })!;
    expect(st.primaryColor).toBe("#FFFFFF");
    expect(st.font).toBe("DejaVu Sans");
    expect(st.fontSize).toBe(80);
  });

  it("no words: a valid document with no events", () => {
    const doc = buildAss([], resolveCaptionStyle({ canvas: CLIP_FRAMES.hd })!, { durationS: 5 });
    expect(doc).toContain("[Events]");
    expect(events(doc)).toHaveLength(0);
  });
});
