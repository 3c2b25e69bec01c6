// Pure: the known fixes of a rendered clip's flags (docs/clip-quality.md "Fixes"), as a new plan
// to render again. An edge that cuts a word or a sentence moves to the nearest sentence boundary
// within the job's clip length; a subject that leaves a face layout's frame gets the wide framing
// (the whole picture, so nobody can walk out of it). Drops (no speech) are decided in job-quality.ts.
import { CLIP_LENGTH_SECONDS, type ClipLength, type QualityFix, type QualityFlag } from "@katto/protocol";
import { wordsForClip } from "../captions/clip-words.js";
import { clipDuration, type ClipPlan } from "../clip-plan.js";
import type { CropKeyframe } from "../reframe/crop-path.js";
import { chooseLayout } from "../stages/render.js";
import type { Word } from "../types.js";
import { hasSubject } from "./flags.js";
import { sentenceAlignedRange } from "./measures.js";

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
  };
}

const sec = (n: number) => `${n.toFixed(1)} s`;

/**
 * The fixed plan for a clip's flags, with the fixes it makes; null when no flag has a known fix
 * (or the fix would change nothing).
 */
export function fixPlan(
  p: ClipPlan,
  flags: readonly QualityFlag[],
  o: { words: readonly Word[]; duration: number; clipLength?: ClipLength; picture: { width: number; height: number }; layoutRequested?: boolean },
): { plan: ClipPlan; fixes: QualityFix[] } | null {
  const names = new Set(flags.map((f) => f.name));
  let plan = p;
  const fixes: QualityFix[] = [];
  if (names.has("cuts_word") || names.has("cuts_mid_sentence")) {
    const bounds = lengthBounds(o.clipLength, clipDuration(p));
    const range = sentenceAlignedRange(o.words, p.start, p.end, { ...bounds, duration: o.duration });
    if (range && (Math.abs(range.start - p.start) > 0.05 || Math.abs(range.end - p.end) > 0.05)) {
      plan = replanRange(plan, range, o.words);
      const action = `Moved the clip's edges to the nearest sentence boundaries: ${sec(range.start)}–${sec(range.end)} (was ${sec(p.start)}–${sec(p.end)}).`;
      for (const name of ["cuts_word", "cuts_mid_sentence"] as const) if (names.has(name)) fixes.push({ flag: name, action });
    }
  }
  // a layout the job or its brand kit asked for is kept (and delivered with the flag)
  if (names.has("subject_out_of_frame") && hasSubject(p.layout) && !o.layoutRequested) {
    const layout = chooseLayout(o.picture, "wide");
    if (layout !== p.layout) {
      plan = { ...plan, layout, cropWindow: null, cropPath: null, panels: null, faceCam: null, layoutReason: `The speaker left the ${p.layout} frame, so the clip was re-framed wide (the whole picture).` };
      fixes.push({ flag: "subject_out_of_frame", action: `Re-framed from ${p.layout} to wide: the whole picture, so the speaker stays in it.` });
    }
  }
  return fixes.length ? { plan, fixes } : null;
}
