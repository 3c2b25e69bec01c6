// Face stage: sample frames of a time range with ffmpeg, run a FaceDetector on each, and return the
// faces per sample in SOURCE display pixels (ffmpeg autorotates, so a phone video with a rotation
// matrix comes out upright, matching probe's displayed width/height and the crop path's x).
//
// Frames travel through small temporary files, one ffmpeg run per chunk of a few seconds, rather
// than through ffmpeg's stdout: runProcess (src/ffmpeg/spawn.ts, the one place that spawns) hands
// stdout over as UTF-8 text, which corrupts raw RGB. Chunks keep memory and disk bounded (one chunk
// of 640 px frames is ~11 MB) and let ffmpeg decode chunk k+1 while chunk k is being detected.
// If spawn.ts gains a binary stdout callback, feed RawFrameParser from it instead: nothing else
// changes.
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Face, FaceDetector } from "../engines/face/types.js";
import { toStageError } from "../runtime/errors.js";
import { runProcess } from "../ffmpeg/spawn.js";
import { FACE_GRID, FRAME_GRID, lumaGrid, type Interval } from "./activity.js";
import type { CropKeyframe } from "./crop-path.js";
import { planFaceCrop } from "./face-crop.js";
import { associateFaces } from "./face-identities.js";
import { suggestLayout, summarizeFaces, type FaceSummary, type SuggestedLayout } from "./layout-summary.js";
import type { Rect } from "./panels.js";
import { activeSpeakers } from "./subject-choice.js";

export interface FaceSample {
  /** seconds on the SOURCE timeline */
  t: number;
  /** boxes in source display pixels */
  faces: Face[];
  /** per face: luma fingerprint of its box (framing/activity.ts FACE_GRID), for mouth motion */
  prints?: number[][];
  /** luma of the whole frame on FRAME_GRID, for picture motion outside a face cam */
  grid?: number[];
}

export interface FaceTrack {
  /** source display size the boxes refer to */
  width: number;
  height: number;
  /** samples per second */
  fps: number;
  start: number;
  end: number;
  detector: string;
  samples: FaceSample[];
  /** mean detector time per frame (ms), for logs and the bench */
  detectMs: number;
}

export interface SampleFacesOptions {
  source: string;
  /** displayed size of the source (ProbeResult.video width/height), or of `content` when given */
  video: { width: number; height: number };
  /** the picture inside the source's black bars (framing/bars.ts), displayed pixels: faces are found and reported in it */
  content?: Rect | null;
  start: number;
  end: number;
  detector: FaceDetector;
  signal: AbortSignal;
  /** samples per second (default 4) */
  fps?: number;
  /** width of the analysed frames (default: the detector's input size on the longer side, else 640; never upscaled) */
  frameWidth?: number;
  /** frames per ffmpeg run (default: as many as fit in CHUNK_BYTES, at least 16) */
  chunkFrames?: number;
  onProgress?: (fraction: number) => void;
}

/** Pure: the analysis frame size — at most maxW wide, even, same aspect as the source. */
export function samplingSize(srcW: number, srcH: number, maxW = 640): { width: number; height: number } {
  const width = Math.max(2, 2 * Math.floor(Math.min(srcW, maxW) / 2));
  const height = Math.max(2, 2 * Math.round((width * srcH) / srcW / 2));
  return { width, height };
}

/**
 * Pure: the analysis frame width at which the longer side is the detector's input size (issue 43:
 * BlazeFace letterboxes every frame into 256 x 256, so a 640-wide frame was decoded, copied and
 * averaged down again for nothing); 640 for a detector that does not say.
 */
export function detectorWidth(video: { width: number; height: number }, inputSize: number | undefined): number {
  if (!inputSize) return 640;
  return video.width >= video.height ? inputSize : Math.round((inputSize * video.width) / video.height);
}

/**
 * Pure: ffmpeg arguments writing `count`-ish frames from `start` for `duration` s as raw RGB24;
 * with `crop`, only that rectangle of the displayed frame (the picture inside black bars).
 */
