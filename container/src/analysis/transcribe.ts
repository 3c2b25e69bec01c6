// Stage: speech -> Transcript. Long audio is cut at silences, the chunks are recognised in
// parallel (one engine process per core), and their words stitched back on the source's clock.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { defaultConfig } from "../runtime/config.js";
import { createSpeechEngine } from "../engines/speech/index.js";
import type { SpeechEngine, SpeechResult } from "../engines/speech/types.js";
import { detectLanguage } from "../text/lang.js";
import { segmentLanguages } from "../text/segment-lang.js";
import { joinWords, segmentsFromWords } from "../text/sentences.js";
import type { Transcript, Word } from "../runtime/types.js";
import {
  type ChunkOptions,
  type ChunkPlan,
  ENVELOPE_FRAME_S,
  energyEnvelope,
  findSilences,
  planChunks,
  stitchChunks,
} from "../engines/speech/chunks.js";
import { ENGINE_SAMPLE_RATE, openEngineAudio, writeWav } from "./transcribe-wav.js";
import { round3 } from "@katto/protocol";

export interface TranscribeOptions {
  signal: AbortSignal;
  durationS: number;
  onProgress?: (fraction: number) => void;
  /** defaults to the default configuration's engine (config.ts) */
  engine?: SpeechEngine;
  /** language hint for engines that take one */
  lang?: string;
  chunking?: ChunkOptions;
  /** keep filler words where the engine can (style remove_fillers; SpeechOptions.keepFillers) */
  keepFillers?: boolean;
  /** parallel engine runs; defaults to os.availableParallelism() */
  concurrency?: number;
  /**
   * The transcript so far, as it arrives (issue 43): called each time the chunks recognised from
   * the start reach `windowS` more seconds of the source, with the words of that prefix stitched
   * as the whole transcript's are, and the second up to which they are final (`upToS`). Awaited
   * only for its synchronous part: the caller starts its own work and returns.
   */
  onWindow?: (partial: Transcript, upToS: number) => void;
  /** seconds of audio between two onWindow calls (60 by default) */
  windowS?: number;
}

