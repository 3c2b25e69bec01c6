// A clip made by hand on a completed job (ManualClipTask, docs/render-protocol.md "Manual clips"):
// the job's own per-clip stages over one caller-chosen range: framing (face tracking unless the
// caller fixed a layout), captions and every style option from the stored transcript words (jump
// cuts, zooms, key words, emoji, hook title, captions translated for caption_language, B-roll
// cutaways), score and title by the job's scorer, then one 1080x1920 render with its SRT(s) and
// thumbnail, measured as the job's clips are (quality/measure-clip.ts), reported as `manual_clip`
// on the job's callback. A failure is reported as `manual_clip_failed`; the job and its other
// clips are never touched.
import { CLIP_FRAMES } from "@katto/protocol";
import { join } from "node:path";
import type { ClipQuality } from "@katto/protocol";
import { AUTO_LAYOUT, type ManualClipTask } from "@katto/protocol";
import { assetFiles, brollSource, clipCutaways } from "../broll/assets.js";
import type { CallbackClient } from "../runtime/callback-client.js";
import { emojiOverlays, writeClipCaptions } from "../captions/clip-captions.js";
import type { CaptionWord } from "../captions/clip-words.js";
import { TRANSLATE_STAGE, translateCaptions } from "../captions/translate.js";
import { clipCuts, gridFps } from "../editing/clip-edit.js";
import { mapWords } from "../editing/timeline.js";
import { clipDuration, clipReport, planClip, planEdit, type ClipPlan, type PlanConfig } from "../editing/clip-plan.js";
import { StageError } from "../runtime/errors.js";
import { LAYOUTS, type Layout } from "../ffmpeg/args.js";
import type { AnalysisDeps } from "../rendering/job-run.js";
import { withQuality } from "../quality/job-quality.js";
import { log } from "../runtime/log.js";
import { measureClip } from "../quality/measure-clip.js";
import { edgesAgainstSentences } from "../quality/measures.js";
import { runWork, workDirPrefix, type WorkContext, type WorkOutcome } from "../runtime/run-work.js";
import { detectBars } from "../framing/bars.js";
import { download } from "../analysis/download.js";
import { chooseLayouts, fixedLayout } from "../editing/layouts.js";
import { probe } from "../analysis/probe.js";
import { renderClip, renderThumbnail, type Encoder } from "../rendering/render.js";
import { fetchWatermark } from "../rendering/watermark.js";
import { joinWords } from "../text/sentences.js";
import type { Moment, Transcript, Word } from "../runtime/types.js";

export type ManualClipOutcome = WorkOutcome<{ status: "completed" }>;

export interface ManualClipOptions {
  task: ManualClipTask;
  signal: AbortSignal;
  client: CallbackClient;
  deps: AnalysisDeps;
  workRoot?: string;
  maxBytes?: number;
  encoder?: Encoder;
}

/** Pure: the moment of a hand-picked range: the words wholly inside it (clipped to the source). */
export function manualMoment(range: { start: number; end: number }, words: readonly Word[], durationS: number): Moment {
  const start = Math.max(0, Math.min(range.start, durationS));
  const end = Math.min(range.end, durationS);
  if (end - start < 1) throw new StageError("rendering", `the range ${range.start}–${range.end} s lies outside the ${durationS.toFixed(1)} s source`);
  const inside = words.filter((w) => w.start >= start - 1e-6 && w.end <= end + 1e-6);
  return { start, end, words: inside, text: joinWords(inside) };
}

/**
 * Pure: the layout a manual clip's request fixes, or null to let the job's framing choose (face
 * tracking, split screen, stacked...): `face_tracking` and no layout both leave it to the stages.
 */
export function requestedLayout(layoutMode: string | undefined, config: PlanConfig): Layout | null {
  const want = layoutMode && layoutMode !== AUTO_LAYOUT ? layoutMode : fixedLayout(config);
  if (!want) return null;
  if (!(LAYOUTS as readonly string[]).includes(want)) throw new StageError("rendering", `layout ${want} is not available on this render backend`);
  return want as Layout;
}

export async function runManualClip(o: ManualClipOptions): Promise<ManualClipOutcome> {
  const { task } = o;
  return runWork({
    kind: "manual clip",
    ids: { job_id: task.job_id, clip: task.clip_index },
    dirPrefix: workDirPrefix("manual", task.job_id, task.clip_index),
    workRoot: o.workRoot,
    signal: o.signal,
    client: o.client,
    stage: "downloading",
    userMessage: (stage) => `the clip could not be made (failed while ${stage})`,
    failedEvent: (f) => ({ type: "manual_clip_failed", clip_index: task.clip_index, ...f }),
    failureLevel: "warn",
    body: (ctx) => manualClipBody(o, ctx),
  });
}

