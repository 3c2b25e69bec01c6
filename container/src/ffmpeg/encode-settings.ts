// The encoder's settings per render quality, and the platform renditions that re-encode a finished
// clip with the HD settings. The HD preset is the operator's (KATTO_HD_PRESET, config.ts).
import { DEFAULT_HD_PRESET, type HdPreset } from "../runtime/config.js";
import type { CLIP_FRAMES } from "@katto/protocol";

/** A render's quality: which of the clip frames (@katto/protocol CLIP_FRAMES) it is drawn at. */
export type Quality = keyof typeof CLIP_FRAMES;

/**
 * x264's settings of each HD encode. HD files are always H.264 High profile: CABAC and the 8x8
 * transform stay on whatever the preset (ultrafast turns both off, which makes a Constrained
 * Baseline stream; kept on, ultrafast measured the same encode time here, 3.62 s against 3.65 s
 * for a 4.8 s 1080x1920 clip). `lean` (the default, issue 43) is ultrafast with the in-loop
 * deblocking filter and the 8x8/4x4 partitions of inter blocks back on. The HD files are most of a
 * job's CPU. On 20 s of the e2e bench's 1080p talk cropped to 1080x1920, lean's encode took 0.61x
 * superfast's CPU (median of 4 pairs: 8.6 against 14.5 CPU-s from raw frames) for 14 % fewer bytes
 * at the same picture (SSIM 0.9934 against 0.9937, PSNR 50.31 against 50.33 dB, against the raw
 * frames); with camera-like grain added both reach the 10 Mb/s cap and lean scores a little higher
 * (SSIM 0.8646 against 0.8634). veryfast makes files a third smaller on clean footage for 2.4x
 * lean's CPU: an operator who pays more for storage than for CPU sets KATTO_HD_PRESET=veryfast.
 */
export function hdEncoder(hdPreset: HdPreset): { preset: string; params: string } {
  return hdPreset === "lean"
    ? { preset: "ultrafast", params: "cabac=1:8x8dct=1:deblock=0,0:partitions=i8x8,i4x4" }
    : { preset: hdPreset, params: "cabac=1:8x8dct=1" };
}

/** Pure: the video encoder settings of a render's quality (the HD preset is the operator's, KATTO_HD_PRESET). */
export function encodeArgs(quality: Quality, hdPreset: HdPreset = DEFAULT_HD_PRESET): string[] {
  if (quality !== "hd") return ["-preset", "ultrafast", "-crf", "30", "-maxrate", "1500k", "-bufsize", "3000k"];
  const x264 = hdEncoder(hdPreset);
  return ["-preset", x264.preset, "-x264-params", x264.params, "-crf", "21", "-maxrate", "10M", "-bufsize", "20M"];
}

/**
 * A finished clip re-scaled to a platform's frame (a rendition): the HD encode's video settings, a
 * keyframe every 2 s whatever the frame rate, the audio copied as it is. The size is the clip's own
 * shape (protocol renditionFrame; renditionShapeError refuses another), so the scale fills it.
 */
export function renditionArgs(input: string, size: { width: number; height: number }, output: string, hdPreset?: HdPreset): string[] {
  return [
    "-i", input,
    "-map", "0:v:0", "-map", "0:a?",
    "-vf", `scale=${size.width}:${size.height}:flags=lanczos,setsar=1`,
    "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", ...encodeArgs("hd", hdPreset), "-force_key_frames", "expr:gte(t,n_forced*2)",
    "-c:a", "copy",
    "-map_metadata", "-1", "-movflags", "+faststart",
    "-f", "mp4", output,
  ];
}

/**
 * Pure: why a clip of frame `clip` cannot be re-scaled to `size`, or null when it can. A rendition
 * keeps the clip's shape (issue 37): a 1:1 clip is never padded into a 9:16 frame nor stretched.
 * 1 % of slack: a 4:5 preview is 540x676, rounded up to an even height.
 */
export function renditionShapeError(clip: { width: number; height: number }, size: { width: number; height: number }): string | null {
  const ratio = clip.width / clip.height / (size.width / size.height);
  return Math.abs(ratio - 1) <= 0.01 ? null : `the clip is ${clip.width}x${clip.height}, another shape than the ${size.width}x${size.height} rendition asked for`;
}
