// The layout a clip gets when nothing better is known: kept whole when the source is about the
// clip's shape or narrower, else cropped (around a face path when one exists). A framing decision,
// so it sits with the framing code; the renderer, the planner, the fixes and re-renders call it.
import { AUTO_LAYOUT, aspectRatio, FALLBACK_LAYOUT, isCropLayout, WHOLE_PICTURE_LAYOUT, type Aspect } from "@katto/protocol";
import { LAYOUTS, type Layout } from "../ffmpeg/args.js";

/** A picture within this share of the shape's width to height fills the frame kept whole (the pad is a line or two). */
const FITS_SHAPE = 0.03;

/**
 * Layout when the job does not name one: sources about the clip's shape or narrower (for 9:16, 3:4
 * or narrower: at most 4/3 of the shape's width to height) are kept whole; wider ones are cropped
 * around the subject (a face path when one exists, else the centre). A requested layout is kept,
 * except that a crop of a source already about the clip's shape is passthrough.
 *
 * `insideBars`: `video` is the picture inside the source's own black bars (framing/bars.ts). Kept
 * whole, a picture of another shape is padded with black to the frame: the source's bars again
 * (issue 41: a 16:9 job on a pillarboxed 4:3 recording delivered every clip passthrough, bars
 * inside). So such a picture is framed inside the bars, in every shape as in 9:16: cropped to the
 * shape, or shown whole over a blur of itself when the request is to keep it whole.
 */
export function chooseLayout(video: { width: number; height: number }, requested: Layout | null | undefined, hasFacePath: boolean, aspect: Aspect, insideBars: boolean): Layout {
  const ratio = video.width / video.height;
  const shape = aspectRatio(aspect);
  // kept whole, the picture would show bars: the source's own, drawn again as padding
  const barsAgain = insideBars && Math.abs(ratio / shape - 1) > FITS_SHAPE;
  const portrait = ratio <= (shape * 4) / 3 + 1e-9 && !barsAgain;
  const crop = hasFacePath ? AUTO_LAYOUT : FALLBACK_LAYOUT;
  if (requested && LAYOUTS.includes(requested)) {
    // cropping a source that is already vertical gains nothing
    if (portrait && isCropLayout(requested)) return "passthrough";
    if (requested === "passthrough" && barsAgain) return WHOLE_PICTURE_LAYOUT;
    return requested;
  }
  return portrait ? "passthrough" : crop;
}
