// Pure: the known fixes of a rendered clip's flags (docs/clip-quality.md "Fixes"), as a new plan
// to render again. An edge that cuts a word or a sentence moves to the nearest sentence boundary
// within the job's clip length; a subject that leaves a face layout's frame is re-framed with the
// narrowest framing that still keeps the speaker's face (a steady centre crop, a crop that follows
// the face closely, a split screen for two people side by side; never the letterboxed whole picture). Fixes compose in rounds (runFixes): a fixed render is
// measured again and what is still flagged may get a fix of another kind, at most one of each
// kind per clip, so it always ends. Drops (no speech) are decided in job-quality.ts.
import {
  AUTO_LAYOUT,
  CLIP_LENGTH_SECONDS,
  FALLBACK_LAYOUT,
  isCropLayout,
  QUALITY_THRESHOLDS as T,
  type ClipLength,
  type QualityFix,
  type QualityFlag,
  type QualityFlagName,
  aspectRatio,
} from "@katto/protocol";
import { wordsForClip } from "../captions/clip-words.js";
import { clipDuration, type ClipPlan } from "../editing/clip-plan.js";
import type { TimedRect } from "../editing/zoom-plan.js";
import { cropWindow, cropXAt, normalizePath, type CropKeyframe, type CropWindow } from "../framing/crop-path.js";
import type { PanelFocus } from "../framing/panels.js";
import { chooseLayout } from "../framing/choose-layout.js";
import type { Word } from "../runtime/types.js";
import { hasSubject } from "./flags.js";
import { FRAME_EDGE_MARGIN, sentenceAlignedRange } from "./measures.js";

/** The clip lengths a fix may choose from: the job's bucket, else the range every bucket spans. */
export function lengthBounds(clipLength: ClipLength | undefined, current: number): { minS: number; maxS: number } {
  if (clipLength) return { minS: CLIP_LENGTH_SECONDS[clipLength].min, maxS: CLIP_LENGTH_SECONDS[clipLength].max };
  // no bucket asked for: keep the clip near its own length (it was chosen at that length)
  return { minS: Math.max(3, current * 0.6), maxS: current * 1.4 };
}

/** Keyframes (t from the old start) seen from a new start `shift` seconds later: earlier ones dropped, the one at the new start interpolated. */
export function shiftKeyframes(path: readonly CropKeyframe[], shift: number, duration: number): CropKeyframe[] {
  if (!path.length) return [];
  const at = (t: number) => {
    if (t <= path[0]!.t) return path[0]!.x;
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1]!;
      const b = path[i]!;
      if (t <= b.t) return b.t === a.t ? b.x : a.x + ((b.x - a.x) * (t - a.t)) / (b.t - a.t);
    }
    return path[path.length - 1]!.x;
  };
  const inner = path.map((k) => ({ t: Math.round((k.t - shift) * 1000) / 1000, x: k.x })).filter((k) => k.t > 0 && k.t < duration);
  return [{ t: 0, x: at(shift) }, ...inner, ...(duration > 0 ? [{ t: Math.round(duration * 1000) / 1000, x: at(shift + duration) }] : [])];
}

/** The plan over another range of the source: words again, crop and panel paths shifted. */
export function replanRange(p: ClipPlan, range: { start: number; end: number }, words: readonly Word[]): ClipPlan {
  const shift = range.start - p.start;
  const duration = range.end - range.start;
  return {
    ...p,
    start: range.start,
    end: range.end,
    words: wordsForClip(words, range.start, range.end),
    cropPath: p.cropPath ? shiftKeyframes(p.cropPath, shift, duration) : null,
    panels: p.panels ? p.panels.map((f) => (f.path ? { ...f, path: shiftKeyframes(f.path, shift, duration) } : f)) : null,
    // the face boxes are per second of the clip: seen from the new start, those still inside it
    faceBoxes: p.faceBoxes ? p.faceBoxes.map((b) => ({ ...b, t: Math.round((b.t - shift) * 1000) / 1000 })).filter((b) => b.t >= 0 && b.t <= duration) : null,
  };
}

const sec = (n: number) => `${n.toFixed(1)} s`;
const pct = (x: number) => `${Math.round(x * 100)} %`;

/** The kinds of fix, each made at most once per clip, and the flags each one fixes. */
export const FIX_KINDS = {
  edges: ["cuts_word", "cuts_mid_sentence"],
  reframe: ["subject_out_of_frame"],
} as const satisfies Record<string, readonly QualityFlagName[]>;
export type FixKind = keyof typeof FIX_KINDS;
export const fixKindOf = (flag: QualityFlagName): FixKind | null =>
  (Object.keys(FIX_KINDS) as FixKind[]).find((k) => (FIX_KINDS[k] as readonly string[]).includes(flag)) ?? null;