export async function transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript> {
  const engine = opts.engine ?? createSpeechEngine(defaultConfig().speech);
  const audio = await openEngineAudio(wavPath, ENVELOPE_FRAME_S, energyEnvelope);
  const durationS = Math.min(opts.durationS > 0 ? opts.durationS : Infinity, audio.durationS);
  const silences = findSilences(audio.envelope, ENVELOPE_FRAME_S);
  const plans = planChunks(silences, durationS, opts.chunking ?? engine.chunking);
  // Shorter pauses than the cuts need, for engines that spread a phrase's words over its voiced
  // part: 0.2 s brought the estimated word starts of LibriVox read speech from 0.17 s to 0.14 s
  // off the aligned times on average (0.1 s: 0.14, 0.3 s: 0.16).
  const pauses = findSilences(audio.envelope, ENVELOPE_FRAME_S, { minS: 0.2 });

  const dir = await mkdtemp(path.join(os.tmpdir(), "katto-asr-"));
  try {
    const done = new Array<number>(plans.length).fill(0);
    const report = () => opts.onProgress?.(done.reduce((a, b) => a + b, 0) / Math.max(durationS, 1e-9));
    opts.onProgress?.(0);
    const results: SpeechResult[] = new Array(plans.length);
    // the prefix of chunks recognised from the start, and the second the last window reached
    let prefix = 0;
    let windowAt = 0;
    const windowS = opts.windowS ?? 60;
    const announce = () => {
      while (prefix < plans.length && results[prefix]) prefix++;
      if (!opts.onWindow || prefix === 0 || prefix === plans.length) return;
      const upToS = plans[prefix - 1]!.end;
      if (upToS - windowAt < windowS) return;
      windowAt = upToS;
      opts.onWindow(assemble(engine, plans.slice(0, prefix), results.slice(0, prefix), upToS, audio.envelope), upToS);
    };
    await mapPool(plans, opts.concurrency ?? os.availableParallelism(), async (plan, i) => {
      opts.signal.throwIfAborted();
      const file = path.join(dir, `chunk-${String(i).padStart(4, "0")}.wav`);
      const a = Math.floor(plan.audioStart * ENGINE_SAMPLE_RATE);
      const b = Math.ceil(plan.audioEnd * ENGINE_SAMPLE_RATE);
      await writeWav(file, await audio.read(a, b));
      const offsetS = a / ENGINE_SAMPLE_RATE;
      const heard = pauses.filter((p) => p.end > offsetS && p.start < b / ENGINE_SAMPLE_RATE).map((p) => ({ start: p.start - offsetS, end: p.end - offsetS }));
      const res = await engine.transcribe(file, { signal: opts.signal, lang: opts.lang, offsetS, pauses: heard, ...(opts.keepFillers ? { keepFillers: true } : {}) });
      await rm(file, { force: true });
      done[i] = plan.end - plan.start;
      report();
      results[i] = res;
      announce();
      return res;
    });
    return assemble(engine, plans, results, durationS, audio.envelope);
  } finally {
    await audio.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Pure: the transcript of the chunks `plans` recognised as `results` (the whole audio's, or a prefix's up to `durationS`). */
function assemble(engine: SpeechEngine, plans: ChunkPlan[], results: SpeechResult[], durationS: number, envelope: Float64Array): Transcript {
  const multilingual = engine.languages === "any";
  const heardWords = tidyWords(
    stitchChunks(results.map((r, i) => ({ plan: plans[i]!, words: clampWords(withChunkLanguage(r, multilingual), plans[i]!) }))),
    durationS,
  );
  const estimated = results.some((r) => r.wordTiming === "segments");
  const lang = decideLanguage(engine, results, heardWords);
  // the text may tell a segment's language only where the engine said one for all of the audio
  const reported = new Set(results.map((r) => r.lang).filter(Boolean));
  const { segments, words, main } = segmentLanguages(segmentsFromWords(heardWords), heardWords, { readText: multilingual && reported.size <= 1, fallback: lang });
  return {
    lang: main ?? lang,
    segments,
    words,
    engine: engineOf(engine, results),
    ...(estimated ? { wordTiming: "segments" as const } : {}),
    level: { frameS: ENVELOPE_FRAME_S, db: envelope },
  };
}

/** Pure: who recognised the chunks (an engine that fell back names the one it used), in order of first use. */
export function engineOf(engine: Pick<SpeechEngine, "name">, results: Pick<SpeechResult, "engine">[]): string {
  const names = [...new Set(results.map((r) => r.engine))];
  return names.length ? names.join("+") : engine.name;
}

/** A multilingual engine's words carry the language it reported for their chunk (a word's own, where it gave one). */
function withChunkLanguage(r: SpeechResult, multilingual: boolean): Word[] {
  if (!multilingual || !r.lang) return r.words;
  return r.words.map((w) => (w.lang ? w : { ...w, lang: r.lang! }));
}

/** Words are kept inside the audio the engine heard. */
function clampWords(words: Word[], plan: ChunkPlan): Word[] {
  return words.map((w) => {
    const start = Math.min(plan.audioEnd, Math.max(plan.audioStart, w.start));
    return { ...w, start, end: Math.min(plan.audioEnd, Math.max(start, w.end)) };
  });
}

/** Pure: sorted, inside [0, durationS], no word starting before the previous one ends. */
export function tidyWords(words: Word[], durationS: number): Word[] {
  const out: Word[] = [];
  for (const w of [...words].sort((a, b) => a.start - b.start)) {
    const prevEnd = out.length ? out[out.length - 1]!.end : 0;
    const start = round3(Math.min(durationS, Math.max(prevEnd, w.start)));
    const end = round3(Math.min(durationS, Math.max(start, w.end)));
    out.push({ ...w, start, end });
  }
  return out;
}

/**
 * Pure: the transcript's language. No words: null. A single-language engine (pocketsphinx: en) is
 * trusted; otherwise the chunks' majority report, else franc on the text.
 */
export function decideLanguage(engine: Pick<SpeechEngine, "languages">, results: Pick<SpeechResult, "lang" | "words">[], words: Word[]): string | null {
  if (words.length === 0) return null;
  if (Array.isArray(engine.languages) && engine.languages.length === 1) return engine.languages[0]!;
  const votes = new Map<string, number>();
  for (const r of results) if (r.lang) votes.set(r.lang, (votes.get(r.lang) ?? 0) + r.words.length);
  const top = [...votes.entries()].sort((a, b) => b[1] - a[1])[0];
  return top ? top[0] : detectLanguage(joinWords(words));
}

/** Runs fn over items with at most `limit` in flight; results keep the items' order. */
async function mapPool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!, i);
      } catch (err) {
        failed = true; // start no new item; the first error is the one reported
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}
