// Pure: faces per sample -> identities -> the subject to follow -> a virtual camera path for the
// 9:16 crop window (keyframes {t, x} for crop-path.ts), plus a summary of who is in frame for the
// layout chooser. No I/O; the numbers come from src/stages/faces.ts.
//
// Who is the subject: the largest, most persistent face, with hysteresis. There are no mouth or
// audio cues here (no active-speaker model, no diarisation), so in a two-shot the camera stays on
// the larger face rather than following who talks; docs/face-tracking.md says more.
import { iou as boxIou } from "../engines/face/decode.js";
import type { Face } from "../engines/face/types.js";
import { normalizePath, type CropKeyframe } from "./crop-path.js";

export interface SampleLike {
  t: number;
  faces: Face[];
}

export interface Identity {
  id: number;
  /** sample indices where this identity was observed, ascending */
  samples: number[];
  faces: Face[];
}

export interface Association {
  identities: Identity[];
  /** identity id of each face of each sample (same shape as samples[i].faces) */
  ids: number[][];
}

export interface AssociateOptions {
  /** a face unseen for longer than this (s) starts a new identity when it comes back */
  maxGapS?: number;
  /** source times of scene changes: no identity continues across one */
  sceneCuts?: readonly number[];
}

const cx = (f: Face) => f.x + f.w / 2;
const cy = (f: Face) => f.y + f.h / 2;
const asCentred = (f: Face) => ({ cx: cx(f), cy: cy(f), w: f.w, h: f.h });

/** True when a scene change lies in (a, b]. */
export function cutBetween(cuts: readonly number[], a: number, b: number): boolean {
  return cuts.some((c) => c > a && c <= b);
}

/**
 * Follow faces across samples. Greedy matching, closest first: a face continues an identity last
 * seen within maxGapS (so short detector misses are bridged) when the boxes overlap (IoU ≥ 0.1) or
 * the centres are within 0.75 face widths, and the sizes are within 2× of each other.
 */
export function associateFaces(samples: readonly SampleLike[], opts: AssociateOptions = {}): Association {
  const maxGap = opts.maxGapS ?? 1.0;
  const cuts = opts.sceneCuts ?? [];
  const identities: Identity[] = [];
  const ids: number[][] = [];
  for (let i = 0; i < samples.length; i++) {
    const { t, faces } = samples[i];
    const live = identities.filter((id) => {
      const last = id.samples[id.samples.length - 1];
      return t - samples[last].t <= maxGap + 1e-9 && !cutBetween(cuts, samples[last].t, t);
    });
    const pairs: { d: number; id: Identity; f: number }[] = [];
    for (const id of live) {
      const prev = id.faces[id.faces.length - 1];
      faces.forEach((face, f) => {
        const size = Math.max(prev.w, face.w);
        const ratio = face.w / prev.w;
        const d = Math.hypot(cx(face) - cx(prev), cy(face) - cy(prev)) / size;
        if (ratio < 0.5 || ratio > 2) return;
        if (d <= 0.75 || boxIou(asCentred(prev), asCentred(face)) >= 0.1) pairs.push({ d, id, f });
      });
    }
    pairs.sort((a, b) => a.d - b.d);
    const row = new Array<number>(faces.length).fill(-1);
    const taken = new Set<number>();
    for (const p of pairs) {
      if (row[p.f] !== -1 || taken.has(p.id.id)) continue;
      row[p.f] = p.id.id;
      taken.add(p.id.id);
      p.id.samples.push(i);
      p.id.faces.push(faces[p.f]);
    }
    faces.forEach((face, f) => {
      if (row[f] !== -1) return;
      const id: Identity = { id: identities.length, samples: [i], faces: [face] };
      identities.push(id);
      row[f] = id.id;
    });
    ids.push(row);
  }
  return { identities, ids };
}

/** The followed face at one sample; `observed` false when bridged over a detector miss. */
export interface Subject {
  id: number;
  cx: number;
  cy: number;
  w: number;
  h: number;
  observed: boolean;
}

export interface SubjectOptions extends AssociateOptions {
  /** a challenger must outweigh the current subject this many times ... */
  switchRatio?: number;
  /** ... for this long (s) before the camera changes subject */
  switchHoldS?: number;
}

