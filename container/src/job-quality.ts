// checking: every rendered preview measures itself (quality/measure-clip.ts) before the user gets
// it (docs/clip-quality.md). Known problems are fixed first: an edge that cuts a word or a sentence
// moves to a sentence boundary, a subject that leaves a face layout's frame is re-framed wide; the
// fixed plan is rendered and measured again, and kept only when the fixed flags are gone. A clip
// of a speech source with (almost) no speech is dropped and reported with its reason; the best
// clip is always kept, with its flags. What was fixed is recorded on the clip; flags that remain
// are delivered with it, never silently.
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { ClipQuality, DroppedClip, DropReason, JobWarning, QualityFix } from "@katto/protocol";
import { AUTO_LAYOUT, type ClipReport } from "@katto/protocol";
import { JobGoneError } from "./callback-client.js";
import type { ClipPlan } from "./clip-plan.js";
import type { PreviewRender } from "./job-delivery.js";
import type { JobRun, Source } from "./job-run.js";
import { log } from "./log.js";
import { mapPool } from "./pool.js";
import { fixPlan } from "./quality/fixes.js";
import { measureClip } from "./quality/measure-clip.js";
import { edgesAgainstSentences, type Edges } from "./quality/measures.js";
import type { PreviewsResult } from "./stages/previews.js";
import { renumber } from "./stages/previews.js";
import { fixedLayout } from "./stages/layouts.js";
import { probe } from "./stages/probe.js";
import type { Transcript } from "./types.js";

