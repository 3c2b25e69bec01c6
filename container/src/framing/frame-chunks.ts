// The frames a face analysis reads (framing/faces.ts): their size, the ffmpeg run that decodes a
// chunk of them to raw RGB (and, asked, the scene changes of the same samples), the parser that
// cuts the bytes into frames, and the chunks a range is decoded in. Pure but for chunkScenes.
import { readFile } from "node:fs/promises";
import { ANALYSIS_DECODE } from "../ffmpeg/args.js";
import { parseMetadataPrint, sceneFilter } from "../analysis/signals.js";
import type { Rect } from "./panels.js";

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
export function sampleFrameArgs(o: { source: string; start: number; duration: number; fps: number; width: number; height: number; output: string; crop?: Rect; scenesFile?: string }): string[] {
  const s = (n: number) => String(Number(n.toFixed(3)));
  const crop = o.crop ? `crop=${o.crop.w}:${o.crop.h}:${o.crop.x}:${o.crop.y},` : "";
  const frames = `scale=${o.width}:${o.height}:flags=area`;
  // with scenesFile, the scene changes of the same samples from the same decode (one decode of the
  // range instead of two, issue 43), written as the scene pass over a whole source writes them
  const video = o.scenesFile
    ? ["-filter_complex", `[0:v:0]fps=${o.fps},${crop}split=2[f][s];[f]${frames}[frames];[s]${sceneFilter(o.scenesFile)},nullsink`, "-map", "[frames]"]
    : ["-map", "0:v:0", "-vf", `fps=${o.fps},${crop}${frames}`];
  return [
    "-hide_banner", "-nostdin", "-y", "-loglevel", "error",
    // analysis frames are 256 px: the deblocking filter and the frames nothing refers to (which the
    // fps filter mostly drops anyway) are not decoded, about half the decode's CPU on a 1080p source
    ...ANALYSIS_DECODE,
    // input seeking: fast, and frame-accurate because ffmpeg decodes from the keyframe before
    "-ss", s(o.start), "-t", s(o.duration), "-i", o.source,
    ...video, "-an", "-sn", "-dn",
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

/** A run of sampled frames decoded by one ffmpeg call: its source range, its first sample's index, its frame count. */
export interface SampleChunk {
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

/**
 * The scene changes a chunk's decode wrote (source seconds: the chunk starts at `start`, its frame
 * times at 0). A change on a chunk's first sample has no sample before it in that run and is not
 * seen: a chunk holds CHUNK_BYTES of frames (75 s of 256 px samples), longer than most clips.
 */
export async function chunkScenes(file: string, start: number): Promise<number[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return parseMetadataPrint(text).map((s) => Math.round((start + s.t) * 1000) / 1000);
}

