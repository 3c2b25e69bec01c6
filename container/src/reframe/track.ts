// Pure: faces per sample -> identities -> the subject to follow -> a virtual camera path for the
// 9:16 crop window (keyframes {t, x} for crop-path.ts), plus a summary of who is in frame for the
// layout chooser. No I/O; the numbers come from src/stages/faces.ts.
//
// Who is the subject: with two or more people in frame while words are spoken, the face whose
// mouth moves (activity.ts); otherwise the largest, most persistent face; both with hysteresis.
// docs/face-tracking.md says more.
import { iou as boxIou } from "../engines/face/decode.js";
import type { Face } from "../engines/face/types.js";
import { backgroundMotion, mouthActivity, speaking, type CueSample, type Interval } from "./activity.js";
import { normalizePath, type CropKeyframe } from "./crop-path.js";
import type { Rect } from "./panels.js";

/** One sample: faces, and optionally the picture cues stages/faces.ts measures (activity.ts). */
export type SampleLike = CueSample;

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
  /** when words are spoken (source times, from the transcript): enables the active-speaker cue */
  speech?: readonly Interval[];
  /** the speaker's smoothed mouth activity must reach this (luma levels, activity.ts) ... */
  minMouthActivity?: number;
  /** ... and exceed every other face's this many times */
  speakerRatio?: number;
  /** mouth activity is averaged over ± this many seconds */
  activityWindowS?: number;
  /** speaker candidates are at least this fraction of the largest face's height */
  speakerMinRelativeHeight?: number;
}

/**
 * The active speaker per sample (identity id, or -1): only while words are spoken and at least two
 * faces are in frame; the face whose mouth activity, averaged over ±activityWindowS, is at least
 * minMouthActivity and speakerRatio times every other face's. -1 when activity is flat (nobody
 * clearly talking, or no fingerprints), so the caller falls back to the largest face.
 */
export function activeSpeakers(samples: readonly SampleLike[], assoc: Association, opts: SubjectOptions = {}): number[] {
  const speech = opts.speech;
  if (!speech || speech.length === 0) return samples.map(() => -1);
  const minAct = opts.minMouthActivity ?? 4;
  const ratio = opts.speakerRatio ?? 1.5;
  const win = opts.activityWindowS ?? 0.5;
  const act = mouthActivity(samples, assoc);
  // per identity: (t, activity) of its finite observations
  const series = new Map<number, { t: number; a: number }[]>();
  samples.forEach((s, i) =>
    s.faces.forEach((_, k) => {
      const a = act[i][k];
      if (!Number.isFinite(a)) return;
      const id = assoc.ids[i][k];
      if (!series.has(id)) series.set(id, []);
      series.get(id)!.push({ t: s.t, a });
    }),
  );
  const smooth = (id: number, t: number) => {
    const v = (series.get(id) ?? []).filter((p) => Math.abs(p.t - t) <= win + 1e-9);
    return v.length > 0 ? v.reduce((s, p) => s + p.a, 0) / v.length : 0;
  };
  const rel = opts.speakerMinRelativeHeight ?? 0.6;
  return samples.map((s, i) => {
    const biggest = Math.max(0, ...s.faces.map((f) => f.h));
    // bystanders far behind are not candidates: their tiny mouths are mostly noise
    const cands = s.faces.map((f, k) => ({ f, id: assoc.ids[i][k] })).filter((c) => c.f.h >= rel * biggest);
    if (cands.length < 2 || !speaking(speech, s.t)) return -1;
    const scored = cands.map((c) => ({ id: c.id, a: smooth(c.id, s.t) })).sort((x, y) => y.a - x.a);
    const [top, second] = scored;
    return top.a >= minAct && top.a >= ratio * second.a ? top.id : -1;
  });
}

/**
 * Pick the subject per sample: the active speaker where activeSpeakers names one, else by weight =
 * face area × √(samples the identity is seen in), so a big face that lasts beats a big false
 * detection in one frame. The current subject is kept while it is visible (or missing for at most
 * maxGapS) unless another face is the active speaker, or outweighs it by switchRatio, for
 * switchHoldS; a speaker challenge is only dropped by contrary evidence (the current subject
 * speaking, or another challenger), not by a sample where activity is flat. After a scene change
 * the choice starts afresh.
 */
export function subjectSeries(samples: readonly SampleLike[], assoc: Association, opts: SubjectOptions = {}): (Subject | null)[] {
  const maxGap = opts.maxGapS ?? 1.0;
  const cuts = opts.sceneCuts ?? [];
  const ratio = opts.switchRatio ?? 1.5;
  const hold = opts.switchHoldS ?? 1.0;
  const count = new Map(assoc.identities.map((id) => [id.id, id.samples.length]));
  const weight = (f: Face, id: number) => f.w * f.h * Math.sqrt(count.get(id) ?? 1);
  const speakers = activeSpeakers(samples, assoc, opts);
  const out: (Subject | null)[] = [];
  let cur: { id: number; face: Face; lastT: number } | null = null;
  let challenger: { id: number; since: number; seen: number; bySpeech: boolean } | null = null;
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
    const spk = row.indexOf(speakers[i]);
    if (!cur) {
      challenger = null;
      const first = spk !== -1 ? spk : best;
      if (first !== -1) cur = { id: row[first], face: faces[first], lastT: t };
    } else {
      if (curIdx !== -1) cur = { id: cur.id, face: faces[curIdx], lastT: t };
      const curW = curIdx !== -1 ? weight(faces[curIdx], cur.id) : 0;
      let want = -1;
      if (spk !== -1) want = row[spk] !== cur.id ? spk : -1;
      else if (best !== -1 && row[best] !== cur.id && weight(faces[best], row[best]) > ratio * curW) want = best;
      if (want !== -1) {
        if (!challenger || challenger.id !== row[want]) challenger = { id: row[want], since: t, seen: t, bySpeech: spk !== -1 };
        challenger.seen = t;
        if (t - challenger.since >= hold - 1e-9 || curIdx === -1) {
          cur = { id: row[want], face: faces[want], lastT: t };
          challenger = null;
        }
      } else if (spk !== -1 || !challenger?.bySpeech || t - challenger.seen > hold) challenger = null; // flat: a recent speaker challenge waits
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
  /** a face cam over gameplay (detectFaceCam): the cam rectangle in source pixels, else null */
  faceCam: Rect | null;
}

export interface SummaryOptions extends AssociateOptions {
  /** faces smaller than this fraction of the frame height are background, not counted */
  minFaceHeight?: number;
  /** faces smaller than this fraction of the largest face in the same frame are bystanders */
  minRelativeHeight?: number;
  /** an identity counts as a person when seen in this fraction of samples */
  minShare?: number;
  association?: Association;
  faceCam?: FaceCamOptions;
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
    faceCam: detectFaceCam(samples, frame, opts.faceCam)?.rect ?? null,
  };
}

