// One POST to a remote engine, retried the way HTTP asks: 429 waits what Retry-After says (RFC 9110
// section 10.2.3; OpenAI also sends retry-after-ms), 5xx and a dropped connection back off
// exponentially, both a bounded number of times; any other answer is returned to the caller as is.
//
// node:http rather than fetch: fetch (undici) gives up on a response whose headers take more than
// 300 s, and a self-hosted Whisper server on a CPU can take longer than that for an hour of audio.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RetryPolicy {
  /** requests in all, the first included */
  attempts: number;
  /** the first back-off after a 5xx or a dropped connection; doubled each time */
  baseDelayS: number;
  /** longest wait: a Retry-After beyond it ends the retries (the answer is returned) */
  maxDelayS: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayS: 1, maxDelayS: 60 };

/** Pure: seconds a Retry-After (delay-seconds or HTTP-date) or retry-after-ms header asks for; null when absent or unreadable. */
export function retryAfterS(headers: IncomingHttpHeaders, now = Date.now()): number | null {
  const ms = Number(headers["retry-after-ms"]);
  if (headers["retry-after-ms"] !== undefined && Number.isFinite(ms) && ms >= 0) return ms / 1000;
  const v = headers["retry-after"];
  if (v === undefined) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

/**
 * Pure: how long to wait before the next try after this answer (null: do not retry). `attempt`
 * counts the tries made so far (1 after the first).
 */
export function retryDelayS(answer: Pick<HttpAnswer, "status" | "headers"> | "network", attempt: number, policy: RetryPolicy): number | null {
  if (attempt >= policy.attempts) return null;
  const backoff = Math.min(policy.maxDelayS, policy.baseDelayS * 2 ** (attempt - 1));
  if (answer === "network" || answer.status >= 500) return backoff;
  if (answer.status !== 429) return null;
  const asked = retryAfterS(answer.headers);
  if (asked === null) return backoff;
  return asked <= policy.maxDelayS ? asked : null;
}

function sleep(s: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, s * 1000);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** One POST; resolves with whatever the server answered, rejects when no answer came. */
export function postOnce(url: URL, headers: Record<string, string>, body: Buffer, signal: AbortSignal): Promise<HttpAnswer> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: "POST", headers: { ...headers, "content-length": String(body.length) }, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * POSTs until an answer is final: a success, an error that retrying cannot fix, or the last try.
 * A connection that fails on the last try rejects with its error.
 */
export async function postWithRetry(
  url: URL,
  init: { headers: Record<string, string>; body: Buffer; signal: AbortSignal; policy?: RetryPolicy; onRetry?: (why: string, waitS: number) => void },
): Promise<HttpAnswer> {
  const policy = init.policy ?? DEFAULT_RETRY;
  for (let attempt = 1; ; attempt++) {
    let answer: HttpAnswer | "network";
    try {
      answer = await postOnce(url, init.headers, init.body, init.signal);
    } catch (e) {
      init.signal.throwIfAborted();
      if (retryDelayS("network", attempt, policy) === null) throw e;
      answer = "network";
    }
    const wait = answer === "network" || answer.status >= 400 ? retryDelayS(answer, attempt, policy) : null;
    if (wait === null) return answer as HttpAnswer;
    init.onRetry?.(answer === "network" ? "connection failed" : `HTTP ${answer.status}`, wait);
    await sleep(wait, init.signal);
  }
}
