// The job runner: download -> probe -> audio -> transcribe -> select -> score -> render previews
// -> upload + `clips` -> HD renders (+ `clip_hd` each). In HD fan-out the job ends at `clips`,
// after storing each clip's mezzanine; HD tasks (hd-clip.ts) render the 1080p files. Every stage takes the job's AbortSignal;
// the signal's reason says why a job stopped (cancelled by the Worker, server shutdown, or the
// Worker answering 409).
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { JobGoneError, type CallbackClient } from "./callback-client.js";
import { clipDuration, clipReport, mezzanineFile, planCaptions, planClip, type ClipPlan } from "./clip-plan.js";
import { emojiOverlays, writeClipCaptions } from "./captions/clip-captions.js";
import { openingFaces } from "./captions/title-place.js";
import { StageError, toStageError } from "./errors.js";
import { log } from "./log.js";
import { mapPool } from "./pool.js";
import { localHdInput, renderHd } from "./hd-clip.js";
import { createProgressReporter } from "./progress-reporter.js";
import { runWork, workDirPrefix, type WorkContext, type WorkOutcome } from "./run-work.js";
import type { ProgressStep, RenderEvent, RenderJob } from "./protocol.js";
import { extractAudio } from "./stages/audio.js";
import { download } from "./stages/download.js";
import { renderMezzanine } from "./stages/mezzanine.js";
import { detectBars } from "./stages/bars.js";
import { probe, validateProbe } from "./stages/probe.js";
import { checkSourceFile, validateSourceLimits } from "./stages/source-check.js";
import { renderPreviews } from "./stages/previews.js";
import { renderClip, renderThumbnail, type Encoder } from "./stages/render.js";
import { fetchWatermark } from "./stages/watermark.js";
import type { MediaSignals } from "./stages/moments-signals.js";
import { autoLayout, type FaceEvidence } from "./reframe/auto-layout.js";
import { topicMatchReport } from "./stages/moments.js";
import type { ClipConfig, Moment, ScoredMoment, Transcript } from "./types.js";

/** The analysis stages (other modules' work), injected so the runner can be tested alone. */
export interface AnalysisDeps {
  transcribe(wavPath: string, opts: { signal: AbortSignal; durationS: number; onProgress?: (f: number) => void }): Promise<Transcript>;
  selectMoments(t: Transcript, opts: { durationS: number; config: ClipConfig; maxClips: number; signals?: MediaSignals }): Moment[];
  scoreMoments(moments: Moment[], t: Transcript, opts: { config: ClipConfig; signal?: AbortSignal }): ScoredMoment[] | Promise<ScoredMoment[]>;
  /** sound and picture activity, which selection uses when there is no speech */
  computeSignals?(mediaPath: string, opts: { signal: AbortSignal; durationS?: number }): Promise<MediaSignals>;
  /** scene changes inside a clip's range (source times), where the tracking camera cuts */
  sceneChanges?(mediaPath: string, opts: { start: number; end: number; signal: AbortSignal }): Promise<number[]>;
  /** face tracking over a clip's range: a crop path for the 9:16 window, null when no face */
  analyzeFaces?(o: {
    source: string;
    video: { width: number; height: number };
    start: number;
    end: number;
    window: { w: number; maxX: number };
    signal: AbortSignal;
    sceneCuts?: readonly number[];
    /** when words are spoken in the clip's range (source times), for the active-speaker cue */
    speech?: readonly { start: number; end: number }[];
    /** the picture inside the source's black bars; `video` is then its size */
    content?: { x: number; y: number; w: number; h: number } | null;
  }): Promise<FaceEvidence>;
}

type JobCompleted = { status: "completed"; clips: number; hd: number };
export type JobOutcome = WorkOutcome<JobCompleted>;

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

const USER_MESSAGE: Record<string, string> = {
  downloading: "could not download the source video",
  probing: "could not read the source video",
  transcribing: "speech recognition failed",
  selecting: "could not select clips from this video",
  scoring: "could not score the clips",
  rendering: "rendering the clips failed",
  uploading: "could not store the rendered clips",
};

