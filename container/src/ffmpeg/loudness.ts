// Clip loudness (EBU R 128, ITU-R BS.1770) by measured linear gain: an audio-only pass measures
// the clip's integrated loudness (ffmpeg's ebur128), and the render applies one gain that brings it
// to the target, with a look-ahead limiter keeping peaks under the ceiling. Compared with the
// single-pass dynamic `loudnorm` this replaced, the dynamics of the speech are kept as they were
// (no gain riding), and the encode no longer resamples the audio to 192 kHz in ffmpeg's one filter
// thread, which cost the preview render half again the time of its bare encode (bench render).
// Pure builders and a parser here; measureLoudness runs the pass.
import { runProcess } from "./spawn.js";

/** What the short-video platforms normalise to. */
export const LOUDNESS_TARGET_LUFS = -14;
/** Sample-peak ceiling of the limiter, dBFS. */
export const PEAK_CEILING_DBFS = -1.5;
/** The most a quiet clip is raised: near-silence is not pumped up into hiss. */
export const MAX_GAIN_DB = 20;
/** BS.1770's absolute gate: a clip measured at or below it has no programme to normalise. */
export const ABSOLUTE_GATE_LUFS = -70;

const sec = (n: number) => n.toFixed(3);

/** ffmpeg arguments of the measuring pass: the first audio stream of `input` (of the range, if given) through ebur128. */
export function loudnessArgs(input: string, range?: { start: number; duration: number }): string[] {
  const seek = range ? ["-ss", sec(range.start), "-t", sec(range.duration)] : [];
  return ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", ...seek, "-i", input, "-map", "0:a:0", "-vn", "-af", "ebur128", "-f", "null", "-"];
}

/** The integrated loudness (LUFS) in ebur128's closing summary (-70, the gate, for silence); null when absent or -inf. */
export function parseIntegratedLoudness(stderr: string): number | null {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const m = /Integrated loudness:\s*I:\s*(-?[\d.]+|-inf)\s*LUFS/.exec(summary);
  if (!m || m[1] === "-inf") return null;
  const lufs = Number(m[1]);
  return Number.isFinite(lufs) ? lufs : null;
}

/** The gain (dB) that brings `integrated` to the target: 0 for silence, never above MAX_GAIN_DB. */
export function gainToTarget(integrated: number | null): number {
  if (integrated === null || integrated <= ABSOLUTE_GATE_LUFS) return 0;
  return Math.min(MAX_GAIN_DB, Math.round((LOUDNESS_TARGET_LUFS - integrated) * 100) / 100);
}

/**
 * The audio chain of a render: the measured gain, a limiter at the ceiling (its own auto-level off,
 * its look-ahead delay compensated so the sound stays in sync with the picture), then 48 kHz stereo
 * float for the AAC encoder.
 */
export function loudnessFilter(gainDb: number): string {
  const ceiling = 10 ** (PEAK_CEILING_DBFS / 20);
  return `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${ceiling.toFixed(4)}:level=false:latency=true,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo`;
}

/** Integrated loudness of `input`'s first audio stream (of the range, if given); null for silence. */
export async function measureLoudness(input: string, opts: { signal: AbortSignal; range?: { start: number; duration: number }; stage?: string }): Promise<number | null> {
  const { stderrTail } = await runProcess("ffmpeg", loudnessArgs(input, opts.range), { stage: opts.stage ?? "rendering", signal: opts.signal, stderrTailBytes: 4096 });
  return parseIntegratedLoudness(stderrTail);
}
