// The automatic layout of each clip on a job's first render (framing/auto-layout.ts), from speech
// and the faces found over the clip's range. Vertical sources stay passthrough; a fixed layout wins.
import { openingFaces } from "../captions/title-place.js";
import type { ClipPlan } from "./clip-plan.js";
import { faceBoxesPerSecond } from "./zoom-plan.js";
import type { RenderJob } from "../runtime/protocol.js";
import { autoLayout, sideBySide, type FaceEvidence } from "../framing/auto-layout.js";
import { fixedSmallFace } from "../framing/face-cam.js";
import type { Rect } from "../framing/panels.js";
import { AUTO_LAYOUT, HOOK_TITLE_S, isCamLayout, isPanelLayout, WHOLE_PICTURE_LAYOUT } from "@katto/protocol";

/** The analysis this step asks of other modules (face tracking, scene changes), injected with the job's other deps. */
export interface LayoutDeps {
  /** face tracking over a clip's range: a crop path for the window, null when no face; the camera cuts at `sceneCuts`, else at the scene changes it finds in the range */
  analyzeFaces?(o: {
    source: string;
    video: { width: number; height: number };
    start: number;
    end: number;
    window: { w: number; maxX: number };
    signal: AbortSignal;
    sceneCuts?: readonly number[];
    /** when words are spoken in the clip's range (source times), for the active-speaker cue */
    speech?: readonly { start: number; end: number }[];
    /** the picture inside the source's black bars; `video` is then its size */
    content?: Rect | null;
  }): Promise<FaceEvidence>;
}

/**
 * A layout the job fixed: the requested one, else the brand kit's default unless that default is
 * face tracking (which means "follow the people", so the automatic choice applies).
 */
export function fixedLayout(config: RenderJob["config"]): string | null {
  const kit = config.brandKit?.default_layout;
  return kit && kit !== AUTO_LAYOUT ? kit : null;
}

/** Sets each plan's layout (and its crop path, face cam or panels) unless the layout is fixed. */
export async function chooseLayouts(
  plans: ClipPlan[],
  deps: LayoutDeps,
  o: {
    source: string;
    video: { width: number; height: number };
    content: Rect | null;
    signal: AbortSignal;
    sceneCuts?: readonly number[];
    hasSpeech: boolean;
    /** transcript words (source times): speech intervals for the active-speaker cue */
    words?: readonly { start: number; end: number }[];
    fixed: string | null;
  },
): Promise<void> {
  if (o.fixed) {
    if (isCamLayout(o.fixed)) await findFaceCams(plans, deps, o);
    else for (const p of plans) await measureOpeningFaces(p, deps, o);
    return;
  }
  for (const p of plans) {
    if (!p.cropWindow) {
      // passthrough: the picture already has the clip's shape, nothing to frame; a hook title still needs its faces
      await measureOpeningFaces(p, deps, o);
      continue;
    }
    let faces: FaceEvidence | null = null;
    const speech = (o.words ?? []).filter((w) => w.end > p.start && w.start < p.end).map((w) => ({ start: w.start, end: w.end }));
    if (o.hasSpeech && deps.analyzeFaces) {
      // hard cuts only at scene changes: the source-wide list exists only for speechless sources; else the face analysis finds the range's own
      faces = await deps.analyzeFaces({ source: o.source, video: o.video, content: o.content, start: p.start, end: p.end, window: p.cropWindow, signal: o.signal, sceneCuts: o.sceneCuts, speech });
    }
    const choice = autoLayout({ hasSpeech: o.hasSpeech, faces, speech });
    p.openingFaces = faces ? openingFaces(faces.samples, p.start) : null;
    p.faceBoxes = faces ? faceBoxesPerSecond(faces.samples, p.start, p.end) : null;
    p.pair = faces ? sideBySide(faces.samples, faces.frame) : null;
    p.layout = choice.layout;
    p.layoutReason = choice.reason;
    if (choice.layout === AUTO_LAYOUT) p.cropPath = choice.path;
    else if (choice.layout === WHOLE_PICTURE_LAYOUT) (p.cropPath = null), (p.cropWindow = null);
    else if ("faceCam" in choice) (p.faceCam = choice.faceCam), (p.cropPath = null), (p.cropWindow = null);
    else (p.panels = choice.panels), (p.cropPath = null), (p.cropWindow = null);
  }
}

/** No camera path is planned from these analyses (a title's faces, a face cam): their scene changes are not looked for. */
const NO_CUTS: readonly number[] = [];

/**
 * The faces over the first seconds of a clip that shows a hook title but runs no face analysis
 * (kept whole, or a fixed layout): the title card is placed off them (captions/title-place.ts;
 * without them the upper middle of the picture is assumed, and on a 16:9 talking head kept whole
 * the card met the face). Only the title's seconds are sampled; panel and cam layouts place the
 * card off their own cells.
 */
async function measureOpeningFaces(p: ClipPlan, deps: LayoutDeps, o: { source: string; video: { width: number; height: number }; content: Rect | null; signal: AbortSignal }): Promise<void> {
  if (!deps.analyzeFaces || p.clipStyle.hook_title !== true || isPanelLayout(p.layout) || isCamLayout(p.layout)) return;
  const window = p.cropWindow ?? { w: o.video.width, maxX: 0 };
  const faces = await deps.analyzeFaces({ source: o.source, video: o.video, content: o.content, start: p.start, end: Math.min(p.end, p.start + HOOK_TITLE_S + 0.5), window, signal: o.signal, sceneCuts: NO_CUTS });
  p.openingFaces = openingFaces(faces.samples, p.start);
}

/**
 * A face-cam layout asked for (stacked, screen): the cam is still found in each clip's range (a
 * small face that stays put, framing/face-cam.ts fixedSmallFace, whatever moves around it), so
 * the camera panel shows the speaker's own corner; without one the renderer assumes the top-right
 * third of the source.
 */
async function findFaceCams(plans: ClipPlan[], deps: LayoutDeps, o: { source: string; video: { width: number; height: number }; content: Rect | null; signal: AbortSignal }): Promise<void> {
  if (!deps.analyzeFaces) return;
  for (const p of plans) {
    // a cam layout crops nothing, so the plan has no crop window: the faces are sampled over the
    // whole picture (skipping it left every requested cam layout on the assumed top-right third,
    // the camera panel showing the screen: issue 41's matrix, a 16:9 clip by hand in the screen layout)
    const window = p.cropWindow ?? { w: o.video.width, maxX: 0 };
    const faces = await deps.analyzeFaces({ source: o.source, video: o.video, content: o.content, start: p.start, end: p.end, window, signal: o.signal, sceneCuts: NO_CUTS });
    p.faceCam = fixedSmallFace(faces.samples, faces.frame ?? o.video)?.rect ?? null;
    p.faceBoxes = faceBoxesPerSecond(faces.samples, p.start, p.end);
  }
}
