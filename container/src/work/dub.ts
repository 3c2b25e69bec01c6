// Dubbing for re-renders (docs/dubbing.md): the clip's words are grouped into phrases, each phrase
// is translated and re-voiced, fitted into its time slot, and the phrases are mixed into one WAV
// per language over the clip's duration. The captions follow the first language. All of it on the
// clip's own timeline (its kept pieces back to back, as the picture plays): a jump cut never
// chops the dubbed voice, and the renderer plays the tracks as they are. Engines come in
// through ../engines/translate and ../engines/tts, chosen by configuration at server start.
import { DUB_LANGUAGES, keptDuration, mapWords, toUncutTime, type Span } from "@katto/protocol";
import { join } from "node:path";
import type { CaptionWord } from "../captions/clip-words.js";
import type { DubConfig } from "../runtime/config.js";
import { createSynthesizer, type Synthesizer } from "../engines/tts/index.js";
import { createTranslator, type Translator } from "../engines/translate/index.js";
import { languageName } from "../engines/translate/types.js";
import { StageError, toStageError } from "../runtime/errors.js";
import { runFfmpeg } from "../ffmpeg/spawn.js";
import { log } from "../runtime/log.js";
import type { DubClip } from "./rerender-captions.js";
import { detectLanguage } from "../text/lang.js";
import { dubMixArgs, groupPhrases, placePhrases, spreadWords, type Phrase } from "../captions/dub-plan.js";
import { probe } from "../analysis/probe.js";
import { wavSoundSpan } from "../engines/tts/wav.js";

/** The spec's dub languages (POST /jobs/{id}/clips/{index}/rerender `dub`). */
export const DUB_LANGS = DUB_LANGUAGES;

export interface DubOptions {
  translator: Translator;
  synthesizer: Synthesizer;
  /**
   * Keep the original soundtrack under the voice, this many dB lower (music and room tone stay;
   * the original speech is a murmur under the dub). null: the dubbed voice alone.
   */
  originalGainDb: number | null;
  /** phrases synthesized at once */
  concurrency?: number;
}

/** The hook for JobRegistry, engines built once at server start (config.ts `dub`). */
export function createDub(cfg: DubConfig): DubClip {
  return createDubWith({ translator: createTranslator(cfg.translator), synthesizer: createSynthesizer(cfg.synthesizer), originalGainDb: cfg.originalGainDb });
}

