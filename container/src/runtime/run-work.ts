// One way to run a piece of work (a job, a re-render, one clip's HD render): its own temp folder,
// the stage it is in, abort handling, the mapping of any error to a short message for the user and
// evidence for the logs, the protocol's `failed` event when the Worker must hear of it, and
// clean-up. The bodies (pipeline.ts, rerender.ts, hd-clip.ts) only do their work.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { JobGoneError, type CallbackClient } from "./callback-client.js";
import { AbortedError, toStageError } from "./errors.js";
import { log } from "./log.js";
import type { RenderEvent, RerenderEvent } from "./protocol.js";

/** Why work stopped on purpose: the Worker cancelled it, the server shuts down, or the Worker said 409. */
export type AbortReason = "cancelled" | "shutdown" | "gone";

export type WorkOutcome<T extends { status: "completed" }> = T | { status: "failed"; stage: string; error: string } | { status: "aborted"; reason: AbortReason };

/** What a body sees: its folder, and the stage it is in (set it as the work moves on). */
export interface WorkContext {
  readonly dir: string;
  stage: string;
}

export interface Work<T extends { status: "completed" }> {
  /** for logs: "job", "rerender", "hd clip" */
  kind: string;
  /** ids for every log line about it */
  ids: Record<string, unknown>;
  /** the temp folder's name starts with this (tests look for the job's processes by it) */
  dirPrefix: string;
  /** parent of the temp folder; the OS temp dir by default */
  workRoot?: string;
  signal: AbortSignal;
  client: CallbackClient;
  /** the stage the work starts in */
  stage: string;
  /** what the user reads when `stage` fails on an unexpected error */
  userMessage(stage: string): string;
  /**
   * The protocol's failed event for a failure (or a shutdown, with `shutdownMessage`), or null
   * when the Worker must not hear of it: an HD task (the clip stays at preview quality) or a job
   * that already sent its clips.
   */
  failedEvent(f: { error: string; stage: string }): RenderEvent | RerenderEvent | null;
  /** when set, a shutdown is reported as a failure with this message (the Worker refunds) */
  shutdownMessage?: string;
  /** log level of a failure: "warn" where the user keeps what they had */
  failureLevel?: "error" | "warn";
  body(ctx: WorkContext): Promise<T>;
}

const safeName = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40) || "work";

/** A temp-folder prefix made of an id (ids come from the Worker; keep only safe characters). */
export const workDirPrefix = (kind: string, ...ids: (string | number)[]) => `katto-${kind}-${ids.map((i) => safeName(String(i))).join("-")}-`;

export async function runWork<T extends { status: "completed" }>(w: Work<T>): Promise<WorkOutcome<T>> {
  const dir = await mkdtemp(join(w.workRoot ?? os.tmpdir(), w.dirPrefix));
  const ctx: WorkContext = { dir, stage: w.stage };
  const report = async (f: { error: string; stage: string }) => {
    const ev = w.failedEvent({ error: f.error.slice(0, 500), stage: f.stage });
    if (!ev) return;
    // on a signal of its own: the work's may be aborted (shutdown)
    try {
      await w.client.event(ev, { signal: AbortSignal.timeout(20_000) });
    } catch (e) {
      log("warn", `could not report ${w.kind} failure`, { ...w.ids, error: String(e) });
    }
  };
  try {
    return await w.body(ctx);
  } catch (e) {
    if (w.signal.aborted || e instanceof JobGoneError || e instanceof AbortedError) {
      const reason: AbortReason = e instanceof JobGoneError ? "gone" : e instanceof AbortedError ? (e.reason as AbortReason) : ((w.signal.reason as AbortReason) ?? "cancelled");
      log("info", `${w.kind} stopped`, { ...w.ids, stage: ctx.stage, reason });
      if (reason === "shutdown" && w.shutdownMessage) await report({ error: w.shutdownMessage, stage: ctx.stage });
      return { status: "aborted", reason: typeof reason === "string" ? reason : "cancelled" };
    }
    const se = toStageError(ctx.stage, e, w.userMessage(ctx.stage));
    log(w.failureLevel ?? "error", `${w.kind} failed`, { ...w.ids, stage: se.stage, error: se.message, detail: se.detail });
    await report({ error: se.message, stage: se.stage });
    return { status: "failed", stage: se.stage, error: se.message };
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
