import { describe, expect, it } from "vitest";
import { cutAfter, cutBefore } from "../../src/analysis/cuts.js";
import { bucketOf, clipCount, jaccard, MAX_INNER_SILENCE_S, planMoments, selectMoments, topicMatchReport } from "../../src/analysis/moments.js";
import { signalMoments } from "../../src/analysis/moments-signals.js";
import type { Transcript, Word } from "../../src/runtime/types.js";

/** Builds a transcript from sentences: 0.3 s per word, 0.1 s between words, `gap` s between sentences. */
function transcriptOf(sentences: string[], gap = 1): Transcript {
  const words: Word[] = [];
  let t = 0.5;
  for (const s of sentences) {
    for (const w of s.split(" ")) {
      words.push({ word: w, start: t, end: t + 0.3 });
      t += 0.4;
    }
    t += gap;
  }
  return { lang: "en", segments: [], words, engine: "test" };
}

const FILLER = "um so yeah like I mean it was kind of a thing you know and stuff.";
const FACT = (n: number) => `The bridge number ${n} carries nine thousand cars across the river every single day.`;

describe("clipCount", () => {
  it("is one per full minute of speech (rounded down, at least 1), 1..10, capped by max_clips, raised by min_clips", () => {
    expect(clipCount(30, 10)).toBe(1);
    expect(clipCount(119, 10)).toBe(1);
    expect(clipCount(120, 10)).toBe(2);
    expect(clipCount(127, 10)).toBe(2);
    expect(clipCount(150, 10)).toBe(2);
    expect(clipCount(540, 10)).toBe(9);
    expect(clipCount(600, 10)).toBe(10);
    expect(clipCount(5400, 10)).toBe(10);
    expect(clipCount(540, 3)).toBe(3);
    expect(clipCount(100, 10, undefined, 4)).toBe(4);
    expect(clipCount(100, 3, undefined, 4)).toBe(3);
    // without speech: one per 2.5 minutes of source, rounded up
    expect(clipCount(151, 10, 150, 0, Math.ceil)).toBe(2);
  });
});

describe("selectMoments on speech", () => {
  const sentences = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? FACT(i) : i % 3 === 1 ? `And then ${FILLER}` : FILLER));
  const t = transcriptOf(sentences);
  const durationS = t.words[t.words.length - 1]!.end + 1;

  it("returns clips that fit the bucket, never cut a word and never overlap", () => {
    for (const clipLength of ["lt30", "30_60", "60_90"] as const) {
      const b = bucketOf({ clipLength });
      const ms = selectMoments(t, { durationS, config: { clipLength }, maxClips: 10 });
      expect(ms.length).toBeGreaterThan(0);
      for (const m of ms) {
        expect(m.end - m.start).toBeGreaterThanOrEqual(b.min - 1e-6);
        expect(m.end - m.start).toBeLessThanOrEqual(b.max + 1e-6);
        for (const w of t.words) {
          const inside = w.start >= m.start && w.end <= m.end;
          const outside = w.end <= m.start || w.start >= m.end;
          expect(inside || outside).toBe(true);
        }
        expect(m.start).toBeLessThanOrEqual(m.words[0]!.start);
        expect(m.end).toBeGreaterThanOrEqual(m.words[m.words.length - 1]!.end);
        expect(m.text.split(" ")[0]!.toLowerCase()).not.toMatch(/^(and|but|so|because|which|that)$/);
      }
      const sorted = [...ms].sort((a, b) => a.start - b.start);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
    }
  });

  it("starts clips at sentences that stand alone and prefers the informative ones", () => {
    const ms = selectMoments(t, { durationS, config: { clipLength: "lt30" }, maxClips: 10 });
    expect(ms[0]!.text.startsWith("The bridge")).toBe(true);
  });

  it("drops near-duplicate passages", () => {
    const rep = transcriptOf(Array.from({ length: 30 }, () => FACT(7)));
    const ms = selectMoments(rep, { durationS: 200, config: { clipLength: "lt30" }, maxClips: 10 });
    expect(ms).toHaveLength(1);
    expect(jaccard(new Set(["a", "b"]), new Set(["b", "c"]))).toBeCloseTo(1 / 3);
  });

  it("steers by topics and reports whether they matched", () => {
    const mixed = transcriptOf([
      ...Array.from({ length: 12 }, (_, i) => FACT(i)),
      "Sourdough bread needs a starter that you feed with flour and water every day.",
      ...Array.from({ length: 12 }, (_, i) => FACT(i + 20)),
    ]);
    const dur = mixed.words[mixed.words.length - 1]!.end + 1;
    const steered = planMoments(mixed, { durationS: dur, config: { clipLength: "lt30", topics: "baking bread" }, maxClips: 10 });
    expect(steered.topic.matched).toBe(true);
    expect(steered.topic.matchedKeywords).toContain("bread");
    expect(steered.moments[0]!.text).toContain("Sourdough");
    expect(topicMatchReport(mixed, { customPrompt: "moments about football" }).matched).toBe(false);
  });

  it("returns the whole speech for a source shorter than the bucket", () => {
    const short = transcriptOf(["Ask not what your country can do for you."]);
    const sel = planMoments(short, { durationS: 5, config: { clipLength: "30_60" }, maxClips: 10 });
    expect(sel.mode).toBe("whole");
    expect(sel.moments).toHaveLength(1);
    expect(sel.moments[0]!.start).toBeLessThanOrEqual(short.words[0]!.start);
    expect(sel.moments[0]!.end).toBeLessThanOrEqual(5);
    expect(sel.moments[0]!.words).toHaveLength(short.words.length);
  });

  it("pads edges into silence but never into a neighbouring word", () => {
    const ws: Word[] = [{ word: "a", start: 1, end: 1.5 }, { word: "b", start: 1.6, end: 2 }, { word: "c", start: 5, end: 5.5 }];
    const edges = (first: number, last: number, durationS: number) => ({ start: cutBefore(ws, first), end: cutAfter(ws, last, durationS) });
    expect(edges(1, 1, 10)).toEqual({ start: 1.55, end: 2.2 });
    expect(edges(0, 0, 10)).toEqual({ start: 0.8, end: 1.55 });
    expect(edges(2, 2, 5.6)).toEqual({ start: 4.8, end: 5.6 });
  });
});

