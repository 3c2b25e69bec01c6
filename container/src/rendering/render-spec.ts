// What one render of a clip is asked for (RenderSpec), and the facts every part of its ffmpeg
// command reads from it: the input numbers, the kept spans, the output's duration.
import type { Aspect } from "@katto/protocol";
import type { CropKeyframe } from "../framing/crop-path.js";
import type { PanelFocus, Rect } from "../framing/panels.js";
import type { HdPreset } from "../runtime/config.js";
import type { AudioTrack, ImageOverlay, Layout, Quality } from "../ffmpeg/args.js";
import type { Cutaway } from "../ffmpeg/cutaway-filters.js";
import { isUncut, keptDuration, type Span } from "../editing/timeline.js";
import type { Zoom } from "../editing/zoom-plan.js";

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
  /** split_screen / grid_3 / grid_4: where each panel looks (row-major); evenly spaced when absent */
  panels?: readonly PanelFocus[];
  /** stacked: the face-cam region of the source; the top-right third when absent */
  faceCam?: Rect;
  /**
   * The picture inside the source's own black bars (framing/bars.ts), displayed pixels: cut out
   * first, so every layout frames the picture, never the bars; crop paths, panels and the face
   * cam are then in this rectangle's pixels.
   */
  content?: Rect | null;
  /** PNG (with alpha) overlaid top-left, e.g. a brand kit's watermark */
  watermarkPath?: string | null;
  width: number;
  height: number;
  /** the clip's shape (issue 37): the crop window's shape (width x height is its frame at this quality) */
  aspect: Aspect;
  quality: Quality;
  /** the x264 preset of an HD render (KATTO_HD_PRESET); DEFAULT_HD_PRESET (lean) when absent */
  hdPreset?: HdPreset;
  /** ASS file to burn in, none when null */
  assPath?: string | null;
  /** images drawn over the frame, each for a time (colour emoji beside captions) */
  overlays?: readonly ImageOverlay[];
  /** B-roll drawn over the whole framed picture for a time, under the watermark and captions (style `broll`) */
  cutaways?: readonly Cutaway[];
  fontsDir?: string;
  /**
   * Audio that replaces the source's (dubbing): one AAC track per entry, tagged with its language,
   * the first the default. WAV files of the clip's duration, starting at the clip's start.
   */
  audioTracks?: readonly AudioTrack[];
  /** gain (dB) that brings the source audio of the range to the loudness target (./loudness.ts); 0 when absent */
  audioGainDb?: number;
  /**
   * Where the renderer writes cropCommands(spec) before running ffmpeg: the moves of every crop
   * path after its first segment. Needed when cropCommands(spec) is not empty.
   */
  commandsPath?: string;
  /**
   * Jump cuts (issue 26 remove_silences / remove_fillers): the pieces of the range kept, seconds
   * from `start` (../editing/timeline.ts keptSpans), played back to back; the whole range when absent.
   * Edges on the output frame grid. Captions, overlays and zooms are on the cut timeline.
   */
  keep?: readonly Span[];
  /** punch-in zooms on the cut timeline (../editing/zoom-plan.ts); drawn under the watermark and captions */
  zooms?: readonly Zoom[];
}

/** Input numbers of renderArgs: 0 is the source, then a silent track, the watermark, the audio tracks, the overlay images, the cutaways. */
export function renderInputs(spec: Pick<RenderSpec, "source" | "watermarkPath" | "audioTracks" | "overlays" | "cutaways">): { silence: number | null; watermark: number | null; tracks: number[]; overlays: number[]; cutaways: number[] } {
  let next = 1;
  const dubbed = Boolean(spec.audioTracks?.length);
  const silence = !spec.source.hasAudio && !dubbed ? next++ : null;
  const watermark = spec.watermarkPath ? next++ : null;
  const tracks = (spec.audioTracks ?? []).map(() => next++);
  const overlays = (spec.overlays ?? []).map(() => next++);
  const cutaways = (spec.cutaways ?? []).map(() => next++);
  return { silence, watermark, tracks, overlays, cutaways };
}

/** The spans of a spec that cuts, null when it plays its whole range. */
export function cutSpans(spec: Partial<Pick<RenderSpec, "keep" | "duration">>): readonly Span[] | null {
  return spec.keep?.length && spec.duration !== undefined && !isUncut(spec.keep, spec.duration) ? spec.keep : null;
}

/** The output's duration: the kept spans back to back, else the range. */
export const outputDuration = (spec: Pick<RenderSpec, "keep" | "duration">): number => {
  const spans = cutSpans(spec);
  return spans ? keptDuration(spans) : spec.duration;
};
