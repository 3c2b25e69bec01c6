// 16 kHz mono s16 WAV for the speech engines.
import { extractAudioArgs } from "../ffmpeg/args.js";
import { runFfmpeg } from "../ffmpeg/spawn.js";
import { toStageError } from "../runtime/errors.js";

export async function extractAudio(
  input: string,
  output: string,
  opts: { signal: AbortSignal; durationS: number; onProgress?: (f: number) => void },
): Promise<string> {
  try {
    await runFfmpeg(extractAudioArgs(input, output), { stage: "transcribing", ...opts });
  } catch (e) {
    if (opts.signal.aborted) throw e;
    throw toStageError("transcribing", e, "could not read the source's audio");
  }
  return output;
}