const NO_SPEECH: Transcript = { lang: null, segments: [], words: [], engine: "none" };

export function transcriptEvent(t: Transcript): RenderEvent {
  return {
    type: "transcript",
    lang: t.lang,
    segments: t.segments.map((s) => ({ start: s.start, end: s.end, text: s.text })),
    words: t.words.map((w) => ({ start: w.start, end: w.end, word: w.word })),
  };
}

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

async function jobBody(o: RunJobOptions, ctx: WorkContext, onClipsSent: () => void): Promise<JobCompleted> {
  const { job, signal, client, deps } = o;
  const { dir } = ctx;
  const conc = Math.max(1, o.renderConcurrency ?? os.cpus().length);
  const progress = createProgressReporter(client);
  const enter = (s: ProgressStep, pct: number) => {
    signal.throwIfAborted();
    ctx.stage = s;
    progress.report(s, pct);
  };
  /** Send an event in order after the queued progress events. */
  const send = async (ev: RenderEvent) => {
    await progress.flush();
    await client.event(ev);
  };
  // wall time per stage, logged with the job's last line so a bench (or an operator) sees where it went
  const stageMs: Record<string, number> = {};
  let lapFrom = Date.now();
  const lap = (name: string) => {
    const now = Date.now();
    stageMs[name] = (stageMs[name] ?? 0) + now - lapFrom;
    lapFrom = now;
  };

  enter("downloading", 1);
  const src = await download(job.source.url, dir, { signal, maxBytes: job.limits.max_bytes, onProgress: progress.range("downloading", 1, 10) });
  lap("download");

  enter("probing", 11);
  // The container is checked by its bytes before ffprobe opens it, the picture size before any decode (source-check.ts).
  await checkSourceFile(src.path);
  const info = await probe(src.path, { signal, fileSize: src.bytes });
  validateProbe(info, job.limits);
  validateSourceLimits(info);
  const durationS = info.duration;
  // the source's own black bars: every layout frames the picture inside them (stages/bars.ts)
  const content = info.video ? await detectBars(src.path, { signal, durationS, video: info.video }) : null;
  lap("probe");

  enter("transcribing", 12);
  let transcript = NO_SPEECH;
  if (info.audio) {
    const wav = await extractAudio(src.path, join(dir, "audio.wav"), { signal, durationS, onProgress: progress.range("transcribing", 12, 15) });
    lap("audio");
    transcript = await deps.transcribe(wav, { signal, durationS, onProgress: progress.range("transcribing", 15, 45) });
  }
  await send(transcriptEvent(transcript));
  lap("transcribe");

  enter("selecting", 48);
  const signals = transcript.words.length === 0 && deps.computeSignals ? await deps.computeSignals(src.path, { signal, durationS }) : undefined;
  const moments = deps.selectMoments(transcript, { durationS, config: job.config, maxClips: job.limits.max_clips, signals });
  lap("select");
  enter("scoring", 52);
  const ranked = (await deps.scoreMoments(moments, transcript, { config: job.config, signal })).slice(0, job.limits.max_clips);
  if (ranked.length === 0) throw new StageError("selecting", "no clips could be found in this video");
  noteUnmatchedTopics(ranked, transcript, job.config);
  let plans = ranked.map((m, i) => planClip(m, i, info, transcript, job.config, content));
  lap("score");
  await chooseLayouts(plans, deps, {
    source: src.path,
    video: content ? { width: content.w, height: content.h } : info.video!,
    content,
    signal,
    sceneCuts: signals?.sceneChanges,
    hasSpeech: transcript.words.length > 0,
    words: transcript.words,
    fixed: fixedLayout(job.config),
  });
  lap("faces");

  enter("rendering", 55);
  const watermarkPath = await fetchWatermark(job.config.brandKit?.watermark_url, dir, { signal, jobId: job.job_id });
  const captions = await Promise.all(
    plans.map(async (p) => {
      const c = planCaptions(p, info);
      const { assPath } = await writeClipCaptions(c, dir, `clip-${p.index}`);
      return { assPath, overlays: emojiOverlays(c.emoji, "preview") };
    }),
  );
  const renderPreview = (p: ClipPlan, onProgress: (f: number) => void) =>
    renderClip(
      { source: src.path, probe: info, start: p.start, end: p.end, layout: p.layout, cropPath: p.cropPath ?? undefined, panels: p.panels ?? undefined, faceCam: p.faceCam ?? undefined, content: p.content, watermarkPath, ...captions[p.index]!, output: join(dir, p.files.preview), quality: "preview" },
      { signal, onProgress, encoder: o.encoder },
    );
  // one clip's failure never fails the job: a simpler framing, else the clip is left out (stages/previews.ts)
  const previews = await renderPreviews(plans, { dir, video: info.video!, concurrency: conc, signal, render: renderPreview, onProgress: progress.range("rendering", 55, 85), jobId: job.job_id });
  plans = previews.plans;
  lap("previews");

  enter("uploading", 86);
  const fanout = job.hd?.mode === "fanout";
  const upPct = progress.range("uploading", 86, 98);
  let uploaded = 0;
  const uploadPreviews = async () => {
    for (const p of plans) {
      const preview = join(dir, p.files.preview);
      await renderThumbnail(preview, Math.min(1, clipDuration(p) / 2), join(dir, p.files.thumb), { signal });
      await client.putFile(p.files.preview, preview, "video/mp4");
      await client.putFile(p.files.srt, join(dir, p.files.srt), "application/x-subrip");
      await client.putFile(p.files.thumb, join(dir, p.files.thumb), "image/jpeg");
      upPct(++uploaded / (fanout ? 2 * plans.length : plans.length));
    }
  };
  // HD fan-out: the clips' source ranges are cut and stored before `clips`, while the previews
  // upload, so each clip's HD task downloads seconds of video, not the source.
  const mezzanines = new Map<number, string>();
  const cutMezzanines = () =>
    mapPool(plans, conc, async (p) => {
      const name = mezzanineFile(p.index);
      const t0 = Date.now();
      try {
        await renderMezzanine({ input: src.path, output: join(dir, name), start: p.start, end: p.end, hasAudio: info.audio !== null }, { signal, encoder: o.encoder });
        const cutMs = Date.now() - t0;
        await client.putFile(name, join(dir, name), "video/mp4");
        mezzanines.set(p.index, name);
        log("info", "mezzanine stored", { job_id: job.job_id, clip: p.index, duration_s: clipDuration(p), cut_ms: cutMs, total_ms: Date.now() - t0 });
      } catch (e) {
        // without its mezzanine a clip is not fanned out: it stays at preview quality
        if (signal.aborted || e instanceof JobGoneError) throw e;
        const se = toStageError("rendering", e, "cutting the clip's source range failed");
        log("warn", "mezzanine failed; clip stays at preview quality", { job_id: job.job_id, clip: p.index, error: se.message, detail: se.detail });
      }
      upPct(++uploaded / (2 * plans.length));
    });
  const settled = await Promise.allSettled([uploadPreviews(), fanout ? cutMezzanines() : Promise.resolve([])]);
  for (const r of settled) if (r.status === "rejected") throw r.reason;
  lap("upload");
  enter("done", 100);
  const reports = plans.map((p) => clipReport(p, info, transcript.engine));
  if (fanout) for (const r of reports) if (mezzanines.has(r.clip_index)) r.metadata.mezzanine_file = mezzanines.get(r.clip_index);
  await send({ type: "clips", clips: reports, ...(previews.warnings.length ? { warnings: previews.warnings } : {}) });
  onClipsSent();
  lap("clips_event");
  if (fanout) {
    // each clip's 1080p file comes from its own HD task (POST /v1/clips/hd)
    log("info", "job completed; HD fanned out", { job_id: job.job_id, clips: plans.length, mezzanines: mezzanines.size, duration_s: durationS, stage_ms: stageMs });
    return { status: "completed", clips: plans.length, hd: 0 };
  }

  // HD: the user already has clips, so a failed HD render only leaves that clip at preview quality.
  // Each clip is rendered as an HD fan-out task renders it (hd-clip.ts), from the same input: the
  // metadata just sent in `clips`, here over the original source.
  ctx.stage = "rendering";
  let hd = 0;
  await mapPool(reports, conc, async (r) => {
    try {
      const hdDir = join(dir, `hd-${r.clip_index}`);
      await mkdir(hdDir);
      await renderHd(localHdInput(job, r), { path: src.path, probe: info }, { dir: hdDir, signal, client, encoder: o.encoder });
      hd++;
    } catch (e) {
      if (signal.aborted || e instanceof JobGoneError) throw e;
      const se = toStageError("rendering", e, "HD render failed");
      log("warn", "hd render failed; clip stays at preview quality", { job_id: job.job_id, clip: r.clip_index, error: se.message, detail: se.detail });
    }
  });
  lap("hd");
  log("info", "job completed", { job_id: job.job_id, clips: plans.length, hd, duration_s: durationS, stage_ms: stageMs });
  return { status: "completed", clips: plans.length, hd };
}

