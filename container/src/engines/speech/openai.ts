// Any server that speaks OpenAI's audio transcription API: OpenAI (whisper-1), Groq, and self-hosted
// ones such as speaches (faster-whisper) and LocalAI. POST {base}/audio/transcriptions, multipart
// (file, model, response_format=verbose_json, timestamp_granularities[], language when hinted),
// answered with {text, language, duration, words: [{word, start, end}], segments: [...]}.
//
// The audio goes as mono 16 kHz Opus in Ogg at 32 kb/s (the API takes ogg; Opus is made for speech
// at this rate): 4 kB a second, so about 90 minutes fit the API's 25 MB upload limit and a whole
// job is one request. Longer audio is cut by the transcribe stage at pauses into pieces that fit
// (SpeechEngine.chunking), with the same margins and stitching as every engine.
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { OpenAiSpeechConfig } from "../../runtime/config.js";
import { StageError } from "../../runtime/errors.js";
import { runProcess } from "../../ffmpeg/spawn.js";
import type { Word } from "../../runtime/types.js";
import { DEFAULT_RETRY, type HttpAnswer, postWithRetry, type RetryPolicy } from "../http-retry.js";
import { log } from "../../runtime/log.js";
import { languageCode } from "./language.js";
import { wordsFromSegments } from "./segment-words.js";
import { FILLER_PROMPT, type SpeechEngine, type SpeechOptions, type SpeechResult } from "./types.js";

/** OpenAI's documented upload limit ("File uploads are currently limited to 25 MB"). */
export const OPENAI_UPLOAD_LIMIT_BYTES = 25_000_000;
const OPUS_BITRATE = 32_000;
/** Opus is variable-rate and the multipart envelope adds a little: plan chunks at 90 % of the limit. */
const UPLOAD_HEADROOM = 0.9;

export interface OpenAiEngineOptions {
  /** the upload limit chunks are planned against (tests make it small to force chunking) */
  maxUploadBytes?: number;
  retry?: RetryPolicy;
}

/** Pure: ffmpeg arguments for the upload: mono 16 kHz Opus in Ogg. */
export function uploadEncodeArgs(input: string, output: string): string[] {
  return ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-i", input, "-ac", "1", "-ar", "16000", "-c:a", "libopus", "-b:a", String(OPUS_BITRATE), "-vbr", "constrained", "-application", "voip", "-f", "ogg", output];
}

/** The margin the transcribe stage adds on each side of a chunk cut where there is no pause (planChunks). */
const CHUNK_MARGIN_S = 1;

/** Pure: the longest chunk, in seconds, whose upload (with its margins) fits the limit. */
export const maxUploadSeconds = (limitBytes: number) => Math.floor((UPLOAD_HEADROOM * limitBytes) / (OPUS_BITRATE / 8)) - 2 * CHUNK_MARGIN_S;

export interface TranscriptionRequest {
  file: Buffer;
  fileName: string;
  contentType: string;
  model: string;
  language?: string | null;
  /** sent as `prompt` (FILLER_PROMPT when the job removes fillers) */
  prompt?: string;
}

/**
 * Pure: the multipart/form-data body (RFC 7578). Both timestamp granularities are asked for: with
 * `word` alone OpenAI leaves the segments out, and they are what a server without word timestamps
 * still answers with.
 */
