// Speech on Workers AI (@cf/myshell-ai/melotts over the REST API): input {prompt, lang}, output
// {audio: base64 MP3}. MeloTTS speaks English, Spanish, French, Chinese and Japanese (and Korean);
// Italian, Portuguese and Hindi fall to the next engine (espeak-ng). The MP3 is decoded to WAV
// with ffmpeg so every engine hands the dub stage the same format.
import { writeFile, rm } from "node:fs/promises";
import { runFfmpeg } from "../../ffmpeg/spawn.js";
import { type CloudflareAiConfig, runWorkersAi } from "../cloudflare-ai.js";
import type { Synthesizer } from "./types.js";
import { wavDuration } from "./wav.js";

export const TTS_MODEL = "@cf/myshell-ai/melotts";
export const MELOTTS_LANGS = ["en", "es", "fr", "zh", "ja"] as const;

/** Pure: the model's result -> MP3 bytes. */
export function parseMeloAudio(result: unknown): Buffer {
  const audio = (result as { audio?: unknown } | null)?.audio;
  if (typeof audio !== "string" || !audio) throw new Error(`${TTS_MODEL} answered without audio`);
  return Buffer.from(audio, "base64");
}

export function createWorkersAiSynthesizer(cfg: CloudflareAiConfig): Synthesizer {
  return {
    name: "workers-ai",
    supports: (lang) => (MELOTTS_LANGS as readonly string[]).includes(lang),
    async synthesize(text, lang, outWav, signal) {
      const mp3 = parseMeloAudio(await runWorkersAi(cfg, TTS_MODEL, { prompt: text, lang }, { signal }));
      const tmp = `${outWav}.mp3`;
      await writeFile(tmp, mp3);
      try {
        await runFfmpeg(["-i", tmp, "-ac", "1", "-ar", "24000", "-c:a", "pcm_s16le", "-f", "wav", outWav], { stage: "dubbing", signal });
      } finally {
        await rm(tmp, { force: true });
      }
      return { durationS: await wavDuration(outWav) };
    },
  };
}
