// Self-hosted recogniser: the whisper.cpp command-line program with a ggml model file, one the
// operator provides or one fetched on first use (whisper-cpp-download.ts). With `-ml 1 -sow` every
// output segment is one word, which gives word timestamps; the full JSON output (`-ojf`) adds each
// token's probability, from which the word's confidence comes.
import { accessSync, constants, existsSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Word } from "../../runtime/types.js";
import { runProcess } from "../../ffmpeg/spawn.js";
import { languageCode } from "./language.js";
import { FILLER_PROMPT, SPEECH_NICENESS, type SpeechEngine, type SpeechOptions, type SpeechResult } from "./types.js";

export interface WhisperCppConfig {
  modelPath: string;
  /** whisper.cpp's CLI: `whisper-cli` in current releases (`main` in old ones) */
  bin: string;
  threads?: number;
}

interface WhisperCppJson {
  result?: { language?: string };
  transcription?: { offsets?: { from?: number; to?: number }; text?: string; tokens?: { text?: string; p?: number }[] }[];
}

/** The mean probability of a segment's text tokens; special tokens ([_BEG_], [_TT_150]) are not text. */
function tokenConfidence(tokens: { text?: string; p?: number }[] | undefined): number | undefined {
  const ps = (tokens ?? []).filter((t) => typeof t.p === "number" && Number.isFinite(t.p) && !/^\[_.*\]$|^<\|.*\|>$/.test(t.text ?? "")).map((t) => t.p!);
  if (!ps.length) return undefined;
  return Math.round(Math.min(1, Math.max(0, ps.reduce((a, b) => a + b, 0) / ps.length)) * 1000) / 1000;
}

/** Pure: whisper.cpp `-ojf -ml 1 -sow` JSON -> words (offsets are in milliseconds). */
export function parseWhisperCppJson(json: unknown, offsetS = 0): Omit<SpeechResult, "engine"> {
  const out = (json ?? {}) as WhisperCppJson;
  const words: Word[] = [];
  for (const seg of out.transcription ?? []) {
    const text = (seg.text ?? "").trim();
    const from = seg.offsets?.from;
    const to = seg.offsets?.to;
    // [_BEG_], [BLANK_AUDIO], (music) and similar annotations are not speech
    if (!text || /^[[(].*[\])]$/.test(text) || typeof from !== "number" || typeof to !== "number") continue;
    const word: Word = { word: text, start: from / 1000 + offsetS, end: Math.max(from, to) / 1000 + offsetS };
    const confidence = tokenConfidence(seg.tokens);
    if (confidence !== undefined) word.confidence = confidence;
    words.push(word);
  }
  const lang = languageCode(out.result?.language);
  return { lang: words.length ? lang : null, words };
}

function findOnPath(bin: string): string | null {
  if (bin.includes("/")) return existsSync(bin) ? bin : null;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const p = path.join(dir, bin);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return null;
}

/** Checks at startup that the program exists; throws a message an operator can act on. */
export function findWhisperCppProgram(wanted = "whisper-cli"): string {
  const bin = findOnPath(wanted);
  if (!bin) {
    throw new Error(`whisper.cpp program "${wanted}" not found on PATH; install whisper.cpp or set KATTO_WHISPER_BIN`);
  }
  return bin;
}

/** Checks at startup that the program and the model exist; throws a message an operator can act on. */
export function checkWhisperCpp(cfg: { modelPath?: string; bin?: string }): WhisperCppConfig {
  if (!cfg.modelPath) {
    throw new Error("KATTO_SPEECH_ENGINE=whisper-cpp needs KATTO_WHISPER_MODEL: auto, a model name (e.g. base.en) or the path of a ggml model file");
  }
  if (!existsSync(cfg.modelPath)) {
    throw new Error(`KATTO_WHISPER_MODEL=${cfg.modelPath}: no such file; give a model name (e.g. base.en) to have it downloaded, or put a ggml model file there`);
  }
  return { modelPath: cfg.modelPath, bin: findWhisperCppProgram(cfg.bin) };
}

/** "whisper-cpp:base.en" for .../ggml-base.en.bin: the engine and its model, as the transcript names it. */
export const whisperCppEngineName = (modelPath: string) => `whisper-cpp:${path.basename(modelPath).replace(/^ggml-/, "").replace(/\.bin$/, "")}`;

export function whisperCppArgs(cfg: WhisperCppConfig, wavPath: string, outPrefix: string, lang?: string, prompt?: string): string[] {
  return [
    "-m", cfg.modelPath,
    "-f", wavPath,
    "-l", languageCode(lang) ?? "auto",
    "-t", String(cfg.threads ?? 1),
    "-ml", "1",
    "-sow",
    "-ojf",
    "-of", outPrefix,
    "-np",
    // the initial prompt (whisper.cpp --prompt): FILLER_PROMPT when the job removes fillers
    ...(prompt ? ["--prompt", prompt] : []),
  ];
}

export function createWhisperCppEngine(cfg: WhisperCppConfig): SpeechEngine {
  const name = whisperCppEngineName(cfg.modelPath);
  return {
    name,
    languages: "any",
    async transcribe(wavPath: string, opts: SpeechOptions): Promise<SpeechResult> {
      const dir = mkdtempSync(path.join(tmpdir(), "katto-whisper-"));
      try {
        const prefix = path.join(dir, "out");
        await runProcess(cfg.bin, whisperCppArgs(cfg, wavPath, prefix, opts.lang, opts.keepFillers ? FILLER_PROMPT : undefined), { stage: "transcribe", signal: opts.signal, niceness: SPEECH_NICENESS });
        const json = JSON.parse(await readFile(`${prefix}.json`, "utf8"));
        return { ...parseWhisperCppJson(json, opts.offsetS ?? 0), engine: name };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
