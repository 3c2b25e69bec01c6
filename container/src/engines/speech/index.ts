// Chooses the speech engine by configuration (KATTO_SPEECH_ENGINE, parsed in config.ts), so stages
// never name one.
import type { SpeechConfig } from "../../runtime/config.js";
import { createOpenAiSpeechEngine } from "./openai.js";
import { createPocketsphinxEngine } from "./pocketsphinx.js";
import type { SpeechEngine } from "./types.js";
import { checkWhisperCpp, createWhisperCppEngine, findWhisperCppProgram } from "./whisper-cpp.js";
import { createDownloadedWhisperEngine } from "./whisper-cpp-download.js";
import { createWorkersAiSpeechEngine } from "./workers-ai.js";

export type { SpeechEngine, SpeechOptions, SpeechResult } from "./types.js";

/**
 * Builds the configured engine. Throws at once (call it at startup) when whisper.cpp's program or
 * a model file given by path is missing; names and credentials were checked when the configuration
 * was parsed. A model given by name is fetched on first use instead.
 */
export function createSpeechEngine(cfg: SpeechConfig): SpeechEngine {
  switch (cfg.engine) {
    case "pocketsphinx":
      return createPocketsphinxEngine({ bin: cfg.bin, modelDir: cfg.modelDir, search: cfg.search });
    case "workers-ai":
      return createWorkersAiSpeechEngine(cfg.cloudflare);
    case "openai":
      return createOpenAiSpeechEngine(cfg.openai);
    case "whisper-cpp":
      if ("download" in cfg) return createDownloadedWhisperEngine({ ...cfg.download, bin: findWhisperCppProgram(cfg.bin) });
      return createWhisperCppEngine(checkWhisperCpp({ modelPath: cfg.modelPath, bin: cfg.bin }));
  }
}
