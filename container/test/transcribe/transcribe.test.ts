// Chunked recognition of a known script: no word lost or doubled at the seams.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPocketsphinxEngine } from "../../src/engines/speech/pocketsphinx.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { ENVELOPE_FRAME_S, energyEnvelope, findSilences, planChunks } from "../../src/engines/speech/chunks.js";
import { ENGINE_SAMPLE_RATE, readEngineSamples } from "../../src/analysis/transcribe-wav.js";
import { wordErrorRate } from "../helpers/wer.js";
import type { Transcript } from "../../src/runtime/types.js";
import { availableTts, synthesize } from "./synth.js";

const SCRIPT = [
  "The river starts high in the mountains where the snow melts every spring.",
  "It runs through a narrow valley and past three small villages.",
  "Farmers use the water to grow wheat, apples and potatoes.",
  "In the summer the children swim near the old stone bridge.",
  "The bridge was built more than two hundred years ago.",
  "Every autumn the town holds a market on the river bank.",
  "People sell bread, cheese, honey and warm winter clothes.",
  "At night the lights of the market shine on the dark water.",
  "In the winter the river freezes and the valley becomes very quiet.",
  "Then the snow melts again and the whole story starts over.",
];
const CHUNKING = { targetS: 15, minS: 10, maxS: 20 };

const tts = availableTts();
let dir = "";
let wav = "";
let durationS = 0;
let chunked: Transcript;
let single: Transcript;
const progress: number[] = [];
const windows: { partial: Transcript; upToS: number }[] = [];

beforeAll(async () => {
  if (!tts) return;
  dir = mkdtempSync(path.join(os.tmpdir(), "katto-asr-test-"));
  wav = path.join(dir, "script.wav");
  durationS = (await synthesize(SCRIPT, wav, { gapS: 0.9 })).durationS;
  const engine = createPocketsphinxEngine();
  const signal = AbortSignal.timeout(110_000);
  [chunked, single] = await Promise.all([
    transcribe(wav, { signal, durationS, engine, chunking: CHUNKING, onProgress: (f) => progress.push(f), windowS: 15, onWindow: (partial, upToS) => windows.push({ partial, upToS }) }),
    transcribe(wav, { signal, durationS, engine, chunking: { maxS: 1e9 }, concurrency: 1 }),
  ]);
}, 120_000);
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

const text = (t: Transcript) => t.words.map((w) => w.word).join(" ");

describe.skipIf(!tts)("transcribe (chunked, parallel) on synthesised speech", () => {
  it("is cut into several chunks at silences", async () => {
    const samples = await readEngineSamples(wav);
    const plans = planChunks(findSilences(energyEnvelope(samples, ENGINE_SAMPLE_RATE), ENVELOPE_FRAME_S), durationS, CHUNKING);
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(durationS).toBeGreaterThan(40);
  });

  it("recognises the script about as well as one chunk does (no words lost or doubled at seams)", () => {
    const werChunked = wordErrorRate(SCRIPT.join(" "), text(chunked));
    const werSingle = wordErrorRate(SCRIPT.join(" "), text(single));
    console.log(`[transcribe] tts=${tts} duration=${durationS.toFixed(1)}s WER chunked=${werChunked.wer.toFixed(3)} single=${werSingle.wer.toFixed(3)} words ${chunked.words.length}/${single.words.length}`);
    expect(werChunked.wer).toBeLessThan(Math.max(0.25, werSingle.wer + 0.05));
    // a doubled or lost seam word shows up as insertions or deletions against the script
    expect(werChunked.insertions + werChunked.deletions).toBeLessThanOrEqual(werSingle.insertions + werSingle.deletions + 2);
  });

  it("returns ordered, non-overlapping words, sentence segments, lang and engine", () => {
    for (let i = 1; i < chunked.words.length; i++) {
      expect(chunked.words[i]!.start).toBeGreaterThanOrEqual(chunked.words[i - 1]!.end);
      // the same word twice in a row at the same place would be a doubled seam word
      const a = chunked.words[i - 1]!;
      const b = chunked.words[i]!;
      expect(a.word === b.word && b.start - a.end < 0.05).toBe(false);
    }
    expect(chunked.lang).toBe("en");
    expect(chunked.engine).toBe("pocketsphinx");
    expect(chunked.segments.length).toBeGreaterThanOrEqual(SCRIPT.length - 2);
    expect(chunked.segments.map((s) => s.text).join(" ")).toBe(text(chunked));
  });

  it("hands over the transcript as it arrives, window by window, each the final words up to where it reached (issue 43)", () => {
    // the last chunk completes the whole transcript, which is the answer, not a window
    expect(windows.length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < windows.length; i++) expect(windows[i]!.upToS - windows[i - 1]!.upToS).toBeGreaterThanOrEqual(15);
    for (const { partial, upToS } of windows) {
      expect(upToS).toBeLessThan(durationS);
      expect(partial.words.every((w) => w.end <= upToS)).toBe(true);
      expect(partial.words.length).toBeGreaterThan(0);
      // away from the window's edge, the words are the whole transcript's, at the same times
      const settled = (t: Transcript) => t.words.filter((w) => w.end < upToS - 2).map((w) => `${w.word}@${w.start}`);
      expect(settled(partial)).toEqual(settled(chunked));
    }
  });

  it("reports monotonic progress from 0 to 1", () => {
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBeCloseTo(1, 5);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);
  });
});

describe("transcribe without speech", () => {
  it("returns no words and lang null for silence", async () => {
    const d = mkdtempSync(path.join(os.tmpdir(), "katto-asr-sil-"));
    try {
      const { writeWav } = await import("../../src/analysis/transcribe-wav.js");
      const f = path.join(d, "silence.wav");
      await writeWav(f, new Int16Array(16000 * 3));
      const t = await transcribe(f, { signal: AbortSignal.timeout(30_000), durationS: 3, engine: createPocketsphinxEngine() });
      const { level, ...rest } = t;
      expect(rest).toEqual({ lang: null, segments: [], words: [], engine: "pocketsphinx" });
      // the level envelope of the audio heard: 20 ms frames, all digital silence
      expect(level!.frameS).toBe(0.02);
      expect(level!.db.length).toBe(150);
      expect(Math.max(...Array.from(level!.db))).toBe(-120);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
