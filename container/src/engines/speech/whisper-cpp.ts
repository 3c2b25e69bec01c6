// Self-hosted recogniser: the whisper.cpp command-line program with a ggml model file the operator
// provides (no weights can be fetched at run time). With `-ml 1 -sow` every output segment is one
// word, which gives word timestamps from the plain JSON output (`-oj`).
import { accessSync, constants, existsSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Word } from "../../types.js";
import { runProcess } from "../../ffmpeg/spawn.js";
import { languageCode } from "./language.js";
import type { SpeechEngine, SpeechOptions, SpeechResult } from "./types.js";

export interface WhisperCppConfig {
  modelPath: string;
  /** whisper.cpp's CLI: `whisper-cli` in current releases (`main` in old ones) */
  bin: string;
  threads?: number;
}

interface WhisperCppJson {
  result?: { language?: string };
  transcription?: { offsets?: { from?: number; to?: number }; text?: string }[];
}

/** Pure: whisper.cpp `-oj -ml 1 -sow` JSON -> words (offsets are in milliseconds). */
export function parseWhisperCppJson(json: unknown, offsetS = 0): SpeechResult {
  const out = (json ?? {}) as WhisperCppJson;
  const words: Word[] = [];
  for (const seg of out.transcription ?? []) {
    const text = (seg.text ?? "").trim();
    const from = seg.offsets?.from;
    const to = seg.offsets?.to;
    // [_BEG_], [BLANK_AUDIO], (music) and similar annotations are not speech
    if (!text || /^[[(].*[\])]$/.test(text) || typeof from !== "number" || typeof to !== "number") continue;
    words.push({ word: text, start: from / 1000 + offsetS, end: Math.max(from, to) / 1000 + offsetS });
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

/** Checks at startup that the program and the model exist; throws a message an operator can act on. */
export function checkWhisperCpp(cfg: { modelPath?: string; bin?: string }): WhisperCppConfig {
  if (!cfg.modelPath) {
    throw new Error("KATTO_SPEECH_ENGINE=whisper-cpp needs KATTO_WHISPER_MODEL, the path of a ggml model file (e.g. ggml-base.en.bin)");
  }
  if (!existsSync(cfg.modelPath)) {
    throw new Error(`KATTO_WHISPER_MODEL=${cfg.modelPath}: no such file; download a ggml model into the image or mount it`);
  }
  const wanted = cfg.bin ?? "whisper-cli";
  const bin = findOnPath(wanted);
  if (!bin) {
    throw new Error(`whisper.cpp program "${wanted}" not found on PATH; install whisper.cpp or set KATTO_WHISPER_BIN`);
  }
  return { modelPath: cfg.modelPath, bin };
}

export function whisperCppArgs(cfg: WhisperCppConfig, wavPath: string, outPrefix: string, lang?: string): string[] {
  return [
    "-m", cfg.modelPath,
    "-f", wavPath,
    "-l", languageCode(lang) ?? "auto",
    "-t", String(cfg.threads ?? 1),
    "-ml", "1",
    "-sow",
    "-oj",
    "-of", outPrefix,
    "-np",
  ];
}

export function createWhisperCppEngine(cfg: WhisperCppConfig): SpeechEngine {
  return {
    name: "whisper-cpp",
    languages: "any",
    async transcribe(wavPath: string, opts: SpeechOptions): Promise<SpeechResult> {
      const dir = mkdtempSync(path.join(tmpdir(), "katto-whisper-"));
      try {
        const prefix = path.join(dir, "out");
        await runProcess(cfg.bin, whisperCppArgs(cfg, wavPath, prefix, opts.lang), { stage: "transcribe", signal: opts.signal });
        const json = JSON.parse(await readFile(`${prefix}.json`, "utf8"));
        return parseWhisperCppJson(json, opts.offsetS ?? 0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
