// A clip made by hand on a completed job (ManualClipTask, docs/render-protocol.md "Manual clips"):
// the job's own per-clip stages over one caller-chosen range: framing (face tracking unless the
// caller fixed a layout), captions and every style option from the stored transcript words (jump
// cuts, zooms, key words, emoji, hook title, captions translated for caption_language, B-roll
// cutaways), score and title by the job's scorer, then one 1080x1920 render with its SRT(s) and
// thumbnail, measured and fixed in rounds as the job's clips are (job-quality.ts checkOne: edges
// moved to a sentence, a subject kept in frame), reported as `manual_clip` on the job's callback. A failure is reported as `manual_clip_failed`; the job and its other
// clips are never touched.
import { clipFrame } from "@katto/protocol";
import { join } from "node:path";
import { AUTO_LAYOUT, type ManualClipTask } from "@katto/protocol";
import { assetFiles, brollSource } from "../broll/assets.js";
import type { CallbackClient } from "../runtime/callback-client.js";
import { TRANSLATE_STAGE, translateCaptions } from "../captions/translate.js";
import { clipDuration, clipReport, planClip, type ClipPlan, type PlanConfig } from "../editing/clip-plan.js";
import { coverForClip } from "../delivery/cover.js";
import { StageError } from "../runtime/errors.js";
import { renderableLayout, type Layout } from "../ffmpeg/args.js";
import type { AnalysisDeps } from "../rendering/job-run.js";
import { checkOne, withQuality } from "../quality/job-quality.js";
import type { PreviewRender } from "../rendering/job-previews.js";
import type { Source } from "../rendering/job-run.js";
import { log } from "../runtime/log.js";
import { runWork, workDirPrefix, type WorkContext, type WorkOutcome } from "../runtime/run-work.js";
import { detectBars } from "../framing/bars.js";
import { download } from "../analysis/download.js";
import { chooseLayouts, fixedLayout } from "../editing/layouts.js";
import { probe } from "../analysis/probe.js";
import { renderThumbnail, type Encoder } from "../rendering/render.js";
import { fetchWatermark } from "../rendering/watermark.js";
import { renderPlan } from "../rendering/plan-render.js";
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
  return want ? renderableLayout(want) : null;
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
  const source: Source = { path: src.path, info, content };
  const watermarkPath = await fetchWatermark(task.config.brandKit?.watermark_url, dir, { signal, jobId: task.job_id });
  const broll = brollSource(plan.clipStyle, task.broll, assetFiles(dir, task.job_id), { jobId: task.job_id, frame: clipFrame(plan.aspect, "hd") });
  // the spoken-language SRT each render of a plan wrote (style caption_language)
  const originals = new WeakMap<ClipPlan, string | null>();
  const render = manualClipRenderer({ o, dir, source, transcript, watermarkPath, broll, originals });
  const rendered = await render(plan, () => undefined);

  // measured, and fixed in rounds, as a job's clips are (job-quality.ts checkOne); a clip asked for by
  // hand is never dropped, and a range given by hand keeps its edges (a promoted candidate's may move)
  ctx.stage = "checking";
  const checked = await checkOne({ dir, signal, jobId: task.job_id, config: task.config, layoutFixed: layout !== null, rangeFixed: task.candidate !== true }, source, transcript, plan, render, rendered);
  const final = checked.plan;
  const quality = checked.quality ?? undefined;
  await renderThumbnail(rendered.output, Math.min(1, clipDuration(final) / 2), join(dir, final.files.thumb), { signal });

  ctx.stage = "uploading";
  await client.putFile(final.files.hd, rendered.output, "video/mp4");
  await client.putFile(final.files.srt, rendered.srt, "application/x-subrip");
  const srtOriginalPath = originals.get(final) ?? null;
  if (srtOriginalPath) await client.putFile(final.files.srtOriginal, srtOriginalPath, "application/x-subrip");
  await client.putFile(final.files.thumb, join(dir, final.files.thumb), "image/jpeg");
  // the cover, from the file delivered (its layout, captions and shape; the timeline its render drew says where the title card and cutaways are)
  const cover = join(dir, final.files.cover);
  const made = await coverForClip({ video: rendered.output, title: final.title, look: final.look, timeline: final.timeline, output: cover, signal, fontsDir: o.encoder?.fontsDir, ids: { job_id: task.job_id, clip: task.clip_index } });
  if (made) {
    await client.putFile(final.files.cover, cover, "image/jpeg");
    final.cover = { file: final.files.cover, time: made.time };
  }
  const report = withQuality(clipReport(final, info, transcript.engine), quality);
  await client.event({ type: "manual_clip", clip: { ...report, file: final.files.hd, hd: true } });
  log("info", "manual clip completed", { job_id: task.job_id, clip: task.clip_index, layout: final.layout, start: final.start, end: final.end, fixes: quality?.fixes.map((f) => f.flag) ?? null, flags: quality?.flags.map((f) => f.name) ?? null });
  return { status: "completed" };
}

/** What every render of a manual clip shares: its source, transcript, watermark and B-roll. */
interface ManualClipRenders {
  o: ManualClipOptions;
  dir: string;
  source: Source;
  transcript: Transcript;
  watermarkPath: string | null;
  broll: ReturnType<typeof brollSource>;
  /** filled in: the spoken-language SRT each render of a plan wrote (style caption_language) */
  originals: WeakMap<ClipPlan, string | null>;
}

/**
 * The one renderer of a manual clip, for its first render and the quality fixes' renders alike, as a
 * job's previews (job-previews.ts): a plan's translated captions, jump cuts, zooms, captions, B-roll,
 * then the HD render. Translations are made once per range.
 */
function manualClipRenderer({ o, dir, source, transcript, watermarkPath, broll, originals }: ManualClipRenders): PreviewRender {
  const { task, signal, deps } = o;
  const translations = new Map<string, ClipPlan["translated"]>();
  return async (p, onProgress, name) => {
    const base = name ?? `clip-${task.clip_index}`;
    // style caption_language: the captions and headline translated from this range's words, as a job's clips get them (job-analysis.ts)
    const to = p.clipStyle.caption_language;
    if (to) {
      if (!deps.translator) throw new StageError(TRANSLATE_STAGE, "captions in another language need a translation engine, and this render backend has none configured");
      const key = `${p.start}-${p.end}`;
      if (!translations.has(key)) translations.set(key, await translateCaptions({ words: p.words, title: p.title, to, translator: deps.translator, signal, from: transcript.lang }));
      p.translated = translations.get(key) ?? null;
    }
    // the style's jump cuts, zooms, captions and B-roll, as a job's clips get them, then the HD file drawn from the plan's timeline
    const { output, srtPath, srtOriginalPath } = await renderPlan(p, { source, dir, base, file: name ? `${name}.mp4` : p.files.hd, quality: "hd", watermarkPath, broll, signal, onProgress, encoder: o.encoder });
    originals.set(p, srtOriginalPath);
    return { output, srt: srtPath };
  };
}
