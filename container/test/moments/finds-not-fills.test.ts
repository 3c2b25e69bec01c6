// Issue 42, "selection that finds instead of fills", on real speech (the MIT lecture's timed
// words): a higher count never drops the best moment. Maximising the sum of the clips' weights
// used to trade the best passage for two weaker ones around it (the lecture's first 31 s: its
// best 16 s passage, 10-26 s, gave way to 0-15 s and 15-31 s when two clips were asked).
import { describe, expect, it } from "vitest";
import { planMoments } from "../../src/analysis/moments.js";
import type { Transcript } from "../../src/runtime/types.js";
import { sentenceRanges } from "../../src/text/sentences.js";
import { LECTURE_S, lectureTranscript } from "../chat/lecture.js";

const lecture = lectureTranscript();

/** The lecture's first `n` sentences as a source of their own. */
function opening(n: number): { t: Transcript; durationS: number } {
  const to = sentenceRanges(lecture.words)[n - 1]!.to;
  const words = lecture.words.slice(0, to);
  return { t: { ...lecture, words }, durationS: words[words.length - 1]!.end + 0.5 };
}

const ranges = (s: { t: Transcript; durationS: number }, clipLength: "lt30" | undefined, n: number) =>
  planMoments(s.t, { durationS: s.durationS, config: { ...(clipLength ? { clipLength } : {}), min_clips: n }, maxClips: n }).moments.map((m) => [m.start, m.end]);

describe("a higher count", () => {
  it.each([[9], [10]])("keeps the best moment of a one-clip job in the two-, three- and four-clip jobs (the lecture's first %i sentences)", (n) => {
    const src = opening(n);
    const [best] = ranges(src, undefined, 1);
    expect(best).toEqual([10, 25.96]);
    for (const k of [2, 3, 4]) expect(ranges(src, undefined, k)).toContainEqual(best);
  });

  it.each([["lt30"], [undefined]] as const)("keeps the best moment of a two-clip job in the four-clip job (the whole lecture, clipLength %s)", (clipLength) => {
    const src = { t: lecture, durationS: LECTURE_S };
    const two = ranges(src, clipLength, 2);
    const four = ranges(src, clipLength, 4);
    expect(two).toHaveLength(2);
    expect(four).toHaveLength(4);
    expect(four).toContainEqual(two[0]);
  });
});
