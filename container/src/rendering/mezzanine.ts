// HD fan-out (docs/render-protocol.md "HD fan-out"): the job's backend cuts each clip's source
// range into a small, near-lossless file, so the instance that renders that clip's 1080p file
// downloads seconds of video instead of the whole source. The cut is re-encoded (not stream-copied)
// so it starts exactly at the clip start, like the preview: a copy would start at the previous
// keyframe and shift words and crop path. Rotation is applied (autorotate), so the displayed size
// is the source's; the frame rate and timestamps are kept.
import { AUDIO_ON_SOURCE_CLOCK } from "../ffmpeg/args.js";
import { runFfmpeg } from "../ffmpeg/spawn.js";
import { toStageError } from "../runtime/errors.js";
import type { Encoder } from "./render.js";

const sec = (n: number) => Number(Math.max(0, n).toFixed(3)).toString();

/** Pure: ffmpeg arguments for the mezzanine of [start, end) of `input`. */
export function mezzanineArgs(o: { input: string; output: string; start: number; end: number; hasAudio: boolean }): string[] {
  // the audio on the source's clock (a timestamp gap becomes silence), as the render's own chain
  // has it: the mezzanine is a plain file to every reader after it
  const audio = o.hasAudio ? ["-map", "0:a:0", "-af", AUDIO_ON_SOURCE_CLOCK, "-c:a", "aac", "-b:a", "256k"] : ["-an"];
  return [
    "-ss", sec(o.start), "-t", sec(o.end - o.start), "-i", o.input,
    "-map", "0:v:0", ...audio, "-sn", "-dn",
    // ultrafast + crf 16: cheap to make, visually lossless input for the 1080p encode
    "-c:v", "libx264", "-preset", "ultrafast", "-crf", "16", "-pix_fmt", "yuv420p",
    "-map_metadata", "-1", "-movflags", "+faststart", "-max_muxing_queue_size", "1024",
    "-f", "mp4", o.output,
  ];
}

export async function renderMezzanine(o: { input: string; output: string; start: number; end: number; hasAudio: boolean }, opts: { signal: AbortSignal; encoder?: Encoder }): Promise<string> {
  try {
    const encode = () => runFfmpeg(mezzanineArgs(o), { stage: "rendering", signal: opts.signal, durationS: o.end - o.start });
    await (opts.encoder ? opts.encoder.slots.run(encode, opts.signal) : encode());
  } catch (e) {
    if (opts.signal.aborted) throw e;
    throw toStageError("rendering", e, "cutting a clip's source range failed");
  }
  return o.output;
}
