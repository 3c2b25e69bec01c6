// Render one clip in a single ffmpeg pass: seek the source range, reframe to the clip's shape, burn the
// captions, encode H.264 High / AAC 48 kHz with loudness normalised (a measured gain, ../ffmpeg/loudness.ts). Arguments come from
// ./render-args.ts; this module only decides the layout and runs it.
import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import type { Cutaway } from "../ffmpeg/cutaway-filters.js";
import { thumbnailArgs, type AudioTrack, type ImageOverlay } from "../ffmpeg/args.js";
import { cropCommands } from "./reframe-filter.js";
import { renderArgs } from "./render-args.js";
import { outputDuration, type RenderSpec } from "./render-spec.js";
import { gainToTarget, measureLevel } from "../ffmpeg/loudness.js";
import { runFfmpeg } from "../ffmpeg/spawn.js";
import { toStageError } from "../runtime/errors.js";
import type { Limiter } from "../runtime/pool.js";
import type { HdPreset } from "../runtime/config.js";
import type { ProbeResult } from "../runtime/types.js";
import type { Span } from "../editing/timeline.js";
import type { Zoom } from "../editing/zoom-plan.js";
import { clipFrame } from "@katto/protocol";

/** Fonts libass loads besides fontconfig's when KATTO_FONTS_DIR is unset: the DejaVu dir (the default caption font). */
export function defaultFontsDir(): string | undefined {
  // Not all of /usr/share/fonts: libass reads every file of fontsdir into memory (Noto CJK is large).
  const dejavu = "/usr/share/fonts/truetype/dejavu";
  return existsSync(dejavu) ? dejavu : undefined;
}

/** One clip's render: its source range and files, and the framing and output fields of the render command (./render-spec.ts). */
export interface ClipRender extends Pick<RenderSpec, "layout" | "cropPath" | "panels" | "faceCam" | "content" | "watermarkPath" | "quality" | "aspect"> {
  source: string;
  probe: ProbeResult;
  start: number;
  end: number;
  assPath: string | null;
  /** images over the captions for a time (colour emoji, ../captions/clip-captions.ts emojiOverlays) */
  overlays?: readonly ImageOverlay[];
  /** B-roll over the picture for a time (style `broll`, ../broll/assets.ts) */
  cutaways?: readonly Cutaway[];
  output: string;
  /** dubbed audio replacing the source's: one tagged track per language (work/dub.ts) */
  audioTracks?: readonly AudioTrack[];
  /** jump cuts: the pieces of [start, end] kept, seconds from start (../editing/timeline.ts); all of it when absent */
  keep?: readonly Span[];
  /** punch-in zooms on the cut timeline (../editing/zoom-plan.ts) */
  zooms?: readonly Zoom[];
}

/**
 * What every encode of this process shares, set up once at server start (config.ts `render`):
 * the slots that bound ffmpeg encodes across jobs, HD tasks and re-renders (one per core, or
 * KATTO_RENDER_SLOTS), and the fonts directory. Without it (tests, scripts) an encode runs at once
 * with the default fonts.
 */
export interface Encoder {
  slots: Limiter;
  /**
   * the slots of the encodes that give way to the rest (a job's HD files made beside its previews
   * and transcription, delivery/local-hd.ts), so a niced encode never holds a slot a preview waits
   * for; without them those encodes take `slots`
   */
  background?: Limiter;
  fontsDir?: string;
  /** the x264 preset of HD renders (KATTO_HD_PRESET) */
  hdPreset?: HdPreset;
}

export async function renderClip(
  clip: ClipRender,
  opts: { signal: AbortSignal; onProgress?: (f: number) => void; encoder?: Encoder },
): Promise<string> {
  const video = clip.probe.video;
  if (!video) throw toStageError("rendering", new Error("no video stream"), "source has no video stream");
  const duration = Math.max(0.1, clip.end - clip.start);
  const size = clipFrame(clip.aspect, clip.quality);
  // the crop path's moves, read by the graph's sendcmd (./reframe-filter.ts cropCommands)
  const commandsPath = `${clip.output}.crop-commands.txt`;
  const spec = (loudness: ClipLoudness): RenderSpec => ({
    input: clip.source,
    output: clip.output,
    start: clip.start,
    duration,
    source: { width: video.width, height: video.height, fps: video.fps, hasAudio: clip.probe.audio !== null },
    layout: clip.layout,
    cropPath: clip.cropPath,
    panels: clip.panels,
    faceCam: clip.faceCam,
    content: clip.content,
    watermarkPath: clip.watermarkPath,
    width: size.width,
    height: size.height,
    aspect: clip.aspect,
    quality: clip.quality,
    hdPreset: opts.encoder?.hdPreset,
    assPath: clip.assPath,
    overlays: clip.overlays,
    cutaways: clip.cutaways,
    fontsDir: clip.assPath ? (opts.encoder?.fontsDir ?? defaultFontsDir()) : undefined,
    audioTracks: clip.audioTracks?.map((t, k) => ({ ...t, gainDb: loudness.tracks[k] })),
    audioGainDb: loudness.source,
    commandsPath,
    keep: clip.keep,
    zooms: clip.zooms,
  });
  const hasSourceAudio = clip.probe.audio !== null && !clip.audioTracks?.length;
  try {
    // a process-wide slot: encodes of all jobs and HD tasks share the cores. The loudness pass
    // (audio only, about 1 % of the encode) runs in the same slot, just before the encode.
    const encode = async () => {
      const loudness = await measureClipLoudness(clip.source, hasSourceAudio ? { start: clip.start, duration } : null, clip.audioTracks ?? [], opts.signal);
      const s = spec(loudness);
      const commands = cropCommands(s);
      if (commands) await writeFile(commandsPath, commands);
      try {
        return await runFfmpeg(renderArgs(s), { stage: "rendering", signal: opts.signal, durationS: outputDuration(s), onProgress: opts.onProgress });
      } finally {
        if (commands) await rm(commandsPath, { force: true });
      }
    };
    await (opts.encoder ? opts.encoder.slots.run(encode, opts.signal) : encode());
  } catch (e) {
    if (opts.signal.aborted) throw e;
    throw toStageError("rendering", e, "rendering a clip failed");
  }
  return clip.output;
}

/** Gains (dB) to the loudness target: the source audio of the clip's range, and each dubbed track. */
type ClipLoudness = { source: number; tracks: number[] };

async function measureClipLoudness(source: string, range: { start: number; duration: number } | null, tracks: readonly AudioTrack[], signal: AbortSignal): Promise<ClipLoudness> {
  const [sourceLevel, ...trackLevels] = await Promise.all([
    range ? measureLevel(source, { signal, range }) : Promise.resolve(null),
    ...tracks.map((t) => measureLevel(t.path, { signal })),
  ]);
  const gain = (l: { lufs: number | null; truePeak: number | null } | null | undefined) => gainToTarget(l?.lufs ?? null, l?.truePeak ?? null);
  return { source: gain(sourceLevel), tracks: trackLevels.map(gain) };
}

/** A JPEG still of a rendered clip (the clip's thumbnail). */
export async function renderThumbnail(video: string, t: number, output: string, opts: { signal: AbortSignal }): Promise<string> {
  try {
    await runFfmpeg(thumbnailArgs(video, t, output), { stage: "rendering", signal: opts.signal });
  } catch (e) {
    if (opts.signal.aborted) throw e;
    throw toStageError("rendering", e, "making a thumbnail failed");
  }
  return output;
}
