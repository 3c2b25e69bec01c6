// Transcript corrections and cut snapping (@katto/protocol transcript-edit.ts, issue 22): pure
// functions the Worker runs for PATCH /jobs/{id}/transcript and POST .../trim.
import { alignText, alignWordLists, applyTranscriptEdits, resolveClipRange, snapToPause, spreadTokens, type EditableWord } from "@katto/protocol";
import { describe, expect, it } from "vitest";

const w = (word: string, start: number, end: number, confidence?: number): EditableWord => ({ word, start, end, ...(confidence !== undefined ? { confidence } : {}) });
// "the quick brown fox jumps" then a pause, then "over the lazy dog"
const WORDS = [w("the", 0, 0.2, 0.9), w("quick", 0.2, 0.6, 0.4), w("brown", 0.7, 1.0), w("fox", 1.0, 1.3), w("jumps", 1.4, 1.9), w("over", 3.0, 3.3), w("the", 3.3, 3.4), w("lazy", 3.5, 3.9), w("dog", 4.0, 4.4)];
const SEGMENTS = [
  { start: 0, end: 2, text: "the quick brown fox jumps" },
  { start: 2.8, end: 4.5, text: "over the lazy dog" },
];

describe("alignWordLists", () => {
  it("finds the cheapest word edit script, ignoring case and punctuation", () => {
    const ops = alignWordLists(["the", "quick", "brown", "fox"], ["The", "quick,", "red", "fox", "today"]);
    expect(ops.map((o) => o.kind)).toEqual(["keep", "keep", "sub", "keep", "ins"]);
    expect(alignWordLists(["a", "b", "c"], ["a", "c"]).map((o) => o.kind)).toEqual(["keep", "del", "keep"]);
    // a word replaced by two: the first takes its place, the second is inserted after it (not before)
    expect(alignWordLists(["a", "b", "c"], ["a", "x", "y", "c"]).map((o) => o.kind)).toEqual(["keep", "sub", "ins", "keep"]);
  });
});

describe("alignText", () => {
  it("keeps the times of kept and substituted words, shares a word's time with the words inserted after it, drops deleted words", () => {
    const olds = WORDS.slice(0, 5);
    const out = alignText(olds, "the quick red fox really jumps", SEGMENTS[0]!);
    expect(out.map((x) => x.word)).toEqual(["the", "quick", "red", "fox", "really", "jumps"]);
    expect(out[0]).toEqual(olds[0]); // kept, confidence too
    expect(out[2]).toEqual({ word: "red", start: 0.7, end: 1.0 });
    // "fox really" share fox's 1.0–1.3 by length (3 : 6)
    expect(out[3]).toEqual({ word: "fox", start: 1, end: 1.1 });
    expect(out[4]).toEqual({ word: "really", start: 1.1, end: 1.3 });
    expect(alignText(olds, "the fox jumps", SEGMENTS[0]!).map((x) => [x.word, x.start])).toEqual([["the", 0], ["fox", 1], ["jumps", 1.4]]);
  });

  it("puts words typed before the first old word into that word's time, and spreads words over the span when there were none", () => {
    const out = alignText([w("world", 1, 2)], "hello world", { start: 0, end: 3 });
    expect(out).toEqual([{ word: "hello", start: 1, end: 1.5 }, { word: "world", start: 1.5, end: 2 }]);
    expect(alignText([], "a bb", { start: 0, end: 3 })).toEqual([{ word: "a", start: 0, end: 1 }, { word: "bb", start: 1, end: 3 }]);
    expect(alignText(WORDS.slice(0, 2), "", SEGMENTS[0]!)).toEqual([]);
  });

  it("spreadTokens lays tokens end to end over the span by length", () => {
    expect(spreadTokens(["ab", "cd"], 1, 2)).toEqual([{ word: "ab", start: 1, end: 1.5 }, { word: "cd", start: 1.5, end: 2 }]);
  });
});