export interface CheckedClips {
  /** the delivered clips, renumbered 0..n-1 in their ranked order */
  plans: ClipPlan[];
  /** each delivered clip's quality, by position (null where measuring failed) */
  qualities: (ClipQuality | null)[];
  warnings: JobWarning[];
  dropped: DroppedClip[];
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

interface Checked {
  plan: ClipPlan;
  /** null when measuring failed */
  quality: ClipQuality | null;
  drop: DropReason | null;
}

/** Measure one rendered plan's preview. */
async function measurePlan(run: JobRun, p: ClipPlan, file: string, transcript: Transcript, fixes: readonly QualityFix[]): Promise<ClipQuality> {
  const info = await probe(file, { signal: run.signal });
  return measureClip({
    file,
    duration: info.duration,
    hasAudio: info.audio !== null,
    layout: p.layout,
    words: p.words,
    edges: edgesAgainstSentences(transcript.words, p.start, p.start + info.duration),
    expectSpeech: transcript.words.length > 0,
    fixes,
    signal: run.signal,
  });
}

/** One clip: measure, fix what has a known fix (render and measure again), decide a drop. */
async function checkOne(run: JobRun, source: Source, transcript: Transcript, p: ClipPlan, render: PreviewRender): Promise<Checked> {
  let first: ClipQuality;
  try {
    first = await measurePlan(run, p, join(run.dir, p.files.preview), transcript, []);
  } catch (e) {
    // a measure that fails never holds back a rendered clip: it is delivered unmeasured
    if (run.signal.aborted || e instanceof JobGoneError) throw e;
    log("warn", "measuring the preview failed; clip delivered without quality", { job_id: run.job.job_id, clip: p.index, error: String(e) });
    return { plan: p, quality: null, drop: null };
  }
  const fix = fixPlan(p, first.flags, { words: transcript.words, duration: source.info.duration, clipLength: run.job.config.clipLength, picture: source.content ? { width: source.content.w, height: source.content.h } : source.info.video!, layoutRequested: fixedLayout(run.job.config) !== null || run.job.config.brandKit?.default_layout === AUTO_LAYOUT });
  if (!fix || dropReason(first)) return { plan: p, quality: first, drop: dropReason(first) };
  const name = `clip-${p.index}-fixed`;
  try {
    const out = await render(fix.plan, () => undefined, name);
    const kept = new Set(fix.fixes.map((f) => f.flag));
    const after = await measurePlan(run, fix.plan, out.output, transcript, []);
    const solved = fix.fixes.filter((f) => !after.flags.some((g) => g.name === f.flag));
    // the fixed render replaces the first when it solved something and added no new problem
    const worse = after.flags.some((g) => !first.flags.some((f) => f.name === g.name) && !kept.has(g.name));
    if (solved.length && !worse) {
      await rename(out.output, join(run.dir, p.files.preview));
      await rename(out.srt, join(run.dir, p.files.srt));
      const quality = { ...after, fixes: solved };
      log("info", "clip fixed before delivery", { job_id: run.job.job_id, clip: p.index, fixes: solved.map((f) => f.flag), flags: after.flags.map((f) => f.name) });
      return { plan: fix.plan, quality, drop: dropReason(quality) };
    }
    await rm(out.output, { force: true });
    log("info", "fix did not help; clip kept as first rendered", { job_id: run.job.job_id, clip: p.index, tried: fix.fixes.map((f) => f.flag), flags: after.flags.map((f) => f.name) });
  } catch (e) {
    if (run.signal.aborted || e instanceof JobGoneError) throw e;
    log("warn", "fix render failed; clip kept as first rendered", { job_id: run.job.job_id, clip: p.index, error: String(e) });
  }
  return { plan: p, quality: first, drop: null };
}

/** checking: measure (and fix, or drop) every rendered preview. */
export async function checkClips(run: JobRun, source: Source, transcript: Transcript, previews: PreviewsResult, render: PreviewRender): Promise<CheckedClips> {
  run.enter("rendering", 80);
  const onProgress = run.progress.range("rendering", 80, 85);
  let done = 0;
  const checked = await mapPool(previews.plans, run.conc, async (p) => {
    const c = await checkOne(run, source, transcript, p, render);
    onProgress(++done / previews.plans.length);
    return c;
  });
  // never drop every clip: the best one stays, with its flags
  if (checked.length && checked.every((c) => c.drop)) checked[0]!.drop = null;
  const dropped: DroppedClip[] = [];
  const plans: ClipPlan[] = [];
  const qualities: (ClipQuality | null)[] = [];
  const newIndex = new Map<number, number | null>();
  for (const c of checked) {
    if (c.drop) {
      newIndex.set(c.plan.index, null);
      const m = c.plan.moment;
      const pct = (n: number | undefined) => Math.round(Math.min(100, Math.max(0, n ?? 0)));
      dropped.push({
        start: round3(c.plan.start),
        end: round3(c.plan.end),
        score: pct(m.score),
        subscores: { hook: pct(m.subscores?.hook), flow: pct(m.subscores?.flow), value: pct(m.subscores?.value), trend: pct(m.subscores?.trend) },
        reason: c.drop,
        message: c.quality!.flags.find((f) => f.name === c.drop)!.message,
      });
      await Promise.all([rm(join(run.dir, c.plan.files.preview), { force: true }), rm(join(run.dir, c.plan.files.srt), { force: true })]);
      continue;
    }
    newIndex.set(c.plan.index, plans.length);
    plans.push(await renumber(c.plan, plans.length, run.dir));
    qualities.push(c.quality);
  }
  const warnings = previews.warnings.flatMap((w) => {
    if (w.clip_index === null) return [w];
    const i = newIndex.get(w.clip_index);
    return i === null || i === undefined ? [] : [{ ...w, clip_index: i }];
  });
  const measured = qualities.filter((q): q is ClipQuality => q !== null);
  const measuredMs = measured.reduce((a, q) => a + q.measured_ms, 0);
  run.lap("quality");
  log("info", "clips checked", { job_id: run.job.job_id, delivered: plans.length, dropped: dropped.length, fixed: measured.filter((q) => q.fixes.length).length, flagged: measured.filter((q) => !q.ok).length, unmeasured: qualities.length - measured.length, measured_ms: measuredMs, previews_ms: run.stageMs.previews ?? null });
  return { plans, qualities, warnings, dropped };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
