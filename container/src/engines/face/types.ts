// Face detection engines sit behind this interface (docs/STYLE: one file per engine, chosen by
// configuration), so stages never know which model found the faces.

export interface Point {
  x: number;
  y: number;
}

/** One face: box in pixels of the frame it was found in (top-left origin), confidence 0..1. */
export interface Face {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
  /** BlazeFace: right eye, left eye, nose tip, mouth, right ear, left ear (subject's right/left) */
  landmarks?: Point[];
}

/** An RGB24 frame: width * height * 3 bytes, rows top to bottom. */
export interface RgbFrame {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export interface FaceDetector {
  name: string;
  detect(frame: RgbFrame): Promise<Face[]>;
  /**
   * The longest side, in pixels, of the picture the model looks at (a frame is scaled to fit it
   * first): frames are sampled at this size, not larger, since the detector would throw the
   * extra pixels away. Absent: the sampler's own default.
   */
  readonly inputSize?: number;
}
