import { describe, expect, it } from "vitest";
import { DEFAULT_WEIGHTS, GENRE_WEIGHTS } from "../../src/engines/scorer/score.js";
import { scoreMoments } from "../helpers/offline-scores.js";
import type { Moment, Transcript, Word } from "../../src/runtime/types.js";

function momentOf(text: string, t0: number, wps = 3): Moment {
  const words: Word[] = text.split(" ").map((w, i) => ({ word: w, start: t0 + i / wps, end: t0 + i / wps + 0.8 / wps }));
  return { start: t0, end: words[words.length - 1]!.end, words, text };
}

const hook = momentOf("Why do 90 percent of startups fail? Because they build what nobody wants. Here is how to avoid it.", 0);
const filler = momentOf("um so yeah like I mean it was kind of a thing you know and stuff like that.", 30);
const plain = momentOf("The meeting was on Tuesday and we went through the agenda items one by one.", 60);
const t: Transcript = { lang: "en", segments: [], words: [...hook.words, ...filler.words, ...plain.words], engine: "test" };

describe("scoreMoments", () => {
  it("ranks the hook first, the filler last, with 0..100 scores and subscores", () => {
    const ranked = scoreMoments([filler, plain, hook], t, { config: {} });
    expect(ranked.map((m) => m.start)).toEqual([0, 60, 30]);
    for (const m of ranked) {
      expect(m.score).toBeGreaterThanOrEqual(0);
      expect(m.score).toBeLessThanOrEqual(100);
      for (const v of Object.values(m.subscores)) expect(v).toBeGreaterThanOrEqual(0), expect(v).toBeLessThanOrEqual(100);
      expect(m.title.length).toBeLessThanOrEqual(100);
      expect(m.title).not.toMatch(/!!|^[A-Z\s]{8,}$/);
    }
    expect(ranked[0]!.justification).toMatch(/question/);
    expect(ranked[0]!.justification).toMatch(/Why do 90 percent/);
    expect(ranked[0]!.title).toBe("Why do 90 percent of startups fail?");
    expect(ranked[2]!.justification).toMatch(/Fillers/);
  });

  it("is deterministic and keeps the input order on ties", () => {
    const a = momentOf("The meeting was on Tuesday.", 0);
    const b = momentOf("The meeting was on Tuesday.", 10);
    const tt: Transcript = { ...t, words: [...a.words, ...b.words] };
    const r1 = scoreMoments([a, b], tt, { config: {} });
    expect(r1.map((m) => m.start)).toEqual([0, 10]);
    expect(scoreMoments([a, b], tt, { config: {} })).toEqual(r1);
  });

  it("lets topics and genre move the score", () => {
    const base = scoreMoments([plain], t, { config: {} })[0]!.score;
    const steered = scoreMoments([plain], t, { config: { topics: "meeting agenda" } })[0]!;
    expect(steered.score).toBeGreaterThan(base);
    expect(steered.justification).toMatch(/meeting|agenda/);
    const edu = scoreMoments([hook], t, { config: { genre: "education" } })[0]!.score;
    const gaming = scoreMoments([hook], t, { config: { genre: "gaming" } })[0]!.score;
    expect(edu).not.toBe(gaming);
  });

  it("has weights that sum to 1 for every genre", () => {
    for (const w of [DEFAULT_WEIGHTS, ...Object.values(GENRE_WEIGHTS)]) {
      expect(w.hook + w.flow + w.value + w.trend).toBeCloseTo(1, 9);
    }
  });

  it("scores a moment without speech with a plain justification", () => {
    const [m] = scoreMoments([{ start: 0, end: 20, words: [], text: "" }], { ...t, words: [] }, { config: {} });
    expect(m!.justification).toMatch(/No speech/);
    expect(m!.title.length).toBeGreaterThan(0);
  });
});
