// What a rendered clip shows while its hook title card is up (issue 41: the title card, the captions
// and the face never cover each other): the card's box as drawn (found in the frame's pixels) and
// the faces the project's quality face detector finds on the frame during the card and on the
// clip's first frame, before the card fades in. Read from the file only, not from the plan.
import { HOOK_TITLE_S } from "@katto/protocol";
import { qualityFaceDetector } from "../../src/quality/measure-clip.js";
import { rgbFrames } from "./media.js";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A moment well inside the card: faded in (120 ms), not yet fading out (the last 200 ms). */
export const DURING_TITLE_S = 1.2;

/** A pixel within this RGB distance of the accent colour is the card's box (the encode's chroma subsampling shifts it a little). */
const NEAR = 70;

/**
 * The title card's box on an RGB frame: the bounding box of the runs of accent-coloured pixels at
 * least `minRun` long across. The card is an opaque box in the accent colour, its padding solid
 * rows; a caption's key word in the same colour is letters, whose strokes make no run that long.
 */
export function accentBox(rgb: Uint8Array, width: number, height: number, accent: string, minRun: number): Box | null {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(accent.slice(i, i + 2), 16));
  const near = (p: number) => Math.abs(rgb[p]! - r!) + Math.abs(rgb[p + 1]! - g!) + Math.abs(rgb[p + 2]! - b!) <= NEAR;
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let y = 0; y < height; y++) {
    let run = 0;
    for (let x = 0; x <= width; x++) {
      if (x < width && near((y * width + x) * 3)) {
        run++;
        continue;
      }
      if (run >= minRun) Object.assign(box, { x0: Math.min(box.x0, x - run), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x), y1: y + 1 });
      run = 0;
    }
  }
  return box.x1 > box.x0 ? { x: box.x0, y: box.y0, w: box.x1 - box.x0, h: box.y1 - box.y0 } : null;
}

/** The area two boxes share, px². */
export const sharedArea = (a: Box, b: Box) => Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/**
 * The title card's box on the frame at DURING_TITLE_S and the faces found there and on the first
 * frame (the card is not yet faded in there: a face the card hides is still found).
 */
export async function titleAndFaces(file: string, size: { width: number; height: number }, accent: string): Promise<{ title: Box | null; faces: Box[] }> {
  const [first, during] = rgbFrames(file, [0, Math.min(DURING_TITLE_S, HOOK_TITLE_S / 2)], size.width, size.height);
  const detector = await qualityFaceDetector();
  const faces: Box[] = [];
  for (const rgb of [first!, during!]) if (rgb.length) faces.push(...(await detector.detect({ ...size, rgb })));
  const minRun = Math.round(0.1 * Math.min(size.width, size.height));
  return { title: during!.length ? accentBox(during!, size.width, size.height, accent, minRun) : null, faces };
}
