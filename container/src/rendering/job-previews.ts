// The job's previews: one renderer for every plan (first renders and quality fixes alike: the
// source, its watermark, the job's encoder, B-roll assets fetched once; each plan drawn from its
// timeline by ./plan-render.ts) and the rendering step that
// renders each clip's preview on its own (rendering/previews.ts renderOne, called for each clip by
// delivery/clip-stream.ts, which then checks it (job-quality.ts) and delivers it).
import { clipFrame } from "@katto/protocol";
import type { ClipPlan } from "../editing/clip-plan.js";
import type { JobRun, Source } from "./job-run.js";
import { assetFiles, brollSource } from "../broll/assets.js";
import { fetchWatermark } from "./watermark.js";
import { renderPlan } from "./plan-render.js";

/** Renders one plan's preview: its captions (SRT, ASS), then the video, under `name` (the plan's own file names by default). */
export type PreviewRender = (p: ClipPlan, onProgress: (f: number) => void, name?: string) => Promise<{ output: string; srt: string }>;

/** The job's preview renderer: the source, its watermark and the job's encoder, for any plan (first renders and fixes alike). */
export async function previewRenderer(run: JobRun, source: Source): Promise<PreviewRender> {
  const { job, signal, dir } = run;
  const watermarkPath = await fetchWatermark(job.config.brandKit?.watermark_url, dir, { signal, jobId: job.job_id });
  // B-roll (style `broll`): each clip's cutaways planned from its words, their assets fetched once
  const broll = brollSource(job.config.style ?? {}, job.broll, assetFiles(dir, job.job_id), { jobId: job.job_id, frame: clipFrame(job.config.aspect, "hd"), onStockFailure: (cause) => run.stockFailures.add(cause) });
  return async (p, onProgress, name) => {
    const { output, srtPath } = await renderPlan(p, { source, dir, base: name ?? `clip-${p.index}`, file: name ? `${name}.mp4` : p.files.preview, quality: "preview", watermarkPath, broll, signal, onProgress, encoder: run.encoder });
    return { output, srt: srtPath };
  };
}
