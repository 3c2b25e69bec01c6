// Crop paths of any length render (issue 27): a tracked clip whose subject moves often used to fail
// once its path held 97 moves (ffmpeg's expression parser refuses one expression nested that deep).
// Real ffmpeg over a source whose columns all differ, so each output frame's columns tell where its
// window sits in the source: every sampled frame must show the crop where the path puts it.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cropWindow, cropXAt, normalizePath, type CropKeyframe } from "../../src/framing/crop-path.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import type { ProbeResult } from "../../src/runtime/types.js";
import { ffmpeg, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-crop-path-test-");
const SW = 640;
const SH = 360;
const FPS = 30;
const win = cropWindow(SW, SH, 9 / 16);
const SECONDS = 12;
let source: string;
let info: ProbeResult;

/**
 * A path of `moves` moves over `seconds`, like a restless subject: a sway across the frame every 3 s
 * with a jitter that puts every keyframe somewhere else than its neighbours.
 */
function restlessPath(moves: number, seconds: number): CropKeyframe[] {
  const keys = Array.from({ length: moves + 1 }, (_, i) => {
    const t = 0.2 + (i * (seconds - 0.4)) / moves;
    return { t, x: Math.round(win.maxX / 2 + (win.maxX / 2 - 8) * Math.sin((2 * Math.PI * t) / 3) + (i % 2 ? 3 : -3)) };
  });
  return normalizePath(keys, win.maxX);
}

const PROFILE_H = 16;

/**
 * Column profiles (mean luma of each column) of every frame of `file`, scaled to `w` columns. The
 * output is scaled back to the window's source width, so a frame's profile is a stretch of the
 * source's profile, starting at the window's left edge.
 */
function columnProfiles(file: string, w: number): number[][] {
  const raw = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-vf", `scale=${w}:${PROFILE_H}:flags=area`, "-pix_fmt", "gray", "-f", "rawvideo", "pipe:1"], { maxBuffer: 1 << 28 });
  const frames: number[][] = [];
  for (let off = 0; off + w * PROFILE_H <= raw.length; off += w * PROFILE_H) {
    frames.push(
      Array.from({ length: w }, (_, c) => {
        let sum = 0;
        for (let r = 0; r < PROFILE_H; r++) sum += raw[off + r * w + c]!;
        return sum / PROFILE_H;
      }),
    );
  }
  return frames;
}

/** The left edge whose stretch of the source profile best matches a frame's (least absolute difference). */
function leftEdge(frame: readonly number[], source: readonly number[]): number {
  let best = 0;
  let bestSad = Infinity;
  for (let x = 0; x + frame.length <= source.length; x++) {
    let sad = 0;
    for (let c = 0; c < frame.length && sad < bestSad; c++) sad += Math.abs(frame[c]! - source[x + c]!);
    if (sad < bestSad) (bestSad = sad), (best = x);
  }
  return best;
}

let sourceProfile: number[];

beforeAll(async () => {
  // a ramp with a chirp over it: stripes that narrow from left to right, brighter to the right, so
  // no stretch of columns looks like another and a frame's columns say where its window sits
  source = join(dir, "chirp.mp4");
  ffmpeg(["-f", "lavfi", "-i", `color=c=gray:s=${SW}x${SH}:r=${FPS}:d=1,geq=lum='24+90*X/W+110*(0.5+0.5*sin(X*X/1500))':cb=128:cr=128,trim=end_frame=1,loop=loop=${SECONDS * FPS}:size=1`, "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", "-t", String(SECONDS), source]);
  info = await probe(source, { signal });
  sourceProfile = columnProfiles(source, SW)[0]!;
});

describe("a crop path of any length renders with real ffmpeg", () => {
  for (const moves of [1, 96, 97, 500, 5000]) {
    it(`${moves} moves: the clip renders and every sampled frame shows the window where the path puts it`, async () => {
      const path = restlessPath(moves, SECONDS);
      expect(path.length - 1).toBe(moves);
      const out = join(dir, `path-${moves}.mp4`);
      await renderClip({ aspect: "9:16", source, probe: info, start: 0, end: SECONDS, layout: "face_tracking", cropPath: path, assPath: null, output: out, quality: "preview" }, { signal });
      const frames = columnProfiles(out, win.w);
      expect(frames.length).toBeGreaterThanOrEqual(SECONDS * FPS - 1);
      // frames at chosen times: every 7th frame (a stride prime to the keyframe spacing), and the last
      const sampled = [...frames.keys()].filter((k) => k % 7 === 0 || k === frames.length - 1);
      const xs = sampled.map((k) => leftEdge(frames[k]!, sourceProfile));
      const errors = sampled.map((k, i) => Math.abs(xs[i]! - cropXAt(path, k / FPS)));
      // ffmpeg crops yuv420p at even columns and the path is fractional between keyframes: 2 px at most
      expect(Math.max(...errors)).toBeLessThanOrEqual(2.5);
      // the window really travelled: not a still crop that happens to sit mid-frame
      if (moves > 1) expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(win.maxX / 2);
    });
  }

  it("leaves no command file behind", () => {
    expect(readdirSync(dir).filter((f) => f.includes("crop-commands"))).toEqual([]);
  });
});

describe("panels follow long paths too", () => {
  it("split_screen with two panels of 300 moves each renders every frame", async () => {
    const sway = (phase: number) => Array.from({ length: 301 }, (_, i) => ({ t: 0.1 + i * 0.03, x: 200 + phase + 120 * Math.sin(i / 5) + (i % 2 ? 2 : -2) }));
    const out = join(dir, "split-300.mp4");
    await renderClip({ aspect: "9:16", source, probe: info, start: 0, end: 10, layout: "split_screen", panels: [{ x: 200, y: 180, path: sway(0) }, { x: 440, y: 180, path: sway(240) }], assPath: null, output: out, quality: "preview" }, { signal });
    expect(columnProfiles(out, 54).length).toBeGreaterThanOrEqual(10 * FPS - 1);
  });
});
