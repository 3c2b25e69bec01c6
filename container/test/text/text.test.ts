import { describe, expect, it } from "vitest";
import { detectLanguage } from "../../src/text/lang.js";
import { bareWord, tokenize } from "../../src/text/normalize.js";
import { numberToWords } from "../../src/text/numbers.js";
import { segmentsFromWords, sentenceRanges } from "../../src/text/sentences.js";
import { stem } from "../../src/text/stem.js";
import { wordErrorRate } from "../helpers/wer.js";
import type { Word } from "../../src/runtime/types.js";

describe("wordErrorRate", () => {
  it("is 0 for identical text regardless of case and punctuation", () => {
    expect(wordErrorRate("Ask not, what your country can do!", "ask not what your country can do").wer).toBe(0);
  });
  it("counts substitutions, deletions and insertions", () => {
    const r = wordErrorRate("a b c d", "a x c d e");
    expect(r).toMatchObject({ substitutions: 1, deletions: 0, insertions: 1, refWords: 4 });
    expect(r.wer).toBeCloseTo(0.5);
    const d = wordErrorRate("a b c d", "a d");
    expect(d).toMatchObject({ deletions: 2, substitutions: 0, insertions: 0 });
  });
  it("spells out digits so 25 and twenty five match", () => {
    expect(wordErrorRate("lag behind by 25 to 30 year", "lag behind by twenty five to thirty year").wer).toBe(0);
  });
  it("handles empty sides", () => {
    expect(wordErrorRate("", "").wer).toBe(0);
    expect(wordErrorRate("", "x").wer).toBe(1);
    expect(wordErrorRate("a b", "").wer).toBe(1);
  });
});

describe("normalize", () => {
  it("tokenizes with apostrophes, hyphens and percent", () => {
    expect(tokenize("Don't stop—it's 90% done, state-of-the-art.")).toEqual(
      ["don't", "stop", "it's", "ninety", "percent", "done", "state", "of", "the", "art"],
    );
    expect(bareWord("Fail?")).toBe("fail");
  });
  it("spells numbers", () => {
    expect(numberToWords(0)).toBe("zero");
    expect(numberToWords(42)).toBe("forty two");
    expect(numberToWords(1961)).toBe("one thousand nine hundred sixty one");
  });
});

describe("stem", () => {
  it("maps inflections to one stem", () => {
    expect(stem("startups")).toBe(stem("startup"));
    expect(stem("failing")).toBe(stem("fail"));
    expect(stem("stories")).toBe(stem("story"));
    expect(stem("running")).toBe(stem("run"));
  });
});

describe("sentences", () => {
  const w = (word: string, start: number, end: number): Word => ({ word, start, end });
  it("breaks at long pauses and terminal punctuation", () => {
    const words = [w("Hello", 0, 0.4), w("there.", 0.5, 0.9), w("How", 1.0, 1.2), w("are", 1.3, 1.5), w("you", 2.5, 2.8)];
    expect(sentenceRanges(words)).toEqual([{ from: 0, to: 2 }, { from: 2, to: 4 }, { from: 4, to: 5 }]);
    expect(segmentsFromWords(words).map((s) => s.text)).toEqual(["Hello there.", "How are", "you"]);
  });
  it("splits an unpunctuated run longer than the cap at its widest gap", () => {
    const words = Array.from({ length: 100 }, (_, i) => w("x", i * 0.3 + (i >= 50 ? 0.4 : 0), i * 0.3 + 0.25 + (i >= 50 ? 0.4 : 0)));
    const r = sentenceRanges(words, { maxS: 20 });
    expect(r[0]).toEqual({ from: 0, to: 50 });
    expect(r.every((x) => words[x.to - 1]!.end - words[x.from]!.start <= 20)).toBe(true);
  });
});

describe("detectLanguage", () => {
  it("identifies common languages and gives null for too little text", () => {
    expect(detectLanguage("ask not what your country can do for you, ask what you can do for your country")).toBe("en");
    expect(detectLanguage("el rápido zorro marrón salta sobre el perro perezoso en el jardín de la casa")).toBe("es");
    expect(detectLanguage("der schnelle braune Fuchs springt über den faulen Hund im Garten des Hauses")).toBe("de");
    expect(detectLanguage("ok")).toBeNull();
  });
});
