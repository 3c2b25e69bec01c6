import { describe, expect, it } from "vitest";
import { energyEnvelope, findSilences, planChunks, silenceThresholdDb, stitchChunks } from "../../src/engines/speech/chunks.js";
import { decideLanguage, tidyWords } from "../../src/analysis/transcribe.js";
import { downmixToMono, encodeWav, parseWavHeader, resampleLinear } from "../../src/analysis/transcribe-wav.js";
import type { Word } from "../../src/runtime/types.js";

describe("silences", () => {
  it("finds quiet runs in an energy envelope", () => {
    const rate = 16000;
    const s = new Int16Array(rate * 3);
    for (let i = 0; i < s.length; i++) {
      const t = i / rate;
      const loud = t < 1 || t >= 2;
      s[i] = loud ? Math.round(8000 * Math.sin(2 * Math.PI * 220 * t)) : (i % 7) - 3;
    }
    const env = energyEnvelope(s, rate);
    const sil = findSilences(env, 0.02, { minS: 0.3 });
    expect(sil).toHaveLength(1);
    expect(sil[0]!.start).toBeCloseTo(1, 1);
    expect(sil[0]!.end).toBeCloseTo(2, 1);
    expect(silenceThresholdDb(env)).toBeLessThanOrEqual(-30);
  });
});

describe("planChunks", () => {
  it("keeps short audio whole", () => {
    expect(planChunks([], 50)).toEqual([{ start: 0, end: 50, audioStart: 0, audioEnd: 50 }]);
  });
  it("cuts in the middle of the longest silence inside the window", () => {
    const sil = [{ start: 35, end: 35.4 }, { start: 40, end: 41.2 }, { start: 70, end: 70.5 }];
    const plan = planChunks(sil, 100, { targetS: 45, minS: 30, maxS: 60 });
    expect(plan[0]!.end).toBeCloseTo(40.6);
    expect(plan[1]!.start).toBeCloseTo(40.6);
    expect(plan[plan.length - 1]!.end).toBe(100);
    // contiguous, no gaps
    for (let i = 1; i < plan.length; i++) expect(plan[i]!.start).toBe(plan[i - 1]!.end);
    // margins stay inside the silence
    expect(plan[0]!.audioEnd).toBeLessThanOrEqual(41.2);
  });
  it("hard-cuts at maxS with a margin when there is no silence", () => {
    const plan = planChunks([], 130, { maxS: 60, hardCutMarginS: 1 });
    expect(plan.map((p) => p.end)).toEqual([60, 120, 130]);
    expect(plan[1]).toMatchObject({ audioStart: 59, audioEnd: 121 });
  });
});

describe("stitchChunks", () => {
  const word = (w: string, start: number, end: number): Word => ({ word: w, start, end });
  it("keeps each word exactly once by its midpoint across overlapping chunks", () => {
    const script = Array.from({ length: 40 }, (_, i) => word(`w${i}`, i * 0.5, i * 0.5 + 0.4));
    // chunk A covers 0..10 but heard audio to 11; chunk B covers 10..20 and heard from 9
    const heardA = script.filter((w) => w.end <= 11);
    const heardB = script.filter((w) => w.start >= 9);
    const out = stitchChunks([
      { plan: { start: 0, end: 10 }, words: heardA },
      { plan: { start: 10, end: 20 }, words: heardB },
    ]);
    expect(out.map((w) => w.word)).toEqual(script.map((w) => w.word));
  });
  it("assigns a word straddling the seam, heard by both chunks, to one side only", () => {
    const straddle = word("seam", 9.8, 10.4); // midpoint 10.1 -> second chunk
    const out = stitchChunks([
      { plan: { start: 0, end: 10 }, words: [word("a", 1, 2), straddle] },
      { plan: { start: 10, end: 20 }, words: [straddle, word("b", 12, 13)] },
    ]);
    expect(out.map((w) => w.word)).toEqual(["a", "seam", "b"]);
  });
  it("keeps a word ending exactly at the end of the last chunk", () => {
    expect(stitchChunks([{ plan: { start: 0, end: 5 }, words: [word("end", 5, 5)] }])).toHaveLength(1);
  });
});

describe("tidyWords / decideLanguage", () => {
  it("sorts, clamps and removes overlaps", () => {
    const out = tidyWords([{ word: "b", start: 1, end: 2 }, { word: "a", start: 0.5, end: 1.2 }, { word: "c", start: 9, end: 12 }], 10);
    expect(out).toEqual([{ word: "a", start: 0.5, end: 1.2 }, { word: "b", start: 1.2, end: 2 }, { word: "c", start: 9, end: 10 }]);
  });
  it("trusts a single-language engine, votes otherwise, and is null without words", () => {
    const w = [{ word: "hola", start: 0, end: 1 }];
    expect(decideLanguage({ languages: ["en"] }, [], w)).toBe("en");
    expect(decideLanguage({ languages: ["en"] }, [], [])).toBeNull();
    expect(decideLanguage({ languages: "any" }, [{ lang: "es", words: w }, { lang: "en", words: [] }], w)).toBe("es");
    const text = "el rápido zorro marrón salta sobre el perro perezoso en el jardín".split(" ").map((x, i) => ({ word: x, start: i, end: i + 0.5 }));
    expect(decideLanguage({ languages: "any" }, [{ lang: null, words: text }], text)).toBe("es");
  });
});

describe("wav", () => {
  it("round-trips, downmixes and resamples", () => {
    const s = Int16Array.from([0, 100, -100, 32767]);
    const buf = encodeWav(s, 16000);
    const info = parseWavHeader(buf);
    expect(info).toMatchObject({ sampleRate: 16000, channels: 1, dataOffset: 44, dataLength: 8 });
    expect(Array.from(downmixToMono(buf, info))).toEqual([0, 100, -100, 32767]);
    expect(resampleLinear(Int16Array.from([0, 10, 20, 30]), 32000, 16000)).toEqual(Int16Array.from([0, 20]));
  });
});
