// The Workers AI speech path for Spanish and French, through the whole chunked transcribe stage.
//
// No real Workers AI answer can be recorded offline (this machine has no internet), so the answers
// here are BUILT, not recorded: they follow the documented Whisper shape
// (Ai_Cf_Openai_Whisper_Large_V3_Turbo_Output inside the REST envelope { success, errors, messages,
// result: { text, word_count, transcription_info: { language, language_probability, duration },
// segments: [{ start, end, text, words: [{ word, start, end }] }] } }) and carry the gold
// transcripts of real recordings in ../shared/media (MLS Spanish + FLEURS es and fr). The word times
// are made from the real audio: each clip's gold words are laid, in order, over the clip's voiced
// stretches (20 ms energy frames), spread in proportion to their length in characters. What this
// proves is our side of the wire: request body, parsing, chunking, stitching and language choice on
// non-English text; it does not prove what Whisper itself hears in these clips.
//
// The audio is several clips joined into ~40 s and cut small, so the stage really sends chunks. The
// double answers each chunk with the placed words that lie wholly inside that chunk's audio, on the
// chunk's clock (rounded to 10 ms as faster-whisper does), found by locating the posted samples in
// the source, as in workers-ai-replay.test.ts.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/runtime/config.js";
import { createSpeechEngine } from "../../src/engines/speech/index.js";
import { WHISPER_MODEL } from "../../src/engines/speech/workers-ai.js";
import type { Transcript } from "../../src/runtime/types.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { tmpDir } from "../helpers/media.js";
import { mediaDir } from "../transcribe/media.js";
import { chunkOffset } from "./chunk-offset.js";
import { type Recorded, startLoopback } from "./loopback.js";

const RATE = 16000;
const FRAME = 320; // 20 ms, the stage's envelope frame, so our gaps line up with its silences

interface Placed {
  word: string;
  start: number;
  end: number;
}
interface Fixture {
  lang: string;
  wav: string;
  samples: Int16Array;
  durationS: number;
  gold: string[];
  placed: Placed[];
}

/** Real media, decoded by ffmpeg to the engine's format. */
function decode(rel: string): Int16Array {
  const raw = execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", path.join(mediaDir(), rel), "-ac", "1", "-ar", String(RATE), "-f", "s16le", "pipe:1"], { maxBuffer: 64 << 20 });
  return new Int16Array(raw.buffer, raw.byteOffset, raw.length >> 1).slice();
}

function frameDb(samples: Int16Array): Float64Array {
  const out = new Float64Array(Math.ceil(samples.length / FRAME));
  for (let f = 0; f < out.length; f++) {
    let sum = 0;
    const b = Math.min(samples.length, (f + 1) * FRAME);
    for (let i = f * FRAME; i < b; i++) sum += samples[i]! * samples[i]!;
    const rms = Math.sqrt(sum / Math.max(1, b - f * FRAME)) / 32768;
    out[f] = rms > 0 ? 20 * Math.log10(rms) : -120;
  }
  return out;
}

/**
 * Voiced stretches of [fromS, toS]: what lies between gaps, a gap being 0.16 s or more at or below
 * max(-55 dB, floor + 15 dB); stretches under 0.1 s (clicks) are dropped. The stage's silences
 * (0.3 s or more at or below floor + 12 dB clamped to [-60, -30] dB, on the same frames and floor)
 * always lie inside a gap, so no placed word spans a place where the stage may cut.
 */
function voiced(db: Float64Array, thr: number, fromS: number, toS: number): { start: number; end: number }[] {
  const f0 = Math.ceil((fromS * RATE) / FRAME);
  const f1 = Math.floor((toS * RATE) / FRAME);
  const out: { start: number; end: number }[] = [];
  let stretch = -1; // first frame of the current stretch
  let quietFrom = -1; // first frame of the current quiet run inside it
  for (let f = f0; f <= f1; f++) {
    const quiet = f === f1 || db[f]! <= thr;
    if (!quiet) {
      if (stretch < 0) stretch = f;
      quietFrom = -1;
      continue;
    }
    if (quietFrom < 0) quietFrom = f;
    if (stretch >= 0 && (f - quietFrom + 1 >= 8 || f === f1)) {
      if (quietFrom - stretch >= 5) out.push({ start: (stretch * FRAME) / RATE, end: (quietFrom * FRAME) / RATE });
      stretch = -1;
    }
  }
  return out;
}

