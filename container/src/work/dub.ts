// Dubbing for re-renders (docs/dubbing.md): the clip's words are grouped into phrases, each phrase
// is translated and re-voiced, fitted into its time slot, and the phrases are mixed into one WAV
// per language over the clip's duration. The captions follow the first language. Engines come in
// through ../engines/translate and ../engines/tts, chosen by configuration at server start.
import { DUB_LANGUAGES } from "@katto/protocol";
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
  return async ({ sourcePath, start, end, words, langs, dir, signal }) => {
    const clipS = Math.max(0.1, end - start);
    const targets = [...new Set(langs)];
    if (!targets.length) throw new StageError("dubbing", "no dub language given");
    const phrases = groupPhrases(words);
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

    let original: { path: string; start: number; gainDb: number } | null = null;
    if (o.originalGainDb !== null) {
      const info = await probe(sourcePath, { signal });
      if (info.audio) original = { path: sourcePath, start, gainDb: o.originalGainDb };
    }

    const audioTracks: { lang: string; path: string }[] = [];
    let captionWords: CaptionWord[] = [];
    for (const lang of targets) {
      const t0 = Date.now();
      const texts = await stage("translating", () => o.translator.translate(phrases.map((p) => p.text), from, lang, signal), signal);
      const wavs = phrases.map((_, i) => join(dir, `dub-${lang}-${i}.wav`));
      const speechS = await stage("synthesizing speech", () => synthesizeAll(o, texts, lang, wavs, signal), signal);
      const placements = placePhrases(phrases, speechS, clipS);
      const spoken = phrases.map((_, i) => i).filter((i) => speechS[i]! > 0);
      const out = join(dir, `dub-${lang}.wav`);
      await stage(
        "mixing dubbed audio",
        () => runFfmpeg(dubMixArgs({ phrases: spoken.map((i) => ({ wav: wavs[i]!, placement: placements[i]! })), clipS, output: out, original }), { stage: "dubbing", signal }),
        signal,
      );
      audioTracks.push({ lang, path: out });
      if (lang === targets[0]) captionWords = captionsFor(phrases, texts, lang, placements.map((p, i) => (speechS[i]! > 0 ? p : null)));
      log("info", "dubbed clip", {
        lang, from, phrases: phrases.length, ms: Date.now() - t0,
        sped_up: placements.filter((p) => p.tempo > 1).length, cut: placements.filter((p) => p.truncated).length,
      });
    }
    return { audioTracks, words: captionWords };
  };
}

async function stage<T>(what: string, fn: () => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (signal.aborted || e instanceof StageError) throw e;
    throw toStageError("dubbing", e, `dubbing failed while ${what}`);
  }
}

async function synthesizeAll(o: DubOptions, texts: string[], lang: string, wavs: string[], signal: AbortSignal): Promise<number[]> {
  const out = new Array<number>(texts.length).fill(0);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < texts.length; i = next++) {
      if (!texts[i]!.trim()) continue;
      out[i] = (await o.synthesizer.synthesize(texts[i]!, lang, wavs[i]!, signal)).durationS;
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
