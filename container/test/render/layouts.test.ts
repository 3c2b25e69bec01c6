// Multi-region layouts (split_screen, grid_3, grid_4, stacked): pure geometry and filtergraphs,
// then real renders checked with ffprobe and pixels (each band carries its part of the source).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIP_FRAMES } from "@katto/protocol";
import { LAYOUTS, type Layout } from "../../src/ffmpeg/args.js";
import { reframeFilter } from "../../src/rendering/reframe-filter.js";
import { renderArgs } from "../../src/rendering/render-args.js";
import { defaultFaceCam, defaultFoci, panelCells, panelCrops, stackedCrops, type PanelLayout, type Rect } from "../../src/framing/panels.js";
import { probe } from "../../src/analysis/probe.js";
import { chooseLayout } from "../../src/framing/choose-layout.js";
import { renderClip } from "../../src/rendering/render.js";
import type { ProbeResult } from "../../src/runtime/types.js";
import { ffmpeg, ffprobe, grayFrame, media, meanGray, rgbFrame, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-layouts-test-");
const HIKERS = media("video_talking/other/openmpf_video_02_hikers.mp4");
const { width: W, height: H } = CLIP_FRAMES.preview;

const inside = (r: { x: number; y: number; w: number; h: number }, sw: number, sh: number) => r.x >= 0 && r.y >= 0 && r.x + r.w <= sw && r.y + r.h <= sh;

describe("panel geometry (pure)", () => {
  it("cells tile the output exactly, row-major", () => {
    for (const [layout, n] of [["split_screen", 2], ["grid_3", 3], ["grid_4", 4]] as const) {
      for (const size of [CLIP_FRAMES.preview, CLIP_FRAMES.hd]) {
        const cells = panelCells(layout, size.width, size.height);
        expect(cells).toHaveLength(n);
        expect(cells.reduce((a, c) => a + c.w * c.h, 0)).toBe(size.width * size.height);
        for (const c of cells) expect(c.w % 2 + (c.h % 2)).toBe(0);
      }
    }
    expect(panelCells("grid_4", 1080, 1920)).toEqual([
      { x: 0, y: 0, w: 540, h: 960 }, { x: 540, y: 0, w: 540, h: 960 }, { x: 0, y: 960, w: 540, h: 960 }, { x: 540, y: 960, w: 540, h: 960 },
    ]);
  });

  it("default foci: thirds of the frame for two people, evenly spaced for more", () => {
    expect(defaultFoci(2, 1200, 600).map((f) => f.x)).toEqual([400, 800]);
    expect(defaultFoci(3, 1200, 600).map((f) => f.x)).toEqual([300, 600, 900]);
  });

  it("every window lies inside the source with its cell's aspect (no borders), centred on its focus when it can", () => {
    for (const layout of ["split_screen", "grid_3", "grid_4"] as PanelLayout[]) {
      for (const [sw, sh] of [[1280, 720], [640, 480], [720, 1280], [1920, 1080]]) {
        for (const p of panelCrops(layout, 1080, 1920, sw!, sh!)) {
          expect(p.path.every((k) => k.x >= 0 && k.x + p.w <= sw!)).toBe(true);
          expect(p.y + p.h).toBeLessThanOrEqual(sh!);
          expect(Math.abs(p.w / p.h - p.cell.w / p.cell.h)).toBeLessThan(0.02);
        }
      }
    }
    const [left, right] = panelCrops("split_screen", 1080, 1920, 1280, 720, [{ x: 300, y: 300 }, { x: 1000, y: 300, w: 400 }]);
    expect(left!.path[0]!.x + left!.w / 2).toBeCloseTo(320, -1); // clamped: the window cannot start left of 0
    expect(Math.abs(right!.w - 400)).toBeLessThanOrEqual(4); // even sizes of the cell's aspect
    expect(Math.abs(right!.path[0]!.x + right!.w / 2 - 1000)).toBeLessThanOrEqual(1);
  });

  it("a moving centre path becomes a moving left edge", () => {
    const [p] = panelCrops("split_screen", 1080, 1920, 1280, 720, [{ x: 0, y: 360, path: [{ t: 0, x: 400 }, { t: 2, x: 600 }] }]);
    expect(p!.path.map((k) => k.x)).toEqual([400 - p!.w / 2, 600 - p!.w / 2]);
    const f = reframeFilter({ aspect: "9:16", layout: "split_screen", source: { width: 1280, height: 720, fps: 30, hasAudio: true }, width: 1080, height: 1920, panels: [{ x: 0, y: 360, path: [{ t: 0, x: 400 }, { t: 2, x: 600 }] }] });
    expect(f).toContain("clip((t-0)/2,0,1)");
    expect(f).toContain("vstack=inputs=2");
  });

  it("stacked: face cam in the top third, gameplay below, both trimmed to their band's aspect", () => {
    const c = stackedCrops(1080, 1920, 1280, 720);
    expect(c.cam.cell).toEqual({ x: 0, y: 0, w: 1080, h: 640 });
    expect(c.game.cell).toEqual({ x: 0, y: 640, w: 1080, h: 1280 });
    const cam = defaultFaceCam(1280, 720);
    expect(cam).toEqual({ x: 853, y: 0, w: 427, h: 240 });
    for (const part of [c.cam, c.game]) {
      expect(inside(part.src, 1280, 720)).toBe(true);
      expect(Math.abs(part.src.w / part.src.h - part.cell.w / part.cell.h)).toBeLessThan(0.02);
    }
    expect(c.cam.src.x).toBeGreaterThanOrEqual(853);
    // a face cam given outside the frame is pulled back in
    expect(inside(stackedCrops(1080, 1920, 1280, 720, { x: 1200, y: -50, w: 400, h: 300 }).cam.src, 1280, 720)).toBe(true);
  });

  it("all spec layout modes are known and one ffmpeg pass renders each", () => {
    for (const l of ["face_tracking", "wide", "split_screen", "stacked", "passthrough", "grid_3", "grid_4", "screen"]) expect(LAYOUTS).toContain(l);
    const args = renderArgs({ aspect: "9:16", input: "/in.mp4", output: "/o.mp4", start: 0, duration: 2, source: { width: 1280, height: 720, fps: 25, hasAudio: true }, layout: "grid_4", width: 1080, height: 1920, quality: "hd" });
    expect(args.filter((a) => a === "-filter_complex")).toHaveLength(1);
    expect(args[args.indexOf("-filter_complex") + 1]).toMatch(/split=4.*hstack.*hstack.*vstack/);
  });

  it("chooseLayout keeps the multi-region layouts, also on vertical sources", () => {
    for (const l of ["split_screen", "stacked", "grid_3", "grid_4", "screen"] as Layout[]) {
      expect(chooseLayout({ width: 1280, height: 720 }, l, false, "9:16", false)).toBe(l);
      expect(chooseLayout({ width: 720, height: 1280 }, l, false, "9:16", false)).toBe(l);
    }
  });
});

/** Gray pixels of a source rect at `t`, scaled to a cell's size: what the cell should show. */
function expectedCell(file: string, t: number, src: Rect, cell: Rect): Uint8Array {
  const buf = execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-ss", String(t), "-i", file, "-frames:v", "1",
    "-vf", `crop=${src.w}:${src.h}:${src.x}:${src.y},scale=${cell.w}:${cell.h}`, "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1",
  ]);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Mean absolute difference between a cell of a frame and a reference of the cell's size (4 px margin). */
