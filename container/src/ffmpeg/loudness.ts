// Clip loudness (EBU R 128, ITU-R BS.1770) by measured linear gain: an audio-only pass measures
// the clip's integrated loudness and true peak (ffmpeg's ebur128) on its sound as rendered (48 kHz
// stereo), and the render applies one gain that brings it to the target, a look-ahead limiter
// holding the peaks under the true-peak ceiling (the gain capped where it would have too much to do). Compared with the
// single-pass dynamic `loudnorm` this replaced, the dynamics of the speech are kept as they were
// (no gain riding), and the encode no longer resamples the audio to 192 kHz in ffmpeg's one filter
// thread, which cost the preview render half again the time of its bare encode (bench render).
// Pure builders and a parser here; measureLoudness runs the pass.
import { boundedSet, fileStamp } from "../runtime/file-stamp.js";
import { runProcess } from "./spawn.js";

/** What the short-video platforms normalise to. */
export const LOUDNESS_TARGET_LUFS = -14;
/**
 * Sample-peak ceiling of the limiter, dBFS: 1 dB under the true-peak ceiling, the room the AAC
 * encode's overshoot and the peaks between samples took on real speech (docs/clip-quality.md,
 * "Loudness": at -1.5 dBFS a lecture clip came out at -0.8 dBTP, at -2 all at -1.1 or under).
 */
export const PEAK_CEILING_DBFS = -2.5;
/** The true peak (BS.1770 dBTP) a clip's sound may reach. */
export const TRUE_PEAK_CEILING_DBTP = -1;
/**
 * The most the limiter is asked to take off a peak: a gain that would push the measured true peak
 * further over the ceiling than this is capped (the clip stays under the target rather than be
 * squashed).
 */
export const MAX_LIMITING_DB = 6;
/** The most a quiet clip is raised: near-silence is not pumped up into hiss. */
export const MAX_GAIN_DB = 20;
/** BS.1770's absolute gate: a clip measured at or below it has no programme to normalise. */
export const ABSOLUTE_GATE_LUFS = -70;

const sec = (n: number) => n.toFixed(3);

/**
 * The sound as the render encodes it, before the gain: 48 kHz stereo (a 5.1 source downmixed). It is
 * measured in this form, because the downmix changes both loudness and peaks: a 5.1 lecture measured
 * -17.3 LUFS / -1.9 dBTP on its six channels and -14.7 LUFS / +2.1 dBTP downmixed, so a gain taken
 * from the six channels left the clip at -12 and clipping.
 */
export const RENDER_LAYOUT = "aresample=48000,aformat=channel_layouts=stereo";

/**
 * ffmpeg arguments of the measuring pass: the first audio stream of `input` (of the range, if given)
 * through ebur128 with true peak, as rendered (RENDER_LAYOUT) or, `asRendered` false, on its own
 * channels (what silencedetect hears: ../editing/quiet.ts; a 5.1 source measures differently downmixed).
 */
export function loudnessArgs(input: string, range?: { start: number; duration: number }, asRendered = true): string[] {
  const seek = range ? ["-ss", sec(range.start), "-t", sec(range.duration)] : [];
  return ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", ...seek, "-i", input, "-map", "0:a:0", "-vn", "-af", `${asRendered ? `${RENDER_LAYOUT},` : ""}ebur128=peak=true`, "-f", "null", "-"];
}

/** The integrated loudness (LUFS) in ebur128's closing summary (-70, the gate, for silence); null when absent or -inf. */
export function parseIntegratedLoudness(stderr: string): number | null {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const m = /Integrated loudness:\s*I:\s*(-?[\d.]+|-inf)\s*LUFS/.exec(summary);
  if (!m || m[1] === "-inf") return null;
  const lufs = Number(m[1]);
  return Number.isFinite(lufs) ? lufs : null;
}

/** The true peak (dBTP) in ebur128's closing summary (`peak=true`); null when absent or -inf. */
export function parseTruePeak(stderr: string): number | null {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const m = /True peak:\s*Peak:\s*(-?[\d.]+|-inf)\s*dBFS/.exec(summary);
  if (!m || m[1] === "-inf") return null;
  const tp = Number(m[1]);
  return Number.isFinite(tp) ? tp : null;
}

/**
 * The gain (dB) that brings `integrated` to the target: 0 for silence, never above MAX_GAIN_DB, and
 * never so much that the measured true peak would pass TRUE_PEAK_CEILING_DBTP by more than the
 * limiter is trusted with (MAX_LIMITING_DB).
 */
export function gainToTarget(integrated: number | null, truePeak: number | null = null): number {
  if (integrated === null || integrated <= ABSOLUTE_GATE_LUFS) return 0;
  const peakRoom = truePeak === null ? Infinity : TRUE_PEAK_CEILING_DBTP + MAX_LIMITING_DB - truePeak;
  return Math.min(MAX_GAIN_DB, Math.round(Math.min(LOUDNESS_TARGET_LUFS - integrated, peakRoom) * 100) / 100);
}

