import { describe, expect, it } from "vitest";
import { anchorCounts, anchorLayers, generateAnchors } from "../../src/engines/face/anchors.js";
import { decodeHead, iou, sigmoid, weightedNms, type RawDetection } from "../../src/engines/face/decode.js";
import { fillInput, letterbox, toFramePoint } from "../../src/engines/face/letterbox.js";
import { chunkFramesFor, detectorWidth, RawFrameParser, sampleChunks, sampleFrameArgs, samplingSize, scaleFace } from "../../src/framing/faces.js";

describe("anchors", () => {
  it("merge equal strides like MediaPipe: 256 input, strides 16,32,32,32 -> 512 + 384", () => {
    const layers = anchorLayers(256, [16, 32, 32, 32]);
    expect(layers).toEqual([
      { grid: 16, anchorsPerCell: 2 },
      { grid: 8, anchorsPerCell: 6 },
    ]);
    expect(anchorCounts(layers)).toEqual([512, 384]);
  });
  it("front model: 128 input, strides 8,16,16,16 -> the same 896", () => {
    expect(anchorCounts(anchorLayers(128, [8, 16, 16, 16]))).toEqual([512, 384]);
  });
  it("centres are cell centres, row-major, repeated per anchor", () => {
    const a = generateAnchors(anchorLayers(256, [16, 32, 32, 32]));
    expect(a.length).toBe(896 * 2);
    expect([a[0], a[1], a[2], a[3]]).toEqual([0.5 / 16, 0.5 / 16, 0.5 / 16, 0.5 / 16]);
    expect([a[4], a[5]]).toEqual([1.5 / 16, 0.5 / 16]); // next cell to the right
    expect([a[2 * 32], a[2 * 32 + 1]]).toEqual([0.5 / 16, 1.5 / 16]); // next row
    expect([a[2 * 512], a[2 * 512 + 1]]).toEqual([0.5 / 8, 0.5 / 8]); // second head
    expect([a[2 * 895], a[2 * 895 + 1]]).toEqual([7.5 / 8, 7.5 / 8]);
  });
});

