import { CLIP_FRAMES } from "@katto/protocol";
// B-roll cutaways (style `broll`, issue 26) on real media: a 12 s stretch of a handheld selfie
// video (people on a windy hilltop, rotated -90 degrees in its container), with a library of two generated assets (a solid magenta still and a solid cyan video).
// Frames at the times the clip's edits give show the asset's colour over the whole picture; the
// frames between show the recording; the audio stays the speaker's; captions stay on top.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BrollAsset } from "@katto/protocol";
import { assetFiles, brollSource, clipCutaways } from "../../src/broll/assets.js";
import { clipCaptions, writeClipCaptions } from "../../src/captions/clip-captions.js";
import { resolveCaptionStyle } from "../../src/captions/styles.js";
import { brollEdits, titleLookStyle } from "../../src/editing/clip-plan.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import { readStoredClip } from "../../src/delivery/stored-clip.js";
import { renderStoredClip } from "../../src/delivery/stored-render.js";
import { ffmpeg, ffprobe, media, rgbFrame, rgbFrames, tmpDir } from "../helpers/media.js";
import { words } from "../helpers/words.js";
import { serveDir } from "../helpers/static-server.js";
import { fastHdEncoder } from "../helpers/encoder.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-broll-render-");
const SOURCE = media("video_talking/other/openmpf_new_face_video-90.mp4");
const START = 2;
const DUR = 12;
const W = 540;
const H = 960;
// evenly timed words; "coffee" and "city streets" are the library's keywords
const WORDS = words("so every single morning I make my first cup of coffee and then I walk out of the house and into the busy city streets to think about the day ahead of me", 0.1, 0.36, 0.3);
const KIT = { name: "Test", primary_color: "#FFFFFF", accent_color: "#00FF00", caption_font: "Noto Sans", caption_position: "bottom", default_layout: "face_tracking", watermark_url: null } as const;

type Rgb = [number, number, number];
/** mean colour of the frame's middle band (above the captions) */
function meanColour(px: Uint8Array, W = 540, H = 960): Rgb {
  const sum: Rgb = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(H * 0.15); y < Math.round(H * 0.55); y += 2)
    for (let x = 0; x < W; x += 2) {
      const i = (y * W + x) * 3;
      sum[0] += px[i]!;
      sum[1] += px[i + 1]!;
      sum[2] += px[i + 2]!;
      n++;
    }
  return sum.map((s) => s / n) as Rgb;
}
const near = (c: Rgb, want: Rgb, tol = 40) => c.every((v, k) => Math.abs(v - want[k]!) <= tol);
const MAGENTA: Rgb = [255, 0, 255];
const CYAN: Rgb = [0, 255, 255];

let library: BrollAsset[];
let close: () => Promise<void>;

