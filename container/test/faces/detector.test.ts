// Real model, real media: BlazeFace on the corpus photos and talking-head videos, then the crop
// path built from what it found.
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { createBlazeFace, type BlazeFaceDetector } from "../../src/engines/face/blazeface.js";
import { cropWindow } from "../../src/framing/crop-path.js";
import { coverage, jitter } from "../helpers/track-metrics.js";
import { planFaceCrop } from "../../src/framing/face-crop.js";
import { suggestLayout, summarizeFaces } from "../../src/framing/layout-summary.js";
import { analyzeClipFaces, sampleFaces } from "../../src/framing/faces.js";
import { probe } from "../../src/analysis/probe.js";
import { media } from "../helpers/media.js";

/** Decode a still to RGB24 with ffmpeg, at most 640 px wide (what the faces stage feeds the model). */
function stillRgb(file: string) {
  const [w0, h0] = execFileSync("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", file])
    .toString()
    .trim()
    .split(",")
    .map(Number);
  const width = Math.min(640, w0 - (w0 % 2));
  const height = 2 * Math.round((width * h0) / w0 / 2);
  const rgb = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-vf", `scale=${width}:${height}`, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"], {
    maxBuffer: 64 << 20,
  });
  return { width, height, rgb: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length) };
}

let detector: BlazeFaceDetector;
beforeAll(async () => {
  detector = await createBlazeFace();
});

describe("BlazeFace on photos", () => {
  it.each(["photos/astronaut_eileen_collins.png", "photos/grace_hopper.jpg"])("finds exactly one face in %s, with landmarks inside it", async (rel) => {
    const frame = stillRgb(media(rel));
    const faces = await detector.detect(frame);
    expect(faces).toHaveLength(1);
    const [f] = faces;
    expect(f.score).toBeGreaterThan(0.7);
    expect(f.w).toBeGreaterThan(frame.width * 0.1);
    // eyes, nose and mouth lie within the box
    for (const p of f.landmarks!.slice(0, 4)) {
      expect(p.x).toBeGreaterThan(f.x);
      expect(p.x).toBeLessThan(f.x + f.w);
      expect(p.y).toBeGreaterThan(f.y);
      expect(p.y).toBeLessThan(f.y + f.h);
    }
  });
  it("finds at least two faces in the race photo", async () => {
    const faces = await detector.detect(stillRgb(media("photos/openmpf_race.jpg")));
    expect(faces.length).toBeGreaterThanOrEqual(2);
  });
  it("finds nothing in a flat grey frame", async () => {
    const faces = await detector.detect({ width: 320, height: 240, rgb: new Uint8Array(320 * 240 * 3).fill(128) });
    expect(faces).toEqual([]);
  });
});

describe("face tracking on talking-head video", () => {
  const signal = new AbortController().signal;
  async function track(rel: string, start = 0, end?: number) {
    const file = media(rel);
    const info = await probe(file, { signal });
    const video = info.video!;
    const faces = await sampleFaces({ source: file, video, start, end: end ?? info.duration, detector, signal });
    const win = cropWindow(video.width, video.height, 9 / 16);
    const plan = planFaceCrop(faces.samples, win, { clipStart: start });
    const m = { path: plan.path!, times: faces.samples.map((s) => s.t), subjects: plan.subjects, clipStart: start };
    return { video, faces, win, plan, m };
  }

  it("Obama address (1280x720): one face per sample in source pixels, crop covers it without jitter", async () => {
    const { video, faces, win, plan, m } = await track("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
    expect(faces.samples.length).toBeGreaterThanOrEqual(18); // 4.8 s at 4 fps
    expect(faces.samples[1].t).toBeCloseTo(0.25);
    const found = faces.samples.filter((s) => s.faces.length === 1).length;
    expect(found / faces.samples.length).toBeGreaterThan(0.9);
    const f = faces.samples.find((s) => s.faces.length === 1)!.faces[0];
    expect(f.w).toBeGreaterThan(100); // scaled back from the 640 px analysis frame
    expect(f.x + f.w).toBeLessThanOrEqual(video.width);
    expect(plan.path).not.toBeNull();
    expect(coverage(m, win.w)).toBeGreaterThanOrEqual(0.95);
    expect(jitter(m)).toBeLessThan(2);
    expect(suggestLayout(summarizeFaces(faces.samples, video))).toBe("face_tracking");
  });

  it("GRID clip (360x288) from 0.5 s to 2.5 s: coverage ≥ 0.95, jitter < 2 px, path relative to the clip", async () => {
    const { faces, win, plan, m } = await track("video_talking/grid/bbaf2n.mpg", 0.5, 2.5);
    expect(faces.samples).toHaveLength(8);
    expect(faces.samples[0].t).toBeCloseTo(0.5);
    expect(faces.samples.every((s) => s.faces.length === 1)).toBe(true);
    expect(plan.path![0].t).toBe(0);
    expect(coverage(m, win.w)).toBeGreaterThanOrEqual(0.95);
    expect(jitter(m)).toBeLessThan(2);
  });

  it("rotated phone video: boxes are in the displayed (upright) frame", async () => {
    const { video, faces } = await track("video_talking/other/openmpf_new_face_video-90.mp4", 0, 3);
    expect([video.width, video.height]).toEqual([640, 480]);
    const all = faces.samples.flatMap((s) => s.faces);
    expect(all.length).toBeGreaterThan(0);
    for (const f of all) {
      expect(f.x + f.w).toBeLessThanOrEqual(640 + 1e-6);
      expect(f.y + f.h).toBeLessThanOrEqual(480 + 1e-6);
      // upright face: eyes above the mouth
      expect(f.landmarks![0].y).toBeLessThan(f.landmarks![3].y);
    }
  });

  it("analyzeClipFaces: path, summary and layout for a clip range in one call", async () => {
    const video = { width: 1280, height: 720 };
    const win = cropWindow(video.width, video.height, 9 / 16);
    const r = await analyzeClipFaces({
      source: media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4"),
      video,
      start: 1,
      end: 3,
      window: win,
      detector,
      signal,
      sceneCuts: [0.5, 2],
    });
    expect(r.track.samples).toHaveLength(8);
    expect(r.path![0].t).toBe(0);
    expect(r.path!.every((k) => k.x >= 0 && k.x <= win.maxX)).toBe(true);
    expect(r.summary.people).toBeGreaterThanOrEqual(1);
    expect(r.layout).toBe("face_tracking");
  });

  it("abort stops sampling", async () => {
    const ac = new AbortController();
    ac.abort(new Error("stop"));
    const file = media("video_talking/grid/bbaf2n.mpg");
    await expect(sampleFaces({ source: file, video: { width: 360, height: 288 }, start: 0, end: 3, detector, signal: ac.signal })).rejects.toThrow();
  });
});
