import { describe, expect, it } from "vitest";
import {
  fillerRate,
  genreFit,
  hookFeatures,
  informationDensity,
  pauses,
  rateFit,
  sentimentIntensity,
  speakingRate,
  topicKeywords,
  topicMatch,
} from "../../src/engines/scorer/score-features.js";
import { looksLikeQuestion, titleFromSentence, truncate } from "../../src/engines/scorer/score-title.js";
import { tokenize } from "../../src/text/normalize.js";
import type { Word } from "../../src/runtime/types.js";

const words = (n: number, step: number, dur = 0.3): Word[] => Array.from({ length: n }, (_, i) => ({ word: "w", start: i * step, end: i * step + dur }));

describe("hookFeatures", () => {
  it("detects questions with and without a question mark", () => {
    expect(hookFeatures("Why do startups fail?").question).toBe(true);
    expect(hookFeatures("why do ninety percent of startups fail").question).toBe(true);
    expect(hookFeatures("The sky is blue.").question).toBe(false);
  });
  it("detects numbers (digits and words), contrast and claims, and filler starts", () => {
    expect(hookFeatures("We grew 300% last year").number).toBe(true);
    expect(hookFeatures("ninety percent of them").number).toBe(true);
    expect(hookFeatures("But nobody tells you this").contrast).toBe(true);
    expect(hookFeatures("The biggest mistake is simple").claim).toBe(true);
    expect(hookFeatures("um so I was thinking").fillerStart).toBe(true);
    expect(hookFeatures("So yeah it was fine").fillerStart).toBe(true);
    expect(hookFeatures("Here is the plan").fillerStart).toBe(false);
  });
});

describe("sentimentIntensity", () => {
  it("is 0 for neutral text and grows with charged words and intensifiers", () => {
    expect(sentimentIntensity(tokenize("the table is in the room"))).toBe(0);
    const mild = sentimentIntensity(tokenize("this was a good day for the team overall"));
    const strong = sentimentIntensity(tokenize("this was an absolutely amazing and terrible day"));
    expect(mild).toBeGreaterThan(0);
    expect(strong).toBeGreaterThan(mild);
    expect(strong).toBeLessThanOrEqual(1);
  });
});

describe("informationDensity", () => {
  it("rates content words and their variety", () => {
    const dense = informationDensity(tokenize("Talk to ten customers before writing code"));
    const thin = informationDensity(tokenize("so it is like that you know it is"));
    expect(dense.content).toBeGreaterThan(thin.content);
    expect(informationDensity(tokenize("cats cats cats cats")).unique).toBe(0.25);
    expect(informationDensity([])).toEqual({ content: 0, unique: 0 });
  });
});

describe("fillerRate", () => {
  it("counts filler words and phrases", () => {
    expect(fillerRate(tokenize("um so yeah you know I mean"))).toBeGreaterThan(0.6);
    expect(fillerRate(tokenize("the plan has three steps"))).toBe(0);
  });
});

describe("speakingRate / rateFit / pauses", () => {
  it("measures words per second and judges the band", () => {
    expect(speakingRate(words(11, 0.333))).toBeCloseTo(11 / (10 * 0.333 + 0.3), 3);
    expect(rateFit(3)).toBe(1);
    expect(rateFit(1.2)).toBe(0);
    expect(rateFit(4.3)).toBeCloseTo(0.5);
  });
  it("measures dead air", () => {
    const p = pauses([{ word: "a", start: 0, end: 1 }, { word: "b", start: 3, end: 4 }]);
    expect(p.longestS).toBe(2);
    expect(p.deadAir).toBeCloseTo(0.5);
  });
});

describe("topics and genre", () => {
  it("stems keywords and matches inflections", () => {
    const kw = topicKeywords("clips about startups failing", "fundraising");
    expect(kw).toEqual(expect.arrayContaining(["startup", "fail", "fundrais"]));
    const m = topicMatch(tokenize("why do startups fail"), kw);
    expect(m.matched.sort()).toEqual(["fail", "startup"]);
    expect(topicMatch(tokenize("anything"), []).share).toBe(0);
  });
  it("rates genre vocabulary", () => {
    expect(genreFit(tokenize("let me explain the first step with an example"), "education")).toBe(1);
    expect(genreFit(tokenize("hello"), "unknown")).toBe(0);
  });
});

describe("titles", () => {
  it("cleans lead-ins, shouting and punctuation spam, and caps the length", () => {
    expect(titleFromSentence("um so why do ninety percent of startups fail", { question: true })).toBe("Why do ninety percent of startups fail?");
    expect(titleFromSentence("THIS IS THE BEST DAY EVER!!!")).toBe("This is the best day ever!");
    expect(titleFromSentence("i think i'm right 🔥🔥🔥")).toBe("I think I'm right 🔥");
    const long = titleFromSentence("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(truncate("aaa bbb ccc", 8)).toBe("aaa bbb…");
  });
});

describe("question titles", () => {
  it.each([
    ["why do ninety percent of startups fail", true],
    ["um so why do ninety percent of startups fail", true],
    ["do you know what happens next", true],
    ["what's the catch", true],
    ["is this the end?", true],
    ["when the time reaches forty seconds i will say banana", false],
    ["how we built a company in a weekend", false],
    ["this is an example video", false],
  ])("%s -> %s", (sentence, expected) => expect(looksLikeQuestion(sentence)).toBe(expected));
});
