// One clip's preview on its own: one clip's failure never takes the others down. A clip whose
// render fails is tried once more with the simplest framing (clip-plan.ts simplerFraming); a clip
// that fails again is left out. Either way the job's warnings say so, with the clip's range
// (delivery/clip-stream.ts collects them). Only a job none of whose clips renders fails.
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { JobWarning } from "@katto/protocol";
import { JobGoneError } from "../runtime/callback-client.js";
import { clipDuration, renumberedPlan, simplerFraming, type ClipPlan } from "../editing/clip-plan.js";
import { type StageError, toStageError } from "../runtime/errors.js";
import { log } from "../runtime/log.js";
import { round3 } from "@katto/protocol";

export interface RenderOneOptions {
  /** the source picture's displayed size (the simpler framing's frame when a plan has no bars) */
  video: { width: number; height: number };
  signal: AbortSignal;
  /** renders one plan's preview (and only that): the pipeline's renderClip call */
  render(p: ClipPlan, onProgress: (f: number) => void): Promise<unknown>;
  /** for the logs */
  jobId?: string;
}

/** One plan's render: the framing it rendered with (the simpler one when `simplified`), or why it could not. */
export type Attempt = { plan: ClipPlan; simplified: boolean } | { plan: ClipPlan; error: StageError };

export const range = (p: ClipPlan) => `${p.start.toFixed(1)}–${p.end.toFixed(1)} s`;

/** The warning of a delivered clip (numbered) rendered with the simpler framing. */
export const simplifiedWarning = (p: ClipPlan): JobWarning => ({ code: "clip_framing_simplified", clip_index: p.index, start: round3(p.start), end: round3(p.end), message: `Clip ${p.index} (${range(p)}): ${p.layoutReason}` });

/** The warning of a clip left out because neither framing rendered. */
export function leftOutWarning(plan: ClipPlan, error: StageError): JobWarning {
  return {
    code: "clip_left_out",
    clip_index: null,
    start: round3(plan.start),
    end: round3(plan.end),
    message: `The clip at ${range(plan)} (score ${Math.round(plan.moment.score)}) could not be rendered, even with a simpler framing, and was left out: ${error.message}.`,
  };
}

/** One plan: its framing, then the simpler one; an abort or a Worker that gave up on the job ends everything. */
export async function renderOne(p: ClipPlan, o: RenderOneOptions, onProgress: (f: number) => void): Promise<Attempt> {
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
