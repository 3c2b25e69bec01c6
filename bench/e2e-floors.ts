// The floors the e2e bench holds each stage against (issue 43), measured in the same run on the
// same source: what the stage cannot do with less, with nothing of ours around it.
//   transcription: pocketsphinx alone on the source's audio (the engine's own front end and
//     arguments), the audio split into as many equal parts as there are cores, run in parallel;
//   preview and HD encodes: one bare ffmpeg run per delivered clip (decode its range, crop and
//     scale the picture to the clip's frame, encode with the job's encoder settings), as many at
//     once as there are cores. Captions, overlays, cuts, measuring and uploads are what the
//     stages add on top of it.
// CPU time is read from /proc (this process's waited-for children), so a floor is its work, not
// the waiting a machine shared with other people adds to its wall time.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { clipFrame } from "@katto/protocol";
import { encodeArgs } from "../container/src/ffmpeg/encode-settings.js";
import { extractAudioArgs } from "../container/src/ffmpeg/args.js";
import { frontEndArgs, pocketsphinxArgs } from "../container/src/engines/speech/pocketsphinx.js";

export interface Cost {
  wallMs: number;
  cpuMs: number;
}

/** CPU ms of this process's waited-for children (cutime + cstime, /proc/self/stat). */
function childrenCpuMs(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err = (err + d).slice(-2000)));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err}`))));
  });

/** Runs `jobs` with `conc` at once; answers their wall and CPU time together. */
async function measured(jobs: (() => Promise<void>)[], conc = os.cpus().length): Promise<Cost> {
  const t0 = performance.now();
  const c0 = childrenCpuMs();
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(conc, jobs.length) }, async () => {
    while (next < jobs.length) await jobs[next++]!();
  }));
  return { wallMs: performance.now() - t0, cpuMs: childrenCpuMs() - c0 };
}

/** pocketsphinx alone on the source's audio, in as many parallel parts as there are cores. */
export async function transcriptionFloor(source: string, durationS: number): Promise<Cost> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "katto-floor-asr-"));
  try {
    const wav = path.join(dir, "audio.wav");
    const parts = os.cpus().length;
    const step = durationS / parts;
    return await measured([
      async () => {
        await run("ffmpeg", ["-v", "error", "-y", ...extractAudioArgs(source, wav)]);
        await measuredParts();
      },
    ]);
    async function measuredParts() {
      await Promise.all(Array.from({ length: parts }, async (_, i) => {
        const part = path.join(dir, `part-${i}.wav`);
        const front = path.join(dir, `front-${i}.wav`);
        await run("ffmpeg", ["-v", "error", "-y", "-ss", String(i * step), "-t", String(step), "-i", wav, "-c", "copy", part]);
        await run("ffmpeg", frontEndArgs(part, front));
        // the local stack's engine as it runs by default (fast search, the packaged model)
        await run("pocketsphinx_continuous", pocketsphinxArgs(front));
      }));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One bare ffmpeg encode per clip range at the clip frame of `quality`, `conc` at once. */
export async function encodeFloor(source: string, ranges: { start: number; end: number }[], quality: "preview" | "hd"): Promise<Cost> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "katto-floor-enc-"));
  const { width, height } = clipFrame("9:16", quality);
  try {
    return await measured(ranges.map((r, i) => () =>
      run("ffmpeg", [
        "-v", "error", "-y", "-ss", String(r.start), "-t", String(r.end - r.start), "-i", source,
        "-vf", `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`,
        "-c:v", "libx264", ...encodeArgs(quality), "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart",
        path.join(dir, `clip-${i}.mp4`),
      ]),
    ));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The machine, for the record: CPU model, cores, and the load it carried when the run began. */
export function machine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(1)).join(" ");
  const ffmpeg = execFileSync("ffmpeg", ["-version"], { encoding: "utf8" }).split("\n")[0]!.split(" ").slice(0, 3).join(" ");
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, load average ${load} at the start; ${ffmpeg}`;
}
