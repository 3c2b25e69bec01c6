// snapToPauses (protocol/src/snap.ts): a cut asked for in source seconds lands in a pause between words.
import { SNAP_PAD_S, snapTime, snapToPauses } from "@katto/protocol";
import { describe, expect, it } from "vitest";

// words at [1,1.5] [1.6,2.4] [4,5] [5,5.1]: a 0.1 s pause, a 1.6 s pause, no pause
const W = [
  { start: 1, end: 1.5 },
  { start: 1.6, end: 2.4 },
  { start: 4, end: 5 },
  { start: 5, end: 5.1 },
];

describe("snapToPauses", () => {
  it("keeps a time that already falls in a pause, before the first word or after the last", () => {
    expect(snapTime(W, 3)).toBe(3);
    expect(snapTime(W, 0.4)).toBe(0.4);
    expect(snapTime(W, 7)).toBe(7);
    expect(snapTime(W, 1.55)).toBe(1.55);
  });

  it("moves a time inside a word to the pause at the word's nearer edge, padded into the pause", () => {
    // inside [4,5] near its start: before it, SNAP_PAD_S into the 1.6 s pause
    expect(snapTime(W, 4.2)).toBe(4 - SNAP_PAD_S);
    // inside [1.6,2.4] near its end: after it, SNAP_PAD_S into the pause
    expect(snapTime(W, 2.3)).toBe(2.4 + SNAP_PAD_S);
    // inside [1,1.5] near its end: the pause to the next word is 0.1 s, so half of it
    expect(snapTime(W, 1.4)).toBe(1.55);
    // inside [4,5] near its end: no pause before the next word, so the word's edge
    expect(snapTime(W, 4.9)).toBe(5);
    // the first word: the pause from 0 counts, halved
    expect(snapTime([{ start: 0.05, end: 1 }], 0.2)).toBe(0.025);
  });

  it("snaps both ends of a range and never past the source", () => {
    expect(snapToPauses(W, 1.1, 4.7)).toEqual({ start: 0.8, end: 5 });
    expect(snapToPauses([{ start: 9, end: 10 }], 2, 9.9, 10.05)).toEqual({ start: 2, end: 10.025 });
    expect(snapToPauses([], 2, 30, 20)).toEqual({ start: 2, end: 20 });
  });

  it("never leaves an end inside a word (random words and times)", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let n = 0; n < 200; n++) {
      const words: { start: number; end: number }[] = [];
      let t = rnd();
      for (let k = 0; k < 30; k++) {
        const start = t + rnd() * 0.5;
        words.push({ start, end: start + 0.1 + rnd() * 0.6 });
        t = words.at(-1)!.end;
      }
      const x = rnd() * t;
      const s = snapTime(words, x);
      expect(words.some((w) => w.start + 1e-3 < s && s < w.end - 1e-3)).toBe(false);
      expect(Math.abs(s - x)).toBeLessThan(0.7 + SNAP_PAD_S);
    }
  });
});
