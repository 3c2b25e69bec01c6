// Production recogniser: Cloudflare Workers AI Whisper (large-v3-turbo) over the REST API.
// Input {audio: base64, task, language?, vad_filter}; output {text, transcription_info.language,
// segments[].words[] {word, start, end}} (Ai_Cf_Openai_Whisper_Large_V3_Turbo_Output in workers-types).
import { readFile } from "node:fs/promises";
import type { Word } from "../../runtime/types.js";
import { type CloudflareAiConfig, runWorkersAi } from "../cloudflare-ai.js";
import { languageCode } from "./language.js";
import { FILLER_PROMPT, type SpeechEngine, type SpeechOptions, type SpeechResult } from "./types.js";

export const WHISPER_MODEL = "@cf/openai/whisper-large-v3-turbo";

interface WhisperWord {
  word?: string;
  start?: number;
  end?: number;
}
interface WhisperOutput {
  text?: string;
  transcription_info?: { language?: string };
  segments?: { start?: number; end?: number; text?: string; words?: WhisperWord[] }[];
  /** the older @cf/openai/whisper model puts words at the top level */
  words?: WhisperWord[];
}

/** Pure: Whisper output -> words on the source clock. Words without times or text are dropped. */
export function parseWhisperOutput(result: unknown, offsetS = 0): Omit<SpeechResult, "engine"> {
  const out = (result ?? {}) as WhisperOutput;
  const raw: WhisperWord[] = out.segments?.length
    ? out.segments.flatMap((s) => s.words ?? [])
    : (out.words ?? []);
  const words: Word[] = [];
  for (const w of raw) {
    const text = (w.word ?? "").trim();
    if (!text || typeof w.start !== "number" || typeof w.end !== "number") continue;
    if (!Number.isFinite(w.start) || !Number.isFinite(w.end)) continue;
    const start = Math.max(0, w.start);
    words.push({ word: text, start: start + offsetS, end: Math.max(start, w.end) + offsetS });
  }
  const lang = languageCode(out.transcription_info?.language);
  return { lang: words.length ? lang : null, words };
}

export function createWorkersAiSpeechEngine(cfg: CloudflareAiConfig, model = WHISPER_MODEL): SpeechEngine {
  const name = `workers-ai:${model}`;
  return {
    name,
    languages: "any",
    async transcribe(wavPath: string, opts: SpeechOptions): Promise<SpeechResult> {
      const audio = (await readFile(wavPath)).toString("base64");
      // vad_filter is left out: its declared type differs between workers-types versions (boolean vs
      // string), and our chunks are already cut at silences.
      const input: Record<string, unknown> = { audio, task: "transcribe" };
      const language = languageCode(opts.lang); // Whisper takes "es", not "es-ES"
      if (language) input.language = language;
      // Ai_Cf_Openai_Whisper_Large_V3_Turbo_Input.initial_prompt: the disfluent prompt keeps fillers
      if (opts.keepFillers) input.initial_prompt = FILLER_PROMPT;
      const result = await runWorkersAi(cfg, model, input, { signal: opts.signal });
      return { ...parseWhisperOutput(result, opts.offsetS ?? 0), engine: name };
    },
  };
}
