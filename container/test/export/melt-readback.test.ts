// Hand off to an editor (issue 22): an MLT export, rendered headlessly by Debian's melt, gives the
// same clip as Katto's own render. Real footage (a talking head in front of bookshelves, 1280x720
// at 29.97 fps) and a crop path that sweeps across it: Katto renders the clip with its own ffmpeg
// graph (its 540x960 preview: the frames are compared at that size); the Worker's writer turns the same stored clip into an MLT project (the source referred to
// by file name beside it, as `source=file` exports do), which melt renders. The two must agree:
// a 1080x1920 video of the clip's duration, and at every sampled time the picture above the caption
// band in the same place (the best horizontal match within 4 output pixels, and under 12 levels of mean luma difference: the
// two encodes differ, Katto's preview at CRF 30).
import { execFileSync } from "node:child_process";
import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIP_METADATA_VERSION, type StoredClipMetadata } from "@katto/protocol";
import { timelineFromClip } from "../../../src/services/export/from-clip.js";
import { writeMlt } from "../../../src/services/export/mlt.js";
import { outputFps } from "../../src/ffmpeg/filter-values.js";
import { cropWindow } from "../../src/framing/crop-path.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import { ffprobe, grayFrames, media, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-melt-export-");
const START = 0.5;
const END = 4.5;
const SRT = "1\n00:00:00,200 --> 00:00:01,500\nabout the very\n\n2\n00:00:01,600 --> 00:00:03,400\nreal challenges\n";
// 540x960 frames: one pixel is two output pixels; the top 62% is above the caption band (0.7-0.9 of the height)
const FW = 540;
const FH = 960;
const ROWS = Math.round(FH * 0.62);

let katto: string;
let melted: string;
let meltLog: string;
let path: { t: number; x: number }[];

/** Mean absolute luma difference of the rows above the caption band, `b` shifted right by `dx` pixels. */
function diffAt(a: Uint8Array, b: Uint8Array, dx: number): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < ROWS; y++) {
    for (let x = Math.max(0, -dx) + 20; x < Math.min(FW, FW - dx) - 20; x++) {
      sum += Math.abs(a[y * FW + x]! - b[y * FW + x + dx]!);
      n++;
    }
  }
  return sum / n;
}

/** The horizontal shift (pixels of the 540-wide frame) at which `b` best matches `a`, and how well. */
function bestShift(a: Uint8Array, b: Uint8Array, range = 20): { dx: number; diff: number } {
  let best = { dx: 0, diff: Infinity };
  for (let dx = -range; dx <= range; dx++) {
    const d = diffAt(a, b, dx);
    if (d < best.diff) best = { dx, diff: d };
  }
  return best;
}

beforeAll(async () => {
  const source = join(dir, "obama.mp4");
  copyFileSync(media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4"), source);
  const info = await probe(source, { signal });
  const win = cropWindow(info.video!.width, info.video!.height, 9 / 16);
  // a sweep from the left third to the right, with a hold at each end
  path = [{ t: 0.3, x: 120 }, { t: 3.2, x: Math.min(win.maxX, 760) }];
  katto = join(dir, "katto.mp4");
  await renderClip({ aspect: "9:16", source, probe: info, start: START, end: END, layout: "face_tracking", cropPath: path, assPath: null, output: katto, quality: "preview" }, { signal });

  // the clip as the backend stores it (clip-plan.ts), then the Worker's export of it
  const metadata: StoredClipMetadata = {
    version: CLIP_METADATA_VERSION,
    source_range: { start: START, end: END },
    layout: "face_tracking",
    crop_window: { w: win.w, h: win.h, y: win.y },
    crop_path: path,
    content_rect: null,
    fps: outputFps(info.video!.fps),
    words: [],
    source_size: { width: info.video!.width, height: info.video!.height },
  };
  const built = timelineFromClip({ jobId: "00000000-0000-4000-8000-000000000000", clipIndex: 0, title: "Very real challenges", start: START, end: END, metadata, srt: SRT, sourceRef: "obama.mp4", sourceName: "obama.mp4" });
  if (!built.ok) throw new Error(built.error);
  writeFileSync(join(dir, "clip.mlt"), writeMlt(built.project));
  melted = join(dir, "melted.mp4");
  // melt resolves the relative resource against the project's folder, as Shotcut and Kdenlive do
  meltLog = execFileSync("melt", ["-quiet", join(dir, "clip.mlt"), "-consumer", `avformat:${melted}`, "vcodec=libx264", "preset=ultrafast", "crf=16", "acodec=aac"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  // slow on a loaded machine (two encodes, one of them 1080x1920): a generous bound, not a timing assertion
}, 900_000);

const TIMES = [0.1, 0.8, 1.5, 2.2, 2.9, 3.6];
let sampled: { katto: Uint8Array[]; melted: Uint8Array[] } | undefined;
/** Both videos' frames at TIMES, each video decoded once (shared by the two comparisons). */
const frames = () => (sampled ??= { katto: grayFrames(katto, TIMES, FW, FH), melted: grayFrames(melted, TIMES, FW, FH) });

describe("an MLT export rendered by melt", () => {
  it("is a 1080x1920 video with sound, as long as the clip (to a frame)", () => {
    const p = ffprobe(melted);
    const v = p.streams.find((s) => s.codec_type === "video")!;
    expect([v.width, v.height]).toEqual([1080, 1920]);
    expect(p.streams.some((s) => s.codec_type === "audio")).toBe(true);
    expect(Math.abs(Number(p.format.duration) - (END - START))).toBeLessThanOrEqual(2 / 29.97 + 0.01);
    expect(meltLog).not.toMatch(/failed to load/i);
  });

  it("shows the crop where Katto's render shows it, at every sampled time (within 4 output pixels, captions aside)", () => {
    const f = frames();
    const results = TIMES.map((t, i) => ({ t, ...bestShift(f.katto[i]!, f.melted[i]!) }));
    console.log(`melt vs Katto (shift in output px, mean luma difference): ${results.map((r) => `t=${r.t}: ${r.dx * 2} px, ${r.diff.toFixed(1)}`).join("; ")}`);
    for (const r of results) {
      expect(Math.abs(r.dx), `t=${r.t}: shift ${r.dx * 2} output px`).toBeLessThanOrEqual(2);
      expect(r.diff, `t=${r.t}: mean luma difference ${r.diff.toFixed(1)}`).toBeLessThan(12);
    }
  });

  it("the criterion tells a wrong crop apart: Katto's frame at the start against melt's at the end differs", () => {
    const f = frames();
    const wrong = bestShift(f.katto[TIMES.indexOf(0.1)]!, f.melted[TIMES.indexOf(3.6)]!);
    console.log(`wrong crop: shift ${wrong.dx * 2} px, mean luma difference ${wrong.diff.toFixed(1)}`);
    expect(Math.abs(wrong.dx) > 2 || wrong.diff >= 12).toBe(true);
  });
});
