// A job's steps from the source's URL to clip plans: download and probe, transcribe, select,
// score and choose each clip's layout (composed in pipeline.ts); moments chosen from a window of
// the transcript while the rest is recognised, and from the whole at the end (issue 43).
import { join } from "node:path";
import { planClip, type ClipPlan } from "../editing/clip-plan.js";
import { TRANSLATE_STAGE, translateCaptions } from "../captions/translate.js";
import { StageError } from "../runtime/errors.js";
import type { JobRun, Source } from "../rendering/job-run.js";
import type { RenderEvent } from "../runtime/protocol.js";
import { extractAudio } from "../analysis/audio.js";
import { detectBars } from "../framing/bars.js";
import { download } from "../analysis/download.js";
import { chooseLayouts, fixedLayout } from "../editing/layouts.js";
import { topicMatchReport } from "../analysis/moments.js";
import { fallbackWarning } from "../analysis/model-moments.js";
import { probe, validateProbe } from "../analysis/probe.js";
import { checkSourceFile, validateSourceLimits } from "../analysis/source-check.js";
import type { ClipConfig, ScoredMoment, SelectionNote, Transcript } from "../runtime/types.js";
import type { MediaSignals } from "../analysis/moments-signals.js";

/** downloading, probing: the source on disk, read and checked against the job's limits. */
export async function fetchSource(run: JobRun): Promise<Source> {
  const { job, signal } = run;
  run.enter("downloading", 1);
  const src = await download(job.source.url, run.dir, { signal, maxBytes: job.limits.max_bytes, onProgress: run.progress.range("downloading", 1, 10) });
  run.lap("download");

  run.enter("probing", 11);
  // The container is checked by its bytes before ffprobe opens it, the picture size before any decode (source-check.ts).
  await checkSourceFile(src.path);
  const info = await probe(src.path, { signal, fileSize: src.bytes });
  validateProbe(info, job.limits);
  validateSourceLimits(info);
  const content = info.video ? await detectBars(src.path, { signal, durationS: info.duration, video: info.video }) : null;
  run.lap("probe");
  return { path: src.path, info, content };
}

/**
 * transcribing: the speech (none without an audio stream), sent to the Worker as `transcript`.
 * `onWindow`: the transcript so far, each time another window of the source is recognised.
 */
export async function transcribeSource(run: JobRun, source: Source, onWindow?: (partial: Transcript, upToS: number) => void): Promise<Transcript> {
  const { signal, progress } = run;
  const durationS = source.info.duration;
  run.enter("transcribing", 12);
  let transcript = NO_SPEECH;
  if (source.info.audio) {
    const wav = await extractAudio(source.path, join(run.dir, "audio.wav"), { signal, durationS, onProgress: progress.range("transcribing", 12, 15) });
    run.lap("audio");
    const keepFillers = run.job.config.style?.remove_fillers === true;
    transcript = await run.deps.transcribe(wav, { signal, durationS, onProgress: progress.range("transcribing", 15, 45), ...(keepFillers ? { keepFillers } : {}), ...(onWindow ? { onWindow } : {}) });
  }
  await run.send(transcriptEvent(transcript, durationS));
  run.lap("transcribe");
  return transcript;
}

/**
 * Katto's own moments from a transcript, whole or a window of it (the selection, then the scorer;
 * best first, at most `maxClips`). A chat model, where one is configured, chooses instead for the
 * whole transcript (rankedMoments).
 */
