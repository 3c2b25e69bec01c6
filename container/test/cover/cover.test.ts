// Covers (issue 37) on a real talking-head clip: the frame chosen shows a face the quality
// measures' detector finds, with the eyes open (the GRID talker blinks from 1.7 to 2.2 s), and the
// title drawn on it in the kit's style reads back through OCR (Debian's tesseract-ocr). The HD
// file's cover is drawn at the preview cover's moment: the same frame at twice the size. One short
// 9:16 clip (3 s of a GRID recording) made once, and its 1080x1920 version.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { titleLookStyle } from "../../src/editing/clip-plan.js";
import { coverFrameArgs, laplacianVariance, makeCover, sampleSize, pickCover, type CoverChoice, type CoverSample } from "../../src/delivery/cover.js";
import { eyeDetail, eyesOpen } from "../../src/delivery/cover-eyes.js";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";

const TITLE = "Place blue at F two now";
const FRAME = { width: 540, height: 960 };

function rgbOf(file: string, w: number, h: number, t = 0): Uint8Array {
  return new Uint8Array(execFileSync("ffmpeg", ["-v", "error", "-ss", String(t), "-i", file, "-frames:v", "1", "-vf", `scale=${w}:${h}`, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], { maxBuffer: 1 << 26 }));
}

/** A still image's pixels at a size (an image input takes no -ss: seeking it decodes nothing). */
const imageRgb = (file: string, w: number, h: number) =>
  new Uint8Array(execFileSync("ffmpeg", ["-v", "error", "-i", file, "-vf", `scale=${w}:${h}`, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], { maxBuffer: 1 << 26 }));

