// Pure: the layout the backend picks for a clip on the first render when the job did not ask for
// one (docs/face-tracking.md "Automatic layout on the first render"). The choice weighs how much
// of the clip a face is on screen and who speaks, not one per-frame threshold: a face that leaves
// the frame for a second or two still counts as on screen (the camera holds its framing), so a
// handheld selfie whose speaker steps out briefly keeps face tracking. Wide for footage without
// speech, without a face for most of the clip, or with a crowd and nobody to follow; face tracking
// for one subject; split screen / grids for two to four people of similar size or who each speak;
// stacked for a small face cam in a corner over changing gameplay, screen for one over a still
// screen (slides, code, an app). Sources that are already
// vertical are kept whole (passthrough) before this is asked.
import { AUTO_LAYOUT, FACE_CAM_LAYOUT, isPanelLayout, SCREEN_LAYOUT, WHOLE_PICTURE_LAYOUT, type PanelLayout } from "@katto/protocol";
import type { CropKeyframe } from "./crop-path.js";
import type { SuggestedLayout } from "./layout-summary.js";
import type { PanelFocus, Rect } from "./panels.js";

export interface FaceEvidence {
  /** camera path for one subject, null when no face was followed */
  path: CropKeyframe[] | null;
  /** what the face summary suggests (layout-summary.ts suggestLayout) */
  layout: SuggestedLayout;
  /** faces per sample; `t` (source seconds) when known */
  samples: { t?: number; faces: { x: number; y: number; w: number; h: number }[] }[];
  /** the face-cam rectangle (source pixels) when the layout is stacked (face-cam.ts detectFaceCam) */
  faceCam?: Rect | null;
  /** the face-cam rectangle (source pixels) when the layout is screen (screen-cam.ts detectScreenCam) */
  screenCam?: Rect | null;
  /** the analysed frame (source pixels, inside any black bars) */
  frame?: { width: number; height: number };
  /** identities that last, and the share of face samples the most frequent one is in (layout-summary.ts) */
  people?: number;
  dominantShare?: number;
  /** people seen speaking (framing/faces.ts countSpeakers) */
  speakers?: number;
}

export interface LayoutInput {
  hasSpeech: boolean;
  faces: FaceEvidence | null;
  /** when words are spoken inside the clip (source seconds) */
  speech?: readonly { start: number; end: number }[];
}

export type AutoLayout = (
  | { layout: typeof WHOLE_PICTURE_LAYOUT }
  | { layout: typeof AUTO_LAYOUT; path: CropKeyframe[] }
  | { layout: PanelLayout; panels: PanelFocus[] }
  | { layout: typeof FACE_CAM_LAYOUT | typeof SCREEN_LAYOUT; faceCam: Rect }
) & {
  /** why, in words for the clip's metadata */
  reason: string;
  /** share of the clip's samples with a face on screen (brief losses bridged), when faces were analysed */
  faceShare?: number;
};

const PEOPLE: Record<PanelLayout, number> = { split_screen: 2, grid_3: 3, grid_4: 4 };
/** A face missing for at most this long between two sightings is still on screen (the camera holds). */
export const BRIEF_LOSS_S = 2;
/** Face tracking needs a face on screen for this share of the clip, or of the time words are spoken. */
export const MIN_FACE_SHARE = 0.5;
/** Faces smaller than this share of the frame height are background. */
const MIN_FACE_HEIGHT = 0.06;
/** A face at least this share of the largest one's height is a second subject, not a bystander. */
const COMPARABLE_HEIGHT = 0.8;
/** With three or more people and the most frequent one in fewer face samples than this, it is a crowd. */
const CROWD_DOMINANT_SHARE = 0.4;

const pct = (x: number) => `${Math.round(100 * x)} %`;

/** Pure: per sample, whether a face is on screen, with losses up to BRIEF_LOSS_S bridged. */
export function faceOnScreen(samples: FaceEvidence["samples"], frame?: { height: number }): boolean[] {
  const minH = frame ? MIN_FACE_HEIGHT * frame.height : 0;
  const seen = samples.map((s) => s.faces.some((f) => f.h >= minH));
  const t = samples.map((s, i) => s.t ?? i);
  const out = [...seen];
  let last = -1;
  for (let i = 0; i < seen.length; i++) {
    if (!seen[i]) continue;
    if (last >= 0 && i - last > 1 && t[i]! - t[last]! <= BRIEF_LOSS_S + 1e-9) for (let k = last + 1; k < i; k++) out[k] = true;
    last = i;
  }
  return out;
}

const speakingAt = (speech: readonly { start: number; end: number }[], t: number) => speech.some((w) => t >= w.start - 0.25 && t <= w.end + 0.25);