function cellMad(frame: Uint8Array, cell: Rect, ref: Uint8Array): number {
  let d = 0;
  let n = 0;
  for (let y = 4; y < cell.h - 4; y++) for (let x = 4; x < cell.w - 4; x++) (d += Math.abs(frame[(cell.y + y) * W + cell.x + x]! - ref[y * cell.w + x]!)), n++;
  return d / n;
}

const rectOf = (c: Rect) => ({ x0: c.x, y0: c.y, x1: c.x + c.w, y1: c.y + c.h });

describe("split_screen, grid_3 and grid_4 on a real group shot", () => {
  let info: ProbeResult;
  const START = 2;
  beforeAll(async () => {
    info = await probe(HIKERS, { signal });
  });

  for (const layout of ["split_screen", "grid_3", "grid_4"] as PanelLayout[]) {
    it(`${layout}: 540x960 H.264/AAC of the range, every cell shows its crop of the source and the cells differ`, async () => {
      const out = join(dir, `${layout}.mp4`);
      await renderClip({ aspect: "9:16", source: HIKERS, probe: info, start: START, end: START + 2, layout, assPath: null, output: out, quality: "preview" }, { signal });
      const p = ffprobe(out);
      const v = p.streams.find((s) => s.codec_type === "video")!;
      expect(v).toMatchObject({ codec_name: "h264", width: W, height: H, pix_fmt: "yuv420p" });
      expect(p.streams.find((s) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac", sample_rate: "48000" });
      expect(Number(p.format.duration)).toBeCloseTo(2, 0);

      const frame = grayFrame(out, 1.0, W, H);
      const crops = panelCrops(layout, W, H, 640, 480);
      const mads = crops.map((c) => cellMad(frame, c.cell, expectedCell(HIKERS, START + 1.0, { x: c.path[0]!.x, y: c.y, w: c.w, h: c.h }, c.cell)));
      for (const [i, c] of crops.entries()) {
        expect(meanGray(frame, W, rectOf(c.cell))).toBeGreaterThan(25); // not black
        expect(mads[i]).toBeLessThan(14); // the right part of the source, not another panel's
      }
      // neighbouring cells are different parts of the frame
      const ref0 = expectedCell(HIKERS, START + 1.0, { x: crops[0]!.path[0]!.x, y: crops[0]!.y, w: crops[0]!.w, h: crops[0]!.h }, crops[1]!.cell);
      expect(cellMad(frame, crops[1]!.cell, ref0)).toBeGreaterThan(mads[1]! * 1.5);
    });
  }
});

describe("stacked: face cam over gameplay", () => {
  it("the top band is the face cam corner, the bottom band the gameplay filling its band", async () => {
    // gameplay: testsrc2 with a solid red "face cam" in the top-right third
    const src = join(dir, "gameplay.mp4");
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=1280x720:r=25:d=3,drawbox=x=853:y=0:w=427:h=240:color=red:t=fill", "-f", "lavfi", "-i", "sine=d=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", src]);
    const info = await probe(src, { signal });
    const out = join(dir, "stacked.mp4");
    await renderClip({ aspect: "9:16", source: src, probe: info, start: 0, end: 2, layout: "stacked", assPath: null, output: out, quality: "preview" }, { signal });
    const v = ffprobe(out).streams.find((s) => s.codec_type === "video")!;
    expect([v.width, v.height]).toEqual([W, H]);

    const c = stackedCrops(W, H, 1280, 720);
    const rgb = rgbFrame(out, 1.0, W, H);
    const meanRgb = (r: Rect) => {
      const s = [0, 0, 0];
      for (let y = r.y + 4; y < r.y + r.h - 4; y++) for (let x = r.x + 4; x < r.x + r.w - 4; x++) for (let k = 0; k < 3; k++) s[k] += rgb[(y * W + x) * 3 + k]!;
      const n = (r.w - 8) * (r.h - 8);
      return s.map((v) => v / n);
    };
    const [r, g, b] = meanRgb(c.cam.cell);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    // the gameplay band is the source frame, not the cam, and carries the test pattern
    const gray = grayFrame(out, 1.0, W, H);
    expect(cellMad(gray, c.game.cell, expectedCell(src, 1.0, c.game.src, c.game.cell))).toBeLessThan(10);
    const [gr, gg] = meanRgb(c.game.cell);
    expect(Math.abs(gr! - gg!)).toBeLessThan(100);

    // a face cam given elsewhere is what fills the top band
    const out2 = join(dir, "stacked-cam.mp4");
    const cam = { x: 0, y: 400, w: 400, h: 240 };
    await renderClip({ aspect: "9:16", source: src, probe: info, start: 0, end: 2, layout: "stacked", faceCam: cam, assPath: null, output: out2, quality: "preview" }, { signal });
    const c2 = stackedCrops(W, H, 1280, 720, cam);
    expect(cellMad(grayFrame(out2, 1.0, W, H), c2.cam.cell, expectedCell(src, 1.0, c2.cam.src, c2.cam.cell))).toBeLessThan(10);
  });
});
