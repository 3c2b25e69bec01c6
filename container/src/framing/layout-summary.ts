// Pure: who is in frame over a clip (how many people, how often together, a face cam), and the
// layout that evidence suggests, for the layout chooser (auto-layout.ts).
import { FACE_CAM_LAYOUT, SCREEN_LAYOUT, WHOLE_PICTURE_LAYOUT, AUTO_LAYOUT, type SUBJECT_LAYOUTS } from "@katto/protocol";
import { detectFaceCam, type FaceCamOptions } from "./face-cam.js";
import { detectScreenCam, type ScreenCamOptions } from "./screen-cam.js";
import { associateFaces, type Association, type AssociateOptions } from "./face-identities.js";
import type { FaceSample } from "./face-samples.js";
import type { Rect } from "./panels.js";

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
  /** a face camera over a still screen (screen-cam.ts detectScreenCam): the cam rectangle, else null */
  screenCam: Rect | null;
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
  screenCam?: ScreenCamOptions;
}

export function summarizeFaces(samples: readonly FaceSample[], frame: { width: number; height: number }, opts: SummaryOptions = {}): FaceSummary {
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
    screenCam: detectScreenCam(samples, frame, opts.screenCam)?.rect ?? null,
  };
}

/** A layout that follows the people in frame (the vocabulary's SUBJECT_LAYOUTS), or the whole picture. */
export type SuggestedLayout = (typeof SUBJECT_LAYOUTS)[number] | typeof WHOLE_PICTURE_LAYOUT;

/**
 * Layout from face evidence: a face cam over a still screen (detectScreenCam) -> screen; a face cam
 * over changing gameplay (detectFaceCam) -> stacked; no face
 * for most of the clip -> wide; several faces at once for at
 * least half of it -> a split or grid with that many panels; otherwise one subject to follow
 * (people appearing in turn are still one-at-a-time: face_tracking follows them).
 */
export function suggestLayout(s: FaceSummary): SuggestedLayout {
  if (s.samples === 0) return WHOLE_PICTURE_LAYOUT;
  if (s.screenCam) return SCREEN_LAYOUT;
  if (s.faceCam) return FACE_CAM_LAYOUT;
  if (s.faceRate < 0.3) return WHOLE_PICTURE_LAYOUT;
  if (s.atLeast4 >= 0.5) return "grid_4";
  if (s.atLeast3 >= 0.5) return "grid_3";
  if (s.atLeast2 >= 0.5) return "split_screen";
  return AUTO_LAYOUT;
}
