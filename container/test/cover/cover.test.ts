// Covers (issue 37) on a real talking-head clip: the frame chosen shows a face the quality
// measures' detector finds, and the title drawn on it in the kit's style reads back through OCR
// (Debian's tesseract-ocr). One short 9:16 clip (3 s of a GRID recording) made once.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { titleLookStyle } from "../../src/editing/clip-plan.js";
import { laplacianVariance, makeCover, pickCover, type CoverChoice, type CoverSample } from "../../src/delivery/cover.js";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";

const TITLE = "Place blue at F two now";
const FRAME = { width: 540, height: 960 };

function rgbOf(file: string, w: number, h: number, t = 0): Uint8Array {
  return new Uint8Array(execFileSync("ffmpeg", ["-v", "error", "-ss", String(t), "-i", file, "-frames:v", "1", "-vf", `scale=${w}:${h}`, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], { maxBuffer: 1 << 26 }));
}

describe("a clip's cover", () => {
  const dir = tmpDir("katto-cover-");
  const clip = join(dir, "clip.mp4");
  const cover = join(dir, "cover.jpg");
  let choice: CoverChoice;
  beforeAll(async () => {
    // a 9:16 crop of a face-to-camera recording, as a face-tracked clip frames it
    ffmpeg(["-i", media("video_talking/grid/bbaf2n.mpg"), "-t", "3", "-vf", "crop=162:288:99:0,scale=540:960,setsar=1", "-c:v", "libx264", "-preset", "ultrafast", "-an", clip]);
    choice = await makeCover({ video: clip, durationS: 3, frame: FRAME, title: TITLE, look: titleLookStyle(null), output: cover, signal: AbortSignal.timeout(60_000) });
  });

  it("is taken from a frame where the detector finds the speaker's face", async () => {
    expect(choice.face).not.toBeNull();
    // the frame itself (without the title), detected again at the cover's time
    const faces = await (await createBlazeFace()).detect({ width: FRAME.width, height: FRAME.height, rgb: rgbOf(clip, FRAME.width, FRAME.height, choice.t) });
    expect(faces.length).toBeGreaterThan(0);
    expect(choice.sharpness).toBeGreaterThan(0);
  });

  it("is a JPEG at the clip's frame size whose title OCRs, placed off the face", () => {
    const probe = execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", cover]).toString().trim();
    expect(probe).toBe("mjpeg,540,960");
    const png = join(dir, "ocr.png");
    // the title's band, grey and thresholded: the dark letters on white
    const { top, bottom } = choice.title;
    ffmpeg(["-i", cover, "-vf", `crop=iw:${bottom - top}:0:${top},format=gray,scale=iw*3:ih*3,lutyuv=y='if(lt(val,100),0,255)'`, png]);
    const text = execFileSync("tesseract", [png, "stdout", "--psm", "6"], { stdio: ["ignore", "pipe", "ignore"] }).toString().toLowerCase();
    for (const w of ["place", "blue", "now"]) expect(text).toContain(w);
    const face = choice.face!;
    expect(bottom <= face.y || top >= face.y + face.h).toBe(true);
  });
});

describe("choosing the frame (pure)", () => {
  const face = (w: number) => ({ x: 10, y: 10, w, h: w, score: 0.9 });
  it("prefers a sharp face to a blurred one, any face to none, and an uncaptioned frame", () => {
    const s: CoverSample[] = [
      { t: 0, face: null, sharpness: 900, captioned: false },
      { t: 1, face: face(40), sharpness: 50, captioned: false },
      { t: 2, face: face(40), sharpness: 200, captioned: false },
    ];
    expect(pickCover(s, 100 * 100)!.t).toBe(2);
    expect(pickCover([...s, { t: 3, face: face(40), sharpness: 250, captioned: true }], 100 * 100)!.t).toBe(2);
    expect(pickCover([s[0]!], 100 * 100)!.t).toBe(0);
  });
  it("measures a blurred picture as less sharp than the same picture in focus", () => {
    const w = 32;
    const sharp = new Uint8Array(w * w * 3).map((_, i) => (((i / 3) | 0) % 2 ? 255 : 0));
    const flat = new Uint8Array(w * w * 3).fill(128);
    expect(laplacianVariance(sharp, w, w, null)).toBeGreaterThan(laplacianVariance(flat, w, w, null));
    expect(laplacianVariance(flat, w, w, { x: 4, y: 4, w: 8, h: 8 })).toBe(0);
  });
});
