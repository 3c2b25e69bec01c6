// Progressive delivery (issue 43): each clip goes from its plan to the user on its own, the moment
// it is ready: its preview rendered (with the simpler framing when its own fails, rendering/
// previews.ts), measured and fixed or dropped (quality/job-quality.ts checkOne), numbered, stored
// (uploadPreview) and announced with a `clip_ready` event, while the job's other clips are still
// being chosen, rendered or transcribed. Clips are numbered in the order they are announced, which
// is the order they were added in (a clip that finishes early waits for the ones added before it
// to be numbered or left out), so within one batch of plans clip_index follows the ranking.
// `finish` waits for every clip and answers what the `clips` event sends: the delivered clips in
// index order, their qualities, the warnings, the clips dropped for their quality (the best one is
// delivered anyway when every clip would be dropped).
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { ClipQuality, ClipReport, DroppedClip, JobWarning } from "@katto/protocol";
import { clipReport, type ClipPlan } from "../editing/clip-plan.js";
import { checkContext, checkOne, droppedClip, withQuality, type Checked, type CheckedClips } from "../quality/job-quality.js";
import type { PreviewRender } from "../rendering/job-previews.js";
import type { JobRun, Source } from "../rendering/job-run.js";
import { leftOutWarning, renderOne, renumber, simplifiedWarning } from "../rendering/previews.js";
import { StageError } from "../runtime/errors.js";
import { log } from "../runtime/log.js";
import { createLimiter, type Limiter } from "../runtime/pool.js";
import type { Transcript } from "../runtime/types.js";
import { uploadPreview } from "./job-delivery.js";

/** Plans are rendered under work numbers from here, so their files never meet a delivered clip's names (clip-0…clip-9). */
const WORK_INDEX_BASE = 100;

export interface ClipStream {
  /** Start delivering `plans` (best first), checked against `transcript`; answers at once. */
  add(plans: readonly ClipPlan[], transcript: Transcript): void;
  /** The source ranges of every plan added so far (a later selection leaves them out). */
  readonly taken: readonly { start: number; end: number }[];
  /** How many plans were added (the next plan's work number is WORK_INDEX_BASE + this). */
  readonly added: number;
  /** Wall ms from the job's start to its first `clip_ready`; null before it. */
  readonly firstReadyMs: number | null;
  /** Wait for every clip; answers the delivered clips and the rest, or throws what stopped the job. */
  finish(onProgress: (f: number) => void): Promise<CheckedClips>;
}

interface Delivered {
  plan: ClipPlan;
  quality: ClipQuality | null;
}

/** What the stream's clips share while they run. */
interface StreamState {
  run: JobRun;
  source: Source;
  render: PreviewRender;
  onReady: (report: ClipReport) => void;
  limiter: Limiter;
  delivered: Delivered[];
  /** checked and dropped for their quality, kept until finish (the best one is delivered if nothing else is) */
  held: (Checked & { seq: number; transcript: Transcript })[];
  warnings: JobWarning[];
  firstError: StageError | null;
  firstReadyMs: number | null;
  settled: number;
  onSettled: (() => void) | null;
}

/** `onReady`: called with each clip's report as its `clip_ready` is answered (from then on the user has clips). */
export function clipStream(run: JobRun, source: Source, render: PreviewRender, onReady: (report: ClipReport) => void = () => undefined): ClipStream {
  const st: StreamState = { run, source, render, onReady, limiter: createLimiter(run.conc), delivered: [], held: [], warnings: [], firstError: null, firstReadyMs: null, settled: 0, onSettled: null };
  const taken: { start: number; end: number }[] = [];
  const work: Promise<void>[] = [];
  let failure: unknown = null;
  let lastNumbered: Promise<void> = Promise.resolve();
  let added = 0;
  return {
    taken,
    get added() {
      return added;
    },
    get firstReadyMs() {
      return st.firstReadyMs;
    },
    add(plans, transcript) {
      for (const p of plans) {
        const seq = added++;
        taken.push({ start: p.start, end: p.end });
        const before = lastNumbered;
        let numbered!: () => void;
        lastNumbered = new Promise<void>((resolve) => (numbered = resolve));
        // a failure is kept for finish(), which throws it: nothing is left unhandled meanwhile
        work.push(deliverOne(st, p, transcript, seq, { before, numbered }).catch((e) => void (failure ??= e)));
      }
    },
    async finish(onProgress) {
      st.onSettled = () => onProgress(st.settled / Math.max(1, added));
      await Promise.all(work);
      if (failure) throw failure;
      return settle(st, added);
    },
  };
}