describe("moments without speech", () => {
  const empty: Transcript = { lang: null, segments: [], words: [], engine: "test" };
  it("picks the loudest, most cut-dense windows", () => {
    const energy = Array.from({ length: 300 }, (_, t) => ({ t, rms: t >= 200 && t < 230 ? 0.5 : 0.05 }));
    const sel = planMoments(empty, { durationS: 300, config: { clipLength: "lt30" }, maxClips: 10, signals: { energy, sceneChanges: [205, 210, 215] } });
    expect(sel.mode).toBe("signals");
    expect(sel.moments).toHaveLength(2);
    expect(sel.moments[0]!.start).toBeGreaterThanOrEqual(195);
    expect(sel.moments[0]!.end).toBeLessThanOrEqual(235);
    expect(sel.moments[0]!.end - sel.moments[0]!.start).toBe(19);
  });
  it("spreads windows evenly with no signals, and handles a source shorter than a window", () => {
    const ms = signalMoments(600, { min: 15, max: 60 }, 3);
    expect(ms.map((m) => m.start)).toEqual([81.25, 281.25, 481.25]);
    const short = signalMoments(5, { min: 15, max: 60 }, 2);
    expect(short).toEqual([{ start: 0, end: 5, words: [], text: "" }]);
  });
});

describe("dead air", () => {
  it("never puts a silence longer than MAX_INNER_SILENCE_S inside a clip", () => {
    // like the auto-editor sample: two sentences, 23 s of silence, one word
    const t = transcriptOf([FACT(1), "When the clock reaches forty seconds I will say one more word.", "Banana."], 0.8);
    const banana = t.words[t.words.length - 1]!;
    banana.start += 23;
    banana.end += 23;
    for (const config of [{}, { clipLength: "lt30" as const }]) {
      const ms = selectMoments(t, { durationS: banana.end + 2, config, maxClips: 10 });
      expect(ms.length).toBeGreaterThan(0);
      for (const m of ms) {
        for (let i = 1; i < m.words.length; i++) expect(m.words[i]!.start - m.words[i - 1]!.end).toBeLessThanOrEqual(MAX_INNER_SILENCE_S);
      }
    }
  });
});