async function manualClipBody(o: ManualClipOptions, ctx: WorkContext): Promise<{ status: "completed" }> {
  const { task, signal, client, deps } = o;
  const { dir } = ctx;
  const src = await download(task.source.url, dir, { signal, maxBytes: o.maxBytes ?? 20 * 1024 ** 3 });
  ctx.stage = "probing";
  const info = await probe(src.path, { signal, fileSize: src.bytes });
  if (!info.video) throw new StageError("probing", "source has no video stream");
  const content = await detectBars(src.path, { signal, durationS: info.duration, video: info.video });

  ctx.stage = "scoring";
  const transcript: Transcript = { lang: task.transcript.lang, segments: [], words: task.transcript.words, engine: task.transcript.engine ?? "unknown" };
  const moment = manualMoment(task.range, transcript.words, info.duration);
  const [scored] = await deps.scoreMoments([moment], transcript, { config: task.config, signal });
  if (!scored) throw new StageError("scoring", "the scorer returned no score");
  if (task.params.title) scored.title = task.params.title;
  const layout = requestedLayout(task.params.layout_mode, task.config);
  const plan: ClipPlan = planClip(scored, task.clip_index, info, transcript, { ...task.config, ...(layout ? { layout } : {}) }, content);

  ctx.stage = "rendering";
  await chooseLayouts([plan], deps, {
    source: src.path,
    video: content ? { width: content.w, height: content.h } : info.video,
    content,
    signal,
    hasSpeech: transcript.words.length > 0,
    words: transcript.words,
    fixed: layout,
  });
  // style caption_language: the captions and headline translated, as a job's clips get them (job-analysis.ts)
  const to = plan.clipStyle.caption_language;
  if (to) {
    ctx.stage = TRANSLATE_STAGE;
    if (!deps.translator) throw new StageError(TRANSLATE_STAGE, "captions in another language need a translation engine, and this render backend has none configured");
    plan.translated = await translateCaptions({ words: plan.words, title: plan.title, to, translator: deps.translator, signal, from: transcript.lang });
    ctx.stage = "rendering";
  }
  // the style's jump cuts and zooms, as a job's clips get them
  plan.cuts = await clipCuts({ source: src.path, start: plan.start, end: plan.end, hasAudio: info.audio !== null, words: plan.words, style: plan.clipStyle, fps: gridFps(info.video?.fps), signal });
  const edit = planEdit(plan, info);
  const captions = edit.captions;
  const name = `clip-${task.clip_index}`;
  const { assPath, srtPath, srtOriginalPath } = await writeClipCaptions(captions, dir, name);
  // B-roll (style `broll`): cutaways on the cut clip's clock, over the words as heard there (job-delivery.ts)
  const shown = mapWords(plan.words, edit.keep);
  const broll = brollSource(plan.clipStyle, task.broll, assetFiles(dir, task.job_id), { jobId: task.job_id, frame: CLIP_FRAMES.hd });
  const { drawn, cutaways } = await clipCutaways(shown, edit.durationS, broll, signal);
  plan.broll = drawn;
  const watermarkPath = await fetchWatermark(task.config.brandKit?.watermark_url, dir, { signal, jobId: task.job_id });
  const output = join(dir, plan.files.hd);
  await renderClip(
    { source: src.path, probe: info, start: plan.start, end: plan.end, layout: plan.layout, cropPath: plan.cropPath ?? undefined, panels: plan.panels ?? undefined, faceCam: plan.faceCam ?? undefined, content: plan.content, watermarkPath, assPath, overlays: emojiOverlays(captions.emoji, "hd"), cutaways, keep: edit.keep, zooms: edit.zooms, output, quality: "hd" },
    { signal, encoder: o.encoder },
  );
  await renderThumbnail(output, Math.min(1, clipDuration(plan) / 2), join(dir, plan.files.thumb), { signal });

  ctx.stage = "checking";
  const quality = await measureManualClip(plan, output, shown, transcript, signal);

  ctx.stage = "uploading";
  await client.putFile(plan.files.hd, output, "video/mp4");
  await client.putFile(plan.files.srt, srtPath, "application/x-subrip");
  if (srtOriginalPath) await client.putFile(plan.files.srtOriginal, srtOriginalPath, "application/x-subrip");
  await client.putFile(plan.files.thumb, join(dir, plan.files.thumb), "image/jpeg");
  const report = withQuality(clipReport(plan, info, transcript.engine), quality);
  await client.event({ type: "manual_clip", clip: { ...report, file: plan.files.hd, hd: true } });
  log("info", "manual clip completed", { job_id: task.job_id, clip: task.clip_index, layout: plan.layout, start: plan.start, end: plan.end, flags: quality?.flags.map((f) => f.name) ?? null });
  return { status: "completed" };
}

/**
 * The clip's quality, measured on its file as a job's clips are (docs/clip-quality.md): its edges
 * against the transcript's sentences over its range, its caption words as heard after the cuts. A
 * measure that fails never holds the clip back: it is delivered unmeasured (quality absent).
 */
async function measureManualClip(plan: ClipPlan, file: string, words: readonly CaptionWord[], transcript: Transcript, signal: AbortSignal): Promise<ClipQuality | undefined> {
  try {
    const info = await probe(file, { signal });
    return await measureClip({
      file,
      duration: info.duration,
      hasAudio: info.audio !== null,
      layout: plan.layout,
      words,
      edges: edgesAgainstSentences(transcript.words, plan.start, plan.end),
      expectSpeech: transcript.words.length > 0,
      signal,
    });
  } catch (e) {
    if (signal.aborted) throw e;
    log("warn", "measuring the manual clip failed; delivered without quality", { clip: plan.index, error: String(e) });
    return undefined;
  }
}
