// Real model, real ffmpeg: the face-cam (stacked) choice on a generated gameplay video with a real
// face photo in the top-right corner, rendered stacked; and the active-speaker cue on real clips.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createBlazeFace, type BlazeFaceDetector } from "../../src/engines/face/blazeface.js";
import { CLIP_FRAMES } from "@katto/protocol";
import { autoLayout } from "../../src/framing/auto-layout.js";
import { cropWindow } from "../../src/framing/crop-path.js";
import { stackedCrops } from "../../src/framing/panels.js";
import { planFaceCrop } from "../../src/framing/face-crop.js";
import { suggestLayout, summarizeFaces } from "../../src/framing/layout-summary.js";
import { analyzeClipFaces, sampleFaces } from "../../src/framing/faces.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
let detector: BlazeFaceDetector;
beforeAll(async () => {
  detector = await createBlazeFace();
});

/** A region of one frame, scaled to w x h, as RGB24. */
function region(file: string, t: number, r: { x: number; y: number; w: number; h: number }, w: number, h: number): Uint8Array {
  const buf = execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-ss", String(t), "-i", file, "-frames:v", "1",
    "-vf", `crop=${r.w}:${r.h}:${r.x}:${r.y},scale=${w}:${h}:flags=area`, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
  ], { maxBuffer: 16 << 20 });
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
const meanAbsDiff = (a: Uint8Array, b: Uint8Array) => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;

describe("gameplay with a face cam", () => {
  // 1280x720 testsrc2 with its hue turning (the whole picture changes, like gameplay), Grace
  // Hopper's portrait scaled to 200 px wide at x 1040..1240, y 40..274
  const PHOTO = { x: 1040, y: 40, w: 200, h: 234 };
  let file: string;
  beforeAll(() => {
    file = path.join(tmpDir("katto-facecam-"), "game.mp4");
    ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=25:d=4,hue=h=90*t",
      "-f", "lavfi", "-i", "sine=f=300:sample_rate=48000:d=4",
      "-loop", "1", "-i", media("photos/grace_hopper.jpg"),
      "-filter_complex", `[2:v]scale=${PHOTO.w}:-2[f];[0:v][f]overlay=${PHOTO.x}:${PHOTO.y}:shortest=1[v]`,
      "-map", "[v]", "-map", "1:a", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", file,
    ]);
  });

  it("is detected as stacked with the face cam around the photo, and renders the photo on top", async () => {
    const info = await probe(file, { signal });
    const video = info.video!;
    const track = await sampleFaces({ source: file, video, start: 0, end: 4, detector, signal });
    const summary = summarizeFaces(track.samples, video);
    expect(suggestLayout(summary)).toBe("stacked");
    const plan = planFaceCrop(track.samples, cropWindow(video.width, video.height, 9 / 16), { clipStart: 0 });
    const choice = autoLayout({ hasSpeech: true, faces: { path: plan.path, layout: suggestLayout(summary), samples: track.samples, faceCam: summary.faceCam } });
    expect(choice.layout).toBe("stacked");
    const cam = (choice as { faceCam: { x: number; y: number; w: number; h: number } }).faceCam;
    // the cam rectangle lies on the photo (its centre inside, most of it overlapping)
    const ix = Math.min(cam.x + cam.w, PHOTO.x + PHOTO.w) - Math.max(cam.x, PHOTO.x);
    const iy = Math.min(cam.y + cam.h, PHOTO.y + PHOTO.h) - Math.max(cam.y, PHOTO.y);
    expect((ix * iy) / (cam.w * cam.h)).toBeGreaterThan(0.8);
    expect(cam.x + cam.w / 2).toBeGreaterThan(PHOTO.x);
    expect(cam.x + cam.w / 2).toBeLessThan(PHOTO.x + PHOTO.w);

    const out = path.join(path.dirname(file), "stacked.mp4");
    await renderClip({ aspect: "9:16", source: file, probe: info, start: 0, end: 3, layout: "stacked", faceCam: cam, assPath: null, output: out, quality: "preview" }, { signal });
    // the top band shows the cam region of the source; the bottom band does not look like it
    const { width: W, height: H } = CLIP_FRAMES.preview;
    const crops = stackedCrops(W, H, video.width, video.height, cam);
    const top = region(out, 1.5, crops.cam.cell, 54, 32);
    const expected = region(file, 1.5, crops.cam.src, 54, 32);
    const bottom = region(out, 1.5, { x: 0, y: crops.game.cell.y, w: W, h: crops.cam.cell.h }, 54, 32);
    const dTop = meanAbsDiff(top, expected);
    const dBottom = meanAbsDiff(bottom, expected);
    console.log(`face cam ${JSON.stringify(cam)}; top band vs cam region ${dTop.toFixed(1)}, bottom band ${dBottom.toFixed(1)}`);
    expect(dTop).toBeLessThan(15);
    expect(dBottom).toBeGreaterThan(2 * dTop);
  });
});

describe("active speaker on real clips", () => {
  it.each([
    ["video_talking/other/openmpf_video_01.mp4", 0, 3],
    ["video_talking/other/openmpf_new_face_video-90.mp4", 0, 12],
  ])("%s: the pipeline runs with speech timing and picks a subject", async (rel, start, end) => {
    const file = media(rel);
    const info = await probe(file, { signal });
    const video = info.video!;
    const window = cropWindow(video.width, video.height, 9 / 16);
    const speech = [{ start, end }];
    const r = await analyzeClipFaces({ source: file, video, start, end, detector, signal, window, speech });
    expect(r.path).not.toBeNull();
    expect(r.layout).not.toBe("stacked");
    const withCue = planFaceCrop(r.track.samples, window, { clipStart: start, speech });
    // who is followed: the subject's face height relative to the largest face in the same sample
    const rel2 = withCue.subjects.map((s, i) => (s && r.track.samples[i].faces.length ? s.h / Math.max(...r.track.samples[i].faces.map((f) => f.h)) : null)).filter((v) => v !== null);
    console.log(`${rel}: layout ${r.layout}, subjects ${withCue.subjects.map((s) => s?.id ?? "-").join(",")}`);
    if (rel.includes("video_01")) {
      // the woman in front, who speaks, stays the subject (the people behind her are never chosen)
      expect(rel2.every((v) => v === 1)).toBe(true);
    }
  });
});
