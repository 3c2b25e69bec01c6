// Chooses speech synthesis by configuration (KATTO_TTS, config.ts), so the dub stage never names an engine.
// "offline" (the default): flite for English, espeak-ng for the rest. "workers-ai": MeloTTS for
// the languages it speaks, then the offline voices for the others.
import type { SynthesizerConfig } from "../../runtime/config.js";
import { createEspeakSynthesizer } from "./espeak.js";
import { createFliteSynthesizer } from "./flite.js";
import type { Synthesizer } from "./types.js";
import { createWorkersAiSynthesizer } from "./workers-ai.js";

export type { Synthesizer } from "./types.js";

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

export function createSynthesizer(cfg: SynthesizerConfig): Synthesizer {
  const espeak = createEspeakSynthesizer({ bin: cfg.espeakBin });
  const flite = createFliteSynthesizer({ bin: cfg.fliteBin });
  switch (cfg.engine) {
    case "offline":
      return chainSynthesizers([flite, espeak]);
    case "espeak-ng":
      return chainSynthesizers([espeak]);
    case "workers-ai":
      if (!cfg.cloudflare) throw new Error("KATTO_TTS=workers-ai needs CF_ACCOUNT_ID and CF_API_TOKEN");
      return chainSynthesizers([createWorkersAiSynthesizer(cfg.cloudflare), flite, espeak]);
  }
}