describe("decode", () => {
  const anchors = new Float32Array([0.25, 0.25, 0.75, 0.5]);
  it("sigmoid clips extreme logits", () => {
    expect(sigmoid(0)).toBe(0.5);
    expect(sigmoid(1e6)).toBe(1);
    expect(sigmoid(-1e6)).toBeGreaterThanOrEqual(0);
  });
  it("keeps anchors above the score, offsets and sizes in input pixels / input size", () => {
    const logits = [3, -3];
    const reg = new Float32Array(32);
    reg.set([12.8, -25.6, 64, 128, 0, 0, 12.8, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0);
    const out = decodeHead(logits, reg, anchors, 0, 256, 0.5);
    expect(out).toHaveLength(1);
    const d = out[0];
    expect(d.score).toBeCloseTo(sigmoid(3));
    expect(d.cx).toBeCloseTo(0.3);
    expect(d.cy).toBeCloseTo(0.15);
    expect(d.w).toBeCloseTo(0.25);
    expect(d.h).toBeCloseTo(0.5);
    expect(d.keypoints[0]).toEqual({ x: 0.25, y: 0.25 });
    expect(d.keypoints[1].x).toBeCloseTo(0.3);
  });
  it("uses the anchor offset of the second head", () => {
    const reg = new Float32Array(16);
    reg[2] = reg[3] = 25.6;
    const [d] = decodeHead([5], reg, anchors, 1, 256, 0.5);
    expect([d.cx, d.cy]).toEqual([0.75, 0.5]);
  });
  it("drops boxes with no size", () => {
    expect(decodeHead([5], new Float32Array(16), anchors, 0, 256, 0.5)).toEqual([]);
  });
});

const det = (cx: number, cy: number, w: number, score: number): RawDetection => ({ cx, cy, w, h: w, score, keypoints: [{ x: cx, y: cy }] });

describe("weighted NMS", () => {
  it("iou of identical, disjoint and half-overlapping boxes", () => {
    expect(iou(det(0.5, 0.5, 0.2, 1), det(0.5, 0.5, 0.2, 1))).toBeCloseTo(1);
    expect(iou(det(0.2, 0.2, 0.1, 1), det(0.8, 0.8, 0.1, 1))).toBe(0);
    expect(iou(det(0.5, 0.5, 0.2, 1), det(0.6, 0.5, 0.2, 1))).toBeCloseTo(1 / 3);
  });
  it("merges overlapping detections into their score-weighted mean, keeps the best score", () => {
    const out = weightedNms([det(0.5, 0.5, 0.2, 0.9), det(0.52, 0.5, 0.2, 0.6), det(0.1, 0.1, 0.05, 0.7)]);
    expect(out).toHaveLength(2);
    expect(out[0].score).toBe(0.9);
    expect(out[0].cx).toBeCloseTo((0.5 * 0.9 + 0.52 * 0.6) / 1.5);
    expect(out[0].keypoints[0].x).toBeCloseTo(out[0].cx);
    expect(out[1].cx).toBeCloseTo(0.1);
  });
  it("keeps neighbours below the overlap threshold apart", () => {
    expect(weightedNms([det(0.3, 0.5, 0.2, 0.9), det(0.48, 0.5, 0.2, 0.8)], 0.3)).toHaveLength(2);
  });
});

describe("letterbox", () => {
  it("fits a 16:9 frame by width and pads top and bottom", () => {
    const lb = letterbox(640, 360, 256);
    expect(lb.scale).toBeCloseTo(0.4);
    expect(lb.padX).toBe(0);
    expect(lb.padY).toBeCloseTo(56);
    expect(toFramePoint(lb, 0, 56 / 256)).toEqual({ x: 0, y: 0 });
    const p = toFramePoint(lb, 1, 1 - 56 / 256);
    expect(p.x).toBeCloseTo(640);
    expect(p.y).toBeCloseTo(360);
  });
  it("fits a portrait frame by height and pads left and right", () => {
    const lb = letterbox(480, 640, 256);
    expect(lb.padX).toBeCloseTo(32);
    expect(lb.padY).toBe(0);
  });
  it("fills [-1, 1], black padding, and averages the covered pixels", () => {
    const w = 8;
    const h = 4;
    const rgb = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rgb.set(x < 4 ? [255, 255, 255] : [0, 0, 0], (y * w + x) * 3);
    const lb = letterbox(w, h, 4); // scale 0.5: 4 x 2 image, pad 1 row top and bottom
    const out = fillInput({ width: w, height: h, rgb }, lb, new Float32Array(4 * 4 * 3));
    const px = (x: number, y: number) => out[(y * 4 + x) * 3];
    expect(px(0, 0)).toBe(-1); // padding
    expect(px(0, 1)).toBeCloseTo(1); // white
    expect(px(3, 2)).toBeCloseTo(-1); // black
    expect(px(0, 3)).toBe(-1);
  });
});

describe("frame sampling helpers", () => {
  it("sampling size: at most 640 wide, even, never upscaled", () => {
    expect(samplingSize(1280, 720)).toEqual({ width: 640, height: 360 });
    expect(samplingSize(360, 288)).toEqual({ width: 360, height: 288 });
    expect(samplingSize(1920, 1080, 480)).toEqual({ width: 480, height: 270 });
    expect(samplingSize(641, 481).width % 2).toBe(0);
  });
  it("frames are sampled at the detector's input size on their longer side (BlazeFace: 256), never upscaled", () => {
    expect(samplingSize(1920, 1080, detectorWidth({ width: 1920, height: 1080 }, 256))).toEqual({ width: 256, height: 144 });
    expect(samplingSize(1080, 1920, detectorWidth({ width: 1080, height: 1920 }, 256))).toEqual({ width: 144, height: 256 });
    expect(samplingSize(200, 150, detectorWidth({ width: 200, height: 150 }, 256))).toEqual({ width: 200, height: 150 });
    // a detector that does not say keeps the sampler's default
    expect(detectorWidth({ width: 1920, height: 1080 }, undefined)).toBe(640);
  });
  it("chunks cover the range at fps without overlap", () => {
    const c = sampleChunks(10, 15.1, 4, 8);
    expect(c.map((x) => [x.start, x.first, x.frames])).toEqual([
      [10, 0, 8],
      [12, 8, 8],
      [14, 16, 5],
    ]);
    expect(c[2].duration).toBeCloseTo(1.1);
    expect(sampleChunks(3, 3, 4, 8)).toEqual([]);
  });
  it("frames per ffmpeg run: 32 MiB of raw frames, at least 16", () => {
    expect(chunkFramesFor({ width: 640, height: 360 })).toBe(48);
    expect(chunkFramesFor({ width: 360, height: 288 })).toBe(107);
    expect(chunkFramesFor({ width: 640, height: 1138 })).toBe(16);
  });
  it("ffmpeg args: input seek, fps then scale, raw RGB24", () => {
    const a = sampleFrameArgs({ source: "in.mp4", start: 1.5, duration: 4, fps: 4, width: 640, height: 360, output: "out.rgb" });
    expect(a.slice(a.indexOf("-ss"), a.indexOf("-i") + 2)).toEqual(["-ss", "1.5", "-t", "4", "-i", "in.mp4"]);
    expect(a[a.indexOf("-vf") + 1]).toBe("fps=4,scale=640:360:flags=area");
    expect(a.slice(-5)).toEqual(["-f", "rawvideo", "-pix_fmt", "rgb24", "out.rgb"]);
  });
  it("raw frame parser cuts arbitrary chunks into whole frames", () => {
    const p = new RawFrameParser(6);
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => i);
    const frames = [...p.push(bytes.subarray(0, 4)), ...p.push(bytes.subarray(4, 13)), ...p.push(bytes.subarray(13))];
    expect(frames.map((f) => [...f])).toEqual([
      [0, 1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10, 11],
      [12, 13, 14, 15, 16, 17],
    ]);
    expect(p.pending).toBe(2);
  });
  it("scales faces and landmarks back to source pixels", () => {
    const f = scaleFace({ x: 10, y: 20, w: 30, h: 40, score: 0.9, landmarks: [{ x: 1, y: 2 }] }, 2, 2);
    expect(f).toEqual({ x: 20, y: 40, w: 60, h: 80, score: 0.9, landmarks: [{ x: 2, y: 4 }] });
  });
});