/** Gold words in order over the voiced stretches, each wholly inside one, sized by character count. */
function placeWords(words: string[], stretches: { start: number; end: number }[]): Placed[] {
  const len = (w: string) => [...w].length;
  const totalChars = words.reduce((s, w) => s + len(w), 0);
  const totalVoiced = stretches.reduce((s, v) => s + v.end - v.start, 0);
  const bins: string[][] = stretches.map(() => []);
  let chars = 0;
  for (const w of words) {
    // the word's middle, in seconds of voiced time, says which stretch it goes to
    let t = ((chars + len(w) / 2) / totalChars) * totalVoiced;
    chars += len(w);
    let k = 0;
    while (k < stretches.length - 1 && t > stretches[k]!.end - stretches[k]!.start) {
      t -= stretches[k]!.end - stretches[k]!.start;
      k++;
    }
    bins[k]!.push(w);
  }
  const out: Placed[] = [];
  bins.forEach((ws, k) => {
    const { start, end } = stretches[k]!;
    const n = ws.reduce((s, w) => s + len(w), 0);
    let c = 0;
    for (const w of ws) {
      out.push({ word: w, start: start + (c / n) * (end - start), end: start + ((c + len(w)) / n) * (end - start) });
      c += len(w);
    }
  });
  return out;
}

function buildFixture(lang: string, clips: readonly string[]): Fixture {
  const decoded = clips.map((c) => ({ samples: decode(c), gold: readFileSync(path.join(mediaDir(), c.replace(/\.\w+$/, ".txt")), "utf8").trim().split(/\s+/) }));
  const samples = new Int16Array(decoded.reduce((s, d) => s + d.samples.length, 0));
  let at = 0;
  for (const d of decoded) {
    samples.set(d.samples, at);
    at += d.samples.length;
  }
  const db = frameDb(samples);
  const sorted = Float64Array.from(db).sort();
  const thr = Math.max(-55, sorted[Math.floor(sorted.length * 0.1)]! + 15);
  const placed: Placed[] = [];
  at = 0;
  for (const d of decoded) {
    placed.push(...placeWords(d.gold, voiced(db, thr, at / RATE, (at + d.samples.length) / RATE)));
    at += d.samples.length;
  }
  const wav = path.join(tmpDir(`katto-wai-${lang}-`), `${lang}.wav`);
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "s16le", "-ar", String(RATE), "-ac", "1", "-i", "pipe:0", "-c:a", "pcm_s16le", wav], { input: Buffer.from(samples.buffer) });
  return { lang, wav, samples, durationS: samples.length / RATE, gold: decoded.flatMap((d) => d.gold), placed };
}

interface Answered {
  t0: number;
  words: number;
}

/**
 * A Workers AI double for one fixture. `language(t0, hint)` is what transcription_info.language says
 * for the chunk starting at t0 (undefined: no transcription_info at all).
 */
async function serve(fx: Fixture, language: (t0: number, hint: string | undefined) => string | undefined) {
  const answered: Answered[] = [];
  const srv = await startLoopback((req: Recorded) => {
    const body = JSON.parse(req.body) as { audio: string; language?: string };
    const audio = Buffer.from(body.audio, "base64");
    const chunk = new Int16Array(audio.buffer, audio.byteOffset + 44, (audio.length - 44) >> 1);
    const t0 = chunkOffset(fx.samples, chunk, RATE);
    const t1 = t0 + chunk.length / RATE;
    const r2 = (x: number) => Math.round(x * 100) / 100;
    const words = fx.placed.filter((w) => w.start >= t0 - 1e-9 && w.end <= t1 + 1e-9).map((w) => ({ word: ` ${w.word}`, start: r2(w.start - t0), end: r2(w.end - t0) }));
    answered.push({ t0, words: words.length });
    const text = words.map((w) => w.word).join("");
    const lang = language(t0, body.language);
    const result = {
      text,
      word_count: words.length,
      ...(lang === undefined ? {} : { transcription_info: { language: lang, language_probability: body.language ? 1 : 0.97, duration: r2(t1 - t0) } }),
      segments: words.length ? [{ start: words[0]!.start, end: words.at(-1)!.end, text, words }] : [],
    };
    return { status: 200, body: { success: true, errors: [], messages: [], result } };
  });
  close = srv.close;
  const engine = createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_CF_API_BASE: srv.baseUrl }).speech);
  const run = (lang?: string) => transcribe(fx.wav, { signal: AbortSignal.timeout(60_000), durationS: fx.durationS, engine, lang, chunking: { targetS: 12, minS: 8, maxS: 16 } });
  return { srv, answered, run };
}