export function transcriptionForm(r: TranscriptionRequest, boundary = `katto-${randomBytes(12).toString("hex")}`): { body: Buffer; contentType: string } {
  const fields: [string, string][] = [
    ["model", r.model],
    ["response_format", "verbose_json"],
    ["timestamp_granularities[]", "word"],
    ["timestamp_granularities[]", "segment"],
  ];
  if (r.language) fields.push(["language", r.language]);
  if (r.prompt) fields.push(["prompt", r.prompt]);
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${r.fileName}"\r\nContent-Type: ${r.contentType}\r\n\r\n`));
  parts.push(r.file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface VerboseWord {
  word?: string;
  start?: number;
  end?: number;
  /** faster-whisper servers (speaches) add the word's probability; OpenAI does not */
  probability?: number;
}
interface VerboseJson {
  text?: string;
  language?: string;
  words?: VerboseWord[];
  segments?: { start?: number; end?: number; text?: string }[];
}

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/**
 * Pure: a verbose_json answer -> words on the source clock. Word timestamps when the server gave
 * them; else the segments' words spread over their voiced parts (`pauses`, seconds from the upload's
 * start), marked wordTiming "segments".
 */
export function parseVerboseJson(json: unknown, offsetS = 0, pauses: SpeechOptions["pauses"] = []): Omit<SpeechResult, "engine"> {
  const out = (json ?? {}) as VerboseJson;
  let words: Word[] = [];
  let wordTiming: SpeechResult["wordTiming"];
  if (out.words?.length) {
    for (const w of out.words) {
      const text = (w.word ?? "").trim();
      if (!text || !finite(w.start) || !finite(w.end)) continue;
      const start = Math.max(0, w.start);
      const word: Word = { word: text, start: start + offsetS, end: Math.max(start, w.end) + offsetS };
      if (finite(w.probability)) word.confidence = Math.min(1, Math.max(0, w.probability));
      words.push(word);
    }
  } else {
    const segments = (out.segments ?? []).flatMap((s) => (finite(s.start) && finite(s.end) && s.text ? [{ start: Math.max(0, s.start), end: s.end, text: s.text }] : []));
    words = wordsFromSegments(segments, pauses).map((w) => ({ ...w, start: w.start + offsetS, end: w.end + offsetS }));
    if (words.length) wordTiming = "segments";
  }
  const lang = words.length ? languageCode(out.language) : null;
  return wordTiming ? { lang, words, wordTiming } : { lang, words };
}

/** Pure: the message an error answer carries (OpenAI's {error: {message}}, FastAPI's {detail}, or the text). */
export function endpointMessage(a: Pick<HttpAnswer, "status" | "body">): string {
  let msg: unknown;
  try {
    const j = JSON.parse(a.body) as { error?: { message?: unknown } | string; detail?: unknown; message?: unknown };
    msg = (typeof j.error === "object" ? j.error?.message : j.error) ?? j.detail ?? j.message;
    if (msg !== undefined && typeof msg !== "string") msg = JSON.stringify(msg);
  } catch {
    msg = a.body.trim();
  }
  const text = typeof msg === "string" && msg ? msg.replace(/\s+/g, " ") : "no message";
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** Pure: what an operator should check after an error answer, naming the setting. */
function remedy(status: number): string {
  if (status === 401 || status === 403) return "check KATTO_OPENAI_API_KEY";
  if (status === 404) return "check KATTO_OPENAI_BASE_URL (the API root, e.g. https://api.openai.com/v1) and KATTO_OPENAI_MODEL";
  if (status === 429) return "the endpoint's rate limit or quota is used up; try again later or raise it";
  if (status >= 500) return "the endpoint kept failing; try again later";
  return "check KATTO_OPENAI_MODEL and the endpoint's documentation";
}

export function createOpenAiSpeechEngine(cfg: OpenAiSpeechConfig, opts: OpenAiEngineOptions = {}): SpeechEngine {
  const name = `openai:${cfg.model}`;
  const limit = opts.maxUploadBytes ?? OPENAI_UPLOAD_LIMIT_BYTES;
  const maxS = maxUploadSeconds(limit);
  const url = new URL(`${cfg.baseUrl.replace(/\/+$/, "")}/audio/transcriptions`);
  return {
    name,
    languages: "any",
    chunking: { maxS, targetS: 0.9 * maxS, minS: 0.6 * maxS, hardCutMarginS: CHUNK_MARGIN_S },
    async transcribe(wavPath: string, o: SpeechOptions): Promise<SpeechResult> {
      const dir = await mkdtemp(path.join(os.tmpdir(), "katto-openai-"));
      try {
        const ogg = path.join(dir, "audio.ogg");
        await runProcess("ffmpeg", uploadEncodeArgs(wavPath, ogg), { stage: "transcribe", signal: o.signal });
        const file = await readFile(ogg);
        if (file.length > limit) {
          throw new StageError("transcribe", `speech recognition failed: a piece of audio came to ${file.length} bytes, over the ${limit}-byte upload limit`);
        }
        const form = transcriptionForm({ file, fileName: "audio.ogg", contentType: "audio/ogg", model: cfg.model, language: languageCode(o.lang), ...(o.keepFillers ? { prompt: FILLER_PROMPT } : {}) });
        const headers: Record<string, string> = { "content-type": form.contentType, accept: "application/json" };
        if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
        let answer: HttpAnswer;
        try {
          answer = await postWithRetry(url, {
            headers,
            body: form.body,
            signal: o.signal,
            policy: opts.retry ?? DEFAULT_RETRY,
            onRetry: (why, waitS) => log("warn", "speech endpoint: retrying", { engine: name, why, wait_s: waitS }),
          });
        } catch (e) {
          o.signal.throwIfAborted();
          throw new StageError("transcribe", `speech recognition failed: could not reach ${url.origin} (${(e as Error).message}); check KATTO_OPENAI_BASE_URL`, String(e));
        }
        if (answer.status < 200 || answer.status >= 300) {
          throw new StageError("transcribe", `speech recognition failed: ${url.origin} answered HTTP ${answer.status}: ${endpointMessage(answer)} (${remedy(answer.status)})`, answer.body.slice(0, 2000));
        }
        let json: unknown;
        try {
          json = JSON.parse(answer.body);
        } catch {
          throw new StageError("transcribe", `speech recognition failed: ${url.origin} answered with no JSON; KATTO_OPENAI_BASE_URL must be an OpenAI-compatible API root`, answer.body.slice(0, 2000));
        }
        return { ...parseVerboseJson(json, o.offsetS ?? 0, o.pauses), engine: name };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
