// The layout a clip gets when nothing better is known: kept whole when the source is about the
// clip's shape or narrower, else cropped (around a face path when one exists). A framing decision,
// so it sits with the framing code; the renderer, the planner, the fixes and re-renders call it.
import { AUTO_LAYOUT, aspectRatio, FALLBACK_LAYOUT, isCropLayout, type Aspect } from "@katto/protocol";
import { LAYOUTS, type Layout } from "../ffmpeg/args.js";

/**
 * Layout when the job does not name one: sources about the clip's shape or narrower (for 9:16, 3:4
 * or narrower: at most 4/3 of the shape's width to height) are kept whole; wider ones are cropped
 * around the subject (a face path when one exists, else the centre). A requested layout is kept,
 * except that a crop of a source already about the clip's shape is passthrough.
 */
export function chooseLayout(video: { width: number; height: number }, requested: Layout | null | undefined, hasFacePath: boolean, aspect: Aspect): Layout {
  const portrait = video.width / video.height <= (aspectRatio(aspect) * 4) / 3 + 1e-9;
  if (requested && LAYOUTS.includes(requested)) {
    // cropping a source that is already vertical gains nothing
    if (portrait && isCropLayout(requested)) return "passthrough";
    return requested;
  }
  if (portrait) return "passthrough";
  return hasFacePath ? AUTO_LAYOUT : FALLBACK_LAYOUT;
}
