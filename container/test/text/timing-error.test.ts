import { describe, expect, it } from "vitest";
import { lineStartRef, median, signedStartErrors } from "../helpers/timing-error.js";

describe("signedStartErrors", () => {
  it("matches recognised words to reference words by text and order, positive when late", () => {
    const ref = [
      { word: "set", start: 0.49 },
      { word: "white", start: 0.77 },
      { word: "with", start: 1.09 },
      { word: "soon", start: 1.73 },
    ];
    const hyp = [
      { word: "satellite", start: 0.6 },
      { word: "with", start: 1.2 },
      { word: "soon,", start: 1.7 },
    ];
    expect(signedStartErrors(ref, hyp).map((e) => Math.round(e * 1000))).toEqual([110, -30]);
  });
  it("times only each line's first word of a line-level reference", () => {
    const ref = lineStartRef([
      { start: 2, words: ["from", "fairest", "creatures"] },
      { start: 5, words: ["that", "thereby"] },
    ]);
    const hyp = ["from", "fairest", "creatures", "that", "thereby"].map((word, i) => ({ word, start: 2.1 + i }));
    expect(signedStartErrors(ref, hyp).map((e) => Math.round(e * 1000))).toEqual([100, 100]);
  });
  it("takes the median of an even count as the mean of the middle two", () => {
    expect(median([3, 1, 2, 10])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
