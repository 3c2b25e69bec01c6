// The job runner, one list of named steps (jobBody): download and probe -> transcribe (a clip
// chosen from each window as it arrives) -> select, score and choose layouts (job-analysis.ts) ->
// each clip rendered, measured, fixed or dropped, stored and announced (`clip_ready`) on its own
// (delivery/clip-stream.ts) -> `clips` -> `clip_hd` for each HD file, each rendered from the end of
// the transcription on, as its clip is delivered and the cores allow (delivery/local-hd.ts). In HD
// fan-out the job ends at `clips`, after storing each clip's mezzanine (cut as its clip is
// delivered, delivery/mezzanine-cuts.ts); HD tasks (hd-clip.ts) render the 1080p files. Every step takes the job's
// AbortSignal; its reason says why a job stopped (cancelled by the Worker, server shutdown, or the
// Worker answering 409).
import { sendClips } from "../delivery/job-delivery.js";
import { mezzanineCuts, type MezzanineCuts } from "../delivery/mezzanine-cuts.js";
import { localHd, type LocalHd } from "../delivery/local-hd.js";
import { clipStream, nextWorkIndex, type ClipStream } from "../delivery/clip-stream.js";
import { previewRenderer } from "../rendering/job-previews.js";
import { fetchSource, layOutEach, planClips, planWindowMoment, transcribeSource } from "./job-analysis.js";
import { startJobRun, type JobRun, type RunJobOptions, type Source } from "../rendering/job-run.js";
import type { Transcript } from "../runtime/types.js";
import { log } from "../runtime/log.js";
import { runWork, workDirPrefix, type WorkContext, type WorkOutcome } from "../runtime/run-work.js";

type JobCompleted = { status: "completed"; clips: number; hd: number };
export type JobOutcome = WorkOutcome<JobCompleted>;

const USER_MESSAGE: Record<string, string> = {
  downloading: "could not download the source video",
  probing: "could not read the source video",
  transcribing: "speech recognition failed",
  selecting: "could not select clips from this video",
  scoring: "could not score the clips",
  rendering: "rendering the clips failed",
  uploading: "could not store the rendered clips",
};

export async function runJob(o: RunJobOptions): Promise<JobOutcome> {
  let clipsSent = false;
  let clipsReady = 0;
  return runWork({
    kind: "job",
    ids: { job_id: o.job.job_id },
    dirPrefix: workDirPrefix("job", o.job.job_id),
    workRoot: o.workRoot,
    signal: o.signal,
    client: o.client,
    stage: "downloading",
    userMessage: (stage) => USER_MESSAGE[stage] ?? "processing failed",
    // `failed` refunds the job only while the user has no clips: none announced with clip_ready (docs/api-decisions.md "Progressive delivery")
    failedEvent: ({ error, stage }) => (clipsSent ? null : { type: "failed", error, stage, refund: clipsReady === 0 }),
    shutdownMessage: "the render server shut down before the clips were ready",
    body: (ctx) =>
      jobBody(o, ctx, {
        clipReady: () => void clipsReady++,
        clipsSent: () => void (clipsSent = true),
      }),
  });
}

// What the steps share is a JobRun (job-run.ts); each enters its progress steps and closes its laps.
// Clips are delivered as they are ready (delivery/clip-stream.ts): one chosen from each window of the
// transcript while the rest is recognised (up to half the job's clips), then the best of the whole.
async function jobBody(o: RunJobOptions, ctx: WorkContext, on: { clipReady: () => void; clipsSent: () => void }): Promise<JobCompleted> {
  const run = startJobRun(o, ctx);
  const source = await fetchSource(run);
  // each delivered clip's HD file (local-hd.ts), or in fan-out its mezzanine (mezzanine-cuts.ts), made as soon as the cores allow
  const hd = run.fanout ? null : localHd(run, source);
  const mezzanines = run.fanout ? mezzanineCuts(run, source) : null;
  const followUp: FollowUp = hd ?? mezzanines!;
  try {
    return await clipsThenHd(o, run, source, { hd, mezzanines, followUp }, on);
  } catch (e) {
    followUp.stop();
    throw e;
  }
}

