// A job's HD files without fan-out (HD mode "local"): each delivered clip's 1080p file is rendered
// as soon as the clip is delivered and the cores allow it, not after the whole job: from the end of
// the transcription on, while the last clips are still being chosen and rendered (issue 43). The
// HD renders give way to everything else a job does (HD_CLASS): the previews that decide
// `completed` take the cores first, and the HD renders fill what they leave. Each file is stored
// as soon as it is made; `clip_hd` waits for `clips` (the Worker takes HD files of a completed
// job only, docs/render-protocol.md). A failed HD render leaves its clip at preview quality.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { JobRun, Source } from "../rendering/job-run.js";
import { inClass, type ProcessClass } from "../ffmpeg/spawn.js";
import { createLimiter } from "../runtime/pool.js";
import type { ClipReport } from "../runtime/protocol.js";
import { announceHd, localHdInput, renderHdFiles, storeHd, type HdFiles } from "./hd-clip.js";
import { orPreviewQuality } from "./job-delivery.js";

/**
 * The processes of a job's HD renders: niced to the end of the scale, below the speech engine's
 * (SPEECH_NICENESS), so a clip's HD file never delays another clip's preview nor the transcript
 * the next clips are chosen from; counted as `hd` (the e2e bench's HD row reads it).
 */
export const HD_CLASS: ProcessClass = { niceness: 19, account: "hd" };

const MESSAGES = { failure: "HD render failed", log: "hd render failed; clip stays at preview quality" };

export interface LocalHd {
  /** A delivered clip (its `clip_ready` report): its HD file rendered once `open`, stored when made. */
  add(report: ClipReport): void;
  /** From now on the HD renders may take the cores the rest of the job leaves (the transcript is recognised). */
  open(): void;
  /** After `clips`: every HD file announced with `clip_hd` as it is ready; answers how many were. */
  finish(): Promise<number>;
  /** The job failed before `clips`: the HD renders stop, and none is announced. */
  stop(): void;
}

export function localHd(run: JobRun, source: Source): LocalHd {
  // the encodes that give way take the background slots, never a slot a preview waits for
  const encoder = run.encoder && { ...run.encoder, slots: run.encoder.background ?? run.encoder.slots };
  const stopped = new AbortController();
  const signal = AbortSignal.any([run.signal, stopped.signal]);
  const limiter = createLimiter(run.conc);
  const opened = deferred();
  const clipsSent = deferred();
  const work: Promise<boolean>[] = [];
  let failure: unknown = null;

  /** One clip: rendered in HD when the cores allow, stored, announced once `clips` went. */
  async function one(report: ClipReport): Promise<boolean> {
    await opened.promise;
    let made: HdFiles | null = null;
    await orPreviewQuality(run, report.clip_index, MESSAGES, () =>
      limiter.run(
        () =>
          inClass(HD_CLASS, async () => {
            const dir = join(run.dir, `hd-${report.clip_index}`);
            await mkdir(dir);
            const files = await renderHdFiles(localHdInput(run.job, report), { path: source.path, probe: source.info }, { dir, signal, encoder });
            await storeHd(files, run.client);
            made = files;
          }),
        signal,
      ).catch((e) => {
        // stopped with the job: nothing to report, the job's own failure says why
        if (!stopped.signal.aborted) throw e;
      }),
    );
    if (!made) return false;
    await clipsSent.promise;
    let announced = false;
    await orPreviewQuality(run, report.clip_index, MESSAGES, async () => {
      await announceHd(made!, run.client);
      announced = true;
    });
    return announced;
  }

  return {
    add(report) {
      // a failure is kept for finish(), which throws it: nothing is left unhandled meanwhile
      work.push(one(report).catch((e) => ((failure ??= e), false)));
    },
    open: opened.resolve,
    async finish() {
      clipsSent.resolve();
      opened.resolve();
      const done = await Promise.all(work);
      if (failure) throw failure;
      run.lap("hd");
      return done.filter(Boolean).length;
    },
    stop() {
      stopped.abort(new Error("the job stopped before its clips were sent"));
      opened.resolve();
    },
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
