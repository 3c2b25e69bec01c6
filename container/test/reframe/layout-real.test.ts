// The automatic layout on real footage from ../shared/media, through the production face stage:
// a handheld selfie whose speakers leave the frame for a while keeps face tracking (the framing
// holds while the face is gone), a group of hikers walking past stays wide, a woman speaking with
// smaller people behind her is followed rather than split, and a voice-over without a face is wide.
import { describe, expect, it } from "vitest";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import { autoLayout, type FaceEvidence } from "../../src/framing/auto-layout.js";
import { cropWindow, cropXAt } from "../../src/framing/crop-path.js";
import { analyzeClipFaces } from "../../src/framing/faces.js";
import { probe } from "../../src/analysis/probe.js";
import { media } from "../helpers/media.js";

const signal = new AbortController().signal;

async function choose(rel: string, range?: { start: number; end: number }) {
  const file = media(rel);
  const info = await probe(file, { signal });
  const video = info.video!;
  const start = range?.start ?? 0;
  const end = range?.end ?? info.duration;
  // speech over the whole range: the layout must not depend on the recogniser hearing wind as words
  const speech = [{ start, end }];
  const faces = await analyzeClipFaces({ source: file, video, start, end, window: cropWindow(video.width, video.height, 9 / 16), signal, detector: await createBlazeFace(), speech });
  const evidence: FaceEvidence = { path: faces.path, layout: faces.layout, samples: faces.track.samples, faceCam: faces.summary.faceCam, screenCam: faces.summary.screenCam, frame: video, people: faces.summary.people, dominantShare: faces.summary.dominantShare, speakers: faces.speakers };
  return { choice: autoLayout({ hasSpeech: true, faces: evidence, speech }), faces };
}

describe("automatic layout on real footage", () => {
  it("keeps face tracking on the handheld selfie, holding the framing while the face is out of frame", async () => {
    const { choice, faces } = await choose("video_talking/other/openmpf_new_face_video-90.mp4", { start: 6, end: 17 });
    expect(choice.layout).toBe("face_tracking");
    expect(choice.reason).toMatch(/on screen/);
    // 11-15 s: landscape without a face; the crop stays where the last face was
    const gone = faces.track.samples.filter((s) => s.t > 11.5 && s.t < 14.5 && s.faces.length === 0);
    expect(gone.length).toBeGreaterThan(4);
    const path = (choice as { path: { t: number; x: number }[] }).path;
    const xs = gone.map((s) => cropXAt(path, s.t - 6));
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(8);
  }, 300_000);

  it("stays wide for a group walking past, follows a speaker over smaller bystanders, and is wide without a face", async () => {
    expect((await choose("video_talking/other/openmpf_video_02_hikers.mp4")).choice.layout).toBe("wide");
    expect((await choose("video_talking/other/openmpf_video_01.mp4")).choice.layout).toBe("face_tracking");
    expect((await choose("video_misc/auto-editor_example.mp4", { start: 0, end: 17 })).choice.layout).toBe("wide");
  }, 300_000);
});