export interface FaceCamOptions {
  /** a cam face is smaller than this fraction of the frame height */
  maxFaceHeight?: number;
  /** ... and larger than this one (smaller is noise or a crowd) */
  minFaceHeight?: number;
  /** fraction of samples in which a small face sits at the same place */
  minShare?: number;
  /** its centre lies outside the middle of the frame: this far from the centre (fraction of W or H) */
  minOffCentre?: number;
  /** mean luma change per sample outside the cam (activity.ts backgroundMotion), 0..255 */
  minMotion?: number;
  /** the cam rectangle: face box scaled by these factors around its centre, clamped to the frame */
  camScale?: { w: number; h: number };
}

export interface FaceCam {
  rect: Rect;
  /** fraction of samples with the small face at its place */
  share: number;
  /** background motion outside the rectangle */
  motion: number;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * A gameplay video with a face cam: one small face (height < maxFaceHeight of the frame) at the same
 * place — within 0.75 face widths of its median centre — in at least minShare of the samples, that
 * place off the middle of the frame (a corner or an edge), no large face in frame for most samples,
 * and the picture outside the cam changing a lot between samples (minMotion). Null otherwise, or
 * when the samples carry no frame grids.
 */
export function detectFaceCam(samples: readonly SampleLike[], frame: { width: number; height: number }, o: FaceCamOptions = {}): FaceCam | null {
  const n = samples.length;
  if (n === 0) return null;
  const { width: W, height: H } = frame;
  const maxH = (o.maxFaceHeight ?? 0.22) * H;
  const minH = (o.minFaceHeight ?? 0.04) * H;
  let big = 0;
  const small: Face[] = [];
  const perSample: (Face | null)[] = samples.map((s) => {
    if (s.faces.some((f) => f.h >= maxH)) big++;
    const c = s.faces.filter((f) => f.h < maxH && f.h >= minH).sort((a, b) => b.w * b.h - a.w * a.h);
    if (c[0]) small.push(c[0]);
    return c[0] ?? null;
  });
  if (big > 0.2 * n || small.length < (o.minShare ?? 0.6) * n) return null;
  const mx = median(small.map(cx));
  const my = median(small.map(cy));
  const mw = median(small.map((f) => f.w));
  const mh = median(small.map((f) => f.h));
  // the same place: a small face of the sample within half a face width of the median centre (an
  // overlay does not move; the head moves a little inside it)
  const near = (f: Face) => f.h < maxH && f.h >= minH && Math.hypot(cx(f) - mx, cy(f) - my) <= 0.5 * mw;
  const atPlace = samples.filter((s) => s.faces.some(near)).length;
  const share = atPlace / n;
  if (share < (o.minShare ?? 0.6)) return null;
  // the only person: other faces at least half its height in at most 30 % of the samples (a crowd
  // or a group shot is not a face cam)
  const crowded = samples.filter((s) => s.faces.filter((f) => f.h >= 0.5 * mh).length >= 2).length;
  if (crowded > 0.3 * n) return null;
  const off = o.minOffCentre ?? 0.2;
  if (Math.abs(mx - W / 2) < off * W && Math.abs(my - H / 2) < off * H) return null;
  const scale = o.camScale ?? { w: 2.2, h: 2.6 };
  const w = Math.min(W, scale.w * mw);
  const h = Math.min(H, scale.h * mh);
  const rect = {
    x: Math.round(clamp(mx - w / 2, 0, W - w)),
    y: Math.round(clamp(my - h / 2, 0, H - h)),
    w: Math.round(w),
    h: Math.round(h),
  };
  const motion = backgroundMotion(samples, frame, rect);
  if (!(motion >= (o.minMotion ?? 2))) return null;
  return { rect, share, motion };
}

export type SuggestedLayout = "face_tracking" | "split_screen" | "grid_3" | "grid_4" | "stacked" | "wide";

/**
 * Layout from face evidence: a face cam over changing gameplay (detectFaceCam) -> stacked; no face
 * for most of the clip -> wide; several faces at once for at
 * least half of it -> a split or grid with that many panels; otherwise one subject to follow
 * (people appearing in turn are still one-at-a-time: face_tracking follows them).
 */
export function suggestLayout(s: FaceSummary): SuggestedLayout {
  if (s.samples === 0) return "wide";
  if (s.faceCam) return "stacked";
  if (s.faceRate < 0.3) return "wide";
  if (s.atLeast4 >= 0.5) return "grid_4";
  if (s.atLeast3 >= 0.5) return "grid_3";
  if (s.atLeast2 >= 0.5) return "split_screen";
  return "face_tracking";
}
