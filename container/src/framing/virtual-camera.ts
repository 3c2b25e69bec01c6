// Pure: a virtual camera that follows the chosen subject with a dead zone, speed and acceleration
// limits and hard cuts at scene changes, turned into the crop window's keyframes {t, x} for
// crop-path.ts.
import { normalizePath, type CropKeyframe } from "./crop-path.js";
import { cutBetween } from "./face-samples.js";
import type { Subject } from "./subject-choice.js";
import { clamp } from "@katto/protocol";

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


/**
 * Virtual camera over the samples. x is the crop window's left edge in source pixels.
 *  - target = subject centre − w/2, clamped to [0, maxX];
 *  - dead zone: at rest, the camera does not move while the subject centre stays within the middle
 *    `deadZone` of the window; once it leaves, the camera re-centres and rests again;
 *  - the approach is exponential (v = error / tau), capped by maxSpeed, by maxAccel (change of
 *    velocity between samples) and by the braking distance so it does not overshoot;
 *  - at a scene change the camera cuts: it jumps to the first subject of the new shot;
 *  - while the subject is out of frame (or only bridged over a detector miss) it holds: it brakes to
 *    a stop and waits for the next sighting.
 * Returns null when no sample has a subject (caller keeps the centre path or a wide layout).
 */
export function simulateCamera(times: readonly number[], subjects: readonly (Subject | null)[], o: CameraOptions): CameraStep[] | null {
  if (!subjects.some((s) => s)) return null;
  const { w, maxX } = o.window;
  const cuts = o.sceneCuts ?? [];
  const dead = ((o.deadZone ?? 0.35) * w) / 2;
  const limits: MotionLimits = { vmax: (o.maxSpeed ?? 0.5) * w, amax: (o.maxAccel ?? 1.5) * w, tau: o.tau ?? 0.4, maxX };
  const { amax } = limits;
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
    // the subject is out of frame (or bridged over a detector miss): hold the last framing, easing
    // to a stop, rather than keep chasing a stale or one-off position
    if (!s || !s.observed) pursuing = false;
    else if (meas) {
      const off = meas.c - (x + w / 2);
      if (!pursuing && Math.abs(off) > dead) pursuing = true;
      if (pursuing) goal = target(meas.c);
    }
    ({ x, v } = moveCamera(x, v, goal, pursuing, dt, limits));
    if (pursuing && Math.abs(goal - x) < 0.5 && Math.abs(v) < amax * dt) pursuing = false;
    steps.push({ t, x, v, cut: false });
  }
  return steps;
}

/** px/s, px/s², s, px: CameraOptions' limits in source pixels */
interface MotionLimits {
  vmax: number;
  amax: number;
  tau: number;
  maxX: number;
}

/**
 * The camera's motion over one sample toward `goal`: an exponential approach (v = error / tau)
 * while pursuing, else easing to a stop, capped by the top speed, by the acceleration (change of
 * velocity since the last sample) and by the braking distance, and never past the goal.
 */
function moveCamera(x: number, v: number, goal: number, pursuing: boolean, dt: number, k: MotionLimits): { x: number; v: number } {
  const err = goal - x;
  const brake = Math.sqrt(2 * k.amax * Math.abs(err));
  const vd = clamp(pursuing ? err / k.tau : 0, -Math.min(k.vmax, brake), Math.min(k.vmax, brake));
  const va = clamp(vd, v - k.amax * dt, v + k.amax * dt);
  let nx = x + va * dt;
  // never pass the goal: an overshoot would look like a wobble
  if ((err >= 0 && nx > goal && va > 0) || (err <= 0 && nx < goal && va < 0)) nx = pursuing ? goal : nx;
  nx = clamp(nx, 0, k.maxX);
  return { x: nx, v: (nx - x) / dt };
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
