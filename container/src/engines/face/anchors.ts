// SSD anchors as MediaPipe generates them for BlazeFace (mediapipe/calculators/tflite/
// ssd_anchors_calculator.cc with fixed_anchor_size: true). Each layer contributes two anchors per
// cell (aspect ratio 1 plus the interpolated scale); consecutive layers with the same stride share
// one grid, so the back model's strides [16, 32, 32, 32] on a 256 input become a 16 × 16 grid with
// 2 anchors per cell (512) and an 8 × 8 grid with 6 per cell (384): 896 in all, the same order as
// the model's outputs (cell rows top to bottom, cells left to right, anchors within a cell).

export interface AnchorLayer {
  /** cells per row and column */
  grid: number;
  anchorsPerCell: number;
}

/** Merge consecutive equal strides into grids (MediaPipe's anchor layout). */
export function anchorLayers(inputSize: number, strides: readonly number[]): AnchorLayer[] {
  const layers: AnchorLayer[] = [];
  let i = 0;
  while (i < strides.length) {
    let j = i;
    while (j < strides.length && strides[j] === strides[i]) j++;
    layers.push({ grid: Math.ceil(inputSize / strides[i]), anchorsPerCell: 2 * (j - i) });
    i = j;
  }
  return layers;
}

/** Anchor centres, normalised to 0..1 of the model input, as [cx0, cy0, cx1, cy1, ...]. */
export function generateAnchors(layers: readonly AnchorLayer[]): Float32Array {
  const n = layers.reduce((s, l) => s + l.grid * l.grid * l.anchorsPerCell, 0);
  const out = new Float32Array(n * 2);
  let k = 0;
  for (const { grid, anchorsPerCell } of layers) {
    for (let y = 0; y < grid; y++) {
      for (let x = 0; x < grid; x++) {
        for (let a = 0; a < anchorsPerCell; a++) {
          out[k++] = (x + 0.5) / grid;
          out[k++] = (y + 0.5) / grid;
        }
      }
    }
  }
  return out;
}

/** Number of anchors per output head, in output order. */
export const anchorCounts = (layers: readonly AnchorLayer[]): number[] => layers.map((l) => l.grid * l.grid * l.anchorsPerCell);
