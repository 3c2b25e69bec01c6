// Pure: fit a frame into the square model input without distortion (letterbox), resample it, and
// map model coordinates back to frame pixels. BlazeFace was trained on undistorted faces, so a
// 16:9 frame is scaled to fit and padded top and bottom, as MediaPipe's ImageToTensor does.
import type { RgbFrame } from "./types.js";

export interface Letterbox {
  /** model-input pixels per frame pixel */
  scale: number;
  /** model-input pixels of padding left and top */
  padX: number;
  padY: number;
  size: number;
}

export function letterbox(frameW: number, frameH: number, size: number): Letterbox {
  const scale = size / Math.max(frameW, frameH);
  return { scale, padX: (size - frameW * scale) / 2, padY: (size - frameH * scale) / 2, size };
}

/** Normalised model coordinates (0..1 of the input) -> frame pixels. */
export function toFramePoint(lb: Letterbox, nx: number, ny: number): { x: number; y: number } {
  return { x: (nx * lb.size - lb.padX) / lb.scale, y: (ny * lb.size - lb.padY) / lb.scale };
}

/**
 * Fill an NHWC float tensor (size × size × 3) with the letterboxed frame, values mapped from
 * 0..255 to [-1, 1] and padding black (-1). Downscaling averages the source pixels each input pixel
 * covers (box filter), which avoids the aliasing of point or bilinear sampling at 2.5:1.
 */
export function fillInput(frame: RgbFrame, lb: Letterbox, out: Float32Array): Float32Array {
  const { width: fw, height: fh, rgb } = frame;
  const { size, scale, padX, padY } = lb;
  out.fill(-1);
  const inv = 1 / scale;
  const x0 = Math.max(0, Math.floor(padX));
  const x1 = Math.min(size, Math.ceil(padX + fw * scale));
  const y0 = Math.max(0, Math.floor(padY));
  const y1 = Math.min(size, Math.ceil(padY + fh * scale));
  // source column span of each output column, computed once
  const colA = new Int32Array(size);
  const colB = new Int32Array(size);
  for (let ox = x0; ox < x1; ox++) {
    colA[ox] = Math.max(0, Math.min(fw - 1, Math.floor((ox - padX) * inv)));
    colB[ox] = Math.max(colA[ox] + 1, Math.min(fw, Math.ceil((ox + 1 - padX) * inv)));
  }
  for (let oy = y0; oy < y1; oy++) {
    const sy0 = Math.max(0, Math.min(fh - 1, Math.floor((oy - padY) * inv)));
    const sy1 = Math.max(sy0 + 1, Math.min(fh, Math.ceil((oy + 1 - padY) * inv)));
    for (let ox = x0; ox < x1; ox++) {
      const sx0 = colA[ox];
      const sx1 = colB[ox];
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        let p = (sy * fw + sx0) * 3;
        for (let sx = sx0; sx < sx1; sx++, p += 3) {
          r += rgb[p];
          g += rgb[p + 1];
          b += rgb[p + 2];
        }
      }
      const k = 2 / (255 * (sy1 - sy0) * (sx1 - sx0));
      const o = (oy * size + ox) * 3;
      out[o] = r * k - 1;
      out[o + 1] = g * k - 1;
      out[o + 2] = b * k - 1;
    }
  }
  return out;
}
