// whisper.cpp with a named model (KATTO_WHISPER_MODEL=auto or base.en): the model is fetched on
// first use from KATTO_WHISPER_MODEL_URL into KATTO_CACHE_DIR/models, checked against its published
// SHA-256 (runtime/whisper-models.ts), and kept for later starts. When it cannot be had (no network, an
// error answer, a checksum mismatch) the backend says so in one log line and recognises with
// pocketsphinx for the rest of its life, so jobs still get a transcript, named for the engine that
// made it.
import path from "node:path";
import type { WhisperDownloadConfig } from "../../runtime/config.js";
import { log } from "../../runtime/log.js";
import { ensureModelFile } from "./model-download.js";
import { createPocketsphinxEngine } from "./pocketsphinx.js";
import type { SpeechEngine } from "./types.js";
import { createWhisperCppEngine } from "./whisper-cpp.js";
import { WHISPER_MODELS, whisperModelFileName } from "../../runtime/whisper-models.js";

/** Pure: where the model comes from and what it must be. */
export function whisperModelSpec(cfg: Pick<WhisperDownloadConfig, "model" | "baseUrl">) {
  const fileName = whisperModelFileName(cfg.model);
  return { ...WHISPER_MODELS[cfg.model], fileName, url: `${cfg.baseUrl.replace(/\/+$/, "")}/${fileName}` };
}

export const modelCacheDir = (cacheDir: string) => path.resolve(cacheDir, "models");

/** bin: the whisper.cpp program, already found (whisper-cpp.ts findWhisperCppProgram). */
export function createDownloadedWhisperEngine(cfg: WhisperDownloadConfig & { bin: string }, opts: { fetch?: typeof fetch } = {}): SpeechEngine {
  const spec = whisperModelSpec(cfg);
  let ready: Promise<SpeechEngine> | undefined;
  // set once the model could not be had: from then on the engine is pocketsphinx, English only
  let fellBack: SpeechEngine | null = null;
  const engine = () =>
    (ready ??= ensureModelFile(spec, modelCacheDir(cfg.cacheDir), { fetch: opts.fetch }).then(
      (file) => {
        if (file.downloaded) log("info", "whisper.cpp model downloaded", { model: cfg.model, path: file.path });
        return createWhisperCppEngine({ modelPath: file.path, bin: cfg.bin });
      },
      (e: unknown) => {
        log("warn", `whisper.cpp model ${cfg.model} unavailable, using pocketsphinx: ${(e as Error).message}`);
        fellBack = createPocketsphinxEngine(cfg.fallback);
        return fellBack;
      },
    ));
  return {
    name: `whisper-cpp:${cfg.model}`,
    // what the engine that recognises can hear: any language with the model, English after the fallback
    // (read after transcribing, so the first job's transcript already says English: analysis/transcribe.ts)
    get languages() {
      return fellBack ? fellBack.languages : "any";
    },
    transcribe: async (wavPath, o) => (await engine()).transcribe(wavPath, o),
  };
}
