// The job runner, one list of named steps (jobBody): download and probe -> transcribe -> select,
// score and choose layouts (job-analysis.ts) -> render previews (job-previews.ts) -> measure, fix or drop them
// (job-quality.ts) -> upload + `clips` -> HD renders
// (+ `clip_hd` each) (job-delivery.ts). In HD fan-out the job ends at `clips`, after storing each
// clip's mezzanine; HD tasks (hd-clip.ts) render the 1080p files. Every step takes the job's
// AbortSignal; its reason says why a job stopped (cancelled by the Worker, server shutdown, or the
// Worker answering 409).
import { renderHdLocally, sendClips, storeClips } from "../delivery/job-delivery.js";
import { previewRenderer, renderClipPreviews } from "../rendering/job-previews.js";
import { checkClips } from "../quality/job-quality.js";
import { fetchSource, planClips, transcribeSource } from "./job-analysis.js";
import { startJobRun, type RunJobOptions } from "../rendering/job-run.js";
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
  return runWork({
    kind: "job",
    ids: { job_id: o.job.job_id },
    dirPrefix: workDirPrefix("job", o.job.job_id),
    workRoot: o.workRoot,
    signal: o.signal,
    client: o.client,
    stage: "downloading",
    userMessage: (stage) => USER_MESSAGE[stage] ?? "processing failed",
    // `failed` refunds the job: only while the user has no clips
    failedEvent: ({ error, stage }) => (clipsSent ? null : { type: "failed", error, stage, refund: true }),
    shutdownMessage: "the render server shut down before the clips were ready",
    body: (ctx) =>
      jobBody(o, ctx, () => {
        clipsSent = true;
      }),
  });
}

// What the steps share is a JobRun (job-run.ts); each enters its progress steps and closes its laps.
async function jobBody(o: RunJobOptions, ctx: WorkContext, onClipsSent: () => void): Promise<JobCompleted> {
  const run = startJobRun(o, ctx);
  const source = await fetchSource(run);
  const transcript = await transcribeSource(run, source);
  const plans = await planClips(run, source, transcript);
  const render = await previewRenderer(run, source);
  const previews = await renderClipPreviews(run, source, plans, render);
  const checked = await checkClips(run, source, transcript, previews, render);
  const mezzanines = await storeClips(run, source, checked.plans);
  const reports = await sendClips(run, source, transcript, checked, mezzanines);
  onClipsSent();
  run.lap("clips_event");
  if (run.fanout) {
    // each clip's 1080p file comes from its own HD task (POST /v1/clips/hd)
    log("info", "job completed; HD fanned out", { job_id: o.job.job_id, clips: reports.length, mezzanines: mezzanines.size, duration_s: source.info.duration, stage_ms: run.stageMs });
    return { status: "completed", clips: reports.length, hd: 0 };
  }
  const hd = await renderHdLocally(run, source, reports);
  log("info", "job completed", { job_id: o.job.job_id, clips: reports.length, hd, duration_s: source.info.duration, stage_ms: run.stageMs });
  return { status: "completed", clips: reports.length, hd };
}

