// Chooses the translation engine by configuration (KATTO_TRANSLATOR, config.ts), so the dub stage never
// names one. "offline" (the default) is apertium, plus Workers AI for the pairs apertium lacks when
// Cloudflare credentials are set; "workers-ai" uses Workers AI for every pair.
import type { TranslatorConfig } from "../../runtime/config.js";
import { createApertiumTranslator } from "./apertium.js";
import { languageName, type Translator, UnsupportedLanguageError } from "./types.js";
import { createWorkersAiTranslator } from "./workers-ai.js";

export type { Translator } from "./types.js";
export { UnsupportedLanguageError } from "./types.js";

/** The first engine that supports each pair; a pair none supports fails with what to configure. */
export function chainTranslators(engines: readonly Translator[]): Translator {
  const pick = (from: string, to: string) => engines.find((e) => e.supports(from, to));
  return {
    name: engines.map((e) => e.name).join("+"),
    supports: (from, to) => Boolean(pick(from, to)),
    async translate(texts, from, to, signal) {
      if (from === to) return [...texts];
      const e = pick(from, to);
      if (!e) {
        throw new UnsupportedLanguageError(
          `no translation engine for ${languageName(from)} to ${languageName(to)} (${to}) on this render backend (${engines.map((x) => x.name).join(", ")}); ` +
            `configure Workers AI: KATTO_TRANSLATOR=workers-ai with CF_ACCOUNT_ID and CF_API_TOKEN`,
        );
      }
      return e.translate(texts, from, to, signal);
    },
  };
}

export function createTranslator(cfg: TranslatorConfig): Translator {
  const cf = cfg.cloudflare;
  const apertium = createApertiumTranslator({ bin: cfg.apertiumBin });
  switch (cfg.engine) {
    case "offline":
      return chainTranslators(cf ? [apertium, createWorkersAiTranslator(cf)] : [apertium]);
    case "apertium":
      return chainTranslators([apertium]);
    case "workers-ai":
      if (!cf) throw new Error("KATTO_TRANSLATOR=workers-ai needs CF_ACCOUNT_ID and CF_API_TOKEN");
      return chainTranslators([createWorkersAiTranslator(cf)]);
  }
}
