// Issue 41: the captions never cover a face, in the rendered file. Two real people side by side (two
// GRID talkers of ../shared/media, as the combination matrix's two-person source) framed as a 1:1
// split screen, where the style's bottom position fell on the lower person's face: the captions now
// sit on the seam between the panels (captions/caption-place.ts). Read from the file only: the
// captions' box found by their colour (a brand kit's magenta text, a colour no face has), the faces
// by the quality measure's detector; its hook title card (a cyan box) keeps off them too, as the
// combination matrix's two-person row checks. One clip by hand at 10 fps and 288 p, HD at ultrafast.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qualityFaceDetector } from "../../src/quality/measure-clip.js";
import { startFakeWorker, type FakeWorker } from "../helpers/fake-worker.js";
import { renderedManualClip } from "../helpers/rendered-manual-clip.js";
import { librivox } from "../helpers/librivox.js";
import { ffmpeg, ffprobe, media, rgbFrames, tmpDir } from "../helpers/media.js";
import { accentBox, sharedArea, titleAndFaces, type Box } from "../helpers/title-face.js";

const dir = tmpDir("katto-caption-face-");
const speech = [librivox("0880", 0.25), librivox("0930", 3.6)];
const words = speech.flatMap((s) => s.words);
const LENGTH = 7.2;
/** the kit's caption text and spoken-word colour: the captions' pixels */
const MAGENTA = "#FF00FF";
/** moments of the clip (seconds) when a caption page is on screen, after the hook title card */
const AT = [4, 4.5, 5, 5.5];
/** the kit's accent: the spoken word and the hook title card's box */
const CYAN = "#00FFFF";
let worker: FakeWorker;
let clip: { file: string; metadata: { timeline?: { layout: string } } };
let file: string;

beforeAll(async () => {
  const audio = speech.map((s, i) => `[${i + 2}:a]atrim=${s.from}:${s.to},asetpts=PTS-STARTPTS,aresample=48000,adelay=${Math.round(s.at * 1000)}:all=1[s${i}]`).join(";");
  const loop = (f: string) => ["-stream_loop", "-1", "-i", media(f)];
  ffmpeg([
    ...loop("video_talking/grid/lwbsza.mpg"), ...loop("video_talking/grid/sbwe5n.mpg"),
    ...speech.flatMap((s) => ["-i", s.file]),
    "-filter_complex", `[0:v]scale=360:288,setsar=1[l];[1:v]scale=360:288,setsar=1[r];[l][r]hstack,fps=10,format=yuv420p[v];${audio};[s0][s1]amix=inputs=2:normalize=0,apad[a]`,
    "-map", "[v]", "-map", "[a]", "-t", String(LENGTH), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", path.join(dir, "pair.mp4"),
  ]);
  worker = await startFakeWorker(dir);
  const brandKit = { name: "magenta", primary_color: MAGENTA, accent_color: CYAN, caption_font: "DejaVu Sans" as const, caption_position: "bottom" as const, default_layout: "face_tracking" as const, watermark_url: null };
  ({ clip, file } = await renderedManualClip<typeof clip>({ dir, worker, media: "pair.mp4", jobId: "job-caption-face", words, range: { start: 0.1, end: 7 }, config: { aspect: "1:1", brandKit, style: { hook_title: true } }, title: "Two people, one seam" }));
}, 300_000);

afterAll(async () => {
  await worker?.close();
});

/** The captions' box on each sampled frame (runs of magenta at least 3 px across: letter strokes) and the faces the detector finds on them. */
async function captionsAndFaces(size: { width: number; height: number }): Promise<{ captions: Box[]; faces: Box[] }> {
  const frames = rgbFrames(file, AT, size.width, size.height).filter((f) => f.length);
  const detector = await qualityFaceDetector();
  const faces: Box[] = [];
  for (const rgb of frames) faces.push(...(await detector.detect({ ...size, rgb })));
  return { captions: frames.flatMap((rgb) => accentBox(rgb, size.width, size.height, MAGENTA, 3) ?? []), faces };
}

describe("the captions of a 1:1 split screen of two people (issue 41)", () => {
  it("is a 1:1 split screen", () => {
    const v = ffprobe(file).streams.find((s) => s.codec_type === "video")!;
    expect([v.width, v.height, clip.metadata.timeline?.layout]).toEqual([1080, 1080, "split_screen"]);
  });

  it("draws the captions on the seam between the panels, over no face the detector finds", async () => {
    const v = ffprobe(file).streams.find((s) => s.codec_type === "video")!;
    const { captions, faces } = await captionsAndFaces({ width: v.width!, height: v.height! });
    const s = JSON.stringify({ captions, faces: faces.map((f) => [f.x, f.y, f.w, f.h].map(Math.round)) });
    expect(captions.length, s).toBe(AT.length);
    // one face in each panel
    expect(faces.some((f) => f.y + f.h / 2 < v.height! / 2) && faces.some((f) => f.y + f.h / 2 > v.height! / 2), s).toBe(true);
    for (const c of captions) {
      expect(c.y < v.height! / 2 && c.y + c.h > v.height! / 2, s).toBe(true);
      for (const f of faces) expect(sharedArea(f, c), s).toBe(0);
    }
  });

  it("draws the hook title card, while it is up, over no face the detector finds (the captions took the seam)", async () => {
    const v = ffprobe(file).streams.find((s) => s.codec_type === "video")!;
    const { title, faces } = await titleAndFaces(file, { width: v.width!, height: v.height! }, CYAN);
    const s = JSON.stringify({ title, faces: faces.map((f) => [f.x, f.y, f.w, f.h].map(Math.round)) });
    expect(title, s).not.toBeNull();
    expect(faces.length, s).toBeGreaterThan(0);
    for (const f of faces) expect(sharedArea(f, title!), s).toBe(0);
  });
});

