// HTTP calls from the backend to the Worker (docs/render-protocol.md, "backend -> Worker"):
// events as JSON, files streamed from disk. Network errors, 429 and 5xx are retried with
// exponential backoff; 409 means the Worker no longer runs the job, and the job must stop.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { FILE_NAME_RE, type RenderEvent, type RerenderEvent } from "./protocol.js";

/** The Worker answered 409: the job was cancelled or failed on its side. */
export class JobGoneError extends Error {
  readonly name = "JobGoneError";
}

/** A call failed for good (4xx other than 409, or retries exhausted). */
export class CallbackError extends Error {
  readonly name = "CallbackError";
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface CallbackClientOptions {
  baseUrl: string;
  token: string;
  jobId: string;
  /** which resource the calls are about: a job (default) or a re-render (docs/render-protocol.md) */
  resource?: "jobs" | "rerenders";
  /** aborts waiting and in-flight calls */
  signal: AbortSignal;
  /** called once when the Worker answers 409 */
  onGone?: () => void;
  /** attempts per call, including the first */
  attempts?: number;
  backoffMs?: number;
  /** per-attempt timeout for events; file uploads get more */
  timeoutMs?: number;
}

export interface CallbackClient {
  event(ev: RenderEvent | RerenderEvent, opts?: { signal?: AbortSignal }): Promise<void>;
  putFile(name: string, path: string, contentType: string): Promise<{ key?: string; url?: string }>;
}

/** Backoff before attempt n (1-based retries): base * 2^(n-1), capped, with jitter. */
export function backoffDelay(retry: number, baseMs: number): number {
  const d = Math.min(baseMs * 2 ** (retry - 1), 8000);
  return Math.round(d * (0.75 + Math.random() * 0.5));
}

const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

export function createCallbackClient(o: CallbackClientOptions): CallbackClient {
  const base = o.baseUrl.replace(/\/+$/, "");
  const jobPath = `${base}/${o.resource ?? "jobs"}/${encodeURIComponent(o.jobId)}`;
  const attempts = o.attempts ?? 5;
  const backoff = o.backoffMs ?? 500;
  let gone = false;

  async function call(what: string, signal: AbortSignal, timeoutMs: number, makeInit: () => Promise<RequestInit & { url: string }>): Promise<Response> {
    let lastErr = "";
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(backoffDelay(attempt - 1, backoff), undefined, { signal });
      signal.throwIfAborted();
      const { url, ...init } = await makeInit();
      let res: Response;
      try {
        res = await fetch(url, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) });
      } catch (e) {
        signal.throwIfAborted();
        lastErr = `${what}: ${(e as Error)?.message ?? e}`;
        continue;
      }
      if (res.status === 409) {
        await res.body?.cancel().catch(() => {});
        if (!gone) {
          gone = true;
          o.onGone?.();
        }
        throw new JobGoneError(`${what}: the Worker no longer runs job ${o.jobId}`);
      }
      if (res.ok) return res;
      const text = await res.text().catch(() => "");
      lastErr = `${what}: HTTP ${res.status} ${text.slice(0, 200)}`;
      if (!retryable(res.status)) throw new CallbackError(lastErr, res.status);
    }
    throw new CallbackError(`${lastErr} (after ${attempts} attempts)`, null);
  }

  const auth = { authorization: `Bearer ${o.token}` };

  return {
    async event(ev, opts) {
      const body = JSON.stringify(ev);
      const res = await call(`event ${ev.type}`, opts?.signal ?? o.signal, o.timeoutMs ?? 30_000, async () => ({
        url: `${jobPath}/events`,
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body,
      }));
      await res.body?.cancel().catch(() => {});
    },

    async putFile(name, path, contentType) {
      if (!FILE_NAME_RE.test(name)) throw new Error(`invalid file name ${name}`);
      const res = await call(`PUT ${name}`, o.signal, 10 * 60_000, async () => {
        const { size } = await stat(path);
        // A fresh stream per attempt; Content-Length lets the Worker stream it into R2.
        return {
          url: `${jobPath}/files/${name}`,
          method: "PUT",
          headers: { ...auth, "content-type": contentType, "content-length": String(size) },
          body: Readable.toWeb(createReadStream(path)) as ReadableStream,
          duplex: "half",
        } as RequestInit & { url: string };
      });
      return (await res.json().catch(() => ({}))) as { key?: string; url?: string };
    },
  };
}
