// Offline English speech with flite (Debian), much clearer than espeak-ng's English
// (OFFLINE-ENGINES.md: round-trip WER 5-9 % against 62 %). English only.
import { runProcess } from "../../ffmpeg/spawn.js";
import type { Synthesizer } from "./types.js";
import { wavDuration } from "./wav.js";

export function createFliteSynthesizer(o: { bin?: string; voice?: string } = {}): Synthesizer {
  const bin = o.bin || "flite";
  return {
    name: "flite",
    supports: (lang) => lang === "en",
    async synthesize(text, lang, outWav, signal) {
      if (lang !== "en") throw new Error(`flite has no voice for ${lang}`);
      // -t takes the text as one argument (never a shell string)
      await runProcess(bin, ["-voice", o.voice || "slt", "-t", text.replace(/\s+/g, " ").trim(), "-o", outWav], { stage: "dubbing", signal });
      return { durationS: await wavDuration(outWav) };
    },
  };
}
