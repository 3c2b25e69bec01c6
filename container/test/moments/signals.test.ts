import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { planMoments } from "../../src/analysis/moments.js";
import { computeSignals, dbToLinear, parseMetadataPrint } from "../../src/analysis/signals.js";
import { sampleFaces } from "../../src/framing/faces.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "katto-signals-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("parseMetadataPrint", () => {
  it("reads frames and their key=value lines", () => {
    const text = "frame:0    pts:12      pts_time:3\nlavfi.scene_score=0.400000\nframe:1    pts:24      pts_time:6\nlavfi.scene_score=0.909049\n";
    expect(parseMetadataPrint(text)).toEqual([
      { t: 3, values: { "lavfi.scene_score": "0.400000" } },
      { t: 6, values: { "lavfi.scene_score": "0.909049" } },
    ]);
    expect(dbToLinear("-20")).toBeCloseTo(0.1);
    expect(dbToLinear("-inf")).toBe(0);
  });
});

describe("computeSignals (ffmpeg)", () => {
  it("finds the cuts and the loud part of a generated video", async () => {
    const f = path.join(dir, "cuts.mp4");
    // 3 s red, 3 s blue, 3 s test pattern; a quiet tone that gets loud from 6 s
    const r = spawnSync("ffmpeg", [
      "-hide_banner", "-loglevel", "error", "-y",
      "-f", "lavfi", "-i", "color=red:s=160x120:d=3:r=10", "-f", "lavfi", "-i", "color=blue:s=160x120:d=3:r=10", "-f", "lavfi", "-i", "testsrc=s=160x120:d=3:r=10",
      "-f", "lavfi", "-i", "sine=f=440:d=9:sample_rate=16000",
      "-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0,format=yuv420p[v];[3:a]volume='if(lt(t,6),0.02,0.8)':eval=frame[a]",
      "-map", "[v]", "-map", "[a]", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", f,
    ]);
    expect(r.status).toBe(0);
    const s = await computeSignals(f, { signal: AbortSignal.timeout(60_000), durationS: 9 });
    expect(s.sceneChanges!.map(Math.round)).toEqual([3, 6]);
    expect(s.energy!.length).toBeGreaterThanOrEqual(8);
    const loud = s.energy!.filter((e) => e.t >= 6 && e.t < 9).map((e) => e.rms); // t=9: the encoder's tail
    const quiet = s.energy!.filter((e) => e.t < 5.5).map((e) => e.rms);
    expect(Math.min(...loud)).toBeGreaterThan(5 * Math.max(...quiet));
    // Only a clip's range, on the source clock, from the face analysis's own decode: the cut at 6 s, not the one at 3 s.
    const noFaces = { name: "none", detect: async () => [] };
    const track = await sampleFaces({ source: f, video: { width: 160, height: 120 }, start: 4, end: 8.5, detector: noFaces, signal: AbortSignal.timeout(60_000), scenes: true });
    expect(track.sceneCuts!.map(Math.round)).toEqual([6]);
    expect(track.samples.length).toBe(18);
    // without `scenes`, one plain decode and no list
    expect((await sampleFaces({ source: f, video: { width: 160, height: 120 }, start: 4, end: 8.5, detector: noFaces, signal: AbortSignal.timeout(60_000) })).sceneCuts).toBeUndefined();
  });

  it("gives empty energy for a video without audio and still yields moments", async () => {
    const f = path.join(dir, "silent.mp4");
    spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=s=160x120:d=20:r=5", "-c:v", "libx264", "-preset", "ultrafast", f]);
    const s = await computeSignals(f, { signal: AbortSignal.timeout(60_000), durationS: 20 });
    expect(s.energy).toEqual([]);
    const sel = planMoments({ lang: null, segments: [], words: [], engine: "t" }, { durationS: 20, config: {}, maxClips: 10, signals: s });
    expect(sel.moments).toHaveLength(1);
    expect(sel.moments[0]!.end).toBeLessThanOrEqual(20);
  });
});
