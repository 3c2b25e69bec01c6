// Work on a job's delivered clips that gives way to the rest of the job (issue 43): a clip's HD file
// (local-hd.ts) or, in HD fan-out, its mezzanine (mezzanine-cuts.ts), made as soon as the clip is
// delivered and the cores allow, instead of after the whole job. Nothing starts before `open` (the
// transcript is recognised: until then both cores recognise speech, and this work would only slow
// it). Then each piece runs one per core at a time, its processes niced to the end of the scale
// (below the speech engine's SPEECH_NICENESS) and counted under the work's own account, on the
// encoder's background slots, so a niced encode never holds a slot a preview waits for.
import { inClass, type ProcessClass } from "../ffmpeg/spawn.js";
import type { Encoder } from "../rendering/render.js";
import type { JobRun } from "../rendering/job-run.js";
import { createLimiter } from "../runtime/pool.js";

/** The niceness of background work: below everything else a job runs. */
export const BACKGROUND_NICENESS = 19;

export interface BackgroundWork {
  /** aborted with the job, or when the job stopped before this work was wanted (`stop`) */
  readonly signal: AbortSignal;
  /** the job's encoder on its background slots */
  readonly encoder: Encoder | undefined;
  /** `work` once opened, one per core at a time, in the work's class; undefined when stopped meanwhile */
  run<T>(work: () => Promise<T>): Promise<T | undefined>;
  /** From now on the work may take the cores the rest of the job leaves. */
  open(): void;
  /** The job failed before the work was wanted: what runs stops, what waits never starts. */
  stop(): void;
}

/** Background work of `run` whose processes' CPU is counted as `account` (runtime/process-cpu.ts). */
export function backgroundWork(run: JobRun, account: string): BackgroundWork {
  const cls: ProcessClass = { niceness: BACKGROUND_NICENESS, account };
  const stopped = new AbortController();
  const signal = AbortSignal.any([run.signal, stopped.signal]);
  const limiter = createLimiter(run.conc);
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    signal,
    encoder: run.encoder && { ...run.encoder, slots: run.encoder.background ?? run.encoder.slots },
    async run(work) {
      await opened;
      try {
        return await limiter.run(() => inClass(cls, work), signal);
      } catch (e) {
        // stopped with the job: nothing to report, the job's own failure says why
        if (stopped.signal.aborted && !run.signal.aborted) return undefined;
        throw e;
      }
    },
    open,
    stop() {
      stopped.abort(new Error("the job stopped before its clips were sent"));
      open();
    },
  };
}