/** Share of the clip's seconds in which the face box (source pixels) fits inside the window whose left edge is `leftAt(t)`, keeping the measure's edge margin. */
export function faceKeptShare(faces: readonly TimedRect[], win: CropWindow, leftAt: (t: number) => number, duration: number): number {
  const seconds = Math.max(1, Math.ceil(duration - 1e-6));
  const mx = win.w * FRAME_EDGE_MARGIN;
  const my = win.h * FRAME_EDGE_MARGIN;
  let kept = 0;
  for (const f of faces) {
    if (f.t < 0 || f.t > duration) continue;
    const left = leftAt(f.t);
    if (f.x >= left + mx && f.x + f.w <= left + win.w - mx && f.y >= win.y + my && f.y + f.h <= win.y + win.h - my) kept++;
  }
  return Math.min(1, kept / seconds);
}

/** A crop path that follows the face box second by second, its centre on the face's (no smoothing lag for a face that moves a lot, as in a selfie). */
export function followFacePath(faces: readonly TimedRect[], win: CropWindow): CropKeyframe[] {
  return normalizePath(faces.map((f) => ({ t: f.t, x: f.x + f.w / 2 - win.w / 2 })), win.maxX);
}

export interface Reframe {
  layout: ClipPlan["layout"];
  cropWindow: CropWindow | null;
  cropPath: CropKeyframe[] | null;
  /** two-person layout: where each person sits (source pixels), left to right */
  panels: PanelFocus[] | null;
  /** the share of the clip's seconds the framing keeps the face in (null: a layout of two, judged on its render) */
  kept: number | null;
}

/**
 * Pure: the framing a clip whose subject left the frame is re-framed to, or null when there is
 * none better. A selfie or close-up fills the 9:16 frame best with a crop, so a crop is preferred
 * wherever the clip's face boxes (per second, from the analysis) show it keeps the whole face for
 * at least SUBJECT_IN_FRAME_MIN of the clip: first the steady centre crop (FALLBACK_LAYOUT); else,
 * when the analysis saw two people side by side (ClipPlan.pair), a split screen that shows both
 * rather than a crop between them or one jumping from one to the other; else a crop that follows
 * the face closely (AUTO_LAYOUT on a new path). Never the whole picture (wide): a 9:16 clip of a person letterboxed to a band
 * is not a fix, and the layouts of several people (panels, stacked) have nothing better to go to.
 */
export function reframeFor(p: ClipPlan, picture: { width: number; height: number }): Reframe | null {
  if (!isCropLayout(p.layout)) return null;
  const faces = p.faceBoxes ?? [];
  const duration = clipDuration(p);
  const win = p.cropWindow ?? cropWindow(picture.width, picture.height, aspectRatio(p.aspect));
  if (faces.length) {
    const center = [{ t: 0, x: Math.round(win.maxX / 2) }];
    const centerKept = faceKeptShare(faces, win, () => center[0]!.x, duration);
    if (centerKept >= T.SUBJECT_IN_FRAME_MIN) return { layout: chooseLayout(picture, FALLBACK_LAYOUT, false, p.aspect, p.content !== null), cropWindow: win, cropPath: center, panels: null, kept: centerKept };
  }
  // two people side by side: a crop that follows the larger face would jump between them
  if (p.pair?.length === 2) return { layout: "split_screen", cropWindow: null, cropPath: null, panels: p.pair, kept: null };
  if (faces.length) {
    const follow = followFacePath(faces, win);
    const followKept = follow.length ? faceKeptShare(faces, win, (t) => cropXAt(follow, t), duration) : 0;
    if (followKept >= T.SUBJECT_IN_FRAME_MIN) return { layout: chooseLayout(picture, AUTO_LAYOUT, true, p.aspect, p.content !== null), cropWindow: win, cropPath: follow, panels: null, kept: followKept };
  }
  return null;
}

/**
 * Pure: the fixes a render of a clip in `layout` still carries. A re-frame fix is true of the
 * layout it chose: a re-render in another layout (one that asks for face tracking again) does not
 * list "Re-framed from face_tracking to ...", it shows what was asked for.
 */
export function fixesForLayout(fixes: readonly QualityFix[], fixedLayout: string | null, layout: string): QualityFix[] {
  return fixes.filter((f) => f.flag !== "subject_out_of_frame" || fixedLayout === layout);
}

/** Options of the fixes: the transcript, the source, the job's clip length, whether the layout was asked for. */
export interface FixOptions {
  words: readonly Word[];
  duration: number;
  clipLength?: ClipLength;
  picture: { width: number; height: number };
  layoutRequested?: boolean;
  /** kinds already made to this clip: not made again (each kind at most once per clip) */
  done?: ReadonlySet<FixKind>;
}

/**
 * The fixed plan for a clip's flags, with the fixes it makes and their kinds; null when no flag
 * has a known fix not yet made (or the fix would change nothing).
 */
