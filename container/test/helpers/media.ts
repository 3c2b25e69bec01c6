// Test media: the shared real-media corpus (../shared/media next to the repo, or KATTO_MEDIA_DIR)
// and small files generated with ffmpeg's lavfi sources. Plus ffprobe/frame helpers for checks.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";

export const containerRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const repoRoot = path.resolve(containerRoot, "..");

export function mediaDir(): string {
  return process.env.KATTO_MEDIA_DIR || path.resolve(repoRoot, "../shared/media");
}

/** Absolute path of a corpus file; throws with a clear message when the corpus is missing. */
export function media(rel: string): string {
  const p = path.join(mediaDir(), rel);
  if (!existsSync(p)) throw new Error(`test media missing: ${p} (set KATTO_MEDIA_DIR)`);
  return p;
}

const made: string[] = [];
// Registered while the test file that imports this is collected: its folders go when it ends.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder, removed when the test file ends. */
export const tmpDir = (prefix = "katto-test-") => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};

/** Run ffmpeg synchronously (test setup only; the code under test uses src/ffmpeg/spawn.ts). */
export function ffmpeg(args: string[]): void {
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...args], { stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * Several audio files joined into one 16 kHz mono 16-bit WAV by one ffmpeg process: the same
 * samples, bit for bit, as converting each (`-ac 1 -ar 16000 -c:a pcm_s16le`) and joining the WAVs
 * with the concat demuxer (each input has its own resampler either way), for one process start
 * (~0.25 s of CPU each) instead of one per file.
 */
export function joinSpeech(inputs: string[], out: string): string {
  const each = inputs.map((_, i) => `[${i}:a:0]aformat=sample_fmts=s16:sample_rates=16000:channel_layouts=mono[a${i}]`).join(";");
  const joined = `${inputs.map((_, i) => `[a${i}]`).join("")}concat=n=${inputs.length}:v=0:a=1[a]`;
  ffmpeg([...inputs.flatMap((f) => ["-i", f]), "-filter_complex", `${each};${joined}`, "-map", "[a]", "-c:a", "pcm_s16le", out]);
  return out;
}

/** A testsrc2 video with a sine tone: W x H, `seconds` long, `fps`, optional audio. */
export function generateVideo(out: string, o: { w?: number; h?: number; seconds?: number; fps?: number; audio?: boolean } = {}): string {
  const { w = 640, h = 360, seconds = 4, fps = 25, audio = true } = o;
  const inputs = ["-f", "lavfi", "-i", `testsrc2=s=${w}x${h}:r=${fps}:d=${seconds}`];
  if (audio) inputs.push("-f", "lavfi", "-i", `sine=f=440:sample_rate=44100:d=${seconds}`);
  ffmpeg([...inputs, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", ...(audio ? ["-c:a", "aac", "-shortest"] : []), out]);
  return out;
}

export interface StreamInfo {
  codec_type: string;
  codec_name: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  sample_rate?: string;
  channels?: number;
  r_frame_rate?: string;
}

/** ffprobe's JSON by file, while the file is unchanged (device, inode, size, mtime, ctime): a test probing one file for several checks starts one ffprobe (~0.25 s of CPU each). */
const probed = new Map<string, { stamp: string; json: string }>();
const stampOf = (file: string) => {
  const s = statSync(file, { bigint: true, throwIfNoEntry: false });
  return s?.isFile() ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : null;
};

export function ffprobe(file: string): { streams: StreamInfo[]; format: { duration: string; format_name: string } } {
  const stamp = stampOf(file);
  const known = stamp ? probed.get(file) : undefined;
  if (known && known.stamp === stamp) return JSON.parse(known.json);
  const json = execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file]).toString();
  if (stamp && stampOf(file) === stamp) {
    probed.delete(file);
    probed.set(file, { stamp, json });
    if (probed.size > 256) probed.delete(probed.keys().next().value!);
  }
  return JSON.parse(json);
}

/** One frame at `t` seconds as 8-bit gray pixels (row-major, width x height). */
export function grayFrame(file: string, t: number, width: number, height: number): Uint8Array {
  const buf = execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-ss", String(t), "-i", file, "-frames:v", "1",
    "-vf", `scale=${width}:${height}`, "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1",
  ], { maxBuffer: 64 * 1024 * 1024 });
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** One frame as RGB24. */
export function rgbFrame(file: string, t: number, width: number, height: number): Uint8Array {
  const buf = execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-ss", String(t), "-i", file, "-frames:v", "1",
    "-vf", `scale=${width}:${height}`, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
  ], { maxBuffer: 64 * 1024 * 1024 });
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/**
 * Frames at several times from one ffmpeg process that decodes the file once: for each time `t` the
 * frame that `grayFrame`/`rgbFrame` return (an `-ss t` input seek keeps the first frame whose time
 * from the file's start is >= t), in the order of `times`; an empty array where the file ends
 * before `t`, as there. Each ffmpeg start costs ~0.3 s CPU and each `-ss` decodes again from the
 * previous keyframe; a `select` of "the first frame at or after each t" decodes once, from the
 * start of the file to the last time: for short outputs (a clip), not for a late time in a long
 * source, where `grayFrame`'s keyframe seek decodes less. Checked
 * against the per-frame form, pixel for pixel, in helpers/frames-at.test.ts.
 */
