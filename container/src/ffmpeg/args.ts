// Pure builders of ffmpeg / ffprobe argument arrays that know nothing of a clip: probe, the speech
// engines' audio, a thumbnail, filter escaping, and the plain types a render's inputs are made of.
// No I/O here: tested without ffmpeg (test/ffmpeg/args.test.ts) and run through ./spawn.ts. The render
// command itself is rendering's (../rendering/render-args.ts).
import { RENDER_LAYOUTS, type RenderLayout } from "@katto/protocol";
import { sec } from "./filter-values.js";
import { StageError } from "../runtime/errors.js";

/** The spec's layout modes (service-api-v1 layout_mode) plus center_crop, face_tracking without a face path. */
export type Layout = RenderLayout;
export const LAYOUTS: readonly Layout[] = RENDER_LAYOUTS;

/** `name` as a layout this backend renders; a StageError (rendering) naming it when it renders no such layout. */
export function renderableLayout(name: string): Layout {
  if (!(LAYOUTS as readonly string[]).includes(name)) throw new StageError("rendering", `layout ${name} is not available on this render backend`);
  return name as Layout;
}
export type { Quality } from "./encode-settings.js";

/**
 * An SVG image (ffmpeg's librsvg decoder rasterises it at `size` pixels, alpha kept) drawn with its
 * top-left corner at x, y of the output frame from `start` to `end` (clip seconds).
 */
export interface ImageOverlay {
  path: string;
  x: number;
  y: number;
  size: number;
  start: number;
  end: number;
}

export interface AudioTrack {
  /** ISO 639-1 (en, es, fr, it, pt, hi, ja, zh) */
  lang: string;
  /** the track, on the clip's own timeline: its jump cuts already made (a dub is voiced on the cut clip, work/dub.ts) */
  path: string;
  /** gain (dB) that brings this track to the loudness target (./loudness.ts); 0 when absent */
  gainDb?: number;
}

/** ISO 639-1 -> the ISO 639-2 code MP4 language tags carry (players show it in the audio menu). */
export const ISO639_2: Record<string, string> = { en: "eng", es: "spa", fr: "fra", it: "ita", pt: "por", hi: "hin", ja: "jpn", zh: "zho" };

export function ffprobeArgs(input: string): string[] {
  return ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", input];
}

/**
 * The audio on the source's clock (issue 33 case 9): a gap in the audio's timestamps (dropped
 * audio, a file joined or looped with `-c copy` whose audio is shorter than its video) is filled
 * with silence, and audio that starts after the file does is padded from 0, so a sample's place in
 * the decoded audio is its time in the source, the clock clips are cut on. aresample's `async`
 * stretches or fills to match the timestamps (ffmpeg-resampler(1)); `min_hard_comp` 0.01 fills any
 * gap from 10 ms up (the default, 0.1 s, lets smaller gaps add up as drift); `first_pts=0` pads the
 * start. Every reading of the source's sound goes through it: what the speech engines hear, the
 * fillers and the quiet listened for, and every delivered file (the render's chain, the mezzanine, a
 * dub's original under the voice: issue 41), so a word is heard under its caption in any player.
 * On audio without gaps it changes no sample.
 */
export const AUDIO_ON_SOURCE_CLOCK = "aresample=async=1:min_hard_comp=0.01:first_pts=0";

/** 16 kHz mono s16 WAV of the first audio stream, on the source's clock: what the speech engines read. */
export function extractAudioArgs(input: string, output: string): string[] {
  return ["-i", input, "-map", "0:a:0", "-vn", "-sn", "-dn", "-af", AUDIO_ON_SOURCE_CLOCK, "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", output];
}

/** One JPEG frame at `t` seconds of `input`. */
export function thumbnailArgs(input: string, t: number, output: string): string[] {
  return ["-ss", sec(t), "-i", input, "-frames:v", "1", "-q:v", "3", "-an", output];
}

/**
 * Escape a value for use as a filter option inside a filtergraph: first the option level
 * (\ ' :), then the graph level (\ ' [ ] , ;). See ffmpeg-filters(1), "Notes on filtergraph escaping".
 */
export function escapeFilterValue(v: string): string {
  const level1 = v.replace(/[\\':]/g, (c) => `\\${c}`);
  return level1.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/**
 * Decoder options of an analysis decode (face samples, scene changes: frames read at 256 px or
 * less): no deblocking, no non-reference frames; about half the decode's CPU on a 1080p H.264
 * source (issue 43). A sample then shows the nearest frame decoded, at most two frames (67 ms at
 * 30 fps) from its time; faces and scene changes are read to a quarter second anyway.
 */
export const ANALYSIS_DECODE = ["-skip_loop_filter", "all", "-skip_frame", "noref"] as const;