export function autoLayout(o: LayoutInput): AutoLayout {
  if (!o.hasSpeech) return { layout: WHOLE_PICTURE_LAYOUT, reason: "No speech in the clip: the whole frame is kept." };
  const f = o.faces;
  if (!f || f.samples.length === 0) return { layout: WHOLE_PICTURE_LAYOUT, reason: "No face was analysed: the whole frame is kept." };
  const onScreen = faceOnScreen(f.samples, f.frame);
  const share = onScreen.filter(Boolean).length / onScreen.length;
  const spoken = f.samples.map((s, i) => (s.t !== undefined && o.speech?.length ? speakingAt(o.speech, s.t) : false));
  const speechSamples = spoken.filter(Boolean).length;
  const speechShare = speechSamples > 0 ? onScreen.filter((v, i) => v && spoken[i]).length / speechSamples : share;
  const faceShare = Math.max(share, speechShare);
  const seen = `a face is on screen for ${pct(share)} of the clip${speechSamples ? ` and ${pct(speechShare)} of its speech` : ""}`;

  if (f.layout === SCREEN_LAYOUT && f.screenCam) return { layout: SCREEN_LAYOUT, faceCam: f.screenCam, faceShare, reason: `A screen recording with a face camera: a small face stays in a corner while the rest of the picture is still (text, slides, an app); ${seen}.` };
  if (f.layout === FACE_CAM_LAYOUT && f.faceCam) return { layout: FACE_CAM_LAYOUT, faceCam: f.faceCam, faceShare, reason: `A small face cam stays in a corner over changing picture: ${seen}.` };
  if (isPanelLayout(f.layout)) {
    const n = PEOPLE[f.layout];
    const comparable = comparableShare(f.samples, n);
    const panels = panelCentres(f.samples, n);
    if (panels.length === n && (comparable >= 0.5 || (f.speakers ?? 0) >= 2)) {
      const why = (f.speakers ?? 0) >= 2 ? `${f.speakers} people speak` : `${n} people of similar size are in frame together for ${pct(comparable)} of the clip`;
      return { layout: f.layout, panels, faceShare, reason: `${why.charAt(0).toUpperCase()}${why.slice(1)}.` };
    }
  }
  const crowd = (f.people ?? 0) >= 3 && (f.dominantShare ?? 1) < CROWD_DOMINANT_SHARE;
  if (crowd) return { layout: WHOLE_PICTURE_LAYOUT, faceShare, reason: `${f.people} different people pass through the frame and none is on screen most of the time: the whole frame is kept.` };
  if (f.path && faceShare >= MIN_FACE_SHARE) return { layout: AUTO_LAYOUT, path: f.path, faceShare, reason: `One subject to follow: ${seen} (gaps up to ${BRIEF_LOSS_S} s bridged).` };
  return { layout: WHOLE_PICTURE_LAYOUT, faceShare, reason: `Only ${seen}: the whole frame is kept.` };
}

/** Two people are side by side in a clip when at least this share of its samples with faces shows both, of similar size. */
export const PAIR_MIN_SHARE = 0.25;

/**
 * Pure: where two people sit when the clip shows them side by side (PAIR_MIN_SHARE of the samples
 * with faces show two faces of similar size, neither a background face), left to right; null
 * otherwise. A crop between them shows neither: this is what a split screen frames instead.
 */
export function sideBySide(samples: FaceEvidence["samples"], frame?: { height: number }): PanelFocus[] | null {
  const minH = frame ? MIN_FACE_HEIGHT * frame.height : 0;
  const big = samples.map((s) => ({ ...s, faces: s.faces.filter((f) => f.h >= minH) }));
  if (comparableShare(big, 2) < PAIR_MIN_SHARE) return null;
  const centres = panelCentres(big, 2);
  return centres.length === 2 ? centres : null;
}

/** Share of samples with faces in which the n largest faces are of similar size (not a subject and bystanders). */
function comparableShare(samples: FaceEvidence["samples"], n: number): number {
  let withFaces = 0;
  let ok = 0;
  for (const s of samples) {
    if (s.faces.length === 0) continue;
    withFaces++;
    const hs = s.faces.map((x) => x.h).sort((a, b) => b - a);
    if (hs.length >= n && hs[n - 1]! >= COMPARABLE_HEIGHT * hs[0]!) ok++;
  }
  return withFaces > 0 ? ok / withFaces : 0;
}

/**
 * Where the n people sit: over the samples that show at least n faces, take the n largest faces,
 * order them left to right, and average each position's centre. Panels are returned left to right.
 */
export function panelCentres(samples: FaceEvidence["samples"], n: number): PanelFocus[] {
  const sums = Array.from({ length: n }, () => ({ x: 0, y: 0, k: 0 }));
  for (const s of samples) {
    if (s.faces.length < n) continue;
    const people = [...s.faces].sort((a, b) => b.w * b.h - a.w * a.h).slice(0, n).sort((a, b) => a.x + a.w / 2 - (b.x + b.w / 2));
    people.forEach((f, i) => {
      sums[i].x += f.x + f.w / 2;
      sums[i].y += f.y + f.h / 2;
      sums[i].k++;
    });
  }
  if (sums[0].k === 0) return [];
  return sums.map((s) => ({ x: Math.round(s.x / s.k), y: Math.round(s.y / s.k) }));
}
