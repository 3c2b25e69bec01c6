// The quiet intervals of a clip's audio, where remove_silences may cut (./cut-plan.ts): ffmpeg's
// silencedetect over the clip's range, at a threshold under the clip's own speech loudness.
// Pure builders and a parser, plus the one run.
import { AUDIO_ON_SOURCE_CLOCK } from "../ffmpeg/args.js";
import { parseSilences } from "../ffmpeg/intervals.js";
import { measureLoudness } from "../ffmpeg/loudness.js";
import { runProcess } from "../ffmpeg/spawn.js";

export { parseSilences } from "../ffmpeg/intervals.js";
import { MAX_PAUSE_S, quietThresholdDb } from "./cut-plan.js";
import type { Span } from "./timeline.js";

const sec = (n: number) => n.toFixed(3);

/**
 * silencedetect over the first audio stream of `input` (of the range, if given): quiet for at least
 * `minS` under `noiseDb`. On the source's clock, as the render hears it: a timestamp gap is quiet
 * too (silencedetect counts samples, so a gap left in dated the quiet before it a gap late, and the
 * cuts missed the pause the delivered file plays there).
 */
export function silencedetectArgs(input: string, o: { noiseDb: number; minS: number; range?: { start: number; duration: number } }): string[] {
  const seek = o.range ? ["-ss", sec(o.range.start), "-t", sec(o.range.duration)] : [];
  return ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", ...seek, "-i", input, "-map", "0:a:0", "-vn", "-af", `${AUDIO_ON_SOURCE_CLOCK},silencedetect=noise=${o.noiseDb.toFixed(1)}dB:d=${o.minS}`, "-f", "null", "-"];
}

/**
 * The quiet intervals of `source`'s audio over [start, start + durationS], clip-relative, and the
 * threshold used (dBFS): quietThresholdDb of the range's measured loudness.
 */
export async function detectQuiet(source: string, range: { start: number; duration: number }, signal: AbortSignal): Promise<{ quiet: Span[]; thresholdDb: number }> {
  const lufs = await measureLoudness(source, { signal, range, stage: "rendering" });
  const thresholdDb = quietThresholdDb(lufs);
  // a shorter quiet run is never cut, so it need not be reported
  const args = silencedetectArgs(source, { noiseDb: thresholdDb, minS: MAX_PAUSE_S, range });
  const { stderrTail } = await runProcess("ffmpeg", args, { stage: "rendering", signal, stderrTailBytes: 1 << 20 });
  return { quiet: parseSilences(stderrTail, range.duration), thresholdDb };
}
