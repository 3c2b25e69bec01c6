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
import { chunkFramesFor, chunkScenes, detectorWidth, RawFrameParser, sampleChunks, sampleFrameArgs, samplingSize, type SampleChunk } from "./frame-chunks.js";
import { FACE_GRID, FRAME_GRID, lumaGrid, type Interval } from "./activity.js";
import type { CropKeyframe } from "./crop-path.js";
import { planFaceCrop } from "./face-crop.js";
import { associateFaces } from "./face-identities.js";
import { suggestLayout, summarizeFaces, type FaceSummary, type SuggestedLayout } from "./layout-summary.js";
import type { Rect } from "./panels.js";
import { activeSpeakers } from "./subject-choice.js";

// the frames' pure parts, where tests and the bench have always imported them from
export { CHUNK_BYTES, chunkFramesFor, detectorWidth, RawFrameParser, sampleChunks, sampleFrameArgs, samplingSize } from "./frame-chunks.js";

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
  /** the scene changes found in the same samples (source seconds), when asked for (`scenes`) */
  sceneCuts?: number[];
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
  /** also find the scene changes in the range, from the same decode (FaceTrack.sceneCuts) */
  scenes?: boolean;
  onProgress?: (fraction: number) => void;
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

export async function sampleFaces(o: SampleFacesOptions): Promise<FaceTrack> {
  const fps = o.fps ?? 4;
  const size = samplingSize(o.video.width, o.video.height, o.frameWidth ?? detectorWidth(o.video, o.detector.inputSize));
  const chunks = sampleChunks(o.start, o.end, fps, o.chunkFrames ?? chunkFramesFor(size));
  const dir = await mkdtemp(path.join(os.tmpdir(), "katto-faces-"));
  const samples: FaceSample[] = [];
  const sceneCuts: number[] = [];
  let detectMs = 0;
  let next: Promise<string> | null = null;
  const scenesFile = (i: number) => (o.scenes ? path.join(dir, `chunk-${i}.scenes`) : undefined);
  const decode = (i: number) => {
    const c = chunks[i]!;
    const output = path.join(dir, `chunk-${i}.rgb`);
    const args = sampleFrameArgs({ source: o.source, start: c.start, duration: c.duration, fps, ...size, output, crop: o.content ?? undefined, scenesFile: scenesFile(i) });
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
      if (o.scenes) sceneCuts.push(...(await chunkScenes(scenesFile(i)!, chunks[i]!.start)));
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
    ...(o.scenes ? { sceneCuts } : {}),
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
  // the scene changes of the range from the faces' own decode, unless the caller has them (a speechless source's whole-source pass)
  const track = await sampleFaces({ ...o, scenes: o.sceneCuts === undefined });
  const sceneCuts = (o.sceneCuts ?? track.sceneCuts ?? []).filter((c) => c > o.start && c < o.end);
  const association = associateFaces(track.samples, { sceneCuts });
  const plan = planFaceCrop(track.samples, o.window, { clipStart: o.start, sceneCuts, speech: o.speech });
  const summary = summarizeFaces(track.samples, o.video, { sceneCuts, association });
  const speakers = countSpeakers(activeSpeakers(track.samples, association, { speech: o.speech }));
  return { path: plan.path, summary, layout: suggestLayout(summary), track, speakers };
}
