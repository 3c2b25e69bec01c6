// ffprobe a source and validate it. Sizes are the displayed ones: a phone video stored 480x640
// with a -90° rotation matrix is reported 640x480, because ffmpeg autorotates when decoding.
import { ffprobeArgs } from "../ffmpeg/args.js";
import { runProcess } from "../ffmpeg/spawn.js";
import { StageError, toStageError } from "../runtime/errors.js";
import { boundedSet, fileStamp } from "../runtime/file-stamp.js";
import type { ProbeResult } from "../runtime/types.js";
import { parseRateOrNull } from "@katto/protocol";

interface FfStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
  disposition?: { attached_pic?: number };
}
interface FfProbe {
  streams?: FfStream[];
  format?: { duration?: string; size?: string; format_name?: string };
}

/** "30000/1001" -> 29.97; 0 when unknown. */
export function parseRate(r: string | undefined): number {
  // the clip timeline's reading of a rate (@katto/protocol), as a number
  const q = parseRateOrNull(r);
  const v = q ? q.num / q.den : 0;
  return Number.isFinite(v) && v < 1000 ? v : 0;
}

/** Rotation in degrees normalised to 0, 90, 180 or 270. */
export function streamRotation(s: FfStream): number {
  const side = s.side_data_list?.find((d) => typeof d.rotation === "number")?.rotation;
  const raw = side ?? (s.tags?.rotate !== undefined ? Number(s.tags.rotate) : 0);
  if (!Number.isFinite(raw)) return 0;
  return (((Math.round(raw / 90) * 90) % 360) + 360) % 360;
}

/** Pure: ffprobe JSON -> ProbeResult. */
export function parseProbe(json: FfProbe, fileSize: number): ProbeResult {
  const streams = json.streams ?? [];
  const v = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic && s.width && s.height);
  const a = streams.find((s) => s.codec_type === "audio");
  const durations = [json.format?.duration, v?.duration, a?.duration].map(Number).filter((d) => Number.isFinite(d) && d > 0);
  let video: ProbeResult["video"] = null;
  if (v) {
    const rotation = streamRotation(v);
    const swap = rotation === 90 || rotation === 270;
    video = {
      width: swap ? v.height! : v.width!,
      height: swap ? v.width! : v.height!,
      fps: parseRate(v.avg_frame_rate) || parseRate(v.r_frame_rate) || 30,
      codec: v.codec_name ?? "unknown",
      rotation,
    };
  }
  return {
    duration: durations[0] ?? 0,
    size: Number(json.format?.size) || fileSize,
    formatName: json.format?.format_name ?? "unknown",
    video,
    audio: a ? { codec: a.codec_name ?? "unknown", sampleRate: Number(a.sample_rate) || 0, channels: a.channels ?? 0 } : null,
  };
}

export interface ProbeLimits {
  max_duration_s: number;
}

/** Pure: reject what the pipeline cannot clip. */
export function validateProbe(p: ProbeResult, limits: ProbeLimits): void {
  if (!p.video) throw new StageError("probing", "source has no video stream");
  if (!(p.duration > 0)) throw new StageError("probing", "source duration is unknown or zero");
  if (p.duration > limits.max_duration_s)
    throw new StageError("probing", `source is ${Math.round(p.duration)} s long; the limit is ${limits.max_duration_s} s`);
}

/**
 * ffprobe's answers by file, for as long as the file is unchanged (same inode, size, mtime and
 * ctime, in nanoseconds): a job probes its preview for the quality check and again for the cover,
 * an HD clip its source, and each ffprobe start costs ~0.25 s of CPU (215 shared libraries to load).
 * ffprobe says the same of the same bytes, so a repeat is answered from here; a rewritten file has a
 * new ctime and is probed again. The newest few files only.
 */
const probed = new Map<string, { stamp: string; json: FfProbe }>();
const PROBED_MAX = 64;

export async function probe(path: string, opts: { signal: AbortSignal; fileSize?: number }): Promise<ProbeResult> {
  const stamp = await fileStamp(path);
  const known = stamp ? probed.get(path) : undefined;
  if (known && known.stamp === stamp && !opts.signal.aborted) return parseProbe(known.json, opts.fileSize ?? 0);
  let stdout: string;
  try {
    ({ stdout } = await runProcess("ffprobe", ffprobeArgs(path), { stage: "probing", signal: opts.signal, captureStdout: true }));
  } catch (e) {
    if (opts.signal.aborted) throw e;
    throw toStageError("probing", e, "source could not be decoded (not a supported video file)");
  }
  let json: FfProbe;
  try {
    json = JSON.parse(stdout) as FfProbe;
  } catch (e) {
    throw toStageError("probing", e, "source could not be decoded (not a supported video file)");
  }
  // kept only when the file did not change while ffprobe read it
  if (stamp && (await fileStamp(path)) === stamp) boundedSet(probed, path, { stamp, json }, PROBED_MAX);
  return parseProbe(json, opts.fileSize ?? 0);
}
