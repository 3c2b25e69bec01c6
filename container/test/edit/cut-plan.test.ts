// Planning jump cuts (issue 26): which pauses shrink, which words are fillers (a conservative rule),
// cut edges on the frame grid, never into a kept word.
import { describe, expect, it } from "vitest";
import { fillerRanges, KEEP_PAUSE_S, MAX_PAUSE_S, planCuts, quietThresholdDb } from "../../src/editing/cut-plan.js";
import { parseSilences, silencedetectArgs } from "../../src/editing/quiet.js";
import { AUDIO_ON_SOURCE_CLOCK } from "../../src/ffmpeg/args.js";
import { keptSpans, mapWords } from "../../src/editing/timeline.js";

/** Words at given times: [text, start, end]. */
const ws = (...xs: [string, number, number][]) => xs.map(([text, start, end]) => ({ text, start, end }));
const texts = (words: { text: string }[], ranges: [number, number][]) => ranges.map(([a, b]) => words.slice(a, b + 1).map((w) => w.text).join(" "));

describe("fillerRanges", () => {
  it("always takes um, uh, er, erm, hmm and their spellings", () => {
    const w = ws(["Um,", 0, 0.3], ["so", 0.4, 0.6], ["uhh", 0.7, 0.9], ["the", 1, 1.1], ["Erm", 1.2, 1.4], ["hmmm...", 1.5, 1.8], ["plan", 1.9, 2.2], ["umbrella", 2.3, 2.8], ["her", 2.9, 3]);
    expect(texts(w, fillerRanges(w))).toEqual(["Um,", "uhh", "Erm", "hmmm..."]);
  });

  it("takes 'you know' and 'like' only when set off by commas or pauses and carrying nothing", () => {
    const aside = ws(["it", 0, 0.2], ["was,", 0.25, 0.5], ["you", 0.55, 0.7], ["know,", 0.72, 0.9], ["fine", 1.0, 1.3]);
    expect(texts(aside, fillerRanges(aside))).toEqual(["you know,"]);
    const paused = ws(["and", 0, 0.2], ["like", 0.6, 0.8], ["it", 1.2, 1.3], ["broke", 1.35, 1.6]);
    expect(texts(paused, fillerRanges(paused))).toEqual(["like"]);
    // meaning: an object after "you know", a verb of liking or comparison before "like", no pause around
    for (const keep of [
      ws(["you", 0, 0.2], ["know", 0.22, 0.4], ["what", 0.42, 0.6], ["I", 0.62, 0.7], ["mean", 0.72, 0.9]),
      ws(["do", 0, 0.2], ["you", 0.6, 0.7], ["know,", 0.72, 0.9], ["her", 1.3, 1.5]),
      ws(["I", 0, 0.1], ["like,", 0.12, 0.4], ["it", 0.8, 0.9]),
      ws(["looks", 0, 0.3], ["like", 0.7, 0.9], ["rain", 1.3, 1.6]),
      ws(["a", 0, 0.1], ["cat", 0.12, 0.4], ["like", 0.42, 0.6], ["mine", 0.62, 0.9]),
    ]) expect(fillerRanges(keep), keep.map((w) => w.text).join(" ")).toEqual([]);
  });
});

