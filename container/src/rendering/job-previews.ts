// The job's previews: one renderer for every plan (first renders and quality fixes alike: the
// source, its watermark, the job's encoder, B-roll assets fetched once) and the rendering step that
// renders each clip's preview on its own (rendering/previews.ts renderOne, called for each clip by
// delivery/clip-stream.ts, which then checks it (job-quality.ts) and delivers it).
import { clipFrame } from "@katto/protocol";
import { join } from "node:path";
import { planEdit, planTimeline, type ClipPlan } from "../editing/clip-plan.js";
import { clipCuts, gridFps } from "../editing/clip-edit.js";
import { mapWords } from "../editing/timeline.js";
import { emojiOverlays, writeClipCaptions } from "../captions/clip-captions.js";
import type { JobRun, Source } from "./job-run.js";
import { renderClip } from "./render.js";
import { assetFiles, brollSource, clipCutaways } from "../broll/assets.js";
import { fetchWatermark } from "./watermark.js";
import { cutawayFiles, timelineRender } from "./timeline-render.js";

/** Renders one plan's preview: its captions (SRT, ASS), then the video, under `name` (the plan's own file names by default). */
export type PreviewRender = (p: ClipPlan, onProgress: (f: number) => void, name?: string) => Promise<{ output: string; srt: string }>;

/** The job's preview renderer: the source, its watermark and the job's encoder, for any plan (first renders and fixes alike). */
export async function previewRenderer(run: JobRun, source: Source): Promise<PreviewRender> {
  const { job, signal, dir } = run;
  const watermarkPath = await fetchWatermark(job.config.brandKit?.watermark_url, dir, { signal, jobId: job.job_id });
  // B-roll (style `broll`): each clip's cutaways planned from its words, their assets fetched once
  const broll = brollSource(job.config.style ?? {}, job.broll, assetFiles(dir, job.job_id), { jobId: job.job_id, frame: clipFrame(job.config.aspect, "hd"), onStockFailure: (cause) => run.stockFailures.add(cause) });
  return async (p, onProgress, name) => {
    const base = name ?? `clip-${p.index}`;
    // the style's jump cuts, from the clip's audio and words; the plan keeps them for its report
    p.cuts = await clipCuts({ source: source.path, start: p.start, end: p.end, hasAudio: source.info.audio !== null, words: p.words, style: p.clipStyle, fps: gridFps(source.info.video?.fps), signal });
    const e = planEdit(p, source.info);
    const { assPath, srtPath } = await writeClipCaptions(e.captions, dir, base);
    // cutaways on the cut clip's clock, over the words as they are heard there
    const { drawn, cutaways } = await clipCutaways(mapWords(p.words, e.keep), e.durationS, broll, signal);
    p.broll = drawn;
    // the version's timeline first, then the render drawn from it (timeline-render.ts)
    p.timeline = planTimeline(p, source.info, e);
    const output = join(dir, name ? `${name}.mp4` : p.files.preview);
    await renderClip(
      timelineRender(p.timeline, { source: source.path, probe: source.info, rangeStart: p.timeline.source.start, panels: p.panels ?? undefined, faceCam: p.faceCam ?? undefined, watermarkPath, assPath, overlays: emojiOverlays(e.captions.emoji, "preview", p.aspect), cutawayFiles: cutawayFiles(drawn, cutaways), output, quality: "preview" }),
      { signal, onProgress, encoder: run.encoder },
    );
    return { output, srt: srtPath };
  };
}
