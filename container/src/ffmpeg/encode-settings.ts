// The encoder's settings per render quality, and the platform renditions that re-encode a finished
// clip with the HD settings. The HD preset is the operator's (KATTO_HD_PRESET, config.ts).
import { DEFAULT_HD_PRESET, type HdPreset } from "../runtime/config.js";
import type { CLIP_FRAMES } from "@katto/protocol";

/** A render's quality: which of the clip frames (@katto/protocol CLIP_FRAMES) it is drawn at. */
export type Quality = keyof typeof CLIP_FRAMES;

/**
 * Pure: the video encoder settings of a render's quality (the HD preset is the operator's,
 * KATTO_HD_PRESET). HD files are always H.264 High profile: CABAC and the 8x8 transform stay on
 * whatever the preset (ultrafast turns both off, which makes a Constrained Baseline stream; kept
 * on, ultrafast measured the same encode time here, 3.62 s against 3.65 s for a 4.8 s 1080x1920 clip).
 */
export function encodeArgs(quality: Quality, hdPreset: HdPreset = DEFAULT_HD_PRESET): string[] {
  return quality === "hd"
    ? ["-preset", hdPreset, "-x264-params", "cabac=1:8x8dct=1", "-crf", "21", "-maxrate", "10M", "-bufsize", "20M"]
    : ["-preset", "ultrafast", "-crf", "30", "-maxrate", "1500k", "-bufsize", "3000k"];
}

/**
 * A finished clip re-scaled to a platform's frame (a rendition): the HD encode's video settings, a
 * keyframe every 2 s whatever the frame rate, the audio copied as it is.
 */
export function renditionArgs(input: string, size: { width: number; height: number }, output: string, hdPreset?: HdPreset): string[] {
  return [
    "-i", input,
    "-map", "0:v:0", "-map", "0:a?",
    // fitted whole, centred on black: a clip of another shape than the size (a 1:1 clip for a 9:16
    // rendition, issue 37) is never stretched; a clip of the size's shape fills it exactly
    "-vf", `scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease:flags=lanczos,pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2,setsar=1`,
    "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", ...encodeArgs("hd", hdPreset), "-force_key_frames", "expr:gte(t,n_forced*2)",
    "-c:a", "copy",
    "-map_metadata", "-1", "-movflags", "+faststart",
    "-f", "mp4", output,
  ];
}
