// remove_fillers on real speech (issue 35): fillers found in the sound where the transcript leaves
// them out (the offline engine, pocketsphinx, on the MFA spontaneous recording), nothing found in
// read speech (LibriVox, FLEURS), and the engines that take a prompt asked to write them down (an
// OpenAI-compatible stand-in that writes hesitations only when prompted; whisper.cpp's command
// line). Ground truth: the recording's gold transcript, fillers included, aligned word by word
// (../data/mfa-spontaneous-words.json, made by ../data/align-mfa-spontaneous.ts).
import { execFileSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CaptionWord } from "../../src/captions/clip-words.js";
import { loadConfig } from "../../src/runtime/config.js";
import { clipCuts } from "../../src/editing/clip-edit.js";
import { fillerRanges, planCuts, VOICED_HESITATION, type PlannedCut } from "../../src/editing/cut-plan.js";
import { confirmFillers, heldSeconds, joinFillers, longHesitations, quietAround, voicedGaps, voicedThresholdDb, withTail } from "../../src/editing/fillers.js";
import { parseKws } from "../../src/editing/filler-spotting.js";
import { keptSpans, mapWords, toClipTime } from "../../src/editing/timeline.js";
import { cutAudioFilter } from "../../src/ffmpeg/cut-audio.js";
import { energyEnvelope, ENVELOPE_FRAME_S } from "../../src/engines/speech/chunks.js";
import { createSpeechEngine } from "../../src/engines/speech/index.js";
import { createPocketsphinxEngine } from "../../src/engines/speech/pocketsphinx.js";
import { FILLER_PROMPT } from "../../src/engines/speech/types.js";
import { createWhisperCppEngine, whisperCppArgs } from "../../src/engines/speech/whisper-cpp.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { ENGINE_SAMPLE_RATE, readEngineSamples } from "../../src/analysis/transcribe-wav.js";
import { media, tmpDir } from "../helpers/media.js";
import { type GoldSource, startOpenAiStandIn } from "../engines/openai-stand-in.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-fillers-");
const SPONTANEOUS = media("speech/en/mfa_spontaneous/michaelandsickmichael.wav");
const GOLD = JSON.parse(readFileSync(path.join(import.meta.dirname, "../data/mfa-spontaneous-words.json"), "utf8")) as { words: { word: string; start: number; end: number; filler: boolean }[] };
const FPS = 30;

/** The part of [start, end] that the cuts take out, as a fraction of it. */
const cutShare = (cuts: readonly PlannedCut[], start: number, end: number) => cuts.reduce((s, c) => s + Math.max(0, Math.min(end, c.end) - Math.max(start, c.start)), 0) / (end - start);

/** pocketsphinx's words of [start, end] of a recording, clip times (the engine a fresh clone runs). */
async function heard(file: string, range?: { start: number; end: number }): Promise<CaptionWord[]> {
  const wav = path.join(dir, `${path.basename(file)}-${range?.start ?? 0}.wav`);
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...(range ? ["-ss", String(range.start), "-to", String(range.end)] : []), "-i", file, "-ac", "1", "-ar", "16000", wav]);
  const t = await transcribe(wav, { signal, durationS: 0, engine: createPocketsphinxEngine(), concurrency: 1 });
  return t.words.map((w) => ({ text: w.word, start: w.start, end: w.end }));
}