export async function selectAndScore(run: JobRun, transcript: Transcript, o: { durationS: number; maxClips: number; signals?: MediaSignals }): Promise<ScoredMoment[]> {
  const { job, signal, deps } = run;
  const moments = deps.selectMoments(transcript, { durationS: o.durationS, config: job.config, maxClips: o.maxClips, signals: o.signals });
  return (await deps.scoreMoments(moments, transcript, { config: job.config, signal })).slice(0, o.maxClips);
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/**
 * Seconds a window's moment must end before the window does: a window ends in the middle of a
 * silence (the chunks are cut there), so its words are final, but a sentence that runs on past a
 * short pause is not over. A second of quiet after the moment's last word says it is (2 s missed
 * the first window's best moment of the bench's talk by a quarter second, and its first clip came
 * a window later, 30 s on).
 */
const WINDOW_EDGE_S = 1;

/**
 * A window of the transcript (its words up to `upToS` final): its best moment that ends inside it
 * and overlaps none `taken`, as a plan with its layout (numbered `index`), or null.
 */
export async function planWindowMoment(run: JobRun, source: Source, partial: Transcript, upToS: number, taken: readonly { start: number; end: number }[], index: number): Promise<ClipPlan | null> {
  // A configured chat model reads the whole transcript and chooses once (issue 42): windows would
  // ask it again for every minute, and its choice over the whole talk is what the operator asked for.
  if (!partial.words.length || run.deps.chooseMoments) return null;
  const ranked = await selectAndScore(run, partial, { durationS: upToS, maxClips: run.job.limits.max_clips });
  const best = ranked.find((m) => m.end <= upToS - WINDOW_EDGE_S && !taken.some((t) => overlaps(t, m)));
  if (!best) return null;
  const plans = [planClip(best, index, source.info, partial, run.job.config, source.content)];
  await layOut(run, source, partial, plans);
  await translatePlans(run, plans, partial.lang);
  return plans[0]!;
}

/**
 * selecting, scoring: the best moments of the whole transcript that overlap none `taken` (the
 * clips already chosen from its windows), ranked, as clip plans numbered from `firstIndex`, their
 * captions translated where the style asks; with the selection's note for the whole source. Each
 * plan's layout comes next (layOutEach), one plan at a time, so the first is rendered while the
 * faces of the next are analysed.
 */
export async function planClips(run: JobRun, source: Source, transcript: Transcript, taken: readonly { start: number; end: number }[], firstIndex: number): Promise<PlannedClips> {
  const { job, signal, deps } = run;
  const durationS = source.info.duration;
  run.enter("selecting", 48);
  const signals = transcript.words.length === 0 && deps.computeSignals ? await deps.computeSignals(source.path, { signal, durationS }) : undefined;
  const chosen = await rankedMoments(run, transcript, durationS, signals);
  const ranked = chosen.filter((m) => !taken.some((t) => overlaps(t, m))).slice(0, Math.max(0, job.limits.max_clips - taken.length));
  if (ranked.length + taken.length === 0) throw new StageError("selecting", "no clips could be found in this video");
  const plans = ranked.map((m, i) => planClip(m, firstIndex + i, source.info, transcript, job.config, source.content));
  run.lap("score");
  // translated before any of them is rendered: a pair no engine translates fails the job here
  await translatePlans(run, plans, transcript.lang);
  run.lap("translate");
  return { plans, selection: chosen[0]?.selection, signals };
}

/** The plans of the whole transcript, before their layouts. */
export interface PlannedClips {
  plans: ClipPlan[];
  selection: SelectionNote | undefined;
  /** the speechless source's scene changes and loudness, which its layouts read */
  signals: MediaSignals | undefined;
}

/** Each plan's layout from the faces in its range, in rank order, each plan handed to `ready` as soon as it has one. */
export async function layOutEach(run: JobRun, source: Source, transcript: Transcript, planned: PlannedClips, ready: (p: ClipPlan) => void): Promise<void> {
  for (const p of planned.plans) {
    await layOut(run, source, transcript, [p], planned.signals);
    ready(p);
  }
  run.lap("faces");
}

/** Each plan's layout, from the faces in its range (framing). */
async function layOut(run: JobRun, source: Source, transcript: Transcript, plans: ClipPlan[], signals?: MediaSignals): Promise<void> {
  const { info, content } = source;
  await chooseLayouts(plans, run.deps, {
    source: source.path,
    video: content ? { width: content.w, height: content.h } : info.video!,
    content,
    signal: run.signal,
    sceneCuts: signals?.sceneChanges,
    hasSpeech: transcript.words.length > 0,
    words: transcript.words,
    fixed: fixedLayout(run.job.config),
  });
}

/**
 * The moments, best first: a chat model's choice where one is configured and it succeeds, else
 * Katto's selection scored, carrying the model's failure as a warning (analysis/model-moments.ts).
 */
async function rankedMoments(run: JobRun, transcript: Transcript, durationS: number, signals: Awaited<ReturnType<NonNullable<JobRun["deps"]["computeSignals"]>>> | undefined): Promise<ScoredMoment[]> {
  const { job, signal, deps } = run;
  const choice = deps.chooseMoments && transcript.words.length ? await deps.chooseMoments(transcript, { durationS, config: job.config, maxClips: job.limits.max_clips, signal }) : null;
  if (choice?.moments.length) {
    run.lap("select");
    run.enter("scoring", 52);
    return choice.moments.slice(0, job.limits.max_clips);
  }
  run.lap("select");
  run.enter("scoring", 52);
  const ranked = await selectAndScore(run, transcript, { durationS, maxClips: job.limits.max_clips, signals });
  noteUnmatchedTopics(ranked, transcript, job.config);
  const fallback = choice?.fallback;
  if (!fallback) return ranked;
  const note = ranked[0]?.selection ?? { speechS: 0, target: ranked.length, found: ranked.length, fewerReason: null };
  const selection = { ...note, warnings: [...(note.warnings ?? []), fallbackWarning(fallback, durationS)] };
  return ranked.map((m) => ({ ...m, selection, scoredBy: { ...(m.scoredBy ?? { engine: "offline" }), fallback_reason: `${fallback.chooser.engine}:${fallback.chooser.model}: ${fallback.cause}`.slice(0, 500) } }));
}

/**
 * style caption_language: each clip's captions (and headline) translated before anything is
 * rendered, so a pair no engine translates fails the job before any render, refunded, saying what
 * to configure (docs/api-decisions.md "Caption language").
 */
async function translatePlans(run: JobRun, plans: ClipPlan[], spoken: string | null): Promise<void> {
  const to = run.job.config.style?.caption_language;
  if (!to) return;
  const translator = run.deps.translator;
  if (!translator) throw new StageError(TRANSLATE_STAGE, "captions in another language need a translation engine, and this render backend has none configured");
  for (const p of plans) p.translated = await translateCaptions({ words: p.words, title: p.title, to, translator, signal: run.signal, from: spoken });
}

const NO_SPEECH: Transcript = { lang: null, segments: [], words: [], engine: "none" };

function transcriptEvent(t: Transcript, sourceDuration: number): RenderEvent {
  return {
    type: "transcript",
    lang: t.lang,
    segments: t.segments.map((s) => ({ start: s.start, end: s.end, text: s.text })),
    words: t.words.map((w) => ({ start: w.start, end: w.end, word: w.word, ...(w.confidence !== undefined ? { confidence: w.confidence } : {}) })),
    engine: t.engine,
    word_timing: t.wordTiming ?? "engine",
    ...(sourceDuration > 0 ? { source_duration: sourceDuration } : {}),
  };
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
