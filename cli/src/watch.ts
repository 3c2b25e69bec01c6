// The live display of a running job: "⠙ transcribing [███░░░]  35%" redrawn on stderr (TTY only),
// and a line for each clip the moment it is delivered, while the job still runs (issue 43).
import type { Job, Katto } from "@katto/sdk";
import { CliError, EXIT } from "./exit-codes";
import { bar, type Ui } from "./output";

const SPIN = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** Follows the job until it ends; with `hd`, a completed job also until its 1080p files are in (hd_ready). */
export async function watchJob(katto: Katto, ui: Ui, id: string, timeoutSeconds?: number, hd = false): Promise<Job> {
  let tick = 0;
  const announced = new Set<number>();
  const job = await katto.waitForJob(id, {
    hd,
    timeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000,
    onProgress: (j) => {
      for (const c of j.clips) {
        if (announced.has(c.clip_index) || j.status === "completed") continue;
        announced.add(c.clip_index);
        ui.note(`Clip ${c.clip_index} ready (preview, score ${c.score ?? "-"}): ${c.title ?? ""} ${c.url}`);
      }
      const step = j.status === "completed" && hd && !j.hd_ready ? "rendering HD" : j.progress.step;
      ui.progress(`${SPIN[tick++ % SPIN.length]} Job ${j.id.slice(0, 8)}  ${j.status.padEnd(10)} ${step.padEnd(12)} ${bar(j.progress.pct)}`);
    },
  });
  ui.done();
  return job;
}

/** Throws the "job failed" error (exit 6) for a failed or cancelled job. */
export function assertCompleted(job: Job): void {
  if (job.status === "failed") throw new CliError(EXIT.jobFailed, `Job ${job.id} failed: ${job.error ?? "no reason given"}`);
  if (job.status === "cancelled") throw new CliError(EXIT.jobFailed, `Job ${job.id} was cancelled.`);
}

export function parseTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new CliError(EXIT.usage, `--timeout must be a number of seconds, got "${value}".`);
  return Number(value);
}