describe("fillers in the sound: the pure steps", () => {
  it("takes the voiced stretches no word covers, 0.15-1.5 s long, leaving each word's loose edge", () => {
    // 20 ms frames: speech 0-1 s (a word), a held sound 1.4-1.8 s, silence, a 2-s stretch no word covers
    const env = Float64Array.from({ length: 250 }, (_, i) => (i < 50 || (i >= 70 && i < 90) || (i >= 120 && i < 220) ? -20 : -60));
    const gaps = voicedGaps(env, 0.02, [{ start: 0, end: 1 }], -40);
    expect(gaps.map((g) => [+g.start.toFixed(2), +g.end.toFixed(2)])).toEqual([[1.4, 1.8]]);
  });

  it("reads pocketsphinx's keyword lines and confirms a gap only with a spotted hesitation in it that reaches into no word", () => {
    const spotted = parseKws("uh 14.520 14.620 0.86\nhello 1 2 1\num(2) 30.000 30.020 0.8\ner 33.000 33.200 0.9\n");
    expect(spotted).toEqual([{ word: "uh", start: 14.52, end: 14.62 }, { word: "um", start: 30, end: 30.02 }, { word: "er", start: 33, end: 33.2 }]);
    const gaps = [{ start: 14.5, end: 15 }, { start: 29.9, end: 30.3 }, { start: 33.1, end: 33.5 }];
    // the second: 20 ms is a vowel inside a word; the third reaches into the word before the gap
    expect(confirmFillers(gaps, spotted, [{ start: 32.5, end: 33.1 }])).toEqual([{ start: 14.5, end: 15, word: "uh" }]);
    expect(confirmFillers(gaps, spotted)).toHaveLength(2);
    expect(confirmFillers(gaps, null)).toEqual([]);
  });

  it("cuts a filler heard in the sound like a filler word, named 'voiced hesitation', and the words around it stay", () => {
    const words = [{ text: "slow", start: 0, end: 0.5 }, { text: "and", start: 1.5, end: 1.7 }];
    const cuts = planCuts({ words, quiet: [], heard: [{ start: 0.7, end: 1.2 }], durationS: 2, fps: FPS, removeSilences: false, removeFillers: true });
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatchObject({ reason: "filler", word: VOICED_HESITATION });
    expect(mapWords(words, keptSpans(2, cuts)).map((w) => w.text)).toEqual(["slow", "and"]);
    expect(planCuts({ words: [{ text: "Um,", start: 0, end: 0.3 }, { text: "yes", start: 0.5, end: 0.8 }], quiet: [], durationS: 1, fps: FPS, removeSilences: false, removeFillers: true })[0]!.word).toBe("um");
  });

  it("takes a hesitation spotted for 0.28 s or more wherever it lies, joined with its overlaps, carried 0.1 s on but not into the next word", () => {
    // the spotter's hits over the "um" at 8.03 s (pocketsphinx wrote "hello" over it) and inside "probably" (0.25 s)
    const spotted = parseKws("uh 8.020 8.470 0.88\nah 8.100 8.350 0.87\num 49.650 49.900 0.87\n");
    const long = longHesitations(spotted);
    expect(long).toEqual([{ start: 8.02, end: 8.47, word: "uh" }]);
    expect(withTail(long, [{ start: 7.66, end: 8.43 }, { start: 8.54, end: 8.77 }])[0]!.end).toBeCloseTo(8.54, 6);
    expect(withTail(long, [])[0]!.end).toBeCloseTo(8.57, 6);
    expect(joinFillers([{ start: 1, end: 1.5, word: "uh" }], [{ start: 1.4, end: 2, word: "um" }, { start: 3, end: 3.4, word: "er" }])).toEqual([{ start: 1, end: 2, word: "uh" }, { start: 3, end: 3.4, word: "er" }]);
  });

  it("on the gold transcript of real spontaneous speech, takes its 9 hesitations and no other word (its fluent \"you know\" stays)", () => {
    // the transcript writes "yknow" (5.60-5.84 s, "we're just yknow there's some speech errors"): as
    // two words at its aligned time, said with no pause or comma around it, which the rule keeps
    const words = GOLD.words.flatMap((w) => (w.word === "yknow" ? [{ text: "you", start: w.start, end: (w.start + w.end) / 2 }, { text: "know", start: (w.start + w.end) / 2, end: w.end }] : [{ text: w.word, start: w.start, end: w.end }]));
    const found = fillerRanges(words).map(([a, b]) => words.slice(a, b + 1).map((w) => w.text).join(" "));
    expect(found).toEqual(GOLD.words.filter((w) => w.filler).map((w) => w.word));
  });

  it("in a real meeting's gold words (AMI), takes the um and uh and no \"like\" or \"you know\": each there carries meaning or runs on unpunctuated", () => {
    // "something like that, like a mobile", "things like that", "but you know on a mobile phone";
    // the words have no times, so they are laid end to end (no pause): only the transcript's commas set a word off
    const found: string[] = [];
    let likes = 0;
    for (const c of ["A", "B", "D"]) {
      const text = readFileSync(media(`speech/en/ami_meeting_mixture/mixture.${c}.words_joined.txt`), "utf8");
      const words = text.split(/\s+/).filter(Boolean).map((t, i) => ({ text: t, start: i * 0.3, end: i * 0.3 + 0.3 }));
      likes += words.filter((w) => /^like\W*$/i.test(w.text)).length;
      found.push(...fillerRanges(words).map(([a, b]) => words.slice(a, b + 1).map((w) => w.text.toLowerCase().replace(/\W/g, "")).join(" ")));
    }
    expect(likes).toBe(4);
    expect(found).toEqual(["uh", "uh", "um", "um"]);
  });

  it("measures the quiet on both sides of a stretch (an \"uh\" alone between pauses)", () => {
    const env = Float64Array.from({ length: 100 }, (_, i) => (i < 20 || (i >= 40 && i < 60) || i >= 90 ? -20 : -60));
    expect(quietAround(env, 0.02, -40, { start: 0.8, end: 1.2 })).toBeCloseTo(0.4, 6);
    expect(quietAround(env, 0.02, -40, { start: 0.1, end: 0.4 })).toBe(0);
  });

  it("hears a held vowel as held and a sentence as moving", async () => {
    const s = await readEngineSamples(SPONTANEOUS);
    const at = (t: number) => Math.round(t * ENGINE_SAMPLE_RATE);
    // gold "um" 22.90-23.52; "this is the acoustic corpus i'm talking pretty fast" 1.05-3.39
    expect(heldSeconds(s.subarray(at(22.9), at(23.52)))).toBeGreaterThanOrEqual(0.25);
    expect(heldSeconds(s.subarray(at(1.05), at(3.39)))).toBeLessThan(0.25);
  });
});