describe("planCuts", () => {
  const FPS = 30;
  const onGrid = (t: number) => Math.abs(t * FPS - Math.round(t * FPS)) < 1e-6;

  it("shortens each quiet pause longer than 0.6 s to 0.25 s, in its middle, on the frame grid", () => {
    const words = ws(["one", 0.2, 0.6], ["two", 2.0, 2.4], ["three", 2.9, 3.3]);
    // quiet between the words: 1.4 s (cut) and 0.5 s (kept)
    const cuts = planCuts({ words, quiet: [{ start: 0.6, end: 2.0 }, { start: 2.4, end: 2.9 }], durationS: 4, fps: FPS, removeSilences: true, removeFillers: false });
    expect(cuts).toHaveLength(1);
    const [c] = cuts;
    expect(c!.reason).toBe("silence");
    expect(onGrid(c!.start) && onGrid(c!.end)).toBe(true);
    const left = 1.4 - (c!.end - c!.start);
    expect(left).toBeGreaterThanOrEqual(KEEP_PAUSE_S - 1e-9);
    expect(left).toBeLessThanOrEqual(KEEP_PAUSE_S + 2 / FPS);
    expect(c!.start).toBeGreaterThan(0.6);
    expect(c!.end).toBeLessThan(2.0);
  });

  it("cuts no word: quiet that a word is spoken in (a quiet word) is not a pause, and a gap that is not quiet stays", () => {
    const words = ws(["a", 0, 0.3], ["soft", 0.8, 1.3], ["end", 3.0, 3.3]);
    // the recording is quiet 0.3-3.0 but for the soft word: 1.3-3.0 is a pause, 0.3-0.8 (0.55 s with the word's loose edge) is not
    const cuts = planCuts({ words, quiet: [{ start: 0.3, end: 3.0 }], durationS: 4, fps: FPS, removeSilences: true, removeFillers: false });
    expect(cuts).toHaveLength(1);
    expect(cuts[0]!.start).toBeGreaterThan(1.3);
    expect(mapWords(words, keptSpans(4, cuts)).map((w) => w.text)).toEqual(["a", "soft", "end"]);
    expect(planCuts({ words, quiet: [], durationS: 4, fps: FPS, removeSilences: true, removeFillers: false })).toEqual([]);
  });

  it("takes a filler out with the hesitation around it, leaving at most 0.25 s; a fluent filler loses only itself", () => {
    const words = ws(["so", 0, 0.3], ["um", 0.7, 1.0], ["the", 1.6, 1.8], ["uh", 1.8, 2.0], ["point", 2.0, 2.4]);
    const cuts = planCuts({ words, quiet: [], durationS: 3, fps: FPS, removeSilences: false, removeFillers: true });
    expect(cuts.map((c) => c.reason)).toEqual(["filler", "filler"]);
    const kept = mapWords(words, keptSpans(3, cuts));
    expect(kept.map((w) => w.text)).toEqual(["so", "the", "point"]);
    // "so" ... "the": 1.3 s of pause and filler become about 0.25 s
    expect(kept[1]!.start - kept[0]!.end).toBeGreaterThanOrEqual(KEEP_PAUSE_S - 1 / FPS);
    expect(kept[1]!.start - kept[0]!.end).toBeLessThanOrEqual(KEEP_PAUSE_S + 2 / FPS);
    // "the uh point" had no pause: "the" and "point" now touch, give or take a frame
    expect(kept[2]!.start - kept[1]!.end).toBeLessThanOrEqual(1 / FPS + 1e-9);
  });

  it("cuts nothing when the style asks for nothing", () => {
    const words = ws(["um", 0, 0.3], ["yes", 2, 2.3]);
    expect(planCuts({ words, quiet: [{ start: 0.3, end: 2 }], durationS: 3, fps: FPS, removeSilences: false, removeFillers: false })).toEqual([]);
    expect(MAX_PAUSE_S).toBe(0.6);
  });
});

describe("quiet detection", () => {
  it("judges quiet 25 dB under the clip's own speech loudness, within sane bounds", () => {
    expect(quietThresholdDb(-14)).toBe(-39);
    expect(quietThresholdDb(-23)).toBe(-48);
    expect(quietThresholdDb(-70)).toBe(-60);
    expect(quietThresholdDb(null)).toBe(-39);
  });

  it("reads silencedetect's report, closing a silence still open at the end", () => {
    const log = "[silencedetect @ 0x1] silence_start: 0.64\n[silencedetect @ 0x1] silence_end: 1.32 | silence_duration: 0.68\nsize=N/A\n[silencedetect @ 0x1] silence_start: 40.5\n";
    expect(parseSilences(log, 42)).toEqual([{ start: 0.64, end: 1.32 }, { start: 40.5, end: 42 }]);
    // on the source's clock, as the render hears it (a timestamp gap is quiet too: issue 41)
    expect(silencedetectArgs("/a.mp4", { noiseDb: -39, minS: 0.6, range: { start: 3, duration: 10 } })).toContain(`${AUDIO_ON_SOURCE_CLOCK},silencedetect=noise=-39.0dB:d=0.6`);
  });
});
