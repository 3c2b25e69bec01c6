// One chat completion from any server speaking OpenAI's chat completions API (POST
// {base}/chat/completions): OpenAI, OpenRouter, Groq, vLLM, llama.cpp's server, Ollama, LM Studio.
// The answer is asked for as structured output (`response_format` with a JSON schema); a server
// that refuses that is asked again in JSON mode (`{type: "json_object"}`), then with no
// response_format, and the client keeps to what the server took. 429 waits what Retry-After says
// and 5xx backs off (../http-retry.ts); every other failure becomes a ChatModelError whose message
// names the cause and the setting to check, which the job's warning quotes.
import type { ChatModelConfig } from "../../runtime/config.js";
import { postWithRetry, type HttpAnswer, type RetryPolicy } from "../http-retry.js";
import { endpointMessage } from "../speech/openai.js";
import { log } from "../../runtime/log.js";

/** How the answer's shape is asked for, best first. */
export const OUTPUT_MODES = ["json_schema", "json_object", "none"] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

/** A chat server's failure, in words for an operator (the job warning's cause). */
export class ChatModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChatModelError";
  }
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatAnswer {
  content: string;
  /** "stop", or "length" when the answer was cut off */
  finishReason: string | null;
}

export interface ChatClientOptions {
  retry?: RetryPolicy;
  /** longest wait for one call, retries included */
  timeoutS: number;
}

/** Fewer tries than speech: a failed choice falls back to Katto's own selection at once. */
export const CHAT_RETRY: RetryPolicy = { attempts: 3, baseDelayS: 1, maxDelayS: 30 };

export interface ChatClient {
  complete(messages: readonly ChatMessage[], o: { maxTokens: number; schema: object; signal: AbortSignal }): Promise<ChatAnswer>;
}

/** Pure: the request body in the given output mode. */
export function chatBody(model: string, messages: readonly ChatMessage[], o: { maxTokens: number; schema: object }, mode: OutputMode): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages, temperature: 0.2, max_tokens: o.maxTokens, stream: false };
  if (mode === "json_schema") body.response_format = { type: "json_schema", json_schema: { name: "moments", strict: true, schema: o.schema } };
  if (mode === "json_object") body.response_format = { type: "json_object" };
  return body;
}

/** Pure: whether a 4xx answer refuses the response_format asked for (then the next mode is tried). */
export function refusesFormat(a: Pick<HttpAnswer, "status" | "body">): boolean {
  return (a.status === 400 || a.status === 422) && /response_format|json_schema|json_object|structured|grammar/i.test(a.body);
}

/** Pure: the cause of an error answer, naming the setting an operator should check. */
export function answerCause(a: Pick<HttpAnswer, "status" | "body">): string {
  const msg = endpointMessage(a);
  const s = a.status;
  if (s === 401 || s === 403) return `refused the key (HTTP ${s}: ${msg}); check KATTO_CHAT_API_KEY`;
  if (s === 404 || /model/i.test(msg) && /not (found|exist)|unknown|does not exist|invalid model/i.test(msg)) return `does not know the model (HTTP ${s}: ${msg}); check KATTO_CHAT_MODEL and KATTO_CHAT_BASE_URL`;
  if (s === 429) return `kept answering 429 Too Many Requests (${msg}); its rate limit or quota is used up`;
  if (s >= 500) return `kept failing (HTTP ${s}: ${msg})`;
  return `answered HTTP ${s}: ${msg}`;
}

export function createChatClient(cfg: ChatModelConfig, opts: ChatClientOptions): ChatClient {
  const url = new URL(`${cfg.baseUrl.replace(/\/+$/, "")}/chat/completions`);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
  // the best output mode this server has taken so far
  let mode: OutputMode = "json_schema";

  async function post(body: Record<string, unknown>, signal: AbortSignal): Promise<HttpAnswer> {
    try {
      return await postWithRetry(url, {
        headers,
        body: Buffer.from(JSON.stringify(body)),
        signal,
        policy: opts.retry ?? CHAT_RETRY,
        onRetry: (why, waitS) => log("warn", "chat model: retrying", { model: cfg.model, why, wait_s: waitS }),
      });
    } catch (e) {
      signal.throwIfAborted();
      throw new ChatModelError(`could not be reached at ${url.origin} (${(e as Error).message}); check KATTO_CHAT_BASE_URL`);
    }
  }

  return {
    async complete(messages, o) {
      const timeout = AbortSignal.timeout(opts.timeoutS * 1000);
      const signal = AbortSignal.any([o.signal, timeout]);
      for (;;) {
        let a: HttpAnswer;
        try {
          a = await post(chatBody(cfg.model, messages, o, mode), signal);
        } catch (e) {
          o.signal.throwIfAborted();
          if (timeout.aborted) throw new ChatModelError(`did not answer within ${opts.timeoutS} s (KATTO_CHAT_TIMEOUT_S)`);
          throw e;
        }
        if (refusesFormat(a) && mode !== "none") {
          const next = OUTPUT_MODES[OUTPUT_MODES.indexOf(mode) + 1]!;
          log("info", "chat model: response_format refused; asking again", { model: cfg.model, from: mode, to: next, status: a.status });
          mode = next;
          continue;
        }
        if (a.status < 200 || a.status >= 300) throw new ChatModelError(answerCause(a));
        return readCompletion(a.body);
      }
    },
  };
}

/** Pure: the first choice's text of a completion, or why there is none. */
export function readCompletion(body: string): ChatAnswer {
  let json: { choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[] };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    throw new ChatModelError("answered with no JSON; KATTO_CHAT_BASE_URL must be an OpenAI-compatible API root (ending in /v1)");
  }
  const choice = json.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content !== "string") {
    const refusal = typeof choice?.message?.refusal === "string" ? `: ${choice.message.refusal.slice(0, 200)}` : "";
    throw new ChatModelError(`answered with no message${refusal}`);
  }
  return { content, finishReason: typeof choice?.finish_reason === "string" ? choice.finish_reason : null };
}
