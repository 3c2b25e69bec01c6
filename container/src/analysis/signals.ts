// Scene changes and loudness over time of a media file, with ffmpeg (for moments without speech).
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ProcessError, runFfmpeg } from "../ffmpeg/spawn.js";
import { ANALYSIS_DECODE } from "../ffmpeg/args.js";
import type { MediaSignals } from "./moments-signals.js";

/** A frame whose scene score (0..1, ffmpeg's `scene` variable) exceeds this is a cut. */
export const SCENE_THRESHOLD = 0.3;
/** Frames per second looked at for scene changes: cheap on long sources, still catches cuts. */
const SCENE_FPS = 4;
/** Audio is measured per second (8000 samples at 8 kHz). */
const ENERGY_RATE = 8000;

/** Pure: ffmpeg `metadata=print` / `ametadata=print` output -> [{t, key=value...}]. */
export function parseMetadataPrint(text: string): { t: number; values: Record<string, string> }[] {
  const out: { t: number; values: Record<string, string> }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const frame = /pts_time:\s*(-?[\d.]+)/.exec(line);
    if (frame) {
      out.push({ t: Number(frame[1]), values: {} });
      continue;
    }
    const kv = /^([\w.]+)=(.*)$/.exec(line.trim());
    if (kv && out.length) out[out.length - 1]!.values[kv[1]!] = kv[2]!;
  }
  return out;
}

/** Pure: the filter that writes each sample whose scene score passes SCENE_THRESHOLD to `outFile` (frames already sampled). */
export function sceneFilter(outFile: string): string {
  // the metadata file path is an filter option value: escape ':' and '\' for the filtergraph parser
  const f = outFile.replace(/\\/g, "\\\\").replace(/:/g, "\\:");
  return `scale=160:-2,select='gt(scene,${SCENE_THRESHOLD})',metadata=print:file=${f}`;
}

export function sceneArgs(mediaPath: string, outFile: string): string[] {
  return [...ANALYSIS_DECODE, "-i", mediaPath, "-map", "0:v:0", "-an", "-vf", `fps=${SCENE_FPS},${sceneFilter(outFile)}`, "-f", "null", "-"];
}

export function energyArgs(mediaPath: string, outFile: string): string[] {
  const f = outFile.replace(/\\/g, "\\\\").replace(/:/g, "\\:");
  return [
    "-i", mediaPath, "-map", "0:a:0", "-vn",
    "-af", `aresample=${ENERGY_RATE},asetnsamples=n=${ENERGY_RATE}:p=0,astats=metadata=1:reset=1,ametadata=print:key=lavfi.astats.Overall.RMS_level:file=${f}`,
    "-f", "null", "-",
  ];
}

/** Pure: dBFS -> linear amplitude (-inf and unparsable values -> 0). */
export function dbToLinear(db: string | number): number {
  const x = Number(db);
  return Number.isFinite(x) ? 10 ** (x / 20) : 0;
}

/**
 * Measures both signals. A missing stream is not an error: that signal is just empty (a file
 * without audio still has scene changes, and the reverse).
 */
export async function computeSignals(mediaPath: string, opts: { signal: AbortSignal; durationS?: number }): Promise<MediaSignals> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "katto-signals-"));
  try {
    const sceneFile = path.join(dir, "scene.txt");
    const energyFile = path.join(dir, "energy.txt");
    const run = async (args: string[], file: string) => {
      try {
        await runFfmpeg(args, { stage: "selecting", signal: opts.signal, durationS: opts.durationS });
        return parseMetadataPrint(await readFile(file, "utf8"));
      } catch (err) {
        if (err instanceof ProcessError && err.failure === "exit") return []; // no such stream
        throw err;
      }
    };
    const [scenes, levels] = await Promise.all([run(sceneArgs(mediaPath, sceneFile), sceneFile), run(energyArgs(mediaPath, energyFile), energyFile)]);
    return {
      sceneChanges: scenes.map((s) => s.t),
      energy: levels.map((l) => ({ t: l.t, rms: dbToLinear(l.values["lavfi.astats.Overall.RMS_level"] ?? "-inf") })),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

