// A stand-in for an OpenAI-compatible chat server (POST /v1/chat/completions), written from
// OpenAI's API reference: a JSON body {model, messages, response_format, max_tokens, ...} answered
// with {id, object: "chat.completion", model, choices: [{index, message: {role, content},
// finish_reason}], usage}; errors {error: {message, type, param, code}}. It knows one model (an
// unknown one gets 404 "model_not_found", as OpenAI and Ollama answer), checks the bearer key when
// it has one (401 "invalid_api_key"), and answers each request from a script the test fills:
// planted choices, planted malformed text, a 429 with Retry-After, a slow answer.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequest {
  url: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: { role: string; content: string }[]; response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } }; max_tokens?: number; [k: string]: unknown };
}

/** One scripted answer: content the model "says", or a whole HTTP answer, optionally after a delay. */
export type Scripted =
  | { content: string; finishReason?: string; delayMs?: number }
  | { status: number; headers?: Record<string, string>; body: unknown; delayMs?: number };

export interface ChatStandInOptions {
  model: string;
  /** the key the server takes; unset: any */
  key?: string;
  /** answered when the script is empty */
  otherwise?: (r: ChatRequest) => Scripted;
  /** refuse response_format json_schema with 400, as some servers do (then JSON mode is asked) */
  noJsonSchema?: boolean;
}

export const chatError = (status: number, message: string, type: string, code: string | null = null) => ({ status, body: { error: { message, type, param: null, code } } });

/** The planted moments as a model's message text. */
export const momentsContent = (moments: object[]) => JSON.stringify({ moments });

export async function startChatStandIn(opts: ChatStandInOptions) {
  const requests: ChatRequest[] = [];
  const script: Scripted[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => (raw += d));
    req.on("end", () => {
      let body: ChatRequest["body"] = {};
      try {
        body = JSON.parse(raw) as ChatRequest["body"];
      } catch {
        /* recorded empty: the test's assertions on the body fail */
      }
      const r: ChatRequest = { url: req.url ?? "", headers: req.headers, body };
      requests.push(r);
      const send = (a: Exclude<Scripted, { content: string }>) => {
        res.writeHead(a.status, { "content-type": "application/json", ...(a.headers ?? {}) });
        res.end(JSON.stringify(a.body));
      };
      if (req.method !== "POST" || r.url !== "/v1/chat/completions") return send(chatError(404, `Invalid URL (${req.method} ${r.url})`, "invalid_request_error"));
      if (opts.key && r.headers.authorization !== `Bearer ${opts.key}`) return send(chatError(401, "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.", "invalid_request_error", "invalid_api_key"));
      if (body.model !== opts.model) return send(chatError(404, `The model \`${body.model}\` does not exist or you do not have access to it.`, "invalid_request_error", "model_not_found"));
      if (opts.noJsonSchema && body.response_format?.type === "json_schema") return send(chatError(400, "response_format.type json_schema is not supported by this server; use json_object", "invalid_request_error"));
      const a = script.shift() ?? opts.otherwise?.(r) ?? { content: momentsContent([]) };
      const answer = () => {
        if ("status" in a) return send(a);
        send({ status: 200, body: { id: `chatcmpl-${requests.length}`, object: "chat.completion", created: 0, model: opts.model, choices: [{ index: 0, message: { role: "assistant", content: a.content }, finish_reason: a.finishReason ?? "stop" }], usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } } });
      };
      if (a.delayMs) setTimeout(answer, a.delayMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** answers to give next, in order */
    script,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** The text of every message of a request, joined (what the model read). */
export const promptOf = (r: ChatRequest) => (r.body.messages ?? []).map((m) => m.content).join("\n");
