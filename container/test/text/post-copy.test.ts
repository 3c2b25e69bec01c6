// Post copy (issue 37) from real transcripts of the test corpus: the offline description and
// hashtags, and the post text fitted to every platform's limits (POST_TEXT_LIMITS).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fitPostText, hashtagsOf, MAX_DESCRIPTION_CHARS, MAX_HASHTAGS, POST_TEXT_LIMITS, PostCopySchema } from "@katto/protocol";
import { llmPostCopy } from "../../src/engines/scorer/workers-ai.js";
import { hashtagOf, keyTerms, offlinePostCopy } from "../../src/text/post-copy.js";
import { segmentsFromWords } from "../../src/text/sentences.js";
import { media } from "../helpers/media.js";

/** The physics lecture as Whisper timed it: words, then sentences as the pipeline splits them. */
function lectureSentences(): string[] {
  const json = JSON.parse(readFileSync(media("speech/en/physicsworks_lecture/physicsworks.whisper_medium_words.silver.json"), "utf8")) as { segments: { words: { word: string; time_interval: { start: number; end: number } }[] }[] };
  const words = json.segments.flatMap((s) => s.words.map((w) => ({ word: w.word.trim(), start: w.time_interval.start, end: w.time_interval.end })));
  return segmentsFromWords(words).map((s) => s.text);
}

const transcripts: [string, () => string[]][] = [
  ["lecture (Whisper words)", lectureSentences],
  ["film dialogue (Qwen3-ASR)", () => [readFileSync(media("speech/en/night_of_the_living_dead_1968/119s_theres_supposed_to_be_another_broadcast.silver.txt"), "utf8")]],
  ["spontaneous speech", () => [readFileSync(media("speech/en/mfa_spontaneous/michaelandsickmichael.txt"), "utf8")]],
  ["inaugural address", () => [readFileSync(media("speech/en/jfk.txt"), "utf8")]],
];

describe("offline post copy of real transcripts", () => {
  it.each(transcripts)("%s: a description and hashtags within every platform's limits", (_, sentences) => {
    const copy = offlinePostCopy(sentences());
    expect(PostCopySchema.safeParse(copy).success).toBe(true);
    expect(copy.description.length).toBeGreaterThan(20);
    expect([...copy.description].length).toBeLessThanOrEqual(MAX_DESCRIPTION_CHARS);
    expect(copy.hashtags.length).toBeGreaterThan(0);
    expect(copy.hashtags.length).toBeLessThanOrEqual(MAX_HASHTAGS);
    for (const [platform, lim] of Object.entries(POST_TEXT_LIMITS)) {
      const max = "maxHashtags" in lim ? lim.maxHashtags : Infinity;
      const text = fitPostText(copy, (t) => [...t].length <= lim.captionMaxChars && hashtagsOf(t) <= max, max);
      expect([...text].length, platform).toBeLessThanOrEqual(lim.captionMaxChars);
      expect(hashtagsOf(text), platform).toBeLessThanOrEqual(max);
      expect(text.startsWith(copy.description.slice(0, 20)), platform).toBe(true);
    }
  });

  it("names what the lecture is about: its key nouns, not ordinary words", () => {
    const terms = keyTerms(lectureSentences().join(" ")).map((t) => t.text.toLowerCase());
    expect(terms.slice(0, 12)).toEqual(expect.arrayContaining(["physics"]));
    expect(terms).not.toContain("thing");
    expect(terms).not.toContain("time");
  });
});

describe("fitting and parsing (pure)", () => {
  it("drops hashtags before it cuts the description, and cuts at a word", () => {
    const copy = { description: "Why the pendulum's period does not depend on its mass.", hashtags: ["#Physics", "#Pendulum", "#Gravity"] };
    expect(fitPostText(copy, (t) => t.length <= 280)).toBe(`${copy.description}\n\n#Physics #Pendulum #Gravity`);
    expect(fitPostText(copy, (t) => t.length <= 70)).toBe(`${copy.description}\n\n#Physics`);
    expect(fitPostText(copy, (t) => t.length <= 60)).toBe(copy.description);
    expect(fitPostText(copy, (t) => t.length <= 30)).toBe("Why the pendulum's period…");
    expect(fitPostText(copy, () => true, 1)).toBe(`${copy.description}\n\n#Physics`);
  });
  it("makes hashtags of terms and keeps only hashtags from a text engine", () => {
    expect(hashtagOf("machine learning")).toBe("#MachineLearning");
    expect(hashtagOf("NASA")).toBe("#NASA");
    expect(hashtagOf("42")).toBeNull();
    expect(llmPostCopy("  A clip about  energy. ", ["#Energy", "physics", "#not a tag", "#energy", 7])).toEqual({ postCopy: { description: "A clip about energy.", hashtags: ["#Energy", "#physics"] } });
    expect(llmPostCopy("", ["#Energy"])).toEqual({});
  });
});