/**
 * customPrompt / topics steer selection; when nothing in the speech matches them, every clip's
 * justification says so, so the caller learns why the clips are about something else.
 */
export function noteUnmatchedTopics(ranked: ScoredMoment[], t: Transcript, config: ClipConfig): void {
  const topic = topicMatchReport(t, config);
  if (!topic.keywords.length || topic.matched || !t.words.length) return;
  const asked = topic.keywords.slice(0, 6).join(", ");
  for (const m of ranked) m.justification = `${m.justification} Nothing in this video matched the requested topics (${asked}), so clips are ranked on general appeal.`.trim();
}

/**
 * A layout the job fixed: the requested one, else the brand kit's default unless that default is
 * face tracking (which means "follow the people", so the automatic choice applies).
 */
export function fixedLayout(config: RenderJob["config"]): string | null {
  const kit = config.brandKit?.default_layout;
  return kit && kit !== "face_tracking" ? kit : null;
}

/**
 * The automatic layout per clip on the first render (reframe/auto-layout.ts), from speech and
 * the faces found over the clip's range. Vertical sources stay passthrough; a fixed layout wins.
 */
async function chooseLayouts(
  plans: ClipPlan[],
  deps: AnalysisDeps,
  o: {
    source: string;
    video: { width: number; height: number };
    content: { x: number; y: number; w: number; h: number } | null;
    signal: AbortSignal;
    sceneCuts?: readonly number[];
    hasSpeech: boolean;
    /** transcript words (source times): speech intervals for the active-speaker cue */
    words?: readonly { start: number; end: number }[];
    fixed: string | null;
  },
): Promise<void> {
  if (o.fixed) return;
  for (const p of plans) {
    if (!p.cropWindow) continue; // passthrough: already vertical
    let faces: FaceEvidence | null = null;
    const speech = (o.words ?? []).filter((w) => w.end > p.start && w.start < p.end).map((w) => ({ start: w.start, end: w.end }));
    if (o.hasSpeech && deps.analyzeFaces) {
      // hard cuts only at scene changes: the source-wide list exists only for speechless sources
      const sceneCuts = o.sceneCuts ?? (deps.sceneChanges ? await deps.sceneChanges(o.source, { start: p.start, end: p.end, signal: o.signal }) : undefined);
      faces = await deps.analyzeFaces({ source: o.source, video: o.video, content: o.content, start: p.start, end: p.end, window: p.cropWindow, signal: o.signal, sceneCuts, speech });
    }
    const choice = autoLayout({ hasSpeech: o.hasSpeech, faces, speech });
    p.openingFaces = faces ? openingFaces(faces.samples, p.start) : null;
    p.layout = choice.layout;
    p.layoutReason = choice.reason;
    if (choice.layout === "face_tracking") p.cropPath = choice.path;
    else if (choice.layout === "wide") (p.cropPath = null), (p.cropWindow = null);
    else if (choice.layout === "stacked") (p.faceCam = choice.faceCam), (p.cropPath = null), (p.cropWindow = null);
    else (p.panels = choice.panels), (p.cropPath = null), (p.cropWindow = null);
  }
}
