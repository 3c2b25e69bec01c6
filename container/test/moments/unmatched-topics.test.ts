import { describe, expect, it } from "vitest";
import { noteUnmatchedTopics } from "../../src/work/job-analysis.js";
import type { ScoredMoment, Transcript } from "../../src/runtime/types.js";

const words = "we talk about pricing and hiring today".split(" ").map((w, i) => ({ word: w, start: i, end: i + 0.5 }));
const t: Transcript = { lang: "en", segments: [], words, engine: "test" };
const moment = (): ScoredMoment => ({ start: 0, end: 4, words, text: "", score: 50, subscores: { hook: 50, flow: 50, value: 50, trend: 50 }, justification: "Opens with a claim.", title: "t" });

describe("topics that match nothing", () => {
  it("are reported in every clip's justification", () => {
    const ranked = [moment(), moment()];
    noteUnmatchedTopics(ranked, t, { topics: "volcanoes, glaciers" });
    for (const m of ranked) expect(m.justification).toMatch(/^Opens with a claim\. Nothing in this video matched the requested topics \(.*volcano.*\)/);
  });
  it("leave justifications alone when something matched or nothing was asked", () => {
    const a = [moment()];
    noteUnmatchedTopics(a, t, { topics: "pricing" });
    noteUnmatchedTopics(a, t, {});
    expect(a[0].justification).toBe("Opens with a claim.");
  });
});