export function sampleFrameArgs(o: { source: string; start: number; duration: number; fps: number; width: number; height: number; output: string; crop?: Rect }): string[] {
  const s = (n: number) => String(Number(n.toFixed(3)));
  const crop = o.crop ? `crop=${o.crop.w}:${o.crop.h}:${o.crop.x}:${o.crop.y},` : "";
  return [
    "-hide_banner", "-nostdin", "-y", "-loglevel", "error",
    // input seeking: fast, and frame-accurate because ffmpeg decodes from the keyframe before
    "-ss", s(o.start), "-t", s(o.duration), "-i", o.source,
    "-map", "0:v:0", "-an", "-sn", "-dn",
    "-vf", `fps=${o.fps},${crop}scale=${o.width}:${o.height}:flags=area`,
    "-f", "rawvideo", "-pix_fmt", "rgb24", o.output,
  ];
}

/** Pure, incremental: cut a byte stream into fixed-size frames. */
export class RawFrameParser {
  private buf: Uint8Array;
  private fill = 0;
  constructor(readonly frameBytes: number) {
    this.buf = new Uint8Array(frameBytes);
  }
  /** Feed bytes; returns the frames completed by them (each a fresh copy). */
  push(chunk: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = [];
    let off = 0;
    while (off < chunk.length) {
      const n = Math.min(this.frameBytes - this.fill, chunk.length - off);
      this.buf.set(chunk.subarray(off, off + n), this.fill);
      this.fill += n;
      off += n;
      if (this.fill === this.frameBytes) {
        frames.push(this.buf);
        this.buf = new Uint8Array(this.frameBytes);
        this.fill = 0;
      }
    }
    return frames;
  }
  /** bytes of an incomplete trailing frame */
  get pending(): number {
    return this.fill;
  }
}

/** Pure: a face found in the analysis frame, in source pixels. */
export function scaleFace(f: Face, sx: number, sy: number): Face {
  return {
    x: f.x * sx,
    y: f.y * sy,
    w: f.w * sx,
    h: f.h * sy,
    score: f.score,
    ...(f.landmarks ? { landmarks: f.landmarks.map((p) => ({ x: p.x * sx, y: p.y * sy })) } : {}),
  };
}

/** A run of sampled frames decoded by one ffmpeg call: its source range, its first sample's index, its frame count. */
interface SampleChunk {
  start: number;
  duration: number;
  first: number;
  frames: number;
}

/**
 * Raw frames one ffmpeg run writes (two such files exist at once: one being detected, the next being
 * decoded). Each run costs a process start (~0.25 s of CPU: ffmpeg loads 215 shared libraries) and a
 * decode from the keyframe before its start; 32 MiB hold 48 frames (12 s at 4 fps) of a 640x360
 * analysis frame, where 16 frames a run took four times the starts. The frames are the same whatever
 * the chunking: a run starts on a sample time and the fps filter picks the same frames after it.
 */
export const CHUNK_BYTES = 32 << 20;

/** Pure: frames per ffmpeg run for an analysis frame size. */
export function chunkFramesFor(size: { width: number; height: number }): number {
  return Math.max(16, Math.floor(CHUNK_BYTES / (size.width * size.height * 3)));
}

/** Pure: the chunks [start, duration, first sample index] covering a range at `fps`. */
export function sampleChunks(start: number, end: number, fps: number, chunkFrames: number): SampleChunk[] {
  const total = Math.max(0, Math.ceil((end - start) * fps - 1e-6));
  const out: SampleChunk[] = [];
  for (let first = 0; first < total; first += chunkFrames) {
    const frames = Math.min(chunkFrames, total - first);
    const s = start + first / fps;
    out.push({ start: s, duration: Math.min(frames / fps, end - s), first, frames });
  }
  return out;
}

export async function sampleFaces(o: SampleFacesOptions): Promise<FaceTrack> {
  const fps = o.fps ?? 4;
  const size = samplingSize(o.video.width, o.video.height, o.frameWidth ?? detectorWidth(o.video, o.detector.inputSize));
  const chunks = sampleChunks(o.start, o.end, fps, o.chunkFrames ?? chunkFramesFor(size));
  const dir = await mkdtemp(path.join(os.tmpdir(), "katto-faces-"));
  const samples: FaceSample[] = [];
  let detectMs = 0;
  let next: Promise<string> | null = null;
  const decode = (i: number) => {
    const c = chunks[i];
    const output = path.join(dir, `chunk-${i}.rgb`);
    const args = sampleFrameArgs({ source: o.source, start: c.start, duration: c.duration, fps, ...size, output, crop: o.content ?? undefined });
    return runProcess("ffmpeg", args, { stage: "faces", signal: o.signal }).then(() => output);
  };
  try {
    next = chunks.length > 0 ? decode(0) : null;
    for (let i = 0; i < chunks.length; i++) {
      const file = await next!;
      next = i + 1 < chunks.length ? decode(i + 1) : null; // decode ahead while detecting
      next?.catch(() => undefined); // surfaced when awaited
      const found = await detectChunk(file, chunks[i]!, o, { fps, ...size });
      samples.push(...found.samples);
      detectMs += found.detectMs;
      await rm(file, { force: true });
      o.onProgress?.((i + 1) / chunks.length);
    }
  } catch (e) {
    if (o.signal.aborted) throw e;
    throw toStageError("faces", e, "face detection failed on the source video");
  } finally {
    await next?.catch(() => undefined); // a decode ahead still writing into dir
    await rm(dir, { recursive: true, force: true });
  }
  return {
    ...o.video,
    fps,
    start: o.start,
    end: o.end,
    detector: o.detector.name,
    samples,
    detectMs: samples.length > 0 ? detectMs / samples.length : 0,
  };
}