export function createDubWith(o: DubOptions): DubClip {
  return async ({ sourcePath, start, end, keep, words, langs, dir, signal }) => {
    // the clip timeline's kept pieces (uncut clip seconds); the whole range when nothing is cut
    const pieces = keep.length ? keep : [{ start: 0, end: end - start }];
    const clipS = Math.max(0.1, keptDuration(pieces));
    const targets = [...new Set(langs)];
    if (!targets.length) throw new StageError("dubbing", "no dub language given");
    const phrases = groupPhrases(mapWords(words, pieces));
    if (!phrases.length) throw new StageError("dubbing", "the clip has no transcribed speech to dub");
    const from = detectLanguage(phrases.map((p) => p.text).join(" ")) ?? "en";

    // Check every language before any work, so a request for five languages does not fail on the fifth.
    for (const lang of targets) {
      if (!(DUB_LANGS as readonly string[]).includes(lang)) throw new StageError("dubbing", `dubbing into ${lang} is not supported`);
      if (!o.translator.supports(from, lang)) {
        throw new StageError(
          "dubbing",
          `dubbing ${languageName(from)} into ${languageName(lang)} (${lang}) needs a translation engine this render backend lacks (${o.translator.name}); configure Workers AI (KATTO_TRANSLATOR=workers-ai, CF_ACCOUNT_ID, CF_API_TOKEN)`,
        );
      }
      if (!o.synthesizer.supports(lang)) {
        throw new StageError("dubbing", `dubbing into ${languageName(lang)} (${lang}) needs a speech engine this render backend lacks (${o.synthesizer.name}); configure Workers AI (KATTO_TTS=workers-ai)`);
      }
    }

    let original: { path: string; start: number; gainDb: number; pieces: readonly Span[] } | null = null;
    if (o.originalGainDb !== null) {
      const info = await probe(sourcePath, { signal });
      if (info.audio) original = { path: sourcePath, start, gainDb: o.originalGainDb, pieces };
    }

    const audioTracks: { lang: string; path: string }[] = [];
    let captionWords: CaptionWord[] = [];
    for (const lang of targets) {
      const t0 = Date.now();
      const texts = await stage("translating", () => o.translator.translate(phrases.map((p) => p.text), from, lang, signal), signal);
      const wavs = phrases.map((_, i) => join(dir, `dub-${lang}-${i}.wav`));
      // the voice itself (its engine's leading and trailing silence left out): what is placed, and what the captions are timed on
      const voiced = await stage("synthesizing speech", () => synthesizeAll(o, texts, lang, wavs, signal), signal);
      const speechS = voiced.map((v) => (v ? v.end - v.start : 0));
      const placements = placePhrases(phrases, speechS, clipS);
      const spoken = phrases.map((_, i) => i).filter((i) => speechS[i]! > 0);
      const out = join(dir, `dub-${lang}.wav`);
      await stage(
        "mixing dubbed audio",
        () => runFfmpeg(dubMixArgs({ phrases: spoken.map((i) => ({ wav: wavs[i]!, lead: voiced[i]!.start, placement: placements[i]! })), clipS, output: out, original }), { stage: "dubbing", signal }),
        signal,
      );
      audioTracks.push({ lang, path: out });
      if (lang === targets[0]) captionWords = captionsFor(phrases, texts, lang, placements.map((p, i) => (speechS[i]! > 0 ? p : null)));
      log("info", "dubbed clip", {
        lang, from, phrases: phrases.length, ms: Date.now() - t0,
        sped_up: placements.filter((p) => p.tempo > 1).length, cut: placements.filter((p) => p.truncated).length,
      });
    }
    // the captions' words on the uncut clip, as every caption word is kept (the renderer maps them through the same pieces)
    return { audioTracks, words: captionWords.map((w) => ({ ...w, start: toUncutTime(pieces, w.start), end: uncutEnd(pieces, w.end) })) };
  };
}

/** Where a clip time that ends something comes from on the uncut clip: at a join, the end of the piece before it. */
export function uncutEnd(pieces: readonly Span[], c: number): number {
  let before = 0;
  for (const s of pieces) {
    const len = s.end - s.start;
    if (c <= before + len) return s.start + Math.max(0, c - before);
    before += len;
  }
  return pieces.length ? pieces[pieces.length - 1]!.end : c;
}

async function stage<T>(what: string, fn: () => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (signal.aborted || e instanceof StageError) throw e;
    throw toStageError("dubbing", e, `dubbing failed while ${what}`);
  }
}

/** Each phrase spoken into its WAV, and where the voice is in it (seconds); null for a phrase with nothing to say or no sound. */
async function synthesizeAll(o: DubOptions, texts: string[], lang: string, wavs: string[], signal: AbortSignal): Promise<({ start: number; end: number } | null)[]> {
  const out = new Array<{ start: number; end: number } | null>(texts.length).fill(null);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < texts.length; i = next++) {
      if (!texts[i]!.trim()) continue;
      const { durationS } = await o.synthesizer.synthesize(texts[i]!, lang, wavs[i]!, signal);
      out[i] = durationS > 0 ? await wavSoundSpan(wavs[i]!) : null;
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency ?? 2, texts.length) }, worker));
  return out;
}

/** Translated words timed over each phrase's dubbed speech (what is heard is what is shown). */
export function captionsFor(phrases: readonly Phrase[], texts: readonly string[], lang: string, placements: readonly ({ offset: number; duration: number } | null)[]): CaptionWord[] {
  return phrases.flatMap((_, i) => {
    const p = placements[i];
    return p ? spreadWords(texts[i] ?? "", lang, p.offset, p.offset + p.duration) : [];
  });
}
