// The chat-model engine that chooses moments (KATTO_SCORER=openai): any server speaking OpenAI's
// chat completions API reads the whole transcript with its times and answers `{"moments": [...]}`
// (./moment-answer.ts). A transcript longer than the model's context (KATTO_CHAT_CONTEXT_TOKENS)
// is read in windows that overlap by the longest clip, then the windows' proposals are merged in
// one more request. An answer that does not parse or validate gets one follow-up naming the
// problem; a second bad answer, like any server failure, is a ChatModelError for the caller
// (analysis/model-moments.ts falls back to Katto's own selection and warns). Prompts are the
// versioned files of container/prompts (./prompts.ts).
import { MAX_DESCRIPTION_CHARS, MAX_HASHTAGS } from "@katto/protocol";
import type { ChatModelConfig } from "../../runtime/config.js";
import type { ClipConfig, Transcript, Word } from "../../runtime/types.js";
import { joinWords, sentenceRanges } from "../../text/sentences.js";
import { MAX_HEADLINE_CHARS } from "../../text/headline.js";
import { log } from "../../runtime/log.js";
import type { RetryPolicy } from "../http-retry.js";
import { ChatModelError, createChatClient, type ChatClient, type ChatMessage } from "./chat-request.js";
import { MOMENTS_JSON_SCHEMA, readMomentAnswer, type ProposedMoment } from "./moment-answer.js";
import { fillPrompt, promptText } from "./prompts.js";

export { ChatModelError } from "./chat-request.js";
export type { ProposedMoment } from "./moment-answer.js";

/** What the engine is asked: the transcript and the job's steering. */
export interface ChooseRequest {
  transcript: Transcript;
  config: ClipConfig;
  /** the clip length range asked (bucketOf(config)) */
  bucket: { min: number; max: number };
  /** the most moments worth proposing (the job's clip limit and some to spare as candidates) */
  most: number;
  signal: AbortSignal;
}

export interface ChooseResult {
  proposals: ProposedMoment[];
  /** moments of the answers that could not be used (no range, no scores) */
  invalid: number;
  /** requests sent (windows, merge, follow-ups) */
  requests: number;
}

export interface MomentEngine {
  /** "openai": the engine's name as clips record it (with `model`) */
  name: string;
  model: string;
  choose(r: ChooseRequest): Promise<ChooseResult>;
}

/** A line of the transcript as the model reads it: "[12.3-17.8] text". */
export interface TranscriptLine {
  start: number;
  end: number;
  text: string;
}

/** Longest line sent, in words: a transcript without punctuation (pocketsphinx) still reads in lines. */
const MAX_LINE_WORDS = 30;
/** The answer's share of the context, at most this many tokens. */
const MAX_ANSWER_TOKENS = 4096;
/** Tokens kept free for the chat template's own markup. */
const TEMPLATE_TOKENS = 100;

/**
 * Pure: a conservative token count for any language: UTF-8 bytes / 3 (English runs about 4 bytes a
 * token, most other alphabets 2-4, CJK 3 bytes a character and about a token each), so a window
 * estimated to fit does fit.
 */
export const estimateTokens = (s: string) => Math.ceil(Buffer.byteLength(s, "utf8") / 3);

const secs = (x: number) => (Math.round(x * 10) / 10).toFixed(1);
export const lineText = (l: TranscriptLine) => `[${secs(l.start)}-${secs(l.end)}] ${l.text}`;

/** Pure: the transcript as timed lines, one per sentence (long ones split every MAX_LINE_WORDS words). */
export function transcriptLines(words: readonly Word[]): TranscriptLine[] {
  const out: TranscriptLine[] = [];
  for (const r of sentenceRanges(words as Word[])) {
    for (let a = r.from; a < r.to; a += MAX_LINE_WORDS) {
      const ws = words.slice(a, Math.min(r.to, a + MAX_LINE_WORDS)) as Word[];
      out.push({ start: ws[0]!.start, end: ws[ws.length - 1]!.end, text: joinWords(ws) });
    }
  }
  return out;
}

/**
 * Pure: the lines cut into windows of at most `budgetTokens` each; each window after the first
 * starts `overlapS` seconds before the previous one ended, so a moment that crosses a boundary is
 * whole in one of them. Always progresses: a window holds at least one new line.
 */
export function transcriptWindows(lines: readonly TranscriptLine[], budgetTokens: number, overlapS: number): TranscriptLine[][] {
  const windows: TranscriptLine[][] = [];
  let from = 0;
  while (from < lines.length) {
    let to = from;
    let used = 0;
    while (to < lines.length && (to === from || used + estimateTokens(lineText(lines[to]!)) + 1 <= budgetTokens)) used += estimateTokens(lineText(lines[to++]!)) + 1;
    windows.push(lines.slice(from, to));
    if (to >= lines.length) break;
    let next = to - 1;
    while (next > from + 1 && lines[to - 1]!.end - lines[next - 1]!.start <= overlapS) next--;
    from = Math.max(from + 1, next);
  }
  return windows;
}

