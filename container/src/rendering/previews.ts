// Every clip's preview, each on its own: one clip's failure never takes the others down. A clip
// whose render fails is tried once more with the simplest framing (clip-plan.ts simplerFraming); a
// clip that fails again is left out. Either way the job's warnings say so, with the clip's range.
// Only a job none of whose clips renders fails.
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { JobWarning } from "@katto/protocol";
import { JobGoneError } from "../runtime/callback-client.js";
import { clipDuration, renumberedPlan, simplerFraming, type ClipPlan } from "../editing/clip-plan.js";
import { StageError, toStageError } from "../runtime/errors.js";
import { log } from "../runtime/log.js";
import { mapPool } from "../runtime/pool.js";
import { round3 } from "@katto/protocol";

export interface PreviewsOptions {
  /** the job's temp dir, where each plan's preview and SRT files are */
  dir: string;
  /** the source picture's displayed size (the simpler framing's frame when a plan has no bars) */
  video: { width: number; height: number };
  concurrency: number;
  signal: AbortSignal;
  /** renders one plan's preview (and only that): the pipeline's renderClip call */
  render(p: ClipPlan, onProgress: (f: number) => void): Promise<unknown>;
  /** the share of the clips done, 0..1 */
  onProgress?(f: number): void;
  /** for the logs */
  jobId?: string;
}

export interface PreviewsResult {
  /** the clips that rendered, renumbered 0..n-1 in their ranked order, files renamed to match */
  plans: ClipPlan[];
  warnings: JobWarning[];
}

type Attempt = { plan: ClipPlan; simplified: boolean } | { plan: ClipPlan; error: StageError };

const range = (p: ClipPlan) => `${p.start.toFixed(1)}–${p.end.toFixed(1)} s`;

export async function renderPreviews(plans: readonly ClipPlan[], o: PreviewsOptions): Promise<PreviewsResult> {
  const done = plans.map(() => 0);
  const progress = (i: number, f: number) => {
    done[i] = f;
    o.onProgress?.(done.reduce((a, b) => a + b, 0) / Math.max(1, plans.length));
  };
  const attempts = await mapPool(plans, o.concurrency, (p, i) => renderOne(p, o, (f) => progress(i, f)).finally(() => progress(i, 1)));

  const failed = attempts.filter((a): a is Extract<Attempt, { error: StageError }> => "error" in a);
  const rendered = attempts.filter((a): a is Extract<Attempt, { simplified: boolean }> => "simplified" in a);
  if (!rendered.length) {
    const first = failed[0]?.error;
    throw new StageError("rendering", `none of the ${plans.length} clips could be rendered (${first?.message ?? "rendering failed"})`, first?.detail);
  }
  // a failed clip's partial files go first, so renumbered clips can take their names
  for (const { plan } of failed) await Promise.all([rm(join(o.dir, plan.files.preview), { force: true }), rm(join(o.dir, plan.files.srt), { force: true }), rm(join(o.dir, plan.files.srtOriginal), { force: true })]);
  const renumbered: ClipPlan[] = [];
  const warnings: JobWarning[] = [];
  for (const [index, a] of rendered.entries()) {
    const p = await renumber(a.plan, index, o.dir);
    renumbered.push(p);
    if (a.simplified) {
      warnings.push({ code: "clip_framing_simplified", clip_index: index, start: round3(p.start), end: round3(p.end), message: `Clip ${index} (${range(p)}): ${p.layoutReason}` });
    }
  }
  for (const { plan, error } of failed) {
    warnings.push({
      code: "clip_left_out",
      clip_index: null,
      start: round3(plan.start),
      end: round3(plan.end),
      message: `The clip at ${range(plan)} (score ${Math.round(plan.moment.score)}) could not be rendered, even with a simpler framing, and was left out: ${error.message}.`,
    });
  }
  return { plans: renumbered, warnings };
}

/** One plan: its framing, then the simpler one; an abort or a Worker that gave up on the job ends everything. */
async function renderOne(p: ClipPlan, o: PreviewsOptions, onProgress: (f: number) => void): Promise<Attempt> {
  const framings = [p, simplerFraming(p, o.video)];
  let error: StageError | null = null;
  for (const [k, plan] of framings.entries()) {
    try {
      await o.render(plan, onProgress);
      return { plan, simplified: k > 0 };
    } catch (e) {
      if (o.signal.aborted || e instanceof JobGoneError) throw e;
      error = toStageError("rendering", e, "rendering a clip failed");
      const last = k === framings.length - 1;
      log(last ? "error" : "warn", last ? "clip render failed with the simpler framing too; the clip is left out" : "clip render failed; trying a simpler framing", {
        job_id: o.jobId, clip: p.index, layout: plan.layout, duration_s: clipDuration(p), error: error.message, detail: error.detail,
      });
    }
  }
  return { plan: p, error: error! };
}

/** The plan as clip `index`, its preview and SRT files renamed to that index's names. */
export async function renumber(p: ClipPlan, index: number, dir: string): Promise<ClipPlan> {
  if (p.index === index) return p;
  const next = renumberedPlan(p, index);
  await rename(join(dir, p.files.preview), join(dir, next.files.preview));
  await rename(join(dir, p.files.srt), join(dir, next.files.srt));
  if (p.translated) await rename(join(dir, p.files.srtOriginal), join(dir, next.files.srtOriginal));
  return next;
}