describe("a clip's cover", () => {
  const dir = tmpDir("katto-cover-");
  const clip = join(dir, "clip.mp4");
  const cover = join(dir, "cover.jpg");
  const hdClip = join(dir, "clip-hd.mp4");
  const hdCover = join(dir, "cover-hd.jpg");
  const HD = { width: FRAME.width * 2, height: FRAME.height * 2 };
  let choice: CoverChoice;
  let hdChoice: CoverChoice;
  beforeAll(async () => {
    // a 9:16 crop of a face-to-camera recording, as a face-tracked clip frames it, and its HD version
    ffmpeg(["-i", media("video_talking/grid/bbaf2n.mpg"), "-t", "3", "-vf", "crop=162:288:99:0,scale=540:960,setsar=1", "-c:v", "libx264", "-preset", "ultrafast", "-an", clip]);
    ffmpeg(["-i", media("video_talking/grid/bbaf2n.mpg"), "-t", "3", "-vf", "crop=162:288:99:0,scale=1080:1920,setsar=1", "-c:v", "libx264", "-preset", "ultrafast", "-an", hdClip]);
    choice = await makeCover({ video: clip, durationS: 3, frame: FRAME, title: TITLE, look: titleLookStyle(null, "9:16"), output: cover, signal: AbortSignal.timeout(60_000) });
    hdChoice = await makeCover({ video: hdClip, durationS: 3, frame: HD, title: TITLE, look: titleLookStyle(null, "9:16"), output: hdCover, signal: AbortSignal.timeout(60_000), at: choice.t });
  });

  it("is taken where the speaker's eyes are open, not during the blink", () => {
    expect(choice.eyesOpen).toBe(true);
    // GRID bbaf2n's lids close over frames 42-45 and 50-58 (25 fps)
    expect(choice.t < 1.68 || choice.t > 2.36).toBe(true);
  });

  it("on the HD file shows the preview cover's moment: the same time, the same picture at twice the size, its title drawn at the HD size", () => {
    expect(hdChoice.t).toBe(choice.t);
    expect(execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", hdCover]).toString().trim()).toBe(`${HD.width},${HD.height}`);
    expect(hdChoice.title.top).toBeCloseTo(choice.title.top * 2, -1);
    // the two covers side by side at the preview's size, outside the title: the same frame
    const a = imageRgb(cover, FRAME.width, FRAME.height);
    const b = imageRgb(hdCover, FRAME.width, FRAME.height);
    expect([a.length, b.length]).toEqual([FRAME.width * FRAME.height * 3, FRAME.width * FRAME.height * 3]);
    let diff = 0;
    let n = 0;
    const { top, bottom } = choice.title;
    for (let y = 0; y < FRAME.height; y++) {
      if (y >= top - 4 && y < bottom + 4) continue;
      for (let x = 0; x < FRAME.width * 3; x++) {
        diff += Math.abs(a[y * FRAME.width * 3 + x]! - b[y * FRAME.width * 3 + x]!);
        n++;
      }
    }
    expect(diff / n).toBeLessThan(4);
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

describe("eyes open, on real frames", () => {
  // GRID talkers blinking (frames with both lids closed, picked by eye) and the rest of their 3 s
  const CLOSED: Record<string, number[]> = { bbaf2n: [43, 44, 51, 52, 53], brbk7n: [21, 22, 23] };
  it("tells the closed frames of a blink from the open ones of the same clip", async () => {
    const detector = await createBlazeFace();
    const [W, H] = [360, 288];
    for (const [name, closed] of Object.entries(CLOSED)) {
      const all = new Uint8Array(execFileSync("ffmpeg", ["-v", "error", "-i", media(`video_talking/grid/${name}.mpg`), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], { maxBuffer: 1 << 26 }));
      const details: (number | null)[] = [];
      for (let k = 0; k < all.length / (W * H * 3); k++) {
        const rgb = all.subarray(k * W * H * 3, (k + 1) * W * H * 3);
        const face = (await detector.detect({ width: W, height: H, rgb }))[0];
        details.push(face ? eyeDetail(rgb, W, H, face) : null);
      }
      const open = eyesOpen(details);
      for (const k of closed) expect(open[k], `${name} frame ${k}`).toBe(false);
      // away from the blink (5 frames either side), the eyes are open
      const far = open.filter((_, k) => closed.every((c) => Math.abs(c - k) > 5));
      expect(far.filter((o) => o === true).length / far.length, name).toBeGreaterThan(0.94);
    }
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
    // closed eyes are passed over while another face frame has them open, and kept when none has
    expect(pickCover([...s, { t: 4, face: face(60), sharpness: 900, captioned: false, eyesOpen: false }], 100 * 100)!.t).toBe(2);
    expect(pickCover([{ t: 4, face: face(60), sharpness: 900, captioned: false, eyesOpen: false }, { t: 5, face: face(60), sharpness: 100, captioned: false, eyesOpen: false }], 100 * 100)!.t).toBe(4);
  });
  it("reads the one frame of a time already chosen as the drawing pass seeks it", () => {
    const args = coverFrameArgs("clip.mp4", 1.25, { width: 288, height: 512 }, "out.rgb");
    expect(args.slice(args.indexOf("-ss"), args.indexOf("-ss") + 4)).toEqual(["-ss", "1.250", "-i", "clip.mp4"]);
    expect(args[args.indexOf("-frames:v") + 1]).toBe("1");
  });
  it("measures a blurred picture as less sharp than the same picture in focus", () => {
    const w = 32;
    const sharp = new Uint8Array(w * w * 3).map((_, i) => (((i / 3) | 0) % 2 ? 255 : 0));
    const flat = new Uint8Array(w * w * 3).fill(128);
    expect(laplacianVariance(sharp, w, w, null)).toBeGreaterThan(laplacianVariance(flat, w, w, null));
    expect(laplacianVariance(flat, w, w, { x: 4, y: 4, w: 8, h: 8 })).toBe(0);
  });
});

describe("the sample size", () => {
  it("is 288 on the shorter side of every shape, its shape kept, even", () => {
    expect(sampleSize({ width: 540, height: 960 })).toEqual({ width: 288, height: 512 });
    expect(sampleSize({ width: 1920, height: 1080 })).toEqual({ width: 512, height: 288 });
    expect(sampleSize({ width: 1080, height: 1350 })).toEqual({ width: 288, height: 360 });
    expect(sampleSize({ width: 200, height: 100 })).toEqual({ width: 200, height: 100 });
  });
});
