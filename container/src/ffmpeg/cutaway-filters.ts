// B-roll cutaways (style broll) in the render's filter graph: each asset filling the frame and
// drawn over the speaker's picture between its times.
import { even, outputFps, sec } from "./filter-values.js";

/**
 * A B-roll cutaway: an image or a video filling the frame (scaled to cover it, centre-cropped)
 * from `start` to `end` (clip seconds). Its sound is never used: the speaker keeps talking.
 */
export interface Cutaway {
  path: string;
  kind: "image" | "video";
  start: number;
  end: number;
}

/** The output frame the cutaways fill, and the source's rate they are timed at. */
export type CutawayFrame = { width: number; height: number; source: { fps: number } };

/** Ken Burns of a still: how much larger than the frame it is drawn, so it can drift across it. */
export const KEN_BURNS_SCALE = 1.12;

/**
 * One cutaway's picture, [n:v:0] -> [bk]: scaled to cover the W x H frame and centre-cropped; a
 * still drawn KEN_BURNS_SCALE larger and drifting slowly from its left to its right edge over the
 * cutaway (a gentle Ken Burns pan); then timed to start at the cutaway's start on the clip's clock.
 */
export function cutawayPicture(c: Cutaway, input: number, k: number, spec: CutawayFrame): string {
  const { width: W, height: H } = spec;
  const dur = Math.max(0.1, c.end - c.start);
  const fps = outputFps(spec.source.fps);
  const fill =
    c.kind === "image"
      ? `scale=${even(W * KEN_BURNS_SCALE)}:${even(H * KEN_BURNS_SCALE)}:force_original_aspect_ratio=increase,crop=${W}:${H}:x='(iw-${W})*min(1,t/${sec(dur)})':y=(ih-${H})/2`
      : `scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H}`;
  return `[${input}:v:0]fps=${fps},${fill},setsar=1,format=yuv420p,setpts=PTS-STARTPTS+${sec(c.start)}/TB[b${k}]`;
}

/** [talk] + each cutaway drawn over it between its times -> [framed]. */
export function cutawayChain(cuts: readonly Cutaway[], inputs: readonly number[], spec: CutawayFrame): string {
  const parts = cuts.map((c, k) => cutawayPicture(c, inputs[k]!, k, spec));
  cuts.forEach((c, k) => {
    const from = k === 0 ? "talk" : `t${k}`;
    const to = k === cuts.length - 1 ? "framed" : `t${k + 1}`;
    parts.push(`[${from}][b${k}]overlay=x=0:y=0:enable='between(t,${sec(c.start)},${sec(c.end)})':eof_action=pass:format=yuv420,setsar=1[${to}]`);
  });
  return parts.join(";");
}

