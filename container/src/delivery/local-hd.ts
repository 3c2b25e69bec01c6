// A job's HD files without fan-out (HD mode "local"): each delivered clip's 1080p file is rendered
// as background work (background-work.ts: from the end of the transcription on, as soon as the clip
// is delivered, below the previews that decide `completed`), not after the whole job. Each file is
// stored as soon as it is made; `clip_hd` waits for `clips` (the Worker takes HD files of a
// completed job only, docs/render-protocol.md). A failed HD render leaves its clip at preview quality.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { JobRun, Source } from "../rendering/job-run.js";
import type { ClipReport } from "../runtime/protocol.js";
import { backgroundWork } from "./background-work.js";
import { announceHd, localHdInput, renderHdFiles, storeHd, type HdFiles } from "./hd-clip.js";
import { orPreviewQuality } from "./job-delivery.js";

/** The account the HD renders' processes are counted under (the e2e bench's HD row reads it). */
export const HD_ACCOUNT = "hd";

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
  const bg = backgroundWork(run, HD_ACCOUNT);
  let clipsSent!: () => void;
  const sent = new Promise<void>((resolve) => (clipsSent = resolve));
  const work: Promise<boolean>[] = [];
  let failure: unknown = null;

  /** One clip: rendered in HD when the cores allow, stored, announced once `clips` went. */
  async function one(report: ClipReport): Promise<boolean> {
    let made: HdFiles | undefined;
    await orPreviewQuality(run, report.clip_index, MESSAGES, async () => {
      made = await bg.run(async () => {
        const dir = join(run.dir, `hd-${report.clip_index}`);
        await mkdir(dir);
        const files = await renderHdFiles(localHdInput(run.job, report), { path: source.path, probe: source.info }, { dir, signal: bg.signal, encoder: bg.encoder });
        await storeHd(files, run.client);
        return files;
      });
    });
    if (!made) return false;
    await sent;
    if (bg.signal.aborted) return false;
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
    open: bg.open,
    async finish() {
      clipsSent();
      bg.open();
      const done = await Promise.all(work);
      if (failure) throw failure;
      run.lap("hd");
      return done.filter(Boolean).length;
    },
    stop() {
      bg.stop();
      clipsSent();
    },
  };
}
