// Translation on Workers AI (@cf/meta/m2m100-1.2b over the REST API): every pair of the spec's
// languages, including Hindi, Japanese and Chinese. Input {text, source_lang, target_lang},
// output {translated_text}. One request per text, a few at a time.
import { type CloudflareAiConfig, runWorkersAi } from "../cloudflare-ai.js";
import { DUB_LANGUAGES } from "@katto/protocol";
import type { Translator } from "./types.js";

export const TRANSLATION_MODEL = "@cf/meta/m2m100-1.2b";
/** The languages Katto dubs into, every one of which m2m100 translates between. */
export const M2M100_LANGS = DUB_LANGUAGES;
const CONCURRENCY = 4;

export function parseTranslation(result: unknown): string {
  const t = (result as { translated_text?: unknown } | null)?.translated_text;
  if (typeof t !== "string") throw new Error(`${TRANSLATION_MODEL} answered without translated_text`);
  return t.trim();
}

export function createWorkersAiTranslator(cfg: CloudflareAiConfig): Translator {
  const ok = (l: string) => (M2M100_LANGS as readonly string[]).includes(l);
  return {
    name: "workers-ai",
    supports: (from, to) => from === to || (ok(from) && ok(to)),
    async translate(texts, from, to, signal) {
      if (from === to) return [...texts];
      const out: string[] = new Array(texts.length).fill("");
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < texts.length; i = next++) {
          const text = texts[i]!.trim();
          if (!text) continue;
          out[i] = parseTranslation(await runWorkersAi(cfg, TRANSLATION_MODEL, { text, source_lang: from, target_lang: to }, { signal }));
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, texts.length) }, worker));
      return out;
    },
  };
}
