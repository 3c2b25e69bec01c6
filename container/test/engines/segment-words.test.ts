import { describe, expect, it } from "vitest";
import { voicedParts, wordsFromSegments } from "../../src/engines/speech/segment-words.js";

describe("words spread over a segment's voiced part", () => {
  it("skips the pauses inside the segment", () => {
    expect(voicedParts({ start: 0, end: 10 }, [{ start: -1, end: 1 }, { start: 4, end: 6 }, { start: 9.5, end: 12 }])).toEqual([
      { start: 1, end: 4 },
      { start: 6, end: 9.5 },
    ]);
  });

  it("times a segment the level calls silent over its whole span", () => {
    expect(voicedParts({ start: 2, end: 4 }, [{ start: 1, end: 5 }])).toEqual([{ start: 2, end: 4 }]);
  });

  it("gives longer words more time and puts no word boundary inside a pause", () => {
    // 6 s voiced (1-4 and 6-9) for "a bbbb c" (weights 1, 4, 1 of 6)
    const w = wordsFromSegments([{ start: 0, end: 10, text: " a bbbb c " }], [{ start: 0, end: 1 }, { start: 4, end: 6 }, { start: 9, end: 10 }]);
    expect(w).toEqual([
      { word: "a", start: 1, end: 2 },
      { word: "bbbb", start: 2, end: 9 - 1 }, // 1 s of it before the pause (2-4), 2 s after (6-8)
      { word: "c", start: 8, end: 9 },
    ]);
  });

  it("ends a word at a pause and starts the next after it", () => {
    const w = wordsFromSegments([{ start: 0, end: 5, text: "ab cd" }], [{ start: 2, end: 3 }]);
    expect(w).toEqual([{ word: "ab", start: 0, end: 2 }, { word: "cd", start: 3, end: 5 }]);
  });

  it("drops empty and untimed segments", () => {
    expect(wordsFromSegments([{ start: 1, end: 2, text: "  " }, { start: 3, end: 2, text: "x" }])).toEqual([]);
  });
});
