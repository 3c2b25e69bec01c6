// Chooses the translation engine by configuration (env KATTO_TRANSLATOR), so the dub stage never
// names one. "offline" (the default) is apertium, plus Workers AI for the pairs apertium lacks when
// Cloudflare credentials are set; "workers-ai" uses Workers AI for every pair.
import { readCloudflareAiConfig } from "../cloudflare-ai.js";
import { createApertiumTranslator } from "./apertium.js";
import { languageName, type Translator, UnsupportedLanguageError } from "./types.js";
import { createWorkersAiTranslator } from "./workers-ai.js";

export type { Translator } from "./types.js";
export { UnsupportedLanguageError } from "./types.js";

export const TRANSLATORS = ["offline", "apertium", "workers-ai"] as const;

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

/** Throws at once (call it at startup) on an unknown name or Workers AI without credentials. */
export function createTranslator(env: NodeJS.ProcessEnv = process.env): Translator {
  const name = env.KATTO_TRANSLATOR || "offline";
  const cf = readCloudflareAiConfig(env);
  const apertium = createApertiumTranslator({ bin: env.KATTO_APERTIUM_BIN });
  switch (name) {
    case "offline":
      return chainTranslators(cf ? [apertium, createWorkersAiTranslator(cf)] : [apertium]);
    case "apertium":
      return chainTranslators([apertium]);
    case "workers-ai":
      if (!cf) throw new Error("KATTO_TRANSLATOR=workers-ai needs CF_ACCOUNT_ID and CF_API_TOKEN");
      return chainTranslators([createWorkersAiTranslator(cf)]);
    default:
      throw new Error(`KATTO_TRANSLATOR=${name} is unknown; use one of ${TRANSLATORS.join(", ")}`);
  }
}