/** Pure: what the job asks of its clips, as the prompts' {{steering}}. */
export function steeringText(config: ClipConfig, bucket: { min: number; max: number }, most: number): string {
  return [
    config.customPrompt && `The creator asks for: ${config.customPrompt.trim()}`,
    config.topics && `Prefer moments about: ${config.topics.trim()}`,
    config.genre && `The video's genre: ${config.genre.trim()}`,
    `Each clip lasts ${bucket.min} to ${bucket.max} seconds. Propose at most ${most} moments, best first.`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** Pure: the system prompt of one window. */
export function choosePrompt(config: ClipConfig, bucket: { min: number; max: number }, most: number): string {
  return fillPrompt(promptText("choose"), {
    min_s: bucket.min,
    max_s: bucket.max,
    title_chars: MAX_HEADLINE_CHARS,
    description_chars: MAX_DESCRIPTION_CHARS,
    hashtags: MAX_HASHTAGS,
    steering: steeringText(config, bucket, most),
  });
}

export interface OpenAiMomentEngineOptions {
  retry?: RetryPolicy;
}

export function createOpenAiMomentEngine(cfg: ChatModelConfig, opts: OpenAiMomentEngineOptions = {}): MomentEngine {
  const client = createChatClient(cfg, { retry: opts.retry, timeoutS: cfg.timeoutS });
  const answerTokens = Math.min(MAX_ANSWER_TOKENS, Math.floor(cfg.contextTokens / 4));
  return {
    name: "openai",
    model: cfg.model,
    async choose(r) {
      const system = choosePrompt(r.config, r.bucket, r.most);
      const budget = cfg.contextTokens - answerTokens - estimateTokens(system) - TEMPLATE_TOKENS;
      if (budget < 200) throw new ChatModelError(`its context (KATTO_CHAT_CONTEXT_TOKENS=${cfg.contextTokens}) leaves no room for the transcript`);
      const windows = transcriptWindows(transcriptLines(r.transcript.words), budget, r.bucket.max);
      const counter = { requests: 0, invalid: 0 };
      const ask = (messages: ChatMessage[]) => askWithRepair(client, messages, { maxTokens: answerTokens, signal: r.signal }, counter);
      const found: ProposedMoment[] = [];
      for (const w of windows) found.push(...(await ask([{ role: "system", content: system }, { role: "user", content: w.map(lineText).join("\n") }])));
      const proposals = windows.length > 1 && found.length > 1 ? await merged(found, r, ask, cfg.contextTokens - answerTokens) : found;
      log("info", "chat model chose moments", { model: cfg.model, windows: windows.length, proposals: proposals.length, invalid: counter.invalid, requests: counter.requests });
      return { proposals, invalid: counter.invalid, requests: counter.requests };
    },
  };
}

/** One request, and one follow-up naming the problem when its answer cannot be used. */
async function askWithRepair(client: ChatClient, messages: ChatMessage[], o: { maxTokens: number; signal: AbortSignal }, counter: { requests: number; invalid: number }): Promise<ProposedMoment[]> {
  const call = { ...o, schema: MOMENTS_JSON_SCHEMA };
  counter.requests++;
  const first = await client.complete(messages, call);
  let read = readMomentAnswer(first.content, first.finishReason);
  if (!read.ok) {
    log("warn", "chat model answer unusable; asking once more", { problem: read.problem });
    const repair = fillPrompt(promptText("repair"), { problem: read.problem });
    counter.requests++;
    const second = await client.complete([...messages, { role: "assistant", content: first.content.slice(0, 4000) }, { role: "user", content: repair }], call);
    read = readMomentAnswer(second.content, second.finishReason);
    if (!read.ok) throw new ChatModelError(`answered twice with nothing usable (${read.problem})`);
  }
  counter.invalid += read.invalid;
  return read.moments;
}

/**
 * The windows' proposals merged by the model (duplicates from overlapping windows, the best of the
 * whole source). The proposals sent are the best that fit the context; a merge that fails keeps
 * them as they are (Katto's placement drops overlaps, best first).
 */
async function merged(found: ProposedMoment[], r: ChooseRequest, ask: (m: ChatMessage[]) => Promise<ProposedMoment[]>, room: number): Promise<ProposedMoment[]> {
  const system = fillPrompt(promptText("merge"), { steering: steeringText(r.config, r.bucket, r.most) });
  const ranked = [...found].sort((a, b) => b.hook + b.flow + b.value + b.trend - (a.hook + a.flow + a.value + a.trend));
  const sent: ProposedMoment[] = [];
  let used = estimateTokens(system) + TEMPLATE_TOKENS;
  for (const p of ranked) {
    const t = estimateTokens(JSON.stringify(wire(p))) + 1;
    if (used + t > room) break;
    sent.push(p);
    used += t;
  }
  try {
    const out = await ask([{ role: "system", content: system }, { role: "user", content: JSON.stringify({ moments: sent.sort((a, b) => a.start - b.start).map(wire) }) }]);
    return out.length ? out : sent;
  } catch (e) {
    if (!(e instanceof ChatModelError)) throw e;
    log("warn", "chat model merge failed; the windows' proposals are used as they are", { error: e.message });
    return found;
  }
}

/** A proposal in the answer's own shape (for the merge request). */
const wire = (p: ProposedMoment) => ({
  start: p.start,
  end: p.end,
  reason: p.reason,
  hook: p.hook,
  flow: p.flow,
  value: p.value,
  trend: p.trend,
  title: p.title ?? "",
  hook_title: p.hookTitle ?? "",
  description: p.description ?? "",
  hashtags: p.hashtags,
  emphasis: p.emphasis,
  emoji: p.emoji ?? "",
  broll: p.broll,
});
