// Pure builders of ffmpeg / ffprobe argument arrays. No I/O here: every function is tested
// without ffmpeg (test/ffmpeg-args.test.ts) and run through ./spawn.ts.
import { cropWindow, cropXExpression, normalizePath, type CropKeyframe } from "../reframe/crop-path.js";

export type Layout = "wide" | "center_crop" | "face_tracking" | "passthrough";
export const LAYOUTS: readonly Layout[] = ["wide", "center_crop", "face_tracking", "passthrough"];
export type Quality = "preview" | "hd";

export interface RenderSpec {
  input: string;
  output: string;
  /** source range, seconds */
  start: number;
  duration: number;
  /** displayed source size (after rotation) and frame rate */
  source: { width: number; height: number; fps: number; hasAudio: boolean };
  layout: Layout;
  /** crop path for center_crop / face_tracking; a centre path when absent */
  cropPath?: readonly CropKeyframe[];
  width: number;
  height: number;
  quality: Quality;
  /** ASS file to burn in, none when null */
  assPath?: string | null;
  fontsDir?: string;
}

export const OUTPUT_SIZE: Record<Quality, { width: number; height: number }> = {
  preview: { width: 540, height: 960 },
  hd: { width: 1080, height: 1920 },
};

export function ffprobeArgs(input: string): string[] {
  return ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", input];
}

/** 16 kHz mono s16 WAV of the first audio stream, what the speech engines read. */
export function extractAudioArgs(input: string, output: string): string[] {
  return ["-i", input, "-map", "0:a:0", "-vn", "-sn", "-dn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", output];
}

/** One JPEG frame at `t` seconds of `input`. */
export function thumbnailArgs(input: string, t: number, output: string): string[] {
  return ["-ss", sec(t), "-i", input, "-frames:v", "1", "-q:v", "3", "-an", output];
}

const sec = (n: number) => Number(Math.max(0, n).toFixed(3)).toString();

/**
 * Output frame rate: min(source, 60) as a rational, keeping NTSC rates exact
 * (29.97 -> 30000/1001) so frames are not dropped or duplicated.
 */
export function outputFps(fps: number): string {
  if (!(fps > 0) || !Number.isFinite(fps)) return "30";
  const f = Math.min(fps, 60);
  const ntsc = f * 1.001;
  if (Math.abs(ntsc - Math.round(ntsc)) < 0.005 && Math.abs(f - Math.round(f)) > 0.01) return `${Math.round(ntsc) * 1000}/1001`;
  if (Math.abs(f - Math.round(f)) < 0.005) return String(Math.round(f));
  return String(Number(f.toFixed(3)));
}

/**
 * Escape a value for use as a filter option inside a filtergraph: first the option level
 * (\ ' :), then the graph level (\ ' [ ] , ;). See ffmpeg-filters(1), "Notes on filtergraph escaping".
 */
export function escapeFilterValue(v: string): string {
  const level1 = v.replace(/[\\':]/g, (c) => `\\${c}`);
  return level1.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/** Video part of the filtergraph for a layout: [0:v:0] -> W x H frames labelled [framed]. */
export function reframeFilter(spec: Pick<RenderSpec, "layout" | "cropPath" | "source" | "width" | "height">): string {
  const { width: W, height: H } = spec;
  switch (spec.layout) {
    case "wide": {
      // Whole frame fitted to the width over a blurred fill of itself. The blur runs at quarter
      // size: a 1080x1920 boxblur costs more than the encode.
      const bw = even(W / 4);
      const bh = even(H / 4);
      return [
        `[0:v:0]split=2[bgsrc][fgsrc]`,
        `[bgsrc]scale=${bw}:${bh}:force_original_aspect_ratio=increase,crop=${bw}:${bh},boxblur=8:2,scale=${W}:${H}[bg]`,
        `[fgsrc]scale=${W}:${H}:force_original_aspect_ratio=decrease,setsar=1[fg]`,
        `[bg][fg]overlay=(W-w)/2:(H-h)/2,setsar=1[framed]`,
      ].join(";");
    }
    case "center_crop":
    case "face_tracking": {
      const win = cropWindow(spec.source.width, spec.source.height);
      const path = normalizePath(spec.cropPath?.length ? spec.cropPath : [{ t: 0, x: win.maxX / 2 }], win.maxX);
      const x = cropXExpression(path);
      return `[0:v:0]crop=w=${win.w}:h=${win.h}:x='${x}':y=${win.y},scale=${W}:${H},setsar=1[framed]`;
    }
    case "passthrough":
      return `[0:v:0]scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1[framed]`;
  }
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** Full filtergraph: reframe, frame rate, captions, pixel format; audio loudness. */
export function renderFilterGraph(spec: RenderSpec): string {
  const captions = spec.assPath
    ? `,ass=filename=${escapeFilterValue(spec.assPath)}${spec.fontsDir ? `:fontsdir=${escapeFilterValue(spec.fontsDir)}` : ""}`
    : "";
  const video = `[framed]fps=${outputFps(spec.source.fps)}${captions},format=yuv420p[v]`;
  // Single-pass loudnorm to -14 LUFS / -1.5 dBTP (what the short-video platforms normalise to).
  // loudnorm resamples to 192 kHz internally, so resample back to 48 kHz after it.
  const audioIn = spec.source.hasAudio ? "[0:a:0]" : "[1:a:0]";
  const audio = spec.source.hasAudio
    ? `${audioIn}loudnorm=I=-14:TP=-1.5:LRA=11,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a]`
    : `${audioIn}aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[a]`;
  return [reframeFilter(spec), video, audio].join(";");
}

const ENCODE: Record<Quality, string[]> = {
  preview: ["-preset", "ultrafast", "-crf", "30", "-maxrate", "1500k", "-bufsize", "3000k"],
  hd: ["-preset", "veryfast", "-crf", "21", "-maxrate", "10M", "-bufsize", "20M"],
};

/** One clip in one ffmpeg pass: seek, reframe, captions, encode. */
export function renderArgs(spec: RenderSpec): string[] {
  const gop = String(Math.max(1, Math.round(2 * Math.min(spec.source.fps || 30, 60))));
  const inputs = ["-ss", sec(spec.start), "-t", sec(spec.duration), "-i", spec.input];
  if (!spec.source.hasAudio) inputs.push("-f", "lavfi", "-t", sec(spec.duration), "-i", "anullsrc=r=48000:cl=stereo");
  return [
    ...inputs,
    "-filter_complex", renderFilterGraph(spec),
    "-map", "[v]", "-map", "[a]",
    "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", ...ENCODE[spec.quality], "-g", gop,
    "-c:a", "aac", "-b:a", spec.quality === "hd" ? "160k" : "96k", "-ar", "48000", "-ac", "2",
    "-t", sec(spec.duration),
    "-map_metadata", "-1", "-movflags", "+faststart", "-max_muxing_queue_size", "1024",
    "-f", "mp4", spec.output,
  ];
}
