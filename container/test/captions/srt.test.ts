import { describe, expect, it } from "vitest";
import { buildSrt, srtTime } from "../../src/captions/srt.js";
import { wordsForClip } from "../../src/captions/clip-words.js";
import { textWidth } from "@katto/protocol";
import { parseSrt } from "../helpers/media.js";
import { words } from "../helpers/words.js";

const SPEECH =
  "So here is the thing, nobody tells you about starting a company. You will fail a lot, and that is fine. What matters is how fast you learn from it and come back stronger than before.";

function check(srt: string, expectedWords: string[], dur: number) {
  const cues = parseSrt(srt);
  cues.forEach((c, i) => {
    expect(c.index).toBe(i + 1);
    expect(c.start).toBeGreaterThanOrEqual(0);
    expect(c.end).toBeLessThanOrEqual(dur + 0.0005);
    expect(c.end).toBeGreaterThan(c.start);
    if (i) expect(c.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
    expect(c.lines.length).toBeGreaterThanOrEqual(1);
    expect(c.lines.length).toBeLessThanOrEqual(2);
    for (const l of c.lines) {
      expect(textWidth(l)).toBeLessThanOrEqual(42);
      expect(l.trim()).not.toBe("");
    }
  });
  expect(cues.flatMap((c) => c.lines.join(" ").split(" "))).toEqual(expectedWords);
  return cues;
}

describe("SRT", () => {
  it("formats HH:MM:SS,mmm, never negative", () => {
    expect(srtTime(0)).toBe("00:00:00,000");
    expect(srtTime(1.2345)).toBe("00:00:01,235");
    expect(srtTime(3723.5)).toBe("01:02:03,500");
    expect(srtTime(-1)).toBe("00:00:00,000");
    expect(srtTime(59.9996)).toBe("00:01:00,000");
  });

  it("round-trips: same words, same order, cues of a few words within limits", () => {
    const w = words(SPEECH, 0.2, 0.35, 0.3);
    const dur = 0.2 + w.length * 0.35;
    const cues = check(buildSrt(w, { durationS: dur }), SPEECH.split(" "), dur);
    expect(cues.length).toBeGreaterThan(3);
    for (const c of cues) expect(c.lines.join(" ").split(" ").length).toBeLessThanOrEqual(14);
    // cue times come from the words: the first cue starts at the first word
    expect(cues[0]!.start).toBeCloseTo(0.2, 3);
  });

  it("relative to the clip start, clamped into the clip", () => {
    const src = SPEECH.split(" ").map((word, i) => ({ word, start: 100 + i * 0.4, end: 100 + i * 0.4 + 0.3 }));
    const start = 101.1;
    const end = 106;
    const w = wordsForClip(src, start, end);
    const cues = check(buildSrt(w, { durationS: end - start }), w.map((x) => x.text), end - start);
    expect(cues.at(-1)!.end).toBeLessThanOrEqual(4.9);
  });

  it("a hold after the last word never passes the clip end", () => {
    const w = [{ text: "end", start: 1.8, end: 1.99 }];
    const cues = parseSrt(buildSrt(w, { durationS: 2 }));
    expect(cues[0]!.end).toBe(2);
  });

  it("splits cues at long pauses and never overlaps", () => {
    const w = [...words("first part here", 0), ...words("second part", 5)];
    const cues = check(buildSrt(w, { durationS: 8 }), ["first", "part", "here", "second", "part"], 8);
    expect(cues).toHaveLength(2);
    expect(cues[0]!.end).toBeLessThan(5);
  });

  it("no words: empty file", () => {
    expect(buildSrt([], { durationS: 10 })).toBe("");
  });

  it("hour-long offsets format correctly", () => {
    const w = [{ text: "late", start: 3725.25, end: 3725.75 }];
    expect(buildSrt(w, { durationS: 4000 })).toContain("01:02:05,250 --> 01:02:06,050");
  });

  it("tiny word timing noise does not produce zero-length cues", () => {
    const w = [{ text: "a", start: 1, end: 1.0004 }, { text: "b", start: 1.0004, end: 1.5 }];
    const cues = parseSrt(buildSrt(w, { durationS: 2 }));
    expect(cues.length).toBeGreaterThan(0);
    for (const c of cues) expect(c.end).toBeGreaterThan(c.start);
  });
});