/**
 * Pick the subject per sample: weight = face area × √(samples the identity is seen in), so a big
 * face that lasts beats a big false detection in one frame. The current subject is kept while it is
 * visible (or missing for at most maxGapS) unless another face outweighs it by switchRatio for
 * switchHoldS; after a scene change the choice starts afresh.
 */
export function subjectSeries(samples: readonly SampleLike[], assoc: Association, opts: SubjectOptions = {}): (Subject | null)[] {
  const maxGap = opts.maxGapS ?? 1.0;
  const cuts = opts.sceneCuts ?? [];
  const ratio = opts.switchRatio ?? 1.5;
  const hold = opts.switchHoldS ?? 1.0;
  const count = new Map(assoc.identities.map((id) => [id.id, id.samples.length]));
  const weight = (f: Face, id: number) => f.w * f.h * Math.sqrt(count.get(id) ?? 1);
  const out: (Subject | null)[] = [];
  let cur: { id: number; face: Face; lastT: number } | null = null;
  let challenger: { id: number; since: number } | null = null;
  for (let i = 0; i < samples.length; i++) {
    const { t, faces } = samples[i];
    if (cur && (i === 0 || cutBetween(cuts, samples[i - 1].t, t))) cur = null;
    const row = assoc.ids[i] ?? [];
    let best = -1;
    faces.forEach((f, k) => {
      if (best === -1 || weight(f, row[k]) > weight(faces[best], row[best])) best = k;
    });
    const curIdx: number = cur ? row.indexOf(cur.id) : -1;
    if (cur && curIdx === -1 && t - cur.lastT > maxGap) cur = null; // lost
    if (!cur) {
      challenger = null;
      if (best !== -1) cur = { id: row[best], face: faces[best], lastT: t };
    } else {
      if (curIdx !== -1) cur = { id: cur.id, face: faces[curIdx], lastT: t };
      const curW = curIdx !== -1 ? weight(faces[curIdx], cur.id) : 0;
      if (best !== -1 && row[best] !== cur.id && weight(faces[best], row[best]) > ratio * curW) {
        if (!challenger || challenger.id !== row[best]) challenger = { id: row[best], since: t };
        if (t - challenger.since >= hold - 1e-9 || curIdx === -1) {
          cur = { id: row[best], face: faces[best], lastT: t };
          challenger = null;
        }
      } else challenger = null;
    }
    if (!cur) {
      out.push(null);
      continue;
    }
    const f = cur.face;
    out.push({ id: cur.id, cx: cx(f), cy: cy(f), w: f.w, h: f.h, observed: cur.lastT === t });
  }
  return out;
}

export interface CameraOptions {
  /** crop window width and largest left edge (CropWindow) */
  window: { w: number; maxX: number };
  /** source time of keyframe t = 0 (the clip start) */
  clipStart: number;
  sceneCuts?: readonly number[];
  /** the camera rests while the subject's centre stays in this middle fraction of the window */
  deadZone?: number;
  /** window widths per second */
  maxSpeed?: number;
  /** window widths per second² */
  maxAccel?: number;
  /** time constant (s) of the exponential approach to the target */
  tau?: number;
  /** exponential smoothing of the measured subject centre (0..1, weight of the new value) */
  measureAlpha?: number;
}

