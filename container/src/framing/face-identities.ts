// Pure: which faces in successive samples are the same person (identities), the first step from
// detections to a subject to follow and to the count of people in frame.
import { iou as boxIou } from "../engines/face/decode.js";
import type { Face } from "../engines/face/types.js";
import { centreX, centreY, cutBetween, type FaceSample } from "./face-samples.js";

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


const asCentred = (f: Face) => ({ cx: centreX(f), cy: centreY(f), w: f.w, h: f.h });

/**
 * Follow faces across samples. Greedy matching, closest first: a face continues an identity last
 * seen within maxGapS (so short detector misses are bridged) when the boxes overlap (IoU ≥ 0.1) or
 * the centres are within 0.75 face widths, and the sizes are within 2× of each other.
 */
export function associateFaces(samples: readonly FaceSample[], opts: AssociateOptions = {}): Association {
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
        const d = Math.hypot(centreX(face) - centreX(prev), centreY(face) - centreY(prev)) / size;
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
