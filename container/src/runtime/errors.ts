// Errors a stage raises on purpose: the message is short and safe to show the user; `detail`
// carries evidence for logs (ffmpeg's stderr tail and the like) and is never sent to the Worker.
// A spawned process's failure (ffmpeg/spawn.ts raises it) is here too, so the mapping below needs
// nothing from the rooms above.

export type ProcessFailure = "spawn" | "exit" | "aborted";

/** Typed failure of a spawned process: which stage, why, and the evidence. */
export class ProcessError extends Error {
  readonly name = "ProcessError";
  constructor(
    readonly stage: string,
    readonly failure: ProcessFailure,
    message: string,
    readonly stderrTail: string,
    readonly exitCode: number | null = null,
    readonly code?: string,
  ) {
    super(message);
  }
}

export class StageError extends Error {
  readonly name = "StageError";
  constructor(
    readonly stage: string,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The job was stopped on purpose (cancelled, shut down, or the Worker said 409). */
export class AbortedError extends Error {
  readonly name = "AbortedError";
  constructor(readonly reason: string) {
    super(`aborted: ${reason}`);
  }
}

/** Map any error to a StageError for the given stage. */
export function toStageError(stage: string, e: unknown, userMessage: string): StageError {
  if (e instanceof StageError) return e;
  if (e instanceof ProcessError) return new StageError(e.stage || stage, userMessage, `${e.message}\n${e.stderrTail}`);
  return new StageError(stage, userMessage, e instanceof Error ? e.stack ?? e.message : String(e));
}