/** One plan from render to `clip_ready`; `turn.before`: the plan added before it is numbered or left out. */
async function deliverOne(st: StreamState, p: ClipPlan, transcript: Transcript, seq: number, turn: { before: Promise<void>; numbered: () => void }): Promise<void> {
  const { run, source, render } = st;
  const laps = { added_ms: run.elapsedMs(), rendered_ms: 0, checked_ms: 0 };
  try {
    const attempt = await st.limiter.run(() => renderOne(p, { render: (plan, onProgress) => render(plan, onProgress), signal: run.signal, video: source.info.video!, jobId: run.job.job_id }, () => undefined), run.signal);
    if ("error" in attempt) {
      st.warnings.push(leftOutWarning(attempt.plan, attempt.error));
      st.firstError ??= attempt.error;
      await removeFiles(run, attempt.plan);
      return;
    }
    laps.rendered_ms = run.elapsedMs();
    const checked = await st.limiter.run(() => checkOne(checkContext(run), source, transcript, attempt.plan, render), run.signal);
    laps.checked_ms = run.elapsedMs();
    if (checked.drop) {
      st.held.push({ ...checked, seq, transcript });
      return;
    }
    await turn.before;
    const plan = await renumber(checked.plan, st.delivered.length, run.dir);
    st.delivered.push({ plan, quality: checked.quality });
    turn.numbered();
    if (attempt.simplified) st.warnings.push(simplifiedWarning(plan));
    await announce(st, plan, checked.quality, transcript, laps);
  } finally {
    // numbered in the order added: a clip left out or dropped passes its turn on only after the one before it
    await turn.before;
    turn.numbered();
    st.settled++;
    st.onSettled?.();
  }
}

/** A numbered clip stored and announced. */
async function announce(st: StreamState, plan: ClipPlan, quality: ClipQuality | null, transcript: Transcript, laps: Record<string, number> = {}): Promise<void> {
  const { run, source } = st;
  await uploadPreview(run, source, plan);
  const report = withQuality(clipReport(plan, source.info, transcript.engine), quality);
  await run.send({ type: "clip_ready", clip: report });
  st.onReady(report);
  st.firstReadyMs ??= run.elapsedMs();
  log("info", "clip ready", { job_id: run.job.job_id, clip: plan.index, since_start_ms: run.elapsedMs(), start: plan.start, end: plan.end, ...laps });
}

const removeFiles = (run: JobRun, p: ClipPlan) => Promise.all([rm(join(run.dir, p.files.preview), { force: true }), rm(join(run.dir, p.files.srt), { force: true }), rm(join(run.dir, p.files.srtOriginal), { force: true })]);

/** Every clip settled: the best dropped one delivered when nothing else was, the rest listed as dropped. */
async function settle(st: StreamState, added: number): Promise<CheckedClips> {
  const { run, delivered, held } = st;
  if (!delivered.length && !held.length) {
    throw new StageError("rendering", `none of the ${added} clips could be rendered (${st.firstError?.message ?? "rendering failed"})`, st.firstError?.detail);
  }
  held.sort((a, b) => a.seq - b.seq);
  // never drop every clip: the best one stays, with its flags
  if (!delivered.length) {
    const best = held.shift()!;
    const plan = await renumber(best.plan, 0, run.dir);
    delivered.push({ plan, quality: best.quality });
    await announce(st, plan, best.quality, best.transcript);
  }
  const dropped: DroppedClip[] = [];
  for (const c of held) {
    dropped.push(droppedClip({ ...c, drop: c.drop! }));
    await removeFiles(run, c.plan);
  }
  const measured = delivered.map((d) => d.quality).filter((q): q is ClipQuality => q !== null);
  log("info", "clips checked", { job_id: run.job.job_id, delivered: delivered.length, dropped: dropped.length, fixed: measured.filter((q) => q.fixes.length).length, flagged: measured.filter((q) => !q.ok).length, unmeasured: delivered.length - measured.length });
  return { plans: delivered.map((d) => d.plan), qualities: delivered.map((d) => d.quality), warnings: st.warnings, dropped };
}

/** The work number of the stream's next plan: its files are clip-<n>-… until it is delivered and numbered. */
export const nextWorkIndex = (stream: Pick<ClipStream, "added">) => WORK_INDEX_BASE + stream.added;
