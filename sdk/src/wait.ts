// Waiting for a job or a re-render to finish: polls the resource (GETs are retried on 429 and
// network errors by the client), reports each poll to onProgress, and stops at a terminal status,
// on timeout (KattoTimeoutError) or when the signal aborts.
import type { KattoApi, Schemas } from "./client";
import { KattoTimeoutError, unwrap } from "./errors";
import { sleep as defaultSleep } from "./retry";

export type Job = Schemas["Job"];
export type Rerender = Schemas["Rerender"];

export interface WaitOptions<T> {
  onProgress?: (resource: T) => void;
  /** Give up after this long (default 30 minutes). */
  timeoutMs?: number;
  /** Time between polls (default 2 s; the per-IP limit is 60 requests a minute). */
  intervalMs?: number;
  signal?: AbortSignal;
  /** Jobs only: also wait for the 1080p files (hd_ready), which land a little after "completed". */
  hd?: boolean;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const JOB_TERMINAL = new Set<Job["status"]>(["completed", "failed", "cancelled"]);
export const RERENDER_TERMINAL = new Set<Rerender["status"]>(["completed", "failed"]);

async function poll<T>(what: string, get: () => Promise<T>, done: (r: T) => boolean, o: WaitOptions<T>): Promise<T> {
  const deadline = Date.now() + (o.timeoutMs ?? 30 * 60_000);
  const wait = o.sleep ?? defaultSleep;
  for (;;) {
    o.signal?.throwIfAborted();
    const r = await get();
    o.onProgress?.(r);
    if (done(r)) return r;
    if (Date.now() >= deadline) throw new KattoTimeoutError(`${what} has not finished after ${Math.round((o.timeoutMs ?? 1_800_000) / 1000)} s; it keeps running, check it again later.`);
    await wait(o.intervalMs ?? 2000, o.signal);
  }
}

/** Resolves with the job once it is completed (and hd_ready with `hd: true`), failed or cancelled (check `status`). */
export function waitForJob(api: KattoApi, id: string, options: WaitOptions<Job> = {}): Promise<Job> {
  return poll(`Job ${id}`, () => unwrap(api.GET("/api/v1/jobs/{id}", { params: { path: { id } }, signal: options.signal })), (j) => JOB_TERMINAL.has(j.status) && (!options.hd || j.status !== "completed" || j.hd_ready), options);
}

/** Resolves with the re-render once it is completed or failed. */
export function waitForRerender(api: KattoApi, jobId: string, rerenderId: string, options: WaitOptions<Rerender> = {}): Promise<Rerender> {
  return poll(
    `Re-render ${rerenderId}`,
    () => unwrap(api.GET("/api/v1/jobs/{id}/rerenders/{rerender_id}", { params: { path: { id: jobId, rerender_id: rerenderId } }, signal: options.signal })),
    (r) => RERENDER_TERMINAL.has(r.status),
    options,
  );
}
