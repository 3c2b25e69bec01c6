// Pure: whom the camera follows at each sample. With two or more people in frame while words are
// spoken, the face whose mouth moves (activity.ts); otherwise the largest, most persistent face;
// both with hysteresis. docs/face-tracking.md says more.
import type { Face } from "../engines/face/types.js";
import { mouthActivity, speaking, type Interval } from "./activity.js";
import type { Association, AssociateOptions } from "./face-identities.js";
import { centreX, centreY, cutBetween, type FaceSample } from "./face-samples.js";

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
export function activeSpeakers(samples: readonly FaceSample[], assoc: Association, opts: SubjectOptions = {}): number[] {
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
export function subjectSeries(samples: readonly FaceSample[], assoc: Association, opts: SubjectOptions = {}): (Subject | null)[] {
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
    out.push({ id: cur.id, cx: centreX(f), cy: centreY(f), w: f.w, h: f.h, observed: cur.lastT === t });
  }
  return out;
}
