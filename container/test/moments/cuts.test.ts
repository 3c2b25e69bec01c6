import { describe, expect, it } from "vitest";
import { cutAfter, cutBefore, EDGE_PAD_S, levelAt, medianDb, quietEdge } from "../../src/analysis/cuts.js";
import type { Loudness, Word } from "../../src/runtime/types.js";

/** A 20 ms level envelope: speech (-20 dB) where `loud(t)`, a quiet room (-60 dB) elsewhere. */
const envelope = (seconds: number, loud: (t: number) => boolean): Loudness => ({
  frameS: 0.02,
  db: Array.from({ length: Math.round(seconds / 0.02) }, (_, f) => (loud((f + 0.5) * 0.02) ? -20 : -60)),
});

describe("cuts (pure)", () => {
  // the recogniser says "two" starts at 2.0 s, but the audio shows it from 1.9 s (times run early or late)
  const words: Word[] = [{ word: "one", start: 1.0, end: 1.4 }, { word: "two", start: 2.0, end: 2.5 }, { word: "three", start: 2.6, end: 3.0 }];
  const speech = (t: number) => (t >= 1.0 && t < 1.4) || (t >= 1.9 && t < 2.5) || (t >= 2.6 && t < 3.0);
  const level = envelope(4, speech);

  it("starts inside the pause, away from the word the audio shows, and never in a neighbouring word", () => {
    const t = cutBefore(words, 1, level);
    expect(t).toBeGreaterThan(1.4);
    expect(t).toBeLessThan(1.9 - 0.05);
    expect(levelAt(level, t)).toBe(-60);
    // between "two" and "three" the pause is 100 ms: the cut stays in it
    const e = cutAfter(words, 1, 4, level);
    expect(e).toBeGreaterThanOrEqual(2.5);
    expect(e).toBeLessThanOrEqual(2.6);
  });

  it("judges a cut against the clip's median level", () => {
    expect(medianDb(level, 1.0, 3.0)).toBe(-20);
    expect(quietEdge(level, cutBefore(words, 1, level), { start: 1.5, end: 3.0 })).toBe(true);
    expect(quietEdge(level, 2.2, { start: 1.5, end: 3.0 })).toBe(false);
    expect(quietEdge(undefined, 2.2, { start: 1.5, end: 3.0 })).toBe(true);
  });

  it("pads into the pause without a level, at most half the gap", () => {
    expect(cutBefore(words, 0)).toBe(1.0 - EDGE_PAD_S);
    expect(cutBefore(words, 1)).toBe(1.8);
    expect(cutAfter(words, 1, 4)).toBe(2.55);
    expect(cutAfter(words, 2, 3.1)).toBe(3.1);
  });
});
