// Jobs running in this process, keyed by job_id: start (idempotent), cancel, shut down.
import { hdInstanceId, renditionInstanceId } from "@katto/protocol";
import { createCallbackClient, type CallbackClient } from "../runtime/callback-client.js";
import { log } from "../runtime/log.js";
import type { AnalysisDeps } from "../rendering/job-run.js";
import { runJob, type JobOutcome } from "./pipeline.js";
import { runHdClip } from "../delivery/hd-clip.js";
import type { HdClipTask, RenderJob, RenditionTask, RerenderJob } from "../runtime/protocol.js";
import type { ManualClipTask } from "@katto/protocol";
import { runManualClip } from "./manual-clip.js";
import { runRendition } from "./rendition.js";
import { runRerender } from "./rerender.js";
import type { DubClip } from "./rerender-captions.js";
import type { AbortReason } from "../runtime/run-work.js";
import type { Encoder } from "../rendering/render.js";

/** An HD task runs under the id of the backend instance the Worker picks for it. */
export const hdTaskKey = hdInstanceId;

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
  /** what every encode of this process shares (slots, fonts) */
  encoder: Encoder;
}

export class JobRegistry {
  private readonly running = new Map<string, Running>();
  private closed = false;

  constructor(private readonly opts: JobRegistryOptions) {}

  get size(): number {
    return this.running.size;
  }

  /**
   * Run one piece of work under `key` unless it already runs: its own AbortController, a callback
   * client for its resource (a 409 from the Worker aborts it), and crash logging.
   */
  private launch(
    key: string,
    callback: { base_url: string; token: string; id: string; resource?: "jobs" | "rerenders" },
    logFields: Record<string, unknown>,
    run: (signal: AbortSignal, client: CallbackClient) => Promise<unknown>,
  ): "started" | "running" | "closed" {
    if (this.closed) return "closed";
    if (this.running.has(key)) return "running";
    const controller = new AbortController();
    const client = createCallbackClient({
      baseUrl: callback.base_url,
      token: callback.token,
      jobId: callback.id,
      resource: callback.resource,
      signal: controller.signal,
      onGone: () => controller.abort("gone" satisfies AbortReason),
      backoffMs: this.opts.callbackBackoffMs,
    });
    log("info", "work started", logFields);
    const done = run(controller.signal, client)
      .catch((e: unknown): JobOutcome => {
        log("error", "work crashed", { ...logFields, error: String((e as Error)?.stack ?? e) });
        return { status: "failed", stage: "unknown", error: "internal error" };
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, { controller, done });
    return "started";
  }

  /** Start a job unless one with that id is already running. */
  start(job: RenderJob): "started" | "running" | "closed" {
    return this.launch(job.job_id, { ...job.callback, id: job.job_id }, { kind: "job", job_id: job.job_id }, (signal, client) =>
      runJob({ job, signal, client, deps: this.opts.deps, workRoot: this.opts.workRoot, renderConcurrency: this.opts.renderConcurrency, encoder: this.opts.encoder }),
    );
  }

  /** Start a re-render unless one with that id is already running (ids never collide with jobs'). */
  startRerender(job: RerenderJob): "started" | "running" | "closed" {
    return this.launch(job.rerender_id, { ...job.callback, id: job.rerender_id, resource: "rerenders" }, { kind: "rerender", rerender_id: job.rerender_id, job_id: job.job_id }, (signal, client) =>
      runRerender({ job, signal, client, workRoot: this.opts.workRoot, dub: this.opts.dub, translator: this.opts.deps.translator, encoder: this.opts.encoder, faces: this.opts.deps }),
    );
  }

  /**
   * Start the HD render of one clip (HD fan-out) unless it is already running here. Keyed
   * `<job_id>:hd:<clip_index>`, like the container instance the Worker picks for it.
   */
  startHd(task: HdClipTask): "started" | "running" | "closed" {
    return this.launch(hdTaskKey(task.job_id, task.clip_index), { ...task.callback, id: task.job_id }, { kind: "hd clip", job_id: task.job_id, clip: task.clip_index }, (signal, client) =>
      runHdClip({ task, signal, client, workRoot: this.opts.workRoot, encoder: this.opts.encoder }),
    );
  }

  /**
   * Start one clip's rendition unless it is already running here. Keyed
   * `<job_id>:rendition:<clip_index>:<w>x<h>`, like the container instance the Worker picks for it.
   */
  startRendition(task: RenditionTask): "started" | "running" | "closed" {
    return this.launch(renditionInstanceId(task.job_id, task.clip_index, task.size), { ...task.callback, id: task.job_id }, { kind: "rendition", job_id: task.job_id, clip: task.clip_index }, (signal, client) =>
      runRendition({ task, signal, client, workRoot: this.opts.workRoot, encoder: this.opts.encoder }),
    );
  }

  /**
   * Start a clip made by hand unless it is already running here. Keyed `<job_id>:manual:<clip_index>`
   * (the job's own id stays free: cancelling a job never reaches a completed job's manual clip).
   */
  startManual(task: ManualClipTask): "started" | "running" | "closed" {
    return this.launch(`${task.job_id}:manual:${task.clip_index}`, { ...task.callback, id: task.job_id }, { kind: "manual clip", job_id: task.job_id, clip: task.clip_index }, (signal, client) =>
      runManualClip({ task, signal, client, deps: this.opts.deps, workRoot: this.opts.workRoot, encoder: this.opts.encoder }),
    );
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
