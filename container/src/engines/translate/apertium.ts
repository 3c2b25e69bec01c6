// Offline translation with apertium (Debian packages apertium-eng-spa, apertium-eng-cat,
// apertium-fra-cat, apertium-cat-ita, apertium-por-cat). English <-> Spanish is a direct pair;
// English <-> French / Italian / Portuguese goes through Catalan, which reads better than any
// other route these packages offer (docs/dubbing.md "Translation quality"). Nothing offline
// covers Hindi, Japanese or Chinese.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { runProcess } from "../../ffmpeg/spawn.js";
import type { Translator } from "./types.js";

/** apertium modes, applied in order, for each supported pair. */
export const APERTIUM_ROUTES: Record<string, readonly string[]> = {
  "en>es": ["eng-spa"],
  "es>en": ["spa-eng"],
  "en>fr": ["eng-cat", "cat-fra"],
  "en>it": ["eng-cat", "cat-ita"],
  "en>pt": ["eng-cat", "cat-por"],
  "fr>en": ["fra-cat", "cat-eng"],
  "it>en": ["ita-cat", "cat-eng"],
  "pt>en": ["por-cat", "cat-eng"],
};

/**
 * apertium translates line by line and keeps line breaks, so a batch is one process per mode with
 * one text per line. Inner newlines are flattened first so the lines stay aligned.
 */
export function toLines(texts: readonly string[]): string {
  return texts.map((t) => t.replace(/\s+/g, " ").trim()).join("\n") + "\n";
}

export function fromLines(out: string, count: number): string[] {
  const lines = out.replace(/\r/g, "").split("\n");
  const res = lines.slice(0, count).map((l) => l.replace(/\s+/g, " ").trim());
  while (res.length < count) res.push("");
  return res;
}

export function createApertiumTranslator(o: { bin?: string } = {}): Translator {
  const bin = o.bin || "apertium";
  return {
    name: "apertium",
    supports: (from, to) => from === to || `${from}>${to}` in APERTIUM_ROUTES,
    async translate(texts, from, to, signal) {
      if (from === to || texts.length === 0) return [...texts];
      const route = APERTIUM_ROUTES[`${from}>${to}`];
      if (!route) throw new Error(`apertium cannot translate ${from} to ${to}`);
      // The apertium script reads stdin through /dev/stdin, which cannot be opened when stdin is
      // Node's socket pair: hand it a file instead.
      const dir = await mkdtemp(join(os.tmpdir(), "katto-apertium-"));
      try {
        let text = toLines(texts);
        for (const [i, mode] of route.entries()) {
          const file = join(dir, `in-${i}.txt`);
          await writeFile(file, text);
          // -u: no '*' marks on unknown words (they are read aloud and shown in captions)
          text = (await runProcess(bin, ["-u", mode, file], { stage: "dubbing", signal, captureStdout: true })).stdout;
        }
        return fromLines(text, texts.length);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
