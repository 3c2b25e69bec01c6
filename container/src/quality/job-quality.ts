// checking: every rendered preview measures itself (quality/measure-clip.ts) before the user gets
// it (docs/clip-quality.md), against what it ships: its SRT, the source range it kept, the frames
// where its source shows a face. Known problems are fixed first: an edge that cuts a word or a
// sentence moves to a sentence boundary, a subject that leaves a crop's frame is re-framed (a crop
// that keeps the face, or a split screen for two people; never the letterbox); the fixed plan is
// rendered and measured again, kept only when a fixed flag is gone and nothing new appeared, and
// what is still flagged may get a fix of another kind in a next round (at most one of each kind:
// quality/fixes.ts runFixes). A clip of a speech source with (almost) no speech is dropped and reported with its reason; the best
// clip is always kept, with its flags. What was fixed is recorded on the clip; flags that remain
// are delivered with it, never silently.
import { readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { ClipQuality, DroppedClip, DropReason, JobWarning, RenderJobConfig } from "@katto/protocol";
import { AUTO_LAYOUT, clipFrame, keptSourceRange, round3, SCREEN_LAYOUT, type ClipReport, type ClipTimeline } from "@katto/protocol";
import { screenCamPanel } from "../framing/screen-panels.js";
import { JobGoneError } from "../runtime/callback-client.js";
import { planTimeline, type ClipPlan } from "../editing/clip-plan.js";
import type { PreviewRender } from "../rendering/job-previews.js";
import type { JobRun, Source } from "../rendering/job-run.js";
import { log } from "../runtime/log.js";
import { runFixes } from "./fixes.js";
import { hasSubject } from "./flags.js";
import { measureClip } from "./measure-clip.js";
import { edgesAgainstSentences, timelineUnjudged, type Edges, type Interval } from "./measures.js";
import { fixedLayout } from "../editing/layouts.js";
import { probe } from "../analysis/probe.js";
import type { SelectionNote, Transcript } from "../runtime/types.js";

export interface CheckedClips {
  /** the delivered clips, numbered 0..n-1 in the order they were delivered */
  plans: ClipPlan[];
  /** each delivered clip's quality, by position (null where measuring failed) */
  qualities: (ClipQuality | null)[];
  warnings: JobWarning[];
  dropped: DroppedClip[];
  /** how the selection went for the whole source (its left-out candidates, why fewer clips) */
  selection?: SelectionNote;
}

/** The report with its quality, and what HD and re-renders carry over (edges, fixes) in its metadata. */
export function withQuality<R extends ClipReport>(r: R, q: ClipQuality | null | undefined): R {
  if (!q) return r;
  const edges: Edges = { starts_on_sentence: q.starts_on_sentence, ends_on_sentence: q.ends_on_sentence, cut_word: q.cut_word };
  return { ...r, quality: q, metadata: { ...r.metadata, quality_edges: edges, quality_fixes: q.fixes } };
}

/** Pure: why a measured clip is dropped, or null to deliver it. */
export function dropReason(q: ClipQuality): DropReason | null {
  const names = new Set(q.flags.map((f) => f.name));
  return names.has("no_speech") ? "no_speech" : names.has("mostly_silent") ? "mostly_silent" : null;
}

export interface Checked {
  plan: ClipPlan;
  /** null when measuring failed */
  quality: ClipQuality | null;
  drop: DropReason | null;
}

/**
 * Pure: what a measure of a plan's render needs besides the file, read from the render's timeline
 * (issue 33): the range it kept (its cuts taken out: the first and last kept source second, where
 * the sentence edges are judged), and the stretches (clip time) not judged for the speaker: the
 * seconds in which the source shows no whole face, the B-roll cutaways and the title card.
 */
export function planMeasureInput(p: Pick<ClipPlan, "faceBoxes">, tl: ClipTimeline, picture: { width: number; height: number }): { range: { start: number; end: number }; unjudged: Interval[] } {
  return { range: keptSourceRange(tl), unjudged: timelineUnjudged(tl, p.faceBoxes, picture) };
}

/** Measure one rendered plan's file and its SRT; `subject`: the speaker is expected in its frame. */
async function measurePlan(signal: AbortSignal, source: Source, p: ClipPlan, files: { output: string; srt: string }, transcript: Transcript, subject: boolean): Promise<ClipQuality> {
  const info = await probe(files.output, { signal });
  const { range, unjudged } = planMeasureInput(p, p.timeline ?? planTimeline(p, source.info), sourcePicture(source));
  return measureClip({
    file: files.output,
    duration: info.duration,
    hasAudio: info.audio !== null,
    layout: p.layout,
    aspect: p.aspect,
    subject,
    words: p.words,
    captions: await readFile(files.srt, "utf8"),
    unjudged,
    source: { path: source.path, start: p.start, end: p.end },
    edges: edgesAgainstSentences(transcript.words, range.start, range.end),
    expectSpeech: transcript.words.length > 0,
    subjectPanel: p.layout === SCREEN_LAYOUT ? screenCamPanel(clipFrame(p.aspect, "hd"), sourcePicture(source), p.faceCam) : null,
    signal,
  });
}

/** The picture the plan's framing is in: inside the source's black bars when it has any. */
const sourcePicture = (source: Source) => (source.content ? { width: source.content.w, height: source.content.h } : source.info.video!);

/** A measured render of one clip: the preview's files (the first render's, or a fix's before it replaces them). */
interface Rendered {
  output: string;
  srt: string;
  quality: ClipQuality;
}

/** What checking one clip needs of the work it is part of (a job, or a clip made by hand on one). */
export interface CheckContext {
  dir: string;
  signal: AbortSignal;
  jobId: string;
  config: RenderJobConfig;
  /** the caller fixed the clip's layout (a clip by hand with layout_mode): no re-framing fix */
  layoutFixed?: boolean;
  /** the caller gave the clip's range (a clip by hand): its edges are measured, not moved */
  rangeFixed?: boolean;
}


/**
 * One clip: measure, fix what has a known fix in rounds (render and measure again), decide a drop.
 * `rendered`: its first render's files (the job's preview by default); a kept fix replaces them.
 */
export async function checkOne(ctx: CheckContext, source: Source, transcript: Transcript, p: ClipPlan, render: PreviewRender, rendered?: { output: string; srt: string }): Promise<Checked> {
  const run = { dir: ctx.dir, signal: ctx.signal, job: { job_id: ctx.jobId, config: ctx.config } };
  const preview = rendered ?? { output: join(run.dir, p.files.preview), srt: join(run.dir, p.files.srt) };
  // a clip re-framed from a face layout is still checked for its speaker, whatever it was re-framed to
  const subjectOf = (plan: ClipPlan) => hasSubject(plan.layout) || hasSubject(p.layout);
  let first: ClipQuality;
  try {
    first = await measurePlan(run.signal, source, p, preview, transcript, subjectOf(p));
  } catch (e) {
    // a measure that fails never holds back a rendered clip: it is delivered unmeasured
    if (run.signal.aborted || e instanceof JobGoneError) throw e;
    log("warn", "measuring the preview failed; clip delivered without quality", { job_id: run.job.job_id, clip: p.index, error: String(e) });
    return { plan: p, quality: null, drop: null };
  }
  if (dropReason(first)) return { plan: p, quality: first, drop: dropReason(first) };
  const options = { words: transcript.words, duration: source.info.duration, clipLength: run.job.config.clipLength, picture: sourcePicture(source), layoutRequested: ctx.layoutFixed === true || fixedLayout(run.job.config) !== null || run.job.config.brandKit?.default_layout === AUTO_LAYOUT, ...(ctx.rangeFixed ? { done: new Set(["edges"] as const) } : {}) };
  // every fix render made, so the ones not delivered are removed
  const made: { output: string; srt: string }[] = [];
  try {
    const { state, fixes } = await runFixes<Rendered>(
      { plan: p, flags: first.flags, file: { ...preview, quality: first } },
      options,
      async (plan, round) => {
        const out = await render(plan, () => undefined, `clip-${p.index}-fixed-${round}`);
        made.push({ output: out.output, srt: out.srt });
        const quality = await measurePlan(run.signal, source, plan, out, transcript, subjectOf(plan));
        return { plan, flags: quality.flags, file: { output: out.output, srt: out.srt, quality } };
      },
      async (s, tried) => {
        await Promise.all([rm(s.file.output, { force: true }), rm(s.file.srt, { force: true })]);
        log("info", "fix did not help; clip kept as last rendered", { job_id: run.job.job_id, clip: p.index, tried: tried.map((f) => f.flag), flags: s.flags.map((f) => f.name) });
      },
    );
    // an earlier round's render that a later round replaced goes
    await Promise.all(made.filter((m) => m.output !== state.file.output).flatMap((m) => [rm(m.output, { force: true }), rm(m.srt, { force: true })]));
    if (!fixes.length) return { plan: p, quality: first, drop: null };
    // the last kept round's render replaces the preview
    await rename(state.file.output, preview.output);
    await rename(state.file.srt, preview.srt);
    const quality = { ...state.file.quality, fixes };
    log("info", "clip fixed before delivery", { job_id: run.job.job_id, clip: p.index, fixes: fixes.map((f) => f.flag), flags: quality.flags.map((f) => f.name) });
    return { plan: state.plan, quality, drop: dropReason(quality) };
  } catch (e) {
    if (run.signal.aborted || e instanceof JobGoneError) throw e;
    await Promise.all(made.flatMap((m) => [rm(m.output, { force: true }), rm(m.srt, { force: true })]));
    log("warn", "fix render failed; clip kept as first rendered", { job_id: run.job.job_id, clip: p.index, error: String(e) });
  }
  return { plan: p, quality: first, drop: null };
}

/** Pure: a clip dropped for its measured quality, as the `clips` event lists it. */
export function droppedClip(c: Checked & { drop: DropReason }): DroppedClip {
  const m = c.plan.moment;
  const pct = (n: number | undefined) => Math.round(Math.min(100, Math.max(0, n ?? 0)));
  return {
    start: round3(c.plan.start),
    end: round3(c.plan.end),
    score: pct(m.score),
    subscores: { hook: pct(m.subscores?.hook), flow: pct(m.subscores?.flow), value: pct(m.subscores?.value), trend: pct(m.subscores?.trend) },
    reason: c.drop,
    message: c.quality!.flags.find((f) => f.name === c.drop)!.message,
  };
}

/** The context checking one of a job's clips runs in. */
export const checkContext = (run: JobRun): CheckContext => ({ dir: run.dir, signal: run.signal, jobId: run.job.job_id, config: run.job.config });