describe("remove_fillers on the offline engine (pocketsphinx): the whole spontaneous recording", () => {
  // as a job clips it: pocketsphinx's words of the whole recording, the clip its first 52.4 s
  const END = 52.4;
  const UH = { start: 44.48, end: 45.09 }; // the TextGrid's own interval of the "uh" alone between two pauses
  let words: CaptionWord[];
  let cuts: PlannedCut[];
  let keep: ReturnType<typeof keptSpans>;
  const cutWav = path.join(dir, "whole-cut.wav");
  const plainWav = path.join(dir, "whole-plain.wav");
  beforeAll(async () => {
    words = await heard(SPONTANEOUS, { start: 0, end: END });
    cuts = await clipCuts({ source: SPONTANEOUS, start: 0, end: END, hasAudio: true, words, style: { remove_fillers: true }, fps: FPS, signal });
    keep = keptSpans(END, cuts);
    // the clip's sound cut as the renderer cuts it (ffmpeg/cut-filters.ts), and uncut
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-to", String(END), "-i", SPONTANEOUS, "-filter_complex", cutAudioFilter("0:a", keep, "a"), "-map", "[a]", "-ac", "1", "-ar", "16000", cutWav]);
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-to", String(END), "-i", SPONTANEOUS, "-ac", "1", "-ar", "16000", plainWav]);
  }, 300_000); // 52 s of pocketsphinx on one core, the suite's load around it

  it("cuts at least 6 of the 9 gold fillers (pocketsphinx writes none), and no other gold word", () => {
    expect(words.map((w) => w.text).filter((w) => /^(um|uh)$/.test(w))).toEqual([]);
    for (const c of cuts) expect(c).toMatchObject({ reason: "filler", word: VOICED_HESITATION });
    const fillers = GOLD.words.filter((w) => w.filler);
    expect(fillers).toHaveLength(9);
    // figures and which ones: docs/caption-styles.md
    const cut = fillers.filter((f) => cutShare(cuts, f.start, f.end) >= 0.8);
    expect(cut.length).toBeGreaterThanOrEqual(6);
    for (const w of GOLD.words.filter((x) => !x.filler)) expect(cutShare(cuts, w.start, w.end), `${w.word} at ${w.start}`).toBeLessThan(0.2);
    expect(cutShare(cuts, UH.start, UH.end)).toBeGreaterThan(0.8);
  });

  it("cuts nothing without the option, and no filler when only silences are removed", async () => {
    expect(await clipCuts({ source: SPONTANEOUS, start: 0, end: END, hasAudio: true, words, style: {}, fps: FPS, signal })).toEqual([]);
    const silences = await clipCuts({ source: SPONTANEOUS, start: 0, end: END, hasAudio: true, words, style: { remove_silences: true }, fps: FPS, signal });
    expect(silences.filter((c) => c.reason === "filler")).toEqual([]);
  });

  it("the \"uh\" alone is gone from the clip's audio: nothing voiced is left from \"one\" to where it ended, where the uncut audio has it", async () => {
    const plain = energyEnvelope(await readEngineSamples(plainWav), ENGINE_SAMPLE_RATE, ENVELOPE_FRAME_S);
    const cut = energyEnvelope(await readEngineSamples(cutWav), ENGINE_SAMPLE_RATE, ENVELOPE_FRAME_S);
    // voiced: 10 dB over the noise floor of the second speaker's part, from 39.6 s (the room's noise,
    // with a cold's sniffs, flickers up to about 6; the first speaker's floor is lower)
    const level = voicedThresholdDb(plain.subarray(Math.round(39.6 / ENVELOPE_FRAME_S)), 10);
    const longestVoiced = (env: Float64Array, a: number, b: number) => {
      let run = 0;
      let best = 0;
      for (let i = Math.ceil(a / ENVELOPE_FRAME_S) + 3; i < Math.floor(b / ENVELOPE_FRAME_S) - 3; i++) best = Math.max(best, (run = env[i]! > level ? run + 1 : 0));
      return best * ENVELOPE_FRAME_S;
    };
    // from the end of gold "one" (43.79 s) to the end of the "uh" (the pause after it holds a sniff, a cold's)
    const [a, b] = [43.79, UH.end + 0.1];
    expect(longestVoiced(plain, a, b)).toBeGreaterThan(0.3);
    expect(longestVoiced(cut, toClipTime(keep, a), toClipTime(keep, b))).toBeLessThan(0.1);
  });

  it("re-transcribed, the cut clip has every word pocketsphinx got right in the uncut clip, but the fillers it misheard as words", async () => {
    const again = (await heard(cutWav)).map((w) => w.text);
    const gold = GOLD.words.map((w) => (w.word === "yknow" ? "you" : w.word));
    // the uncut clip's words that the gold transcript has, in its order (pocketsphinx's others are noise)
    const right = words.filter((_, i) => lcsKept(words.map((w) => w.text), gold).has(i));
    // a word holding half a gold filler or more is that filler as the engine heard it ("hello" for "um")
    const fillers = GOLD.words.filter((w) => w.filler);
    const real = right.filter((w) => !fillers.some((f) => Math.min(w.end, f.end) - Math.max(w.start, f.start) >= (f.end - f.start) / 2));
    const found = lcsKept(real.map((w) => w.text), again);
    const lost = real.filter((_, i) => !found.has(i));
    // none lost where a cut could have taken it (within 0.3 s of one); farther away the engine reads
    // the sentence anew and may drop a word: measured 2 of 44 ("and" 3.5 s from a cut, "environment" 0.7 s)
    const near = (w: CaptionWord) => cuts.some((c) => w.start < c.end + 0.3 && w.end > c.start - 0.3);
    expect(lost.filter(near).map((w) => `${w.text} at ${w.start}`)).toEqual([]);
    expect(lost.length).toBeLessThanOrEqual(2);
    expect(real.length).toBeGreaterThan(30);
  });

  it("cuts nothing in read speech (LibriVox, FLEURS; all 15 English readings measured: docs/caption-styles.md)", async () => {
    for (const file of ["speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb-0870.wav", "speech/fleurs/en/fleurs-en-003.ogg"].map(media)) {
      const w = await heard(file);
      const end = Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], { encoding: "utf8" }));
      expect(await clipCuts({ source: file, start: 0, end, hasAudio: true, words: w, style: { remove_fillers: true }, fps: FPS, signal }), file).toEqual([]);
    }
  });
});