beforeAll(async () => {
  const assets = tmpDir("katto-broll-assets-");
  // a landscape still (it must be scaled to cover the portrait frame) and a short portrait video
  ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF00FF:s=800x600", "-frames:v", "1", join(assets, "magenta.png")]);
  ffmpeg(["-f", "lavfi", "-i", "color=c=0x00FFFF:s=360x640:r=25:d=0.8", "-f", "lavfi", "-i", "sine=f=1000:d=0.8", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", join(assets, "cyan.mp4")]);
  const server = await serveDir(assets);
  close = server.close;
  library = [
    { id: "img1", kind: "image", url: `${server.url}/magenta.png`, keywords: ["coffee", "the"] },
    { id: "vid1", kind: "video", url: `${server.url}/cyan.mp4`, keywords: ["city streets"] },
    { id: "gone", kind: "video", url: `${server.url}/missing.mp4`, keywords: ["morning"] },
  ];
  return () => close();
});

describe("library cutaways over matching words", () => {
  let output: string;
  let drawn: Awaited<ReturnType<typeof clipCutaways>>["drawn"];
  beforeAll(async () => {
    const info = await probe(SOURCE, { signal });
    const source = brollSource({ broll: "library" }, { library, stock: null }, assetFiles(dir), { frame: { width: 1080, height: 1920 } });
    const cut = await clipCutaways(WORDS, DUR, source, signal);
    drawn = cut.drawn;
    const style = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, style: "bold_pop", font: KIT.caption_font, primaryColor: KIT.primary_color, accentColor: KIT.accent_color })!;
    const c = clipCaptions({ aspect: "9:16", words: WORDS, durationS: DUR, captionStyle: style, look: titleLookStyle(KIT, "9:16"), style: { broll: "library" }, title: null, layout: "center_crop", picture: info.video!, openingFaces: null });
    const { assPath } = await writeClipCaptions(c, dir, "broll");
    output = join(dir, "broll.mp4");
    await renderClip({ aspect: "9:16", source: SOURCE, probe: info, start: START, end: START + DUR, layout: "center_crop", assPath, cutaways: cut.cutaways, output, quality: "preview" }, { signal });
  }, 600_000);

  it("cuts away on the words that match, 1.5-3 s each, at most a third of the clip, never over the opening", () => {
    const edits = brollEdits(drawn);
    // the asset whose file is missing is left out; the two others each get their word
    expect(edits.map((e) => e.asset)).toEqual(["img1", "vid1"]);
    const coffee = WORDS.find((w) => w.text === "coffee")!;
    const city = WORDS.find((w) => w.text === "city")!;
    expect(edits[0]!.start).toBeCloseTo(coffee.start, 3);
    expect(edits[1]!.start).toBeCloseTo(city.start, 3);
    for (const e of edits) {
      expect(e.end - e.start).toBeGreaterThanOrEqual(1.5 - 1e-9);
      expect(e.end - e.start).toBeLessThanOrEqual(3);
      expect(e.start).toBeGreaterThanOrEqual(2.5);
    }
    expect(edits.reduce((s, e) => s + e.end - e.start, 0)).toBeLessThanOrEqual(DUR / 3 + 1e-9);
  });

  it("shows each asset over the whole picture while its cutaway lasts, and the speaker before, between and after", () => {
    const [img, vid] = drawn;
    for (const [c, colour] of [[img!, MAGENTA], [vid!, CYAN]] as const) {
      const times = [c.start + 0.3, (c.start + c.end) / 2, c.end - 0.3];
      rgbFrames(output, times, W, H).forEach((px, i) => expect(near(meanColour(px), colour), `${c.asset.id} at ${times[i]}`).toBe(true));
    }
    const times = [1, (img!.end + vid!.start) / 2, DUR - 0.4];
    rgbFrames(output, times, W, H).forEach((px, i) => {
      const c = meanColour(px);
      expect(near(c, MAGENTA) || near(c, CYAN), `speaker at ${times[i]}`).toBe(false);
    });
  });

  it("keeps the captions on top of a cutaway, and one audio track of the clip's length", () => {
    const t = (drawn[0]!.start + drawn[0]!.end) / 2;
    const px = rgbFrame(output, t, W, H);
    // the caption band: white caption text drawn over the magenta still
    let white = 0;
    for (let y = Math.round(H * 0.6); y < Math.round(H * 0.8); y++)
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3;
        if (px[i]! > 220 && px[i + 1]! > 220 && px[i + 2]! > 220) white++;
      }
    expect(white).toBeGreaterThan(200);
    const streams = ffprobe(output).streams;
    expect(streams.filter((s) => s.codec_type === "audio")).toHaveLength(1);
    expect(Number(ffprobe(output).format.duration)).toBeCloseTo(DUR, 0);
  });
});

describe("a stored clip's cutaways (its HD file, a re-render changing something else)", () => {
  it("draws the cutaways its metadata records, at the same times, and none when the re-render turns B-roll off", async () => {
    const info = await probe(SOURCE, { signal });
    const source = brollSource({ broll: "library" }, { library, stock: null }, assetFiles(dir), { frame: { width: 1080, height: 1920 } });
    const { drawn } = await clipCutaways(WORDS, DUR, source, signal);
    // the first 7 s of the clip (an HD render costs), which hold its first cutaway
    const SHORT = 7;
    const first = drawn.filter((c) => c.end <= SHORT);
    expect(first).toHaveLength(1);
    const metadata = { layout: "center_crop", caption_style: "bold_pop", words: WORDS.filter((w) => w.end <= SHORT).map((w) => ({ word: w.text, start: w.start, end: w.end })), style: { broll: "library" }, broll_cutaways: first };
    const stored = readStoredClip(JSON.parse(JSON.stringify(metadata)));
    const base = { source: SOURCE, probe: info, start: START, end: START + SHORT, stored, brandKit: null, signal, jobId: "job-broll", encoder: fastHdEncoder };
    const hd = await renderStoredClip({ aspect: "9:16", ...base, dir: tmpDir("katto-broll-hd-"), name: "hd" });
    expect(hd.edits.broll).toEqual(brollEdits(first));
    const img = drawn[0]!;
    expect(near(meanColour(rgbFrame(hd.output, (img.start + img.end) / 2, 1080, 1920), 1080, 1920), MAGENTA)).toBe(true);
    const off = await renderStoredClip({ aspect: "9:16", ...base, style: { broll: "none" }, dir: tmpDir("katto-broll-off-"), name: "off" });
    expect(off.edits.broll).toEqual([]);
    expect(near(meanColour(rgbFrame(off.output, (img.start + img.end) / 2, 1080, 1920), 1080, 1920), MAGENTA)).toBe(false);
  }, 600_000);
});