/** The samples of one chunk, whose frames ffmpeg decoded to raw RGB in `file`: the faces in each, in source pixels. */
async function detectChunk(file: string, chunk: SampleChunk, o: SampleFacesOptions, size: { fps: number; width: number; height: number }): Promise<{ samples: FaceSample[]; detectMs: number }> {
  const sx = o.video.width / size.width;
  const sy = o.video.height / size.height;
  const parser = new RawFrameParser(size.width * size.height * 3);
  const samples: FaceSample[] = [];
  let detectMs = 0;
  for await (const bytes of createReadStream(file, { highWaterMark: 1 << 20 })) {
    for (const rgb of parser.push(bytes as Buffer)) {
      // fps=N may emit one frame past the chunk's end; the next chunk starts there
      if (samples.length >= chunk.frames) break;
      if (o.signal.aborted) throw o.signal.reason ?? new Error("aborted");
      const t0 = performance.now();
      const frame = { width: size.width, height: size.height, rgb };
      const faces = await o.detector.detect(frame);
      detectMs += performance.now() - t0;
      samples.push({
        t: o.start + (chunk.first + samples.length) / size.fps,
        faces: faces.map((f) => scaleFace(f, sx, sy)),
        prints: faces.map((f) => lumaGrid(frame, f, FACE_GRID.cols, FACE_GRID.rows)),
        grid: lumaGrid(frame, { x: 0, y: 0, w: size.width, h: size.height }, FRAME_GRID.cols, FRAME_GRID.rows),
      });
    }
  }
  return { samples, detectMs };
}

export interface ClipFaces {
  /** crop keyframes relative to the clip start, or null when no face was found */
  path: CropKeyframe[] | null;
  summary: FaceSummary;
  layout: SuggestedLayout;
  track: FaceTrack;
  /** people seen speaking (mouth moving while words are heard) in at least a tenth of the speech samples */
  speakers: number;
}

/** Pure: how many identities are the active speaker in at least minShare of the samples with one. */
export function countSpeakers(speakerIds: readonly number[], minShare = 0.1): number {
  const named = speakerIds.filter((id) => id >= 0);
  const n = new Map<number, number>();
  for (const id of named) n.set(id, (n.get(id) ?? 0) + 1);
  return [...n.values()].filter((k) => k >= Math.max(2, minShare * named.length)).length;
}

/**
 * One call for the pipeline: sample faces over the clip range, plan the crop path for the 9:16
 * window, and summarise who is in frame for the layout chooser.
 */
export async function analyzeClipFaces(
  o: Omit<SampleFacesOptions, "video"> & {
    video: { width: number; height: number };
    window: { w: number; maxX: number };
    sceneCuts?: readonly number[];
    /** when words are spoken (source times): lets the camera follow the active speaker */
    speech?: readonly Interval[];
  },
): Promise<ClipFaces> {
  const track = await sampleFaces(o);
  const sceneCuts = (o.sceneCuts ?? []).filter((c) => c > o.start && c < o.end);
  const association = associateFaces(track.samples, { sceneCuts });
  const plan = planFaceCrop(track.samples, o.window, { clipStart: o.start, sceneCuts, speech: o.speech });
  const summary = summarizeFaces(track.samples, o.video, { sceneCuts, association });
  const speakers = countSpeakers(activeSpeakers(track.samples, association, { speech: o.speech }));
  return { path: plan.path, summary, layout: suggestLayout(summary), track, speakers };
}
