// What every step of a job (pipeline.ts) shares: the job's input, its folder, its progress events
// and its stage clock, and the source once it is downloaded.
import os from "node:os";
import type { CallbackClient } from "../runtime/callback-client.js";
import { createProgressReporter, type ProgressReporter } from "../runtime/progress-reporter.js";
import type { ProgressStep, RenderEvent, RenderJob } from "../runtime/protocol.js";
import type { Rect } from "../framing/panels.js";
import type { WorkContext } from "../runtime/run-work.js";
import { cpuTimeMs } from "../runtime/cpu-time.js";
import { processCpuSince, processCpuSnapshot } from "../runtime/process-cpu.js";
import type { LayoutDeps } from "../editing/layouts.js";
import type { MediaSignals } from "../analysis/moments-signals.js";
import type { Encoder } from "./render.js";
import type { Translator } from "../engines/translate/index.js";
import type { ClipConfig, Moment, ProbeResult, ScoredMoment, Transcript } from "../runtime/types.js";
import type { MomentChoice } from "../analysis/model-moments.js";

/** The analysis stages (other modules' work), injected so the runner can be tested alone. */
export interface AnalysisDeps extends LayoutDeps {
  /** keepFillers: the job removes fillers, so engines that can are asked to write them (SpeechOptions.keepFillers) */
  /** onWindow: the transcript so far, each time another window of the source is recognised (analysis/transcribe.ts) */
  transcribe(wavPath: string, opts: { signal: AbortSignal; durationS: number; onProgress?: (f: number) => void; keepFillers?: boolean; onWindow?: (partial: Transcript, upToS: number) => void }): Promise<Transcript>;
  selectMoments(t: Transcript, opts: { durationS: number; config: ClipConfig; maxClips: number; signals?: MediaSignals }): Moment[];
  scoreMoments(moments: Moment[], t: Transcript, opts: { config: ClipConfig; signal?: AbortSignal }): ScoredMoment[] | Promise<ScoredMoment[]>;
  /**
   * A chat model choosing the moments itself (KATTO_SCORER=openai, analysis/model-moments.ts);
   * absent: selectMoments and scoreMoments choose. A fallback answer hands the choice back to them.
   */
  chooseMoments?(t: Transcript, opts: { durationS: number; config: ClipConfig; maxClips: number; signal: AbortSignal }): Promise<MomentChoice>;
  /** sound and picture activity, which selection uses when there is no speech */
  computeSignals?(mediaPath: string, opts: { signal: AbortSignal; durationS?: number }): Promise<MediaSignals>;
  /** the dub's translation engines, for style caption_language (captions/translate.ts) and re-renders */
  translator?: Translator;
}

export interface RunJobOptions {
  job: RenderJob;
  signal: AbortSignal;
  client: CallbackClient;
  deps: AnalysisDeps;
  /** parent of the per-job temp dir; os.tmpdir() by default */
  workRoot?: string;
  /** parallel ffmpeg renders; os.cpus().length by default */
  renderConcurrency?: number;
  encoder?: Encoder;
}

/** What every step of one job shares. */
export interface JobRun {
  readonly job: RenderJob;
  readonly signal: AbortSignal;
  readonly client: CallbackClient;
  readonly deps: AnalysisDeps;
  readonly encoder?: Encoder;
  /** the job's temp folder */
  readonly dir: string;
  /** the stage a failure is reported in (runWork's) */
  readonly ctx: WorkContext;
  /** parallel ffmpeg renders */
  readonly conc: number;
  /** HD fan-out: the job ends at `clips`, after storing each clip's mezzanine */
  readonly fanout: boolean;
  readonly progress: ProgressReporter;
  /** wall time per stage, logged with the job's last line so a bench (or an operator) sees where it went */
  readonly stageMs: Record<string, number>;
  /**
   * CPU time per stage beside it (this process and the processes it ran, runtime/cpu-time.ts):
   * on a shared machine the wall time also counts waiting, the CPU time only work
   */
  readonly stageCpuMs: Record<string, number>;
  /** move on to a progress step: stop if the job was aborted, name the stage, report the step */
  enter(step: ProgressStep, pct: number): void;
  /** send an event in order after the queued progress events */
  send(ev: RenderEvent): Promise<void>;
  /** close the current lap of the stage clock under `name` */
  lap(name: string): void;
  /** wall milliseconds since the job started (the time to its first clip is logged with it) */
  elapsedMs(): number;
  /**
   * CPU ms of the processes run since the job started, by the stage they ran for (runtime/
   * process-cpu.ts): the speech engine's own cost, apart from the clips made beside it. Counts
   * every job's processes: exact when the job runs alone, as a bench runs it.
   */
  processCpuMs(): Record<string, number>;
  /** causes of failed stock B-roll searches (style broll stock), sent with `clips` as job warnings */
  readonly stockFailures: Set<string>;
}

export function startJobRun(o: RunJobOptions, ctx: WorkContext): JobRun {
  const progress = createProgressReporter(o.client);
  const stageMs: Record<string, number> = {};
  const stageCpuMs: Record<string, number> = {};
  const startedAt = Date.now();
  let lapFrom = startedAt;
  let cpuFrom = cpuTimeMs();
  const processCpuFrom = processCpuSnapshot();
  return {
    stockFailures: new Set<string>(),
    job: o.job,
    signal: o.signal,
    client: o.client,
    deps: o.deps,
    encoder: o.encoder,
    dir: ctx.dir,
    ctx,
    conc: Math.max(1, o.renderConcurrency ?? os.cpus().length),
    fanout: o.job.hd?.mode === "fanout",
    progress,
    stageMs,
    stageCpuMs,
    elapsedMs: () => Date.now() - startedAt,
    processCpuMs: () => processCpuSince(processCpuFrom),
    enter(step, pct) {
      o.signal.throwIfAborted();
      ctx.stage = step;
      progress.report(step, pct);
    },
    async send(ev) {
      await progress.flush();
      await o.client.event(ev);
    },
    lap(name) {
      const now = Date.now();
      const cpu = cpuTimeMs();
      stageMs[name] = (stageMs[name] ?? 0) + now - lapFrom;
      stageCpuMs[name] = (stageCpuMs[name] ?? 0) + cpu - cpuFrom;
      lapFrom = now;
      cpuFrom = cpu;
    },
  };
}

/** The downloaded source as the steps after probing read it. */
export interface Source {
  path: string;
  info: ProbeResult;
  /** the picture inside the source's own black bars (null: none); every layout frames it (framing/bars.ts) */
  content: Rect | null;
}
