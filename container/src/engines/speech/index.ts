// Chooses the speech engine by configuration (env KATTO_SPEECH_ENGINE), so stages never name one.
import { readCloudflareAiConfig } from "../cloudflare-ai.js";
import { createPocketsphinxEngine } from "./pocketsphinx.js";
import type { SpeechEngine } from "./types.js";
import { checkWhisperCpp, createWhisperCppEngine } from "./whisper-cpp.js";
import { createWorkersAiSpeechEngine } from "./workers-ai.js";

export type { SpeechEngine, SpeechOptions, SpeechResult } from "./types.js";

export const SPEECH_ENGINES = ["pocketsphinx", "workers-ai", "whisper-cpp"] as const;
export type SpeechEngineName = (typeof SPEECH_ENGINES)[number];
export const DEFAULT_SPEECH_ENGINE: SpeechEngineName = "pocketsphinx";

/**
 * Builds the configured engine. Throws at once (call it at startup) when the configuration cannot
 * work: an unknown name, Workers AI without credentials, whisper.cpp without its program or model.
 */
export function createSpeechEngine(env: NodeJS.ProcessEnv = process.env): SpeechEngine {
  const name = (env.KATTO_SPEECH_ENGINE || DEFAULT_SPEECH_ENGINE) as SpeechEngineName;
  switch (name) {
    case "pocketsphinx":
    {
      const search = env.KATTO_POCKETSPHINX_SEARCH || "fast";
      if (search !== "fast" && search !== "accurate") throw new Error("KATTO_POCKETSPHINX_SEARCH must be fast or accurate");
      return createPocketsphinxEngine({ bin: env.KATTO_POCKETSPHINX_BIN, modelDir: env.KATTO_POCKETSPHINX_MODEL_DIR, search });
    }
    case "workers-ai": {
      const cfg = readCloudflareAiConfig(env);
      if (!cfg) throw new Error("KATTO_SPEECH_ENGINE=workers-ai needs CF_ACCOUNT_ID and CF_API_TOKEN");
      return createWorkersAiSpeechEngine(cfg);
    }
    case "whisper-cpp":
      return createWhisperCppEngine(checkWhisperCpp({ modelPath: env.KATTO_WHISPER_MODEL, bin: env.KATTO_WHISPER_BIN }));
    default:
      throw new Error(`KATTO_SPEECH_ENGINE=${String(name)} is unknown; use one of ${SPEECH_ENGINES.join(", ")}`);
  }
}
