// The MLT export of a clip in another shape than 9:16 (issue 37 `aspect`), rendered by Debian's
// melt at the size the export names, shows Katto's own frame. A 1:1 clip of a 1280x720 generated
// source (testsrc2: colour bars, a moving gradient and a frame counter, so a wrong place or time
// shows) with a crop sweeping across: Katto renders its preview (540x540) with its ffmpeg graph;
// the Worker's writer turns the same stored clip (metadata as clip-plan.ts writes it, aspect 1:1)
// into an MLT project, which melt renders at the project's own 1080x1080. Compared at 270x270:
// the best horizontal shift within 1 pixel (4 of the 1080-wide clip) and a small mean difference.
// Cheap: one 1.5-s clip, one Katto preview, one melt render at ultrafast.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { aspectRatio, clipFrame, CLIP_METADATA_VERSION, type StoredClipMetadata } from "@katto/protocol";
import { timelineFromClip } from "../../../src/services/export/from-clip.js";
import { writeMlt } from "../../../src/services/export/mlt.js";
import { outputFps } from "../../src/ffmpeg/filter-values.js";
import { cropWindow } from "../../src/framing/crop-path.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import { ffmpeg, grayFrame, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-melt-shapes-");
const ASPECT = "1:1" as const;
const START = 1.0;
const END = 2.5;
const F = 270;

let katto: string;
let melted: string;
let meltSize: { width: number; height: number };
let profile: string;

function diffAt(a: Uint8Array, b: Uint8Array, dx: number): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < F; y++)
    for (let x = Math.max(0, -dx) + 8; x < Math.min(F, F - dx) - 8; x++) {
      sum += Math.abs(a[y * F + x]! - b[y * F + x + dx]!);
      n++;
    }
  return sum / n;
}
function bestShift(a: Uint8Array, b: Uint8Array): { dx: number; diff: number } {
  let best = { dx: 0, diff: Infinity };
  for (let dx = -8; dx <= 8; dx++) {
    const d = diffAt(a, b, dx);
    if (d < best.diff) best = { dx, diff: d };
  }
  return best;
}

beforeAll(async () => {
  const src = join(dir, "source.mp4");
  ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=1280x720:r=15:d=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", src]);
  const info = await probe(src, { signal });
  const win = cropWindow(1280, 720, aspectRatio(ASPECT));
  const path = [{ t: 0.2, x: Math.round(win.maxX * 0.1) }, { t: 1.3, x: Math.round(win.maxX * 0.9) }];
  katto = join(dir, "katto.mp4");
  await renderClip({ source: src, probe: info, start: START, end: END, layout: "face_tracking", cropPath: path, assPath: null, output: katto, quality: "preview", aspect: ASPECT }, { signal });
  const metadata: StoredClipMetadata = {
    version: CLIP_METADATA_VERSION,
    source_range: { start: START, end: END },
    layout: "face_tracking",
    crop_window: { w: win.w, h: win.h, y: win.y },
    crop_path: path,
    content_rect: null,
    fps: outputFps(info.video!.fps),
    words: [],
    source_size: { width: 1280, height: 720 },
    aspect: ASPECT,
    hd_size: clipFrame(ASPECT, "hd"),
    preview_size: clipFrame(ASPECT, "preview"),
  };
  const built = timelineFromClip({ jobId: "00000000-0000-4000-8000-000000000000", clipIndex: 0, title: "square", start: START, end: END, metadata, srt: null, sourceRef: "source.mp4", sourceName: "source.mp4" });
  if (!built.ok) throw new Error(built.error);
  const mlt = writeMlt(built.project);
  profile = /<profile [^>]*>/.exec(mlt)![0];
  writeFileSync(join(dir, "clip.mlt"), mlt);
  melted = join(dir, "melted.mp4");
  execFileSync("melt", ["-quiet", join(dir, "clip.mlt"), "-consumer", `avformat:${melted}`, "vcodec=libx264", "preset=ultrafast", "crf=18", "an=1"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  const out = await probe(melted, { signal });
  meltSize = { width: out.video!.width, height: out.video!.height };
}, 300_000);

describe("the MLT export of a 1:1 clip, rendered by melt", () => {
  it("is a 1080x1080 project, and melt renders it at that size", () => {
    expect(profile).toContain('width="1080" height="1080"');
    expect(profile).toContain('display_aspect_num="1" display_aspect_den="1"');
    expect(meltSize).toEqual(clipFrame(ASPECT, "hd"));
  });

  it.each([0.1, 0.65, 1.05])("at %s s melt's frame shows Katto's 1:1 framing", (t) => {
    const r = bestShift(grayFrame(katto, t, F, F), grayFrame(melted, t, F, F));
    expect(Math.abs(r.dx), `shift ${r.dx * 4} px of 1080`).toBeLessThanOrEqual(1);
    expect(r.diff, `mean luma difference ${r.diff.toFixed(1)}`).toBeLessThan(10);
  });

  it("the criterion tells another framing apart: Katto's frame at the sweep's start against melt's at its end fails it", () => {
    const r = bestShift(grayFrame(katto, 0.1, F, F), grayFrame(melted, 1.05, F, F));
    expect(Math.abs(r.dx) > 1 || r.diff >= 10, `shift ${r.dx}, diff ${r.diff.toFixed(1)}`).toBe(true);
  });
});
