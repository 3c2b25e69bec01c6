// Jobs running in this process, keyed by job_id: start (idempotent), cancel, shut down.
import { createCallbackClient } from "./callback-client.js";
import { log } from "./log.js";
import { runJob, type AbortReason, type AnalysisDeps, type JobOutcome } from "./pipeline.js";
import { runHdClip } from "./hd-clip.js";
import type { HdClipTask, RenderJob, RerenderJob } from "./protocol.js";
import { runRerender, type DubClip } from "./rerender.js";

export const hdTaskKey = (jobId: string, clipIndex: number) => `${jobId}:hd:${clipIndex}`;

interface Running {
  controller: AbortController;
  done: Promise<unknown>;
}

export interface JobRegistryOptions {
  deps: AnalysisDeps;
  workRoot?: string;
  renderConcurrency?: number;
  /** callback retry base delay (tests shorten it) */
  callbackBackoffMs?: number;
  /** dubbing for re-renders, when an engine is configured */
  dub?: DubClip;
}

export class JobRegistry {
  private readonly running = new Map<string, Running>();
  private closed = false;

  constructor(private readonly opts: JobRegistryOptions) {}

  get size(): number {
    return this.running.size;
  }

  has(id: string): boolean {
    return this.running.has(id);
  }

  /** Start a job unless one with that id is already running. */
  start(job: RenderJob): "started" | "running" | "closed" {
    if (this.closed) return "closed";
    if (this.running.has(job.job_id)) return "running";
    const controller = new AbortController();
    const abort = (reason: AbortReason) => controller.abort(reason);
    const client = createCallbackClient({
      baseUrl: job.callback.base_url,
      token: job.callback.token,
      jobId: job.job_id,
      signal: controller.signal,
      onGone: () => abort("gone"),
      backoffMs: this.opts.callbackBackoffMs,
    });
    log("info", "job started", { job_id: job.job_id });
    const done = runJob({
      job,
      signal: controller.signal,
      client,
      deps: this.opts.deps,
      workRoot: this.opts.workRoot,
      renderConcurrency: this.opts.renderConcurrency,
    })
      .catch((e: unknown): JobOutcome => {
        log("error", "job crashed", { job_id: job.job_id, error: String((e as Error)?.stack ?? e) });
        return { status: "failed", stage: "unknown", error: "internal error" };
      })
      .finally(() => this.running.delete(job.job_id));
    this.running.set(job.job_id, { controller, done });
    return "started";
  }

  /** Start a re-render unless one with that id is already running (ids never collide with jobs'). */
  startRerender(job: RerenderJob): "started" | "running" | "closed" {
    if (this.closed) return "closed";
    if (this.running.has(job.rerender_id)) return "running";
    const controller = new AbortController();
    const client = createCallbackClient({
      baseUrl: job.callback.base_url,
      token: job.callback.token,
      jobId: job.rerender_id,
      resource: "rerenders",
      signal: controller.signal,
      onGone: () => controller.abort("gone"),
      backoffMs: this.opts.callbackBackoffMs,
    });
    log("info", "rerender started", { rerender_id: job.rerender_id, job_id: job.job_id });
    const done = runRerender({ job, signal: controller.signal, client, workRoot: this.opts.workRoot, dub: this.opts.dub })
      .catch((e: unknown) => {
        log("error", "rerender crashed", { rerender_id: job.rerender_id, error: String((e as Error)?.stack ?? e) });
        return { status: "failed" as const, error: "internal error" };
      })
      .finally(() => this.running.delete(job.rerender_id));
    this.running.set(job.rerender_id, { controller, done });
    return "started";
  }

  /**
   * Start the HD render of one clip (HD fan-out) unless it is already running here. Keyed
   * `<job_id>:hd:<clip_index>`, like the container instance the Worker picks for it.
   */
  startHd(task: HdClipTask): "started" | "running" | "closed" {
    if (this.closed) return "closed";
    const key = hdTaskKey(task.job_id, task.clip_index);
    if (this.running.has(key)) return "running";
    const controller = new AbortController();
    const client = createCallbackClient({
      baseUrl: task.callback.base_url,
      token: task.callback.token,
      jobId: task.job_id,
      signal: controller.signal,
      onGone: () => controller.abort("gone"),
      backoffMs: this.opts.callbackBackoffMs,
    });
    log("info", "hd clip started", { job_id: task.job_id, clip: task.clip_index });
    const done = runHdClip({ task, signal: controller.signal, client, workRoot: this.opts.workRoot })
      .catch((e: unknown) => {
        log("error", "hd clip crashed", { job_id: task.job_id, clip: task.clip_index, error: String((e as Error)?.stack ?? e) });
        return { status: "failed" as const, error: "internal error" };
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, { controller, done });
    return "started";
  }

  /** Abort a running job (kills its processes); true when there was one. */
  cancel(id: string): boolean {
    const r = this.running.get(id);
    if (!r) return false;
    r.controller.abort("cancelled" satisfies AbortReason);
    return true;
  }

  /** Outcome of a running job, for tests. */
  wait(id: string): Promise<JobOutcome> | undefined {
    return this.running.get(id)?.done as Promise<JobOutcome> | undefined;
  }

  /** Refuse new jobs, abort running ones (they report `failed`, refund), wait for them. */
  async shutdown(): Promise<void> {
    this.closed = true;
    const all = [...this.running.values()];
    for (const r of all) r.controller.abort("shutdown" satisfies AbortReason);
    await Promise.allSettled(all.map((r) => r.done));
  }
}
