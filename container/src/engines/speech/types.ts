import type { WordTiming } from "@katto/protocol";
import type { ChunkOptions, Interval } from "./chunks.js";
import type { Word } from "../../runtime/types.js";

export interface SpeechOptions {
  signal: AbortSignal;
  /** ISO 639-1 hint; engines that cannot use it ignore it */
  lang?: string;
  /** added to every word time, so a chunk's words land on the source's clock */
  offsetS?: number;
  /**
   * The pauses the transcribe stage found in this audio (seconds from the file's start), for
   * engines that time only phrases and spread the words over the voiced part themselves.
   */
  pauses?: Interval[];
  /**
   * Keep filler words (style remove_fillers): engines that take a prompt are sent FILLER_PROMPT,
   * written in the disfluent style OpenAI's speech-to-text guide gives for keeping "um" and "uh".
   */
  keepFillers?: boolean;
}

/**
 * The prompt that asks a Whisper-style recogniser to write hesitations down: a model continues the
 * prompt's style, and one with fillers in it keeps them (OpenAI speech-to-text guide, "Prompting":
 * "Umm, let me think like, hmm... Okay, here's what I'm, like, thinking."). Sent only when the job
 * removes fillers, so other transcripts stay as clean as the model writes them.
 */
/**
 * The niceness a local speech engine's processes run at (issue 43): recognising the rest of a long
 * source gives way to the clips already chosen from its first windows, so the first clip is
 * delivered while the rest is still being transcribed; the total work is the same. Nothing waits
 * on it alone: an idle machine runs it at full speed.
 */
export const SPEECH_NICENESS = 10;

export const FILLER_PROMPT = "Umm, let me think like, hmm... Okay, here's what I'm, like, thinking. Uh, so, um, you know, I mean, er, yeah.";

export interface SpeechResult {
  /** ISO 639-1 code when the engine knows it, null when it does not say */
  lang: string | null;
  words: Word[];
  /** who recognised it, with the model: "pocketsphinx", "openai:whisper-1" (a fallback names itself) */
  engine: string;
  /** "segments" when the engine timed only phrases and the word times are estimates; "engine" when absent */
  wordTiming?: WordTiming;
}

/** One speech recogniser (docs/render-protocol.md). One file per engine under this folder. */
export interface SpeechEngine {
  /** the engine and its model, as the transcript names it */
  name: string;
  /** ISO 639-1 codes it can recognise, or "any" */
  languages: string[] | "any";
  /** how the transcribe stage cuts long audio for it; the stage's 30-60 s chunks when absent */
  chunking?: ChunkOptions;
  /** wavPath: 16 kHz mono PCM s16le WAV */
  transcribe(wavPath: string, opts: SpeechOptions): Promise<SpeechResult>;
}