describe("applyTranscriptEdits", () => {
  it("replaces, splits and deletes words by their indexes before the request, and rebuilds the touched segment's text", () => {
    const r = applyTranscriptEdits({ words: WORDS, segments: SEGMENTS }, [
      { index: 1, text: "quiet" },
      { index: 3, text: "" },
      { index: 7, text: "very lazy" },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.words.map((x) => x.word)).toEqual(["the", "quiet", "brown", "jumps", "over", "the", "very", "lazy", "dog"]);
    expect(r.value.words[1]).toEqual({ word: "quiet", start: 0.2, end: 0.6 }); // the engine's low confidence is gone
    expect(r.value.words[6]).toEqual({ word: "very", start: 3.5, end: 3.7 });
    expect(r.value.segments.map((s) => s.text)).toEqual(["the quiet brown jumps", "over the very lazy dog"]);
    expect(r.value.segments[0]!.start).toBe(0);
  });

  it("aligns a segment's new text to the segment's words and keeps the other segments as they were", () => {
    const r = applyTranscriptEdits({ words: WORDS, segments: SEGMENTS }, [{ segment: 1, text: "over the hazy dog!" }]);
    expect(r.ok && r.value.words.slice(5).map((x) => [x.word, x.start, x.end])).toEqual([["over", 3, 3.3], ["the", 3.3, 3.4], ["hazy", 3.5, 3.9], ["dog!", 4, 4.4]]);
    expect(r.ok && r.value.segments.map((s) => s.text)).toEqual(["the quick brown fox jumps", "over the hazy dog!"]);
    expect(r.ok && r.value.words.slice(0, 5)).toEqual(WORDS.slice(0, 5));
  });

  it.each([
    [[{ index: 9, text: "x" }], /edits\[0\]\.index 9 is out of range: the transcript has 9 words \(indexes 0 to 8\)/],
    [[{ segment: 2, text: "x" }], /edits\[0\]\.segment 2 is out of range: the transcript has 2 segments/],
    [[{ index: 1, text: "a" }, { index: 1, text: "b" }], /edits\[1\] edits word 1 a second time/],
    [[{ segment: 0, text: "a" }, { segment: 0, text: "b" }], /edits segment 0 a second time/],
    [[{ index: 6, text: "a" }, { segment: 1, text: "b" }], /word 6 is in segment 1, which is also given new text/],
  ])("refuses %j with a message naming the edit", (edits, message) => {
    const r = applyTranscriptEdits({ words: WORDS, segments: SEGMENTS }, edits);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(message);
  });
});

describe("snapToPause", () => {
  it("leaves a time inside a pause, moves a time inside a word to the nearer edge, half way into the pause there", () => {
    expect(snapToPause(WORDS, 2.5)).toBe(2.5); // between "jumps" and "over"
    expect(snapToPause(WORDS, 3.05)).toBe(2.45); // inside "over", nearer its start: the middle of 1.9..3.0
    expect(snapToPause(WORDS, 1.8)).toBe(2.45); // inside "jumps", nearer its end
    expect(snapToPause(WORDS, 0.5)).toBe(0.65); // inside "quick", nearer its end: middle of 0.6..0.7
    expect(snapToPause(WORDS, 0.25)).toBe(0.2); // "the" and "quick" touch: the edge itself
    expect(snapToPause(WORDS, 4.3, 4.42)).toBe(4.42); // after the last word, within the source
  });
});

describe("resolveClipRange", () => {
  const long = Array.from({ length: 100 }, (_, i) => w(`w${i}`, i * 1, i * 1 + 0.8));
  it("snaps seconds to pauses and word indexes to the pauses around those words", () => {
    expect(resolveClipRange(long, { start: 10.5, end: 20.2 }, 100)).toEqual({ ok: true, value: { start: 10.9, end: 19.9 } });
    expect(resolveClipRange(long, { start_word: 10, end_word: 19 }, 100)).toEqual({ ok: true, value: { start: 9.9, end: 19.9 } });
    expect(resolveClipRange(long, { start: 10.85, end: 19.95 }, 100)).toEqual({ ok: true, value: { start: 10.85, end: 19.95 } });
  });

  it.each([
    [{ start: 99.5, end: 130 }, /outside the source, which is 100 s long/],
    [{ start: 10, end: 12 }, /would be 2 s long.*at least 3 s/],
    [{ start: 0, end: 200 }, /at most 180 s/],
    [{ start: 20, end: 10 }, /end \(10\) must be after start \(20\)/],
    [{ start_word: 100, end_word: 5 }, /start_word 100 is out of range: the transcript has 100 words/],
    [{ start_word: 20, end_word: 5 }, /end_word \(5\) comes before start_word \(20\)/],
  ])("refuses %j", (ask, message) => {
    const r = resolveClipRange(long, ask, (ask as { end?: number }).end === 200 ? 400 : 100);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(message);
  });
});