/** Indices of `a` kept by a longest common subsequence with `b` (the words two transcripts share, in order). */
function lcsKept(a: readonly string[], b: readonly string[]): Set<number> {
  const d = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) d[i]![j] = a[i] === b[j] ? d[i + 1]![j + 1]! + 1 : Math.max(d[i + 1]![j]!, d[i]![j + 1]!);
  const kept = new Set<number>();
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) kept.add(i++), j++;
    else if (d[i + 1]![j]! >= d[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

describe("remove_fillers with engines that take a prompt", () => {
  let gold: GoldSource;
  beforeAll(async () => {
    const samples = await readEngineSamples(SPONTANEOUS);
    const utterances = readFileSync(SPONTANEOUS.replace(/\.wav$/, ".txt"), "utf8").split("\n").filter((l) => l && !l.startsWith("#")).map((l) => l.split("\t")).map((c) => ({ start: Number(c[0]), end: Number(c[1]), text: c[3]! }));
    gold = { wavPath: SPONTANEOUS, samples, words: GOLD.words.map(({ word, start, end }) => ({ word, start, end })), utterances };
  });

  it("OpenAI-compatible: sends the disfluent prompt only when asked, and every filler that comes back is cut", async () => {
    const srv = await startOpenAiStandIn(gold, { fillersOnlyWhenPrompted: true });
    try {
      const engine = createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "openai", KATTO_OPENAI_BASE_URL: srv.baseUrl, KATTO_OPENAI_API_KEY: "sk-test" }).speech);
      const durationS = gold.samples.length / ENGINE_SAMPLE_RATE;
      const plain = await transcribe(SPONTANEOUS, { engine, durationS, signal });
      const kept = await transcribe(SPONTANEOUS, { engine, durationS, signal, keepFillers: true });
      expect(srv.requests[0]!.fields.prompt).toBeUndefined();
      expect(srv.requests[1]!.fields.prompt).toEqual([FILLER_PROMPT]);

      const asWords = (ws: { word: string; start: number; end: number }[]) => ws.map((w) => ({ text: w.word, start: w.start, end: w.end }));
      const plan = (ws: CaptionWord[]) => planCuts({ words: ws, quiet: [], durationS, fps: FPS, removeSilences: false, removeFillers: true });
      expect(plan(asWords(plain.words))).toEqual([]); // no filler written, none cut from the words
      const cuts = plan(asWords(kept.words));
      const fillers = GOLD.words.filter((w) => w.filler);
      expect(kept.words.filter((w) => /^(um|uh)$/.test(w.word))).toHaveLength(fillers.length);
      // each filler is cut, but for one the alignment gives 30 ms (under a frame, too short to cut)
      const cuttable = fillers.filter((f) => f.end - f.start >= 1 / FPS);
      expect(cuttable).toHaveLength(fillers.length - 1);
      // all of it but what the frame grid keeps at a fluent filler's edges (a frame each side at most)
      for (const f of cuttable) expect((1 - cutShare(cuts, f.start, f.end)) * (f.end - f.start), `${f.word} at ${f.start}`).toBeLessThanOrEqual(2 / FPS + 1e-6);
      expect(new Set(cuts.map((c) => c.word))).toEqual(new Set(["um", "uh", "uh, uh"].filter((w) => cuts.some((c) => c.word === w))));
      // every other word stays, in order
      expect(mapWords(asWords(kept.words), keptSpans(durationS, cuts)).map((w) => w.text)).toEqual(GOLD.words.filter((w) => !cuttable.includes(w)).map((w) => w.word));
    } finally {
      await srv.close();
    }
  });

  it("whisper.cpp: the command line carries the prompt only when fillers are kept", async () => {
    const cfg = { modelPath: "/models/ggml-base.en.bin", bin: "whisper-cli" };
    expect(whisperCppArgs(cfg, "a.wav", "/tmp/out", "en")).not.toContain("--prompt");
    const args = whisperCppArgs(cfg, "a.wav", "/tmp/out", "en", FILLER_PROMPT);
    expect(args.slice(args.indexOf("--prompt"), args.indexOf("--prompt") + 2)).toEqual(["--prompt", FILLER_PROMPT]);
    // the engine passes it through to the program it runs (a stand-in that records its arguments)
    const bin = path.join(dir, "whisper-cli");
    writeFileSync(bin, `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/argv"\nwhile [ "$1" != "-of" ]; do shift; done\necho '{"transcription":[{"offsets":{"from":0,"to":300},"text":" Uh"}]}' > "$2.json"\n`);
    chmodSync(bin, 0o755);
    const engine = createWhisperCppEngine({ modelPath: cfg.modelPath, bin });
    const r = await engine.transcribe(SPONTANEOUS, { signal, keepFillers: true });
    expect(readFileSync(path.join(dir, "argv"), "utf8").split("\n")).toContain(FILLER_PROMPT);
    expect(r.words.map((w) => w.word)).toEqual(["Uh"]);
    await engine.transcribe(SPONTANEOUS, { signal });
    expect(readFileSync(path.join(dir, "argv"), "utf8")).not.toContain("--prompt");
  });
});