/** What follows each clip's delivery, whichever it is: its HD file here, or its mezzanine for an HD task. */
type FollowUp = Pick<LocalHd & MezzanineCuts, "add" | "open" | "stop">;

async function clipsThenHd(o: RunJobOptions, run: JobRun, source: Source, after: { hd: LocalHd | null; mezzanines: MezzanineCuts | null; followUp: FollowUp }, on: { clipReady: () => void; clipsSent: () => void }): Promise<JobCompleted> {
  const { hd, mezzanines, followUp } = after;
  const render = await previewRenderer(run, source);
  const stream = clipStream(run, source, render, (report) => {
    on.clipReady();
    followUp.add(report);
  });
  const early = windowClips(run, source, stream);
  const transcript = await transcribeSource(run, source, early.onWindow);
  followUp.open();
  await early.settled();
  const planned = await planClips(run, source, transcript, stream.taken, nextWorkIndex(stream));
  const selection = planned.selection;
  run.enter("rendering", 55);
  // each plan is rendered as soon as its layout is chosen, while the next one's faces are analysed
  await layOutEach(run, source, transcript, planned, (p) => stream.add([p], transcript));
  const checked = { ...(await stream.finish(run.progress.range("rendering", 55, 95))), selection };
  run.lap("clips");
  run.enter("uploading", 96);
  const cut = mezzanines ? await mezzanines.finish() : new Map<number, string>();
  run.lap("mezzanines");
  const reports = await sendClips(run, source, transcript, checked, cut);
  on.clipsSent();
  run.lap("clips_event");
  const done = { job_id: o.job.job_id, clips: reports.length, duration_s: source.info.duration, first_clip_ms: stream.firstReadyMs, completed_ms: run.elapsedMs(), stage_ms: run.stageMs, stage_cpu_ms: run.stageCpuMs };
  if (!hd) {
    // each clip's 1080p file comes from its own HD task (POST /v1/clips/hd)
    log("info", "job completed; HD fanned out", { ...done, mezzanines: cut.size, process_cpu_ms: run.processCpuMs() });
    return { status: "completed", clips: reports.length, hd: 0 };
  }
  run.ctx.stage = "rendering";
  const made = await hd.finish();
  log("info", "job completed", { ...done, hd: made, hd_ready_ms: run.elapsedMs(), process_cpu_ms: run.processCpuMs() });
  return { status: "completed", clips: reports.length, hd: made };
}

/**
 * The clips chosen from the transcript's windows as it arrives (analysis/transcribe.ts onWindow):
 * each window's best new moment is planned and handed to the stream, one window after another,
 * up to half the job's clips, so the first clip comes from the first minutes of the source.
 */
function windowClips(run: JobRun, source: Source, stream: ClipStream) {
  const most = Math.max(1, Math.floor(run.job.limits.max_clips / 2));
  let chain = Promise.resolve();
  let failure: unknown = null;
  return {
    onWindow(partial: Transcript, upToS: number) {
      const arrivedMs = run.elapsedMs();
      chain = chain
        .then(async () => {
          if (stream.added >= most || failure) return;
          const plan = await planWindowMoment(run, source, partial, upToS, stream.taken, nextWorkIndex(stream));
          log("info", "window searched", { job_id: run.job.job_id, up_to_s: upToS, arrived_ms: arrivedMs, since_start_ms: run.elapsedMs(), ...(plan ? { start: plan.start, end: plan.end, layout: plan.layout } : { found: false }) });
          if (plan) stream.add([plan], partial);
        })
        // kept for settled(), which throws it: nothing is left unhandled meanwhile
        .catch((e) => void (failure ??= e));
    },
    async settled() {
      await chain;
      if (failure) throw failure;
    },
  };
}
