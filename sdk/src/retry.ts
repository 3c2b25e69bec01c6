// Retries for the SDK's fetch: exponential backoff with full jitter, Retry-After honoured.
// What is retried (docs/api-decisions.md "SDK retries"):
// - 429: always (the rate limiter answered before any handler ran, so nothing was applied), after
//   Retry-After seconds when the API sends it, else after the backoff delay.
// - network errors (fetch threw, no answer): only for requests safe to repeat: GET/HEAD, and POSTs
//   carrying an Idempotency-Key (the API replays the first result instead of acting twice).
// Other statuses are returned as they are; the caller turns them into KattoApiError.

export interface RetryOptions {
  /** Total attempts, the first included (default 4). */
  maxAttempts?: number;
  /** First backoff delay in ms (default 500); doubles each attempt. */
  baseDelayMs?: number;
  /** Cap of one wait in ms (default 30 000); a longer Retry-After is still honoured up to maxRetryAfterMs. */
  maxDelayMs?: number;
  /** Longest Retry-After the client waits for before giving up with the 429 (default 120 000). */
  maxRetryAfterMs?: number;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>;
  random?: () => number;
  /** Called before each wait (the CLI prints "rate limited, retrying in 3 s" on a terminal). */
  onRetry?: (info: { attempt: number; delayMs: number; reason: "rate_limited" | "network"; status?: number }) => void;
}

export const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Backoff for attempt n (1-based retries): full jitter over base * 2^(n-1), capped. */
export function backoffDelay(retry: number, { baseDelayMs = 500, maxDelayMs = 30_000, random = Math.random }: RetryOptions = {}): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Seconds (delta form) or an HTTP date, per RFC 9110 section 10.2.3; undefined when absent or unparseable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export const isSafeToRepeat = (req: Request) => req.method === "GET" || req.method === "HEAD" || req.headers.has("idempotency-key");

/** Wraps a fetch with the retry rules above. The request is cloned per attempt so its body can be re-sent. */
export function retryingFetch(inner: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const maxAttempts = options.maxAttempts ?? 4;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const wait = options.sleep ?? sleep;
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      let res: Response;
      try {
        res = await inner(last ? request : request.clone());
      } catch (e) {
        if (last || request.signal.aborted || !isSafeToRepeat(request) || (e as Error)?.name === "AbortError") throw e;
        const delayMs = backoffDelay(attempt, options);
        options.onRetry?.({ attempt, delayMs, reason: "network" });
        await wait(delayMs, request.signal);
        continue;
      }
      if (res.status !== 429 || last) return res;
      const retryAfter = parseRetryAfter(res.headers.get("retry-after"));
      if (retryAfter !== undefined && retryAfter > maxRetryAfterMs) return res;
      const delayMs = retryAfter ?? backoffDelay(attempt, options);
      options.onRetry?.({ attempt, delayMs, reason: "rate_limited", status: 429 });
      await res.body?.cancel();
      await wait(delayMs, request.signal);
    }
  };
}