export function fixPlan(p: ClipPlan, flags: readonly QualityFlag[], o: FixOptions): { plan: ClipPlan; fixes: QualityFix[]; kinds: FixKind[] } | null {
  const names = new Set(flags.map((f) => f.name));
  const may = (k: FixKind) => !o.done?.has(k);
  let plan = p;
  const fixes: QualityFix[] = [];
  const kinds: FixKind[] = [];
  if (may("edges") && (names.has("cuts_word") || names.has("cuts_mid_sentence"))) {
    const bounds = lengthBounds(o.clipLength, clipDuration(p));
    const range = sentenceAlignedRange(o.words, p.start, p.end, { ...bounds, duration: o.duration });
    if (range && (Math.abs(range.start - p.start) > 0.05 || Math.abs(range.end - p.end) > 0.05)) {
      plan = replanRange(plan, range, o.words);
      const action = `Moved the clip's edges to the nearest sentence boundaries: ${sec(range.start)}–${sec(range.end)} (was ${sec(p.start)}–${sec(p.end)}).`;
      for (const name of FIX_KINDS.edges) if (names.has(name)) fixes.push({ flag: name, action });
      kinds.push("edges");
    }
  }
  // a layout the job or its brand kit asked for is kept (and delivered with the flag)
  if (may("reframe") && names.has("subject_out_of_frame") && hasSubject(p.layout) && !o.layoutRequested) {
    const r = reframeFor(plan, o.picture);
    const samePath = r !== null && r.layout === p.layout && JSON.stringify(r.cropPath) === JSON.stringify(plan.cropPath);
    if (r && !samePath) {
      const kept = r.kept === null ? "" : ` (the face stays in it in ${pct(r.kept)} of the clip's seconds)`;
      const what = r.panels ? "a split screen: two people side by side, each in a panel" : r.layout === FALLBACK_LAYOUT ? `a steady centre crop${kept}` : `a crop that follows the face closely${kept}`;
      plan = { ...plan, layout: r.layout, cropWindow: r.cropWindow, cropPath: r.cropPath, panels: r.panels, faceCam: null, layoutReason: `The speaker left the ${p.layout} frame, so the clip was re-framed: ${what}.` };
      fixes.push({ flag: "subject_out_of_frame", action: `Re-framed from ${p.layout} to ${what}.` });
      kinds.push("reframe");
    }
  }
  return fixes.length ? { plan, fixes, kinds } : null;
}

/** One measured render of a clip: its plan, flags, and whatever the caller needs to deliver it (a file). */
export interface FixState<F> {
  plan: ClipPlan;
  flags: readonly QualityFlag[];
  file: F;
}

/**
 * Pure judgement of one fix round: the fixes it solved (their flag gone from the new render), and
 * whether the new render replaces the old: it solved something and raised no new flag, except one
 * a fix kind not yet made (`left`) may still fix in a later round.
 */
export function judgeFix(before: readonly QualityFlag[], after: readonly QualityFlag[], fixes: readonly QualityFix[], left: ReadonlySet<FixKind> = new Set()): { solved: QualityFix[]; keep: boolean } {
  const solved = fixes.filter((f) => !after.some((g) => g.name === f.flag));
  const worse = after.some((g) => {
    if (before.some((f) => f.name === g.name)) return false;
    const kind = fixKindOf(g.name);
    return kind === null || !left.has(kind);
  });
  return { solved, keep: solved.length > 0 && !worse };
}

/**
 * Fixes in rounds: plan the fixes of the current render's flags (kinds not yet made), render and
 * measure the fixed plan (`attempt`), keep it when judgeFix says so, and go again with what is
 * still flagged. Each kind is made at most once, so there are at most as many rounds as kinds.
 * Stops at the first round that does not help (its render discarded). A kept round may have
 * raised a flag a later round was to fix; when none did, the first render is delivered instead
 * (a fix never delivers a problem the clip did not have). Answers the render to deliver and every
 * fix it carries, in the order made.
 */
export async function runFixes<F>(
  first: FixState<F>,
  o: FixOptions,
  attempt: (plan: ClipPlan, round: number) => Promise<FixState<F>>,
  discard: (s: FixState<F>, tried: readonly QualityFix[]) => Promise<void> = async () => undefined,
): Promise<{ state: FixState<F>; fixes: QualityFix[]; rounds: number }> {
  const kinds = Object.keys(FIX_KINDS) as FixKind[];
  // `o.done`: kinds the caller rules out (a range given by hand keeps its edges)
  const done = new Set<FixKind>(o.done);
  const fixes: QualityFix[] = [];
  let state = first;
  let rounds = 0;
  while (rounds < kinds.length) {
    const fix = fixPlan(state.plan, state.flags, { ...o, done });
    if (!fix) break;
    rounds++;
    for (const k of fix.kinds) done.add(k);
    const next = await attempt(fix.plan, rounds);
    const { solved, keep } = judgeFix(state.flags, next.flags, fix.fixes, new Set(kinds.filter((k) => !done.has(k))));
    if (!keep) {
      await discard(next, fix.fixes);
      break;
    }
    fixes.push(...solved);
    state = next;
  }
  if (state.flags.some((g) => !first.flags.some((f) => f.name === g.name))) return { state: first, fixes: [], rounds };
  return { state, fixes, rounds };
}