/** A raw camera state per sample: what the simulation did, before path simplification. */
export interface CameraStep {
  t: number;
  x: number;
  /** velocity (px/s) over the segment ending here */
  v: number;
  cut: boolean;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Virtual camera over the samples. x is the crop window's left edge in source pixels.
 *  - target = subject centre − w/2, clamped to [0, maxX];
 *  - dead zone: at rest, the camera does not move while the subject centre stays within the middle
 *    `deadZone` of the window; once it leaves, the camera re-centres and rests again;
 *  - the approach is exponential (v = error / tau), capped by maxSpeed, by maxAccel (change of
 *    velocity between samples) and by the braking distance so it does not overshoot;
 *  - at a scene change the camera cuts: it jumps to the first subject of the new shot.
 * Returns null when no sample has a subject (caller keeps the centre path or a wide layout).
 */
export function simulateCamera(times: readonly number[], subjects: readonly (Subject | null)[], o: CameraOptions): CameraStep[] | null {
  if (!subjects.some((s) => s)) return null;
  const { w, maxX } = o.window;
  const cuts = o.sceneCuts ?? [];
  const dead = ((o.deadZone ?? 0.35) * w) / 2;
  const vmax = (o.maxSpeed ?? 0.5) * w;
  const amax = (o.maxAccel ?? 1.5) * w;
  const tau = o.tau ?? 0.4;
  const alpha = o.measureAlpha ?? 0.6;
  const target = (c: number) => clamp(c - w / 2, 0, maxX);
  // first subject at or after sample i, before the next scene change (where the shot will settle)
  const firstInShot = (i: number): number | null => {
    for (let j = i; j < subjects.length; j++) {
      if (j > i && cutBetween(cuts, times[j - 1], times[j])) break;
      if (subjects[j]) return subjects[j]!.cx;
    }
    return null;
  };
  const steps: CameraStep[] = [];
  let x = target(firstInShot(0) ?? maxX / 2 + w / 2);
  let v = 0;
  let pursuing = false;
  let meas: { id: number; c: number } | null = null;
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    const s = subjects[i];
    if (i > 0 && cutBetween(cuts, times[i - 1], t)) {
      const c = firstInShot(i);
      x = c === null ? x : target(c);
      v = 0;
      pursuing = false;
      meas = null;
      steps.push({ t, x, v, cut: true });
      continue;
    }
    if (s) meas = meas && meas.id === s.id ? { id: s.id, c: meas.c + alpha * (s.cx - meas.c) } : { id: s.id, c: s.cx };
    if (i === 0) {
      steps.push({ t, x, v, cut: false });
      continue;
    }
    const dt = t - times[i - 1];
    if (!(dt > 0)) continue;
    let goal = x;
    if (meas) {
      const off = meas.c - (x + w / 2);
      if (!pursuing && Math.abs(off) > dead) pursuing = true;
      if (pursuing) goal = target(meas.c);
    }
    const err = goal - x;
    let vd = pursuing ? err / tau : 0;
    const brake = Math.sqrt(2 * amax * Math.abs(err));
    vd = clamp(vd, -Math.min(vmax, brake), Math.min(vmax, brake));
    v = clamp(vd, v - amax * dt, v + amax * dt);
    let nx = x + v * dt;
    // never pass the goal: an overshoot would look like a wobble
    if ((err >= 0 && nx > goal && v > 0) || (err <= 0 && nx < goal && v < 0)) nx = pursuing ? goal : nx;
    nx = clamp(nx, 0, maxX);
    v = (nx - x) / dt;
    x = nx;
    if (pursuing && Math.abs(goal - x) < 0.5 && Math.abs(v) < amax * dt) pursuing = false;
    steps.push({ t, x, v, cut: false });
  }
  return steps;
}

