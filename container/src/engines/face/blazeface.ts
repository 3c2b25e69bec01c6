// Face detection with MediaPipe BlazeFace (back-camera, 256 × 256) on onnxruntime-node's CPU
// backend. The model file ships in container/models/blazeface (see its README for provenance).
// One InferenceSession per model path for the life of the process: loading takes ~100 ms, a
// detection on a 640 px frame a few ms.
import { existsSync } from "node:fs";
import path from "node:path";
import type { InferenceSession } from "onnxruntime-node";
import { packageDir } from "../../runtime/package-dir.js";
import { anchorCounts, anchorLayers, generateAnchors } from "./anchors.js";
import { decodeHead, weightedNms, type RawDetection } from "./decode.js";
import { fillInput, letterbox, toFramePoint } from "./letterbox.js";
import type { Face, FaceDetector, RgbFrame } from "./types.js";

export const BLAZEFACE_MODEL_PATH = path.join(packageDir(), "models/blazeface/face_detection_back_256x256_barracuda.onnx");

/**
 * The model file faces will be found with: the configured one (KATTO_BLAZEFACE_MODEL), else the
 * bundled one. Throws at once (call it at startup) when the file is missing, rather than at a
 * job's first face analysis.
 */
export function checkFaceModel(configured?: string): string {
  const modelPath = configured ?? BLAZEFACE_MODEL_PATH;
  if (!existsSync(modelPath)) throw new Error(`${configured ? `KATTO_BLAZEFACE_MODEL=${configured}` : `the bundled face model ${modelPath}`}: no such file`);
  return modelPath;
}

export interface BlazeFaceOptions {
  /** ONNX file; default the bundled back-camera model, or KATTO_BLAZEFACE_MODEL */
  modelPath?: string;
  /** minimum confidence; MediaPipe's back model uses 0.5. We use 0.6: fewer false faces in crowds */
  minScore?: number;
  /** weighted-NMS overlap (MediaPipe: 0.3) */
  iouThreshold?: number;
  /** ignore faces whose box is narrower than this many frame pixels */
  minFacePx?: number;
}

const INPUT = 256;
const STRIDES = [16, 32, 32, 32]; // MediaPipe face_detection_back_desktop_live.pbtxt
const LAYERS = anchorLayers(INPUT, STRIDES);
const ANCHORS = generateAnchors(LAYERS);
const COUNTS = anchorCounts(LAYERS);

const sessions = new Map<string, Promise<InferenceSession>>();

async function loadSession(modelPath: string): Promise<InferenceSession> {
  let s = sessions.get(modelPath);
  if (!s) {
    s = (async () => {
      const ort = await import("onnxruntime-node");
      // One intra-op thread: the box has two cores and ffmpeg is decoding on the other.
      // logSeverityLevel 3: the converted model makes ORT warn about unused initialisers.
      return ort.InferenceSession.create(modelPath, { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 3 });
    })();
    sessions.set(modelPath, s);
    s.catch(() => sessions.delete(modelPath));
  }
  return s;
}

export class BlazeFaceDetector implements FaceDetector {
  readonly name = "blazeface-back-256";
  readonly inputSize = INPUT;
  private readonly input = new Float32Array(INPUT * INPUT * 3);
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly session: InferenceSession,
    private readonly ort: typeof import("onnxruntime-node"),
    private readonly opts: Required<Omit<BlazeFaceOptions, "modelPath">>,
  ) {}

  static async create(options: BlazeFaceOptions = {}): Promise<BlazeFaceDetector> {
    const modelPath = options.modelPath ?? BLAZEFACE_MODEL_PATH;
    const session = await loadSession(modelPath);
    const ort = await import("onnxruntime-node");
    const missing = ["input:0", "Identity:0", "Identity_1:0", "Identity_2:0", "Identity_3:0"].filter(
      (n) => !session.inputNames.includes(n) && !session.outputNames.includes(n),
    );
    if (missing.length > 0) throw new Error(`${modelPath} is not the BlazeFace model expected (missing ${missing.join(", ")})`);
    return new BlazeFaceDetector(session, ort, {
      minScore: options.minScore ?? 0.6,
      iouThreshold: options.iouThreshold ?? 0.3,
      minFacePx: options.minFacePx ?? 0,
    });
  }

  /** Detections are serialised: the input buffer is reused between calls. */
  detect(frame: RgbFrame): Promise<Face[]> {
    const run = this.queue.then(() => this.run(frame));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(frame: RgbFrame): Promise<Face[]> {
    if (frame.rgb.length < frame.width * frame.height * 3) throw new Error("frame buffer is smaller than width * height * 3");
    const lb = letterbox(frame.width, frame.height, INPUT);
    fillInput(frame, lb, this.input);
    const feeds = { "input:0": new this.ort.Tensor("float32", this.input, [1, INPUT, INPUT, 3]) };
    const out = await this.session.run(feeds);
    const raw: RawDetection[] = [];
    decodeHead(out["Identity:0"].data as Float32Array, out["Identity_2:0"].data as Float32Array, ANCHORS, 0, INPUT, this.opts.minScore, raw);
    decodeHead(out["Identity_1:0"].data as Float32Array, out["Identity_3:0"].data as Float32Array, ANCHORS, COUNTS[0], INPUT, this.opts.minScore, raw);
    return weightedNms(raw, this.opts.iouThreshold)
      .map((d) => toFace(d, lb, frame.width, frame.height))
      .filter((f): f is Face => f !== null && f.w >= this.opts.minFacePx);
  }
}

/** Model detection -> frame pixels, clipped to the frame; null when it lies in the padding. */
function toFace(d: RawDetection, lb: ReturnType<typeof letterbox>, fw: number, fh: number): Face | null {
  const tl = toFramePoint(lb, d.cx - d.w / 2, d.cy - d.h / 2);
  const br = toFramePoint(lb, d.cx + d.w / 2, d.cy + d.h / 2);
  const x0 = Math.max(0, tl.x);
  const y0 = Math.max(0, tl.y);
  const x1 = Math.min(fw, br.x);
  const y1 = Math.min(fh, br.y);
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  return {
    x: x0,
    y: y0,
    w: x1 - x0,
    h: y1 - y0,
    score: d.score,
    landmarks: d.keypoints.map((k) => toFramePoint(lb, k.x, k.y)),
  };
}

export const createBlazeFace = (options?: BlazeFaceOptions): Promise<BlazeFaceDetector> => BlazeFaceDetector.create(options);
