// Issue 37's screen layout on real footage: the screen-style recording of ../shared/media/video_misc
// (a running timecode on a green screen) with a real talking face (the White House address of
// video_talking/other) composited in its top-left corner as a webcam overlay is, under five real
// LibriVox sentences. One job (fixed moment, real face analysis, real render and quality check,
// HD at ultrafast), shared by every assertion: the automatic choice is the screen layout, the
// frame is the clip's shape, the screen's timecode reads back with tesseract, the face the quality
// measure's detector finds lies inside the camera panel, and the quality check raises no flag.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipFrame } from "@katto/protocol";
import { screenCamPanel, screenCrops } from "../../src/framing/screen-panels.js";
import { measureClip, qualityFaceDetector } from "../../src/quality/measure-clip.js";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { ffmpeg, ffprobe, media, rgbFrames, tmpDir } from "../helpers/media.js";
import { checkedClips, clipSummary, fixedMoment, reading, type ClipsEvent } from "../helpers/quality-job.js";

const dir = tmpDir("katto-screen-layout-");
const work = tmpDir("katto-screen-layout-work-");
const r = reading(0.3);
/** the composite: 640x360, the cam (170x196) 12 px from the top-left corner */
const SRC = { width: 640, height: 360 };
const CAM = { x: 12, y: 12, w: 170, h: 196 };
const LENGTH = 11;
let worker: FakeWorker;
let job: { jobId: string; ev: ClipsEvent };
let clip: ClipsEvent["clips"][number];
let file: string;
let size: { width: number; height: number };

beforeAll(async () => {
  ffmpeg([
    ...r.audio.inputs,
    "-i", media("video_misc/auto-editor_example.mp4"),
    "-stream_loop", "-1", "-i", media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4"),
    "-filter_complex",
    `${r.audio.filter};[${r.audio.count}:v]fps=25,scale=${SRC.width}:${SRC.height}[s];[${r.audio.count + 1}:v]fps=25,crop=520:600:240:0,scale=${CAM.w}:${CAM.h}[c];[s][c]overlay=x=${CAM.x}:y=${CAM.y},format=yuv420p[v]`,
    "-map", "[v]", "-map", "[a]", "-t", String(LENGTH), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", join(dir, "screen.mp4"),
  ]);
  worker = await startFakeWorker(dir);
  const words = r.words.filter((w) => w.end <= r.sentence(1).end + 0.01);
  job = await checkedClips({ worker, workRoot: work, file: "screen.mp4", words, moments: [fixedMoment(0, r.sentence(1).end + 0.2, 90)], style: {} });
  clip = job.ev.clips[0]!;
  file = worker.file(job.jobId, clip.file);
  const v = ffprobe(file).streams.find((s) => s.codec_type === "video")!;
  size = { width: v.width!, height: v.height! };
  console.log("screen clip", JSON.stringify({ ...clipSummary(clip), face_cam: clip.metadata.timeline!.face_cam, size, reason: clip.metadata.layout_reason }));
}, 300_000);
afterAll(async () => {
  await worker?.close();
});

/** The clip's panels in its rendered frame. */
const panels = () => screenCrops(size.width, size.height, SRC.width, SRC.height, clip.metadata.timeline!.face_cam!);

describe("screen recording with a face camera (issue 37)", () => {
  it("is detected and given the screen layout, in the clip's 9:16 frame", () => {
    expect(clip.metadata.timeline?.layout).toBe("screen");
    expect(clip.metadata.layout_reason).toMatch(/screen recording/);
    // the cam found around the overlaid face
    const cam = clip.metadata.timeline!.face_cam!;
    expect(cam.x).toBeLessThan(CAM.x + CAM.w / 2);
    expect(cam.x + cam.w).toBeGreaterThan(CAM.x + CAM.w / 2);
    expect(cam.y + cam.h).toBeLessThan(SRC.height / 2 + 60);
    // the delivered file is a frame of the clip's shape (the preview of 9:16)
    expect(size.width / size.height).toBeCloseTo(9 / 16, 2);
    expect([clipFrame("9:16", "preview"), clipFrame("9:16", "hd")]).toContainEqual(size);
  });

  it("the screen's text reads back: tesseract finds the running timecode in the screen panel", () => {
    const s = panels().screen.place;
    const png = join(dir, "screen-panel.png");
    ffmpeg(["-ss", "5", "-i", file, "-frames:v", "1", "-vf", `crop=${s.w}:${s.h}:${s.x}:${s.y},format=gray,negate`, png]);
    const text = execFileSync("tesseract", [png, "-", "--psm", "11"], { stdio: ["ignore", "pipe", "ignore"] }).toString();
    console.log("screen panel OCR", JSON.stringify(text.trim()));
    expect(text.replace(/\s/g, "")).toMatch(/01:00:0\d/);
  });

  it("the face the quality measure's detector finds lies inside the camera panel", async () => {
    const cam = panels().cam.cell;
    const detector = await qualityFaceDetector();
    const frames = rgbFrames(file, [1, 4, 7, 9.5], size.width, size.height);
    let seen = 0;
    for (const rgb of frames) {
      const faces = await detector.detect({ ...size, rgb });
      for (const f of faces) {
        seen++;
        expect(f.x).toBeGreaterThanOrEqual(cam.x - 2);
        expect(f.y).toBeGreaterThanOrEqual(cam.y - 2);
        expect(f.x + f.w).toBeLessThanOrEqual(cam.x + cam.w + 2);
        expect(f.y + f.h).toBeLessThanOrEqual(cam.y + cam.h + 2);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(frames.length);
  });

  it("the clip's quality raises no flag: the speaker is judged in the camera panel, no empty frames", async () => {
    const q = clip.quality!;
    expect(q.flags).toEqual([]);
    expect(q.subject_in_frame).toBeGreaterThanOrEqual(0.9);
    expect(q.empty_frames).toBeLessThan(0.1);
    // the measure looks for the speaker in the camera panel only: the same file judged in the screen panel has no speaker
    const c = panels();
    const asFractions = (r: { x: number; y: number; w: number; h: number }) => ({ x: r.x / size.width, y: r.y / size.height, w: r.w / size.width, h: r.h / size.height });
    expect(screenCamPanel(size, SRC, clip.metadata.timeline!.face_cam)).toEqual(asFractions(c.cam.place));
    const duration = Number(ffprobe(file).format.duration);
    const inScreen = await measureClip({ aspect: "9:16", file, duration, hasAudio: true, layout: "screen", words: [], edges: { starts_on_sentence: null, ends_on_sentence: null, cut_word: false }, expectSpeech: true, signal: new AbortController().signal, subjectPanel: asFractions(c.screen.place) });
    expect(inScreen.subject_in_frame).toBe(0);
  });
});
