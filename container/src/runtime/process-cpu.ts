// CPU time of each process the backend runs, by the stage it runs for (issue 43): a stage's CPU
// read from this process's clock (cpu-time.ts) also counts whatever ran beside it (the clips made
// from the transcript's windows while the rest is recognised), so the speech engine's own cost is
// read from its processes. A child's /proc times are sampled while it runs (they vanish when Node
// reaps it), so a process is counted up to its last sample: at most SAMPLE_MS of its CPU is missed.
import { readFileSync } from "node:fs";
import { procTimesMs } from "./cpu-time.js";

/** How often a running child's CPU time is read. */
const SAMPLE_MS = 100;

/** CPU ms of the processes run so far, by stage (since the server started). */
const byStage = new Map<string, number>();

/** A running child's CPU time as last read (its own and its waited-for children's, /proc/<pid>/stat), until stop(). */
export function watchProcessCpu(pid: number | undefined, stage: string): { stop(): void } {
  let last = 0;
  const read = () => {
    try {
      last = procTimesMs(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      // gone (or no /proc): the last reading stands
    }
  };
  const timer = pid === undefined ? null : setInterval(read, SAMPLE_MS);
  timer?.unref();
  return {
    stop() {
      if (!timer) return;
      // not read again: the child is reaped by now, and its pid may already be another process's
      clearInterval(timer);
      byStage.set(stage, (byStage.get(stage) ?? 0) + last);
    },
  };
}

/** The CPU ms counted per stage so far: a copy, so two readings give what ran between them (processCpuSince). */
export const processCpuSnapshot = (): Map<string, number> => new Map(byStage);

/** Pure: CPU ms per stage counted between a snapshot and `now`, stages with none left out, rounded. */
export function processCpuSince(before: ReadonlyMap<string, number>, now: ReadonlyMap<string, number> = byStage): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [stage, ms] of now) {
    const d = Math.round(ms - (before.get(stage) ?? 0));
    if (d > 0) out[stage] = d;
  }
  return out;
}
