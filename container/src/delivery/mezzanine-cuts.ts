// HD fan-out (docs/render-protocol.md "HD fan-out"): each delivered clip's source range cut and
// stored as its mezzanine, so its HD task downloads seconds of video, not the source. Cut as
// background work (background-work.ts: from the end of the transcription on, as soon as the clip is
// delivered, below the previews), not after the whole job; `clips` waits for every cut, since it
// names each clip's mezzanine. A clip whose cut fails stays at preview quality (not fanned out).
import { join } from "node:path";
import { mezzanineFile } from "../editing/clip-plan.js";
import { renderMezzanine } from "../rendering/mezzanine.js";
import type { JobRun, Source } from "../rendering/job-run.js";
import { log } from "../runtime/log.js";
import type { ClipReport } from "../runtime/protocol.js";
import { backgroundWork } from "./background-work.js";
import { orPreviewQuality } from "./job-delivery.js";

const MESSAGES = { failure: "cutting the clip's source range failed", log: "mezzanine failed; clip stays at preview quality" };

export interface MezzanineCuts {
  /** A delivered clip (its `clip_ready` report): its range cut and stored once `open`. */
  add(report: ClipReport): void;
  /** From now on the cuts may take the cores the rest of the job leaves (the transcript is recognised). */
  open(): void;
  /** Every cut made: the mezzanine file of each clip that has one. */
  finish(): Promise<Map<number, string>>;
  /** The job failed before `clips`: the cuts stop. */
  stop(): void;
}

export function mezzanineCuts(run: JobRun, source: Source): MezzanineCuts {
  const bg = backgroundWork(run, "mezzanines");
  const stored = new Map<number, string>();
  const work: Promise<void>[] = [];
  let failure: unknown = null;

  /** One clip's range cut and stored; its file listed once it is. */
  async function one(r: ClipReport): Promise<void> {
    const name = mezzanineFile(r.clip_index);
    await orPreviewQuality(run, r.clip_index, MESSAGES, async () => {
      const t0 = Date.now();
      const cut = await bg.run(async () => {
        await renderMezzanine({ input: source.path, output: join(run.dir, name), start: r.start, end: r.end, hasAudio: source.info.audio !== null }, { signal: bg.signal, encoder: bg.encoder });
        const cutMs = Date.now() - t0;
        await run.client.putFile(name, join(run.dir, name), "video/mp4");
        return cutMs;
      });
      if (cut === undefined) return;
      stored.set(r.clip_index, name);
      log("info", "mezzanine stored", { job_id: run.job.job_id, clip: r.clip_index, duration_s: r.end - r.start, cut_ms: cut, total_ms: Date.now() - t0 });
    });
  }

  return {
    add(report) {
      // a failure is kept for finish(), which throws it: nothing is left unhandled meanwhile
      work.push(one(report).catch((e) => void (failure ??= e)));
    },
    open: bg.open,
    async finish() {
      bg.open();
      await Promise.all(work);
      if (failure) throw failure;
      return stored;
    },
    stop: bg.stop,
  };
}
