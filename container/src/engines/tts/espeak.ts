// Offline speech synthesis with espeak-ng (Debian): robotic but fast, with voices for every dub
// language. Japanese is read from kana and Chinese from pinyin (./phonetic.ts).
import { runProcess } from "../../ffmpeg/spawn.js";
import { toKana, toPinyin } from "./phonetic.js";
import type { Synthesizer } from "./types.js";
import { wavDuration } from "./wav.js";

export const ESPEAK_VOICES: Record<string, string> = {
  en: "en-us", es: "es", fr: "fr", it: "it", pt: "pt-br", hi: "hi", ja: "ja", zh: "cmn-latn-pinyin",
};

/** Words per minute: a little above espeak's 175 default, dubbing usually runs long. */
const RATE = "180";

export async function espeakText(text: string, lang: string): Promise<string> {
  if (lang === "ja") return toKana(text);
  if (lang === "zh") return toPinyin(text);
  return text;
}

export function createEspeakSynthesizer(o: { bin?: string } = {}): Synthesizer {
  const bin = o.bin || "espeak-ng";
  return {
    name: "espeak-ng",
    supports: (lang) => lang in ESPEAK_VOICES,
    async synthesize(text, lang, outWav, signal) {
      const voice = ESPEAK_VOICES[lang];
      if (!voice) throw new Error(`espeak-ng has no voice for ${lang}`);
      const input = (await espeakText(text, lang)).replace(/\s+/g, " ").trim();
      await runProcess(bin, ["-v", voice, "-s", RATE, "-w", outWav, "--stdin"], { stage: "dubbing", signal, input: input + "\n" });
      return { durationS: await wavDuration(outWav) };
    },
  };
}