/** Ramer–Douglas–Peucker on (t, x) with a tolerance in x pixels; keeps cut pairs intact. */
export function simplifyPath(points: readonly CropKeyframe[], tolerancePx = 0.5): CropKeyframe[] {
  if (points.length <= 2) return [...points];
  const keep = new Array<boolean>(points.length).fill(false);
  keep[0] = keep[points.length - 1] = true;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    let worst = -1;
    let worstD = tolerancePx;
    for (let i = a + 1; i < b; i++) {
      const f = (points[i].t - points[a].t) / (points[b].t - points[a].t);
      const d = Math.abs(points[a].x + f * (points[b].x - points[a].x) - points[i].x);
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst !== -1) {
      keep[worst] = true;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** Keyframes for crop-path.ts: t relative to clipStart; a cut is a jump held for < 1 frame. */
export function cameraKeyframes(steps: readonly CameraStep[], o: { clipStart: number; maxX: number; sceneCuts?: readonly number[] }): CropKeyframe[] {
  const cuts = o.sceneCuts ?? [];
  const raw: CropKeyframe[] = [];
  const segments: CropKeyframe[][] = [raw];
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    if (s.cut && i > 0) {
      const c = cuts.find((c) => c > steps[i - 1].t && c <= s.t) ?? s.t;
      // hold the old framing until just before the cut, then the new one from the cut on
      segments[segments.length - 1].push({ t: Math.max(steps[i - 1].t, c - 0.01) - o.clipStart, x: steps[i - 1].x });
      segments.push([{ t: c - o.clipStart, x: s.x }]);
    }
    segments[segments.length - 1].push({ t: s.t - o.clipStart, x: s.x });
  }
  return normalizePath(segments.flatMap((seg) => simplifyPath(seg)), o.maxX);
}

export interface FaceCropPlan {
  path: CropKeyframe[] | null;
  subjects: (Subject | null)[];
  association: Association;
  steps: CameraStep[] | null;
}

/**
 * Everything above in one call: samples (source times, source pixels) and the crop window ->
 * a crop path relative to clipStart, or null when no face was found.
 */
export function planFaceCrop(
  samples: readonly SampleLike[],
  window: { w: number; maxX: number },
  opts: Omit<CameraOptions, "window"> & SubjectOptions,
): FaceCropPlan {
  const association = associateFaces(samples, opts);
  const subjects = subjectSeries(samples, association, opts);
  const times = samples.map((s) => s.t);
  const steps = simulateCamera(times, subjects, { ...opts, window });
  const path = steps ? cameraKeyframes(steps, { clipStart: opts.clipStart, maxX: window.maxX, sceneCuts: opts.sceneCuts }) : null;
  return { path, subjects, association, steps };
}

// ---- who is in frame: evidence for the layout chooser ----

export interface FaceSummary {
  samples: number;
  /** fraction of samples with at least one counted face */
  faceRate: number;
  /** identities that last (seen in ≥ minShare of samples, at least 2) */
  people: number;
  /** mean counted faces per sample */
  meanFaces: number;
  /** fraction of samples with at least 2 / 3 / 4 counted faces at once */
  atLeast2: number;
  atLeast3: number;
  atLeast4: number;
  /** fraction of face samples in which the most frequent identity is in frame */
  dominantShare: number;
}

export interface SummaryOptions extends AssociateOptions {
  /** faces smaller than this fraction of the frame height are background, not counted */
  minFaceHeight?: number;
  /** faces smaller than this fraction of the largest face in the same frame are bystanders */
  minRelativeHeight?: number;
  /** an identity counts as a person when seen in this fraction of samples */
  minShare?: number;
  association?: Association;
}

export function summarizeFaces(samples: readonly SampleLike[], frame: { width: number; height: number }, opts: SummaryOptions = {}): FaceSummary {
  const n = samples.length;
  const assoc = opts.association ?? associateFaces(samples, opts);
  const minH = (opts.minFaceHeight ?? 0.06) * frame.height;
  const minCount = Math.max(2, Math.ceil((opts.minShare ?? 0.1) * n));
  const people = new Set(assoc.identities.filter((id) => id.samples.length >= minCount).map((id) => id.id));
  const seen = new Map<number, number>();
  let withFace = 0;
  let total = 0;
  const atLeast = [0, 0, 0, 0, 0];
  const rel = opts.minRelativeHeight ?? 0.5;
  const counted: number[][] = samples.map((s, i) => {
    const ok = s.faces.map((f, k) => f.h >= minH && people.has(assoc.ids[i][k]));
    const biggest = Math.max(0, ...s.faces.filter((_, k) => ok[k]).map((f) => f.h));
    return s.faces.map((f, k) => (ok[k] && f.h >= rel * biggest ? assoc.ids[i][k] : -1)).filter((id) => id !== -1);
  });
  for (const ids of counted) {
    if (ids.length > 0) withFace++;
    total += ids.length;
    for (let k = 2; k <= 4; k++) if (ids.length >= k) atLeast[k]++;
    for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const top = Math.max(0, ...seen.values());
  const frac = (k: number) => (n > 0 ? k / n : 0);
  return {
    samples: n,
    faceRate: frac(withFace),
    people: new Set(counted.flat()).size,
    meanFaces: frac(total),
    atLeast2: frac(atLeast[2]),
    atLeast3: frac(atLeast[3]),
    atLeast4: frac(atLeast[4]),
    dominantShare: withFace > 0 ? top / withFace : 0,
  };
}

export type SuggestedLayout = "face_tracking" | "split_screen" | "grid_3" | "grid_4" | "wide";

/**
 * Layout from face evidence: no face for most of the clip -> wide; several faces at once for at
 * least half of it -> a split or grid with that many panels; otherwise one subject to follow
 * (people appearing in turn are still one-at-a-time: face_tracking follows them).
 */
export function suggestLayout(s: FaceSummary): SuggestedLayout {
  if (s.samples === 0 || s.faceRate < 0.3) return "wide";
  if (s.atLeast4 >= 0.5) return "grid_4";
  if (s.atLeast3 >= 0.5) return "grid_3";
  if (s.atLeast2 >= 0.5) return "split_screen";
  return "face_tracking";
}
