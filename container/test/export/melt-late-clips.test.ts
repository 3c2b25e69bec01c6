// Issue 33 case 7: the MLT export of a clip that starts later in the source than its own length,
// rendered by Debian's melt, shows Katto's framing, not the whole source stretched. For five kinds
// of source (1280x720, 1920x1080 and 640x480 with a crop sweeping across, a pillarboxed 1280x720
// whose picture is portrait, and a portrait source), a 1.5-s clip starting at 2.2 s of a 4-s
// generated source (testsrc2: colour bars, a moving gradient and a frame counter, so a wrong place
// or a wrong time both show); the 1280x720 one also has a jump cut, so it is two pieces. Katto
// renders its preview with its own ffmpeg graph; the Worker's writer turns the same stored clip
// into an MLT project, which melt renders. At sampled times the two frames must match: the best
// horizontal shift within 1 pixel of a 270-wide frame (4 pixels of the 1080-wide clip) and a small
// mean difference. The MLT is written at 270x480 (the writer's geometry scales with the frame) to
// keep the melt renders cheap; melt-readback.test.ts renders the full 1080x1920 project.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIP_METADATA_VERSION, type StoredClipMetadata } from "@katto/protocol";
import { timelineFromClip } from "../../../src/services/export/from-clip.js";
import { writeMlt } from "../../../src/services/export/mlt.js";
import { outputFps } from "../../src/ffmpeg/filter-values.js";
import { cropWindow } from "../../src/framing/crop-path.js";
import { probe } from "../../src/analysis/probe.js";
import { chooseLayout } from "../../src/framing/choose-layout.js";
import { renderClip } from "../../src/rendering/render.js";
import { ffmpeg, grayFrame, grayFrames, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-melt-late-");
const START = 2.2;
const END = 3.7;
const FPS = 15;
// compared at 270x480: one pixel is four of the 1080-wide clip
const FW = 270;
const FH = 480;

interface Case {
  name: string;
  w: number;
  h: number;
  /** the picture inside black bars (source pixels), when the source has them */
  content?: { x: number; y: number; w: number; h: number };
  /** source seconds cut out of the clip */
  cut?: { source_start: number; source_end: number };
}

const CASES: Case[] = [
  { name: "1280x720, with a jump cut", w: 1280, h: 720, cut: { source_start: 2.7, source_end: 3.0 } },
  { name: "1920x1080", w: 1920, h: 1080 },
  { name: "640x480", w: 640, h: 480 },
  { name: "pillarboxed 1280x720 (a portrait picture between black bars)", w: 1280, h: 720, content: { x: 436, y: 0, w: 408, h: 720 } },
  { name: "portrait 360x640", w: 360, h: 640 },
];

interface Rendered {
  c: Case;
  layout: string;
  source: string;
  katto: string;
  melted: string;
  /** clip times to compare */
  times: number[];
}

const rendered: Rendered[] = [];

/** Mean absolute luma difference, `b` shifted right by `dx` pixels (a margin left out at the sides). */
function diffAt(a: Uint8Array, b: Uint8Array, dx: number): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < FH; y++) {
    for (let x = Math.max(0, -dx) + 8; x < Math.min(FW, FW - dx) - 8; x++) {
      sum += Math.abs(a[y * FW + x]! - b[y * FW + x + dx]!);
      n++;
    }
  }
  return sum / n;
}

function bestShift(a: Uint8Array, b: Uint8Array, range = 8): { dx: number; diff: number } {
  let best = { dx: 0, diff: Infinity };
  for (let dx = -range; dx <= range; dx++) {
    const d = diffAt(a, b, dx);
    if (d < best.diff) best = { dx, diff: d };
  }
  return best;
}

