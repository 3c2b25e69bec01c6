// Progress events for one job: pct never goes down, steps are sent in order, and updates within
// a step are throttled so a long transcription does not flood the Worker.
import type { CallbackClient } from "./callback-client.js";
import type { ProgressStep } from "./protocol.js";

/** Status shown with each step: "processing" until the transcript exists, then "scoring". */
export function statusFor(step: ProgressStep): "processing" | "scoring" {
  return step === "selecting" || step === "scoring" || step === "rendering" || step === "uploading" || step === "done" ? "scoring" : "processing";
}

export interface ProgressReporter {
  /** queue an update; resolves immediately */
  report(step: ProgressStep, pct: number): void;
  /** a sub-range of pct for a step: f in 0..1 maps to [from, to] */
  range(step: ProgressStep, from: number, to: number): (f: number) => void;
  /** wait for queued events; rejects with the first failure */
  flush(): Promise<void>;
}

export function createProgressReporter(client: Pick<CallbackClient, "event">, opts: { minIntervalMs?: number } = {}): ProgressReporter {
  const minInterval = opts.minIntervalMs ?? 1000;
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  let lastPct = -1;
  let lastStep: ProgressStep | null = null;
  let lastAt = 0;

  const report = (step: ProgressStep, pct: number) => {
    const p = Math.round(Math.min(100, Math.max(lastPct, pct)));
    const now = Date.now();
    const newStep = step !== lastStep;
    if (!newStep && (p <= lastPct || now - lastAt < minInterval)) return;
    lastPct = Math.max(lastPct, p);
    lastStep = step;
    lastAt = now;
    const ev = { type: "progress" as const, status: statusFor(step), step, pct: p };
    chain = chain.then(() =>
      failure ? undefined : client.event(ev).catch((e: unknown) => {
        failure ??= e;
      }),
    );
  };

  return {
    report,
    range: (step, from, to) => (f) => report(step, from + (to - from) * Math.min(1, Math.max(0, f))),
    async flush() {
      await chain;
      if (failure) throw failure;
    },
  };
}
