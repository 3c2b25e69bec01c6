// Issue 41: a 16:9 talking head in a 16:9 clip keeps its picture whole (passthrough), so no face
// analysis frames it; with a hook title its opening faces are still measured, and the title card,
// drawn off them, covers no face in the rendered file (the card's box found by its accent colour,
// the face by the quality measure's detector: helpers/title-face.ts). One clip by hand over the
// White House address under two LibriVox sentences, at 10 fps and 360 p, HD at ultrafast.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Style } from "@katto/protocol";
import type { Rect } from "../../src/framing/panels.js";
import { startFakeWorker, type FakeWorker } from "../helpers/fake-worker.js";
import { renderedManualClip } from "../helpers/rendered-manual-clip.js";
import { librivox } from "../helpers/librivox.js";
import { ffmpeg, ffprobe, media, tmpDir } from "../helpers/media.js";
import { sharedArea, titleAndFaces } from "../helpers/title-face.js";

const dir = tmpDir("katto-title-face-");
const speech = [librivox("0880", 0.25), librivox("0930", 3.6)];
const words = speech.flatMap((s) => s.words);
const LENGTH = 7.2;
/** the default look's accent (bold_pop), the title card's box */
const ACCENT = "#FFE000";
let worker: FakeWorker;
let clip: { file: string; metadata: { timeline?: { layout: string }; opening_faces?: Rect | null } };
let file: string;

beforeAll(async () => {
  const audio = speech.map((s, i) => `[${i + 1}:a]atrim=${s.from}:${s.to},asetpts=PTS-STARTPTS,aresample=48000,adelay=${Math.round(s.at * 1000)}:all=1[s${i}]`).join(";");
  ffmpeg([
    "-stream_loop", "-1", "-i", media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4"),
    ...speech.flatMap((s) => ["-i", s.file]),
    "-filter_complex", `[0:v]scale=640:360,fps=10,format=yuv420p[v];${audio};[s0][s1]amix=inputs=2:normalize=0,apad[a]`,
    "-map", "[v]", "-map", "[a]", "-t", String(LENGTH), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", path.join(dir, "address.mp4"),
  ]);
  worker = await startFakeWorker(dir);
  const style: Style = { hook_title: true };
  const range = { start: 0.1, end: 7 };
  ({ clip, file } = await renderedManualClip<typeof clip>({ dir, worker, media: "address.mp4", jobId: "job-title-face", words, range, config: { aspect: "16:9", style }, title: "Quiet morning habits change everything" }));
}, 300_000);

afterAll(async () => {
  await worker?.close();
});

describe("a hook title on a 16:9 talking head kept whole in a 16:9 clip (issue 41)", () => {
  it("is passthrough, and its opening faces are measured all the same", () => {
    expect(clip.metadata.timeline?.layout).toBe("passthrough");
    expect(clip.metadata.opening_faces).toBeTruthy();
  });

  it("draws the title card over no face the detector finds while it is up", async () => {
    const v = ffprobe(file).streams.find((s) => s.codec_type === "video")!;
    const { title, faces } = await titleAndFaces(file, { width: v.width!, height: v.height! }, ACCENT);
    const s = JSON.stringify({ title, faces: faces.map((f) => [f.x, f.y, f.w, f.h].map(Math.round)), opening: clip.metadata.opening_faces });
    expect(title, s).not.toBeNull();
    expect(faces.length, s).toBeGreaterThan(0);
    for (const f of faces) expect(sharedArea(f, title!), s).toBe(0);
  });
});