function expectGoldBack(t: Transcript, fx: Fixture): void {
  // every gold word once, in order, letters as written (é, ñ, ç, ¿, «, ’ …)
  expect(t.words.map((w) => w.word)).toEqual(fx.gold);
  // on the source clock: increasing, inside the audio, where the answer put it (10 ms rounding)
  for (let i = 0; i < t.words.length; i++) {
    const w = t.words[i]!;
    expect(w.start).toBeGreaterThanOrEqual(i ? t.words[i - 1]!.end : 0);
    expect(w.end).toBeGreaterThan(w.start);
    expect(w.end).toBeLessThanOrEqual(fx.durationS);
    expect(Math.abs(w.start - fx.placed[i]!.start), `"${w.word}" at ${w.start}`).toBeLessThan(0.011);
  }
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const FIXTURES = {
  // MLS Spanish (Castilian reader) + FLEURS es_419: ñ, ó, í, é, á, ¿ ?
  es: {
    clips: ["speech/es/mls_es_13697_11991_000000.opus", "speech/fleurs/es/fleurs-es-003.ogg", "speech/fleurs/es/fleurs-es-006.ogg", "speech/fleurs/es/fleurs-es-000.ogg"],
    nonAscii: ["substitución", "cuñada", "fisonomía", "¿cierto?", "compañeros", "enfáticamente"],
    confusedWith: "pt",
  },
  // FLEURS French: é, ê, ç, ’, « » (fleurs-fr-000 is left out: it peaks at -48 dBFS, below any speech threshold)
  fr: {
    clips: ["speech/fleurs/fr/fleurs-fr-002.ogg", "speech/fleurs/fr/fleurs-fr-009.ogg", "speech/fleurs/fr/fleurs-fr-004.ogg", "speech/fleurs/fr/fleurs-fr-007.ogg"],
    nonAscii: ["d’assumer", "qu’«", "capacités.", "»", "conçoivent", "l'école", "même", "dix-sept", "d'étudier", "prédit"],
    confusedWith: "ca",
  },
} as const;

describe.each(Object.entries(FIXTURES))("Workers AI speech in %s through the chunked stage (answers built from gold transcripts)", (lang, spec) => {
  const fx = buildFixture(lang, spec.clips);

  it("stitches every gold word back once, in order, on the source clock, and takes the detected language", async () => {
    const { srv, answered, run } = await serve(fx, () => lang);
    const t = await run();
    expect(srv.requests.length).toBeGreaterThan(2); // really cut into chunks
    expect(answered.reduce((s, a) => s + a.words, 0)).toBeGreaterThanOrEqual(fx.gold.length); // margins may repeat a word; the stage keeps one
    expectGoldBack(t, fx);
    for (const w of spec.nonAscii) expect(t.words.map((x) => x.word)).toContain(w);
    expect(t.lang).toBe(lang);
    expect(t.engine).toBe(`workers-ai:${WHISPER_MODEL}`);
    expect(t.segments.map((s) => s.text).join(" ")).toContain(spec.nonAscii[0]);
    // no hint given: Whisper is left to detect the language
    for (const r of srv.requests) expect(JSON.parse(r.body)).not.toHaveProperty("language");
  });

  // The stage's `lang` option is the only way in: no job field carries a language to it today.
  it("sends a given language as `language` in every chunk's request body", async () => {
    const { srv, run } = await serve(fx, (_t0, hint) => hint);
    const t = await run(lang);
    expect(srv.requests.length).toBeGreaterThan(2);
    for (const r of srv.requests) {
      const body = JSON.parse(r.body);
      expect(body.language).toBe(lang);
      expect(body.task).toBe("transcribe");
    }
    expect(t.lang).toBe(lang);
    expectGoldBack(t, fx);
  });

  it(`takes the language Whisper detects, by a vote of the chunks weighted by words (${spec.confusedWith} as the look-alike)`, async () => {
    // Whisper detects the language from what it is sent; on a short chunk a related language can
    // win. Only the first chunk starts at 0, and it holds a minority of the words.
    const first = await serve(fx, (t0) => (t0 === 0 ? spec.confusedWith : lang));
    const t = await first.run();
    const inFirst = first.answered.filter((a) => a.t0 === 0).reduce((s, a) => s + a.words, 0);
    expect(inFirst).toBeGreaterThan(0);
    expect(inFirst).toBeLessThan(fx.gold.length / 2);
    expect(t.lang).toBe(lang);
    expectGoldBack(t, fx); // the misdetected chunk's words are kept, not dropped
    await close?.();
    // the other way round the look-alike wins, although the text is plainly `lang`: the stage
    // trusts transcription_info.language over the words (the text is only read when no chunk says)
    const rest = await serve(fx, (t0) => (t0 === 0 ? lang : spec.confusedWith));
    expect((await rest.run()).lang).toBe(spec.confusedWith);
  });

  it("falls back to the text's language when the answer has no transcription_info (it is optional)", async () => {
    const { run } = await serve(fx, () => undefined);
    const t = await run();
    expect(t.lang).toBe(lang);
    expectGoldBack(t, fx);
  });
});