/** A 4-s testsrc2 source of the case's size, with black bars around its picture when it has them. */
function source(c: Case, file: string): string {
  const pic = c.content ? `testsrc2=s=${c.content.w}x${c.content.h}:r=${FPS}:d=4,pad=${c.w}:${c.h}:${c.content.x}:${c.content.y}:black` : `testsrc2=s=${c.w}x${c.h}:r=${FPS}:d=4`;
  // tagged BT.709, as recordings are: melt converts an untagged SD picture from BT.601 into its
  // BT.709 profile, a colour difference that is not the framing this test is about
  ffmpeg(["-f", "lavfi", "-i", pic, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", file]);
  return file;
}

beforeAll(async () => {
  for (const [i, c] of CASES.entries()) {
    const src = source(c, join(dir, `source${i}.mp4`));
    const info = await probe(src, { signal });
    const picture = c.content ? { width: c.content.w, height: c.content.h } : { width: info.video!.width, height: info.video!.height };
    const layout = chooseLayout(picture, "face_tracking", true, "9:16", c.content != null);
    const win = layout === "face_tracking" ? cropWindow(picture.width, picture.height, 9 / 16) : null;
    // a sweep from the left tenth to the right, held at both ends (uncut clip seconds)
    const path = win ? [{ t: 0.2, x: Math.round(win.maxX * 0.1) }, { t: 1.3, x: Math.round(win.maxX * 0.9) }] : null;
    const keep = c.cut ? [{ start: 0, end: c.cut.source_start - START }, { start: c.cut.source_end - START, end: END - START }] : undefined;
    const katto = join(dir, `katto${i}.mp4`);
    await renderClip({ aspect: "9:16", source: src, probe: info, start: START, end: END, layout, cropPath: path ?? undefined, content: c.content ?? null, assPath: null, output: katto, quality: "preview", keep }, { signal });

    // the clip as the backend stores it (clip-plan.ts), then the Worker's export of it
    const metadata: StoredClipMetadata = {
      version: CLIP_METADATA_VERSION,
      source_range: { start: START, end: END },
      layout,
      crop_window: win ? { w: win.w, h: win.h, y: win.y } : null,
      crop_path: path,
      content_rect: c.content ?? null,
      fps: outputFps(info.video!.fps),
      words: [],
      source_size: { width: info.video!.width, height: info.video!.height },
      edits: { emphasis: [], emoji: [], zooms: [], cuts: c.cut ? [{ ...c.cut, reason: "silence" }] : [], broll: [], title_card: null },
    };
    const built = timelineFromClip({ jobId: "00000000-0000-4000-8000-000000000000", clipIndex: i, title: c.name, start: START, end: END, metadata, srt: null, sourceRef: `source${i}.mp4`, sourceName: `source${i}.mp4` });
    if (!built.ok) throw new Error(built.error);
    const project = { ...built.project, timeline: { ...built.project.timeline, frame: { width: FW, height: FH } } };
    writeFileSync(join(dir, `clip${i}.mlt`), writeMlt(project));
    const melted = join(dir, `melted${i}.mp4`);
    // melt resolves the relative resource against the project's folder, as Shotcut and Kdenlive do
    execFileSync("melt", ["-quiet", join(dir, `clip${i}.mlt`), "-consumer", `avformat:${melted}`, "vcodec=libx264", "preset=ultrafast", "crf=18", "an=1"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    // clip times: the start, the middle (after the cut when there is one) and near the end
    rendered.push({ c, layout, source: src, katto, melted, times: [0.1, 0.65, 1.05] });
  }
  // slow on a loaded machine (ten short encodes): a generous bound, not a timing assertion
}, 900_000);

describe("the MLT export of a clip that starts later in the source than its length, rendered by melt", () => {
  it.each(CASES.map((c, i) => [c.name, i] as const))("%s: melt's frame shows Katto's framing at every sampled time", (_name, i) => {
    const r = rendered[i]!;
    const katto = grayFrames(r.katto, r.times, FW, FH);
    const melted = grayFrames(r.melted, r.times, FW, FH);
    const results = r.times.map((t, i) => ({ t, ...bestShift(katto[i]!, melted[i]!) }));
    console.log(`${r.c.name} (${r.layout}): ${results.map((x) => `t=${x.t}: shift ${x.dx * 4} px of 1080, diff ${x.diff.toFixed(1)}`).join("; ")}`);
    for (const x of results) {
      expect(Math.abs(x.dx), `t=${x.t}: shift ${x.dx * 4} px of 1080`).toBeLessThanOrEqual(1);
      expect(x.diff, `t=${x.t}: mean luma difference ${x.diff.toFixed(1)}`).toBeLessThan(10);
    }
  });

  it("the criterion tells case 7's picture apart: the whole source frame stretched into 9:16 fails it (but for the portrait source, which that is)", () => {
    for (const r of rendered.filter((x) => x.c.w > x.c.h)) {
      const stretched = grayFrame(r.source, START + 0.1, FW, FH);
      const wrong = bestShift(grayFrame(r.katto, 0.1, FW, FH), stretched);
      console.log(`${r.c.name}: Katto against the stretched source: shift ${wrong.dx * 4} px of 1080, diff ${wrong.diff.toFixed(1)}`);
      expect(Math.abs(wrong.dx) > 1 || wrong.diff >= 10, `${r.c.name}: shift ${wrong.dx}, diff ${wrong.diff.toFixed(1)}`).toBe(true);
    }
  });
});
