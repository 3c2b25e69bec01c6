// Clean cuts and enough clips on real recordings: about seven minutes of read and spoken English
// from ../shared/media (three LibriVox sonnets, FLEURS, LibriVox, JFK, LibriSpeech, spontaneous
// speech, a meeting) joined into one source and recognised offline, then selected like a job. The loudness check reads the audio itself, not the level the stage used.
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPocketsphinxEngine } from "../../src/engines/speech/pocketsphinx.js";
import { bucketOf, planMoments, speechSeconds } from "../../src/analysis/moments.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { readEngineSamples } from "../../src/analysis/transcribe-wav.js";
import type { ClipLength, Moment, Transcript } from "../../src/runtime/types.js";
import { joinSpeech, media, tmpDir } from "../helpers/media.js";

const dir = tmpDir("katto-clips-real-");
const parts = [
  ...[1, 2, 3].map((n) => `speech/en/librivox_shakespeare_sonnets/sonnet_00${n}.mp3`),
  ...["0870", "0880", "0890", "0920", "0930"].map((n) => `speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb-${n}.wav`),
  "speech/en/jfk.wav",
  "speech/en/librispeech_61-70968-0000.flac",
  "speech/en/mfa_spontaneous/michaelandsickmichael.wav",
  "speech/en/ami_meeting_mixture/mixture.wav",
];
const SONNETS_END_S = 158; // the three sonnets come first: a source of two and a half minutes
let samples: Int16Array;
let t: Transcript;
let durationS: number;

beforeAll(async () => {
  const fleurs = readdirSync(media("speech/fleurs/en")).filter((f) => f.endsWith(".ogg")).sort().map((f) => `speech/fleurs/en/${f}`);
  const wav = joinSpeech([...parts.slice(0, 3), ...fleurs, ...parts.slice(3)].map(media), path.join(dir, "long.wav"));
  samples = await readEngineSamples(wav);
  durationS = samples.length / 16000;
  t = await transcribe(wav, { signal: AbortSignal.timeout(1_190_000), durationS, engine: createPocketsphinxEngine() });
}, 1_200_000); // a bound for a shared, loaded machine: seven minutes of audio through pocketsphinx

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** RMS level (dB) of the 20 ms around t, and the median of the clip's 20 ms windows, from the samples. */
function levels(m: { start: number; end: number }, at: number): { edge: number; median: number } {
  const win = 320;
  const db = (a: number) => {
    let s = 0;
    const from = Math.max(0, Math.min(samples.length - win, a));
    for (let i = from; i < from + win; i++) s += samples[i]! * samples[i]!;
    return 10 * Math.log10(s / win + 1e-9);
  };
  const inside: number[] = [];
  for (let a = Math.floor(m.start * 16000); a + win <= m.end * 16000; a += win) inside.push(db(a));
  inside.sort((x, y) => x - y);
  return { edge: db(Math.floor(at * 16000) - win / 2), median: inside[Math.floor(inside.length / 2)]! };
}

const sel = (clipLength: ClipLength | undefined, upTo = durationS) => {
  const words = t.words.filter((w) => w.end <= upTo);
  return planMoments({ ...t, words }, { durationS: upTo, config: clipLength ? { clipLength } : {}, maxClips: 10 });
};

describe("clips from seven minutes of real English speech", () => {
  it("aims for one clip per full minute of speech and finds at least 3, never overlapping, each honouring clipLength", () => {
    expect(durationS).toBeGreaterThan(400);
    for (const clipLength of [undefined, "lt30", "30_60"] as const) {
      const s = sel(clipLength);
      const b = bucketOf({ clipLength });
      expect(s.note.target, String(clipLength)).toBe(Math.min(10, Math.floor(speechSeconds(t.words) / 60)));
      expect(s.moments.length, String(clipLength)).toBeGreaterThanOrEqual(3);
      const sorted = [...s.moments].sort((a, b) => a.start - b.start);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
      for (const m of s.moments) {
        expect(m.end - m.start).toBeGreaterThanOrEqual(b.min - 1e-6);
        expect(m.end - m.start).toBeLessThanOrEqual(b.max + 1e-6);
      }
      // every moment says how the selection went; a shortfall always has a reason
      for (const m of s.moments) expect(m.selection).toEqual(s.note);
      if (s.note.found < s.note.target) expect(s.note.fewerReason).toMatch(/\w/);
      else expect(s.note.fewerReason).toBeNull();
    }
  });

  it("gives at least one clip per full minute of a reading: two for the first 127 s of the sonnets, two for all three (158 s)", () => {
    for (const upTo of [127, SONNETS_END_S]) {
      const s = sel(undefined, upTo);
      console.log(`[clips-real] ${upTo} s of reading: ${s.note.speechS} s of speech, target ${s.note.target}, ${s.moments.length} clips`);
      expect(s.note.target, String(upTo)).toBe(Math.floor(s.note.speechS / 60));
      expect(s.moments.length, String(upTo)).toBeGreaterThanOrEqual(2);
    }
    // the moments it leaves stay candidates, each with its reason
    expect(sel(undefined, 127).note.candidates?.length).toBeGreaterThan(0);
  });

  it("cuts only inside pauses: never inside a word, and at least 95 % of edges quieter than the clip's median", () => {
    let edges = 0;
    let quiet = 0;
    for (const clipLength of [undefined, "lt30", "30_60"] as const) {
      for (const m of sel(clipLength).moments as Moment[]) {
        for (const e of [m.start, m.end]) {
          for (const w of t.words) expect(e > w.start + 1e-3 && e < w.end - 1e-3, `${e} inside "${w.word}" ${w.start}-${w.end}`).toBe(false);
          const l = levels(m, e);
          edges++;
          if (l.edge < l.median) quiet++;
        }
      }
    }
    console.log(`[clips-real] quiet edges ${quiet}/${edges}`);
    expect(quiet / edges).toBeGreaterThanOrEqual(0.95);
  });
});
