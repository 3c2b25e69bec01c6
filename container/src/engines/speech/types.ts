import type { Word } from "../../types.js";

export interface SpeechOptions {
  signal: AbortSignal;
  /** ISO 639-1 hint; engines that cannot use it ignore it */
  lang?: string;
  /** added to every word time, so a chunk's words land on the source's clock */
  offsetS?: number;
}

export interface SpeechResult {
  /** ISO 639-1 code when the engine knows it, null when it does not say */
  lang: string | null;
  words: Word[];
}

/** One speech recogniser (docs/render-protocol.md). One file per engine under this folder. */
export interface SpeechEngine {
  name: string;
  /** ISO 639-1 codes it can recognise, or "any" */
  languages: string[] | "any";
  /** wavPath: 16 kHz mono PCM s16le WAV */
  transcribe(wavPath: string, opts: SpeechOptions): Promise<SpeechResult>;
}
