// Pure: the layout the backend picks for a clip on the first render when the job did not ask for
// one (docs/face-tracking.md "Automatic layout on the first render"): wide for footage without speech or without a face, face tracking for
// one speaker, split screen for two people in frame, grids for three or four, stacked (face cam
// on top, gameplay below) for a small face cam in a corner over changing gameplay. Sources that are
// already vertical are kept whole (passthrough) before this is asked.
import type { CropKeyframe } from "./crop-path.js";
import type { PanelFocus, Rect } from "./panels.js";
import type { SuggestedLayout } from "./layout-summary.js";

export interface FaceEvidence {
  /** camera path for one subject, null when no face was followed */
  path: CropKeyframe[] | null;
  /** what the face summary suggests (layout-summary.ts suggestLayout) */
  layout: SuggestedLayout;
  samples: { faces: { x: number; y: number; w: number; h: number }[] }[];
  /** the face-cam rectangle (source pixels) when the layout is stacked (face-cam.ts detectFaceCam) */
  faceCam?: Rect | null;
}

export type AutoLayout =
  | { layout: "wide" }
  | { layout: "face_tracking"; path: CropKeyframe[] }
  | { layout: "split_screen" | "grid_3" | "grid_4"; panels: PanelFocus[] }
  | { layout: "stacked"; faceCam: Rect };

const PEOPLE: Record<"split_screen" | "grid_3" | "grid_4", number> = { split_screen: 2, grid_3: 3, grid_4: 4 };

export function autoLayout(o: { hasSpeech: boolean; faces: FaceEvidence | null }): AutoLayout {
  if (!o.hasSpeech || !o.faces || o.faces.layout === "wide") return { layout: "wide" };
  const f = o.faces;
  if (f.layout === "stacked" && f.faceCam) return { layout: "stacked", faceCam: f.faceCam };
  if (f.layout === "split_screen" || f.layout === "grid_3" || f.layout === "grid_4") {
    const panels = panelCentres(f.samples, PEOPLE[f.layout]);
    if (panels.length === PEOPLE[f.layout]) return { layout: f.layout, panels };
  }
  return f.path ? { layout: "face_tracking", path: f.path } : { layout: "wide" };
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