/**
 * The audio chain of a render: 48 kHz stereo as measured (RENDER_LAYOUT), the measured gain, a
 * limiter at the ceiling (its own auto-level off, its look-ahead delay compensated so the sound stays
 * in sync with the picture) on the stereo the encoder gets (before the fix it limited the six
 * channels of a 5.1 source, and the downmix after it clipped), then float for the AAC encoder.
 */
export function loudnessFilter(gainDb: number): string {
  const ceiling = 10 ** (PEAK_CEILING_DBFS / 20);
  return `${RENDER_LAYOUT},volume=${gainDb.toFixed(2)}dB,alimiter=limit=${ceiling.toFixed(4)}:level=false:latency=true,aformat=sample_fmts=fltp:channel_layouts=stereo`;
}

/**
 * ffmpeg arguments of one pass measuring both forms: the audio split, ebur128 on its own channels
 * (filter Parsed_ebur128_1) and on the sound as rendered (Parsed_ebur128_4). Each branch hears the
 * samples a pass of its own would, and says the same (compared on a 5.1 lecture, where the two
 * differ, and on speech and video sources).
 */
export function levelsArgs(input: string, range?: { start: number; duration: number }): string[] {
  const seek = range ? ["-ss", sec(range.start), "-t", sec(range.duration)] : [];
  const graph = `[0:a:0]asplit=2[own][out];[own]ebur128=peak=true[a];[out]${RENDER_LAYOUT},ebur128=peak=true[b]`;
  return ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", ...seek, "-i", input, "-filter_complex", graph, "-map", "[a]", "-map", "[b]", "-f", "null", "-"];
}

/** Pure: the two forms' levels in a levelsArgs pass's log, each from its filter's last summary. */
export function parseLevels(stderr: string): { own: Level; rendered: Level } {
  const of = (name: string): Level => {
    const at = stderr.lastIndexOf(`[${name} @`);
    const next = at < 0 ? -1 : stderr.indexOf("\n[", at + 1);
    const summary = at < 0 ? "" : stderr.slice(at, next < 0 ? undefined : next);
    return { lufs: parseIntegratedLoudness(summary), truePeak: parseTruePeak(summary) };
  };
  return { own: of("Parsed_ebur128_1"), rendered: of("Parsed_ebur128_4") };
}

type Level = { lufs: number | null; truePeak: number | null };

/**
 * Levels measured, by file and range, for as long as the file is unchanged: a clip whose silences
 * are removed has its range measured on its own channels (editing/quiet.ts) and then as rendered
 * for its gain; one pass gives both (a process start, ~0.25 s of CPU, and a decode fewer), and a
 * fix's re-render of the same range needs no new pass.
 */
const measured = new Map<string, { stamp: string; own?: Level; rendered?: Level }>();
const MEASURED_MAX = 64;
const measuredKey = (input: string, range?: { start: number; duration: number }) => (range ? `${input}|${sec(range.start)}|${sec(range.duration)}` : input);

/** Integrated loudness (LUFS; null for silence) and true peak (dBTP) of `input`'s first audio stream (of the range, if given), as rendered. */
export async function measureLevel(input: string, opts: { signal: AbortSignal; range?: { start: number; duration: number }; stage?: string; asRendered?: boolean }): Promise<Level> {
  const asRendered = opts.asRendered ?? true;
  const key = measuredKey(input, opts.range);
  const stamp = await fileStamp(input);
  const known = stamp ? measured.get(key) : undefined;
  const kept = known?.stamp === stamp ? (asRendered ? known?.rendered : known?.own) : undefined;
  if (kept && !opts.signal.aborted) return kept;
  const { stderrTail } = await runProcess("ffmpeg", loudnessArgs(input, opts.range, asRendered), { stage: opts.stage ?? "rendering", signal: opts.signal, stderrTailBytes: 4096 });
  const level = { lufs: parseIntegratedLoudness(stderrTail), truePeak: parseTruePeak(stderrTail) };
  if (stamp && (await fileStamp(input)) === stamp) boundedSet(measured, key, { ...(known?.stamp === stamp ? known : {}), stamp, [asRendered ? "rendered" : "own"]: level }, MEASURED_MAX);
  return level;
}

/**
 * Integrated loudness of `input`'s first audio stream (of the range, if given) on its own channels;
 * null for silence. The same pass measures the range as rendered, which its render then reads.
 */
export async function measureLoudness(input: string, opts: { signal: AbortSignal; range?: { start: number; duration: number }; stage?: string }): Promise<number | null> {
  const key = measuredKey(input, opts.range);
  const stamp = await fileStamp(input);
  const known = stamp ? measured.get(key) : undefined;
  if (known?.stamp === stamp && known.own && !opts.signal.aborted) return known.own.lufs;
  const { stderrTail } = await runProcess("ffmpeg", levelsArgs(input, opts.range), { stage: opts.stage ?? "rendering", signal: opts.signal, stderrTailBytes: 1 << 16 });
  const levels = parseLevels(stderrTail);
  if (stamp && (await fileStamp(input)) === stamp) boundedSet(measured, key, { stamp, ...levels }, MEASURED_MAX);
  return levels.own.lufs;
}