export function framesAt(file: string, times: number[], width: number, height: number, pixFmt: "gray" | "rgb24"): Uint8Array[] {
  if (times.length === 0) return [];
  // `-ss t` keeps the frames whose pts (stream time base) >= t, t cut to whole microseconds as ffmpeg
  // parses it and rounded to the time base: select a frame either side of that (the float `t` of the
  // select filter can land a hair off), then pick the exact one below with integer arithmetic
  const micros = [...new Set(times.map(toMicros))];
  const near = micros.map((us) => `gte(pts,round(${us}/1000000/TB)-1)*(isnan(prev_pts)+lt(prev_pts,round(${us}/1000000/TB)+1))`).join("+");
  const r = spawnSync("ffmpeg", [
    "-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-i", file,
    "-vf", `select='${near}',scale=${width}:${height},showinfo`,
    // stop once every candidate is out (when fewer are, the decode runs to the end)
    "-vsync", "passthrough", "-frames:v", String(2 * micros.length), "-f", "rawvideo", "-pix_fmt", pixFmt, "pipe:1",
  ], { maxBuffer: 1024 * 1024 * 1024 });
  const log = r.stderr.toString();
  if (r.status !== 0) throw new Error(`ffmpeg failed on ${file}: ${log.slice(-2000)}`);
  // showinfo logs its time base, then each kept frame: "[Parsed_showinfo_2 @ 0x..] n:   0 pts: 12288 pts_time:0.8 ..."
  const tb = /Parsed_showinfo.*config in time_base: (\d+)\/(\d+)/.exec(log);
  const kept = [...log.matchAll(/Parsed_showinfo.*\bn:\s*\d+\s+pts:\s*(-?\d+)\s+pts_time:/g)].map((m) => BigInt(m[1]!));
  const size = width * height * (pixFmt === "gray" ? 1 : 3);
  if (r.stdout.byteLength !== kept.length * size) throw new Error(`ffmpeg gave ${r.stdout.byteLength} bytes for ${kept.length} frames of ${file}`);
  const bytes = new Uint8Array(r.stdout.buffer, r.stdout.byteOffset, r.stdout.byteLength);
  return times.map((t) => {
    if (!tb) return new Uint8Array(0); // no frame selected: the file ends before every t
    // av_rescale_q(us, 1/1000000, num/den), rounding half away from zero
    const [num, den] = [BigInt(tb[1]!), BigInt(tb[2]!)];
    const threshold = (2n * BigInt(toMicros(t)) * den + 1000000n * num) / (2000000n * num);
    const i = kept.findIndex((pts) => pts >= threshold);
    return i < 0 ? new Uint8Array(0) : bytes.subarray(i * size, (i + 1) * size);
  });
}

/** A time as ffmpeg's option parser reads it: whole microseconds, further digits dropped. */
function toMicros(t: number): number {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(String(t));
  if (!m) throw new Error(`framesAt: time ${t} is not a plain non-negative decimal`);
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? "").padEnd(6, "0").slice(0, 6));
}

/** `framesAt` as 8-bit gray. */
export const grayFrames = (file: string, times: number[], width: number, height: number) => framesAt(file, times, width, height, "gray");
/** `framesAt` as RGB24. */
export const rgbFrames = (file: string, times: number[], width: number, height: number) => framesAt(file, times, width, height, "rgb24");

/** Count of pixels brighter than `min` inside a rectangle of a gray frame. */
export function brightCount(px: Uint8Array, width: number, rect: { x0: number; y0: number; x1: number; y1: number }, min = 235): number {
  let n = 0;
  for (let y = rect.y0; y < rect.y1; y++) for (let x = rect.x0; x < rect.x1; x++) if (px[y * width + x]! >= min) n++;
  return n;
}

/** Mean of a rectangle of a gray frame. */
export function meanGray(px: Uint8Array, width: number, rect: { x0: number; y0: number; x1: number; y1: number }): number {
  let s = 0;
  let n = 0;
  for (let y = rect.y0; y < rect.y1; y++) for (let x = rect.x0; x < rect.x1; x++) (s += px[y * width + x]!), n++;
  return s / n;
}

/** Parse SRT text back into cues (strict about the format we write). */
export function parseSrt(text: string): { index: number; start: number; end: number; lines: string[] }[] {
  const toS = (ts: string) => {
    const m = /^(\d{2}):(\d{2}):(\d{2}),(\d{3})$/.exec(ts);
    if (!m) throw new Error(`bad SRT time ${ts}`);
    return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
  };
  const blocks = text.replace(/\r\n/g, "\n").trim().split(/\n\n+/).filter(Boolean);
  return blocks.map((b) => {
    const [idx, times, ...lines] = b.split("\n");
    const m = /^(\S+) --> (\S+)$/.exec(times ?? "");
    if (!m || !/^\d+$/.test(idx ?? "")) throw new Error(`bad SRT block: ${b}`);
    return { index: Number(idx), start: toS(m[1]!), end: toS(m[2]!), lines };
  });
}
