// Chooses speech synthesis by configuration (env KATTO_TTS), so the dub stage never names an engine.
// "offline" (the default): flite for English, espeak-ng for the rest. "workers-ai": MeloTTS for
// the languages it speaks, then the offline voices for the others.
import { readCloudflareAiConfig } from "../cloudflare-ai.js";
import { createEspeakSynthesizer } from "./espeak.js";
import { createFliteSynthesizer } from "./flite.js";
import type { Synthesizer } from "./types.js";
import { createWorkersAiSynthesizer } from "./workers-ai.js";

export type { Synthesizer } from "./types.js";

export const SYNTHESIZERS = ["offline", "espeak-ng", "workers-ai"] as const;

/** The first engine that supports each language. */
export function chainSynthesizers(engines: readonly Synthesizer[]): Synthesizer {
  const pick = (lang: string) => engines.find((e) => e.supports(lang));
  return {
    name: engines.map((e) => e.name).join("+"),
    supports: (lang) => Boolean(pick(lang)),
    synthesize(text, lang, outWav, signal) {
      const e = pick(lang);
      if (!e) throw new Error(`no speech synthesis for ${lang} on this render backend (${engines.map((x) => x.name).join(", ")})`);
      return e.synthesize(text, lang, outWav, signal);
    },
  };
}

export function createSynthesizer(env: NodeJS.ProcessEnv = process.env): Synthesizer {
  const name = env.KATTO_TTS || "offline";
  const espeak = createEspeakSynthesizer({ bin: env.KATTO_ESPEAK_BIN });
  const flite = createFliteSynthesizer({ bin: env.KATTO_FLITE_BIN });
  switch (name) {
    case "offline":
      return chainSynthesizers([flite, espeak]);
    case "espeak-ng":
      return chainSynthesizers([espeak]);
    case "workers-ai": {
      const cf = readCloudflareAiConfig(env);
      if (!cf) throw new Error("KATTO_TTS=workers-ai needs CF_ACCOUNT_ID and CF_API_TOKEN");
      return chainSynthesizers([createWorkersAiSynthesizer(cf), flite, espeak]);
    }
    default:
      throw new Error(`KATTO_TTS=${name} is unknown; use one of ${SYNTHESIZERS.join(", ")}`);
  }
}
