// The source's own black bars: found with cropdetect on real recordings given bars here with
// ffmpeg (the Obama address as a 4:3 picture pillarboxed in 16:9, a GRID clip letterboxed), never
// found on the corpus files that have none, and framed out by the renderer in every layout; the
// face stage reports faces in the picture inside the bars.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import type { Layout } from "../../src/ffmpeg/args.js";
import { renderArgs } from "../../src/rendering/render-args.js";
import { cropWindow } from "../../src/framing/crop-path.js";
import { contentRect, cropdetectArgs, detectBars, parseCropdetect } from "../../src/framing/bars.js";
import { analyzeClipFaces } from "../../src/framing/faces.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import { chooseLayout } from "../../src/framing/choose-layout.js";
import { ASPECTS, clipFrame } from "@katto/protocol";
import { ffmpeg, grayFrame, media, meanGray, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-bars-test-");
const OBAMA = media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
const pillarboxed = path.join(dir, "obama-pillarbox.mp4");
ffmpeg(["-i", OBAMA, "-vf", "crop=960:720,pad=1280:720:160:0:black", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "copy", pillarboxed]);
const letterboxed = path.join(dir, "grid-letterbox.mp4");
ffmpeg(["-i", media("video_talking/grid/bbaf2n.mpg"), "-vf", "pad=360:400:0:56:black", "-c:v", "libx264", "-preset", "ultrafast", "-an", letterboxed]);

describe("bars (pure)", () => {
  it("reads cropdetect's last answer and unites the samples, ignoring thin edges and all-black frames", () => {
    // each point's own cropdetect, its last answer; a point that printed nothing is null
    const log = [
      "[cropdetect@p0 @ 0x5581] x1:0 x2:1279 y1:0 y2:719 w:1280 h:720 x:0 y:0 pts:0 t:0.000000 crop=1280:720:0:0",
      "[cropdetect@p2 @ 0x5583] x1:160 x2:1119 y1:0 y2:719 w:960 h:720 x:160 y:0 pts:0 t:0.000000 crop=960:720:160:0",
      "[cropdetect@p0 @ 0x5581] x1:160 x2:1119 y1:0 y2:719 w:960 h:720 x:160 y:0 pts:1 t:0.033000 crop=960:720:160:0",
    ].join("\n");
    expect(parseCropdetect(log, 3)).toEqual([{ x: 160, y: 0, w: 960, h: 720 }, null, { x: 160, y: 0, w: 960, h: 720 }]);
    expect(parseCropdetect("no detection", 2)).toEqual([null, null]);
    const frame = { width: 1280, height: 720 };
    // a dark scene detects a smaller picture: the union keeps the whole picture
    expect(contentRect([{ x: 160, y: 0, w: 960, h: 720 }, { x: 300, y: 100, w: 600, h: 400 }, null], frame)).toEqual({ x: 160, y: 0, w: 960, h: 720 });
    expect(contentRect([{ x: 4, y: 2, w: 1272, h: 716 }], frame)).toBeNull();
    expect(contentRect([{ x: 600, y: 300, w: 40, h: 40 }], frame)).toBeNull();
    // one process: a seeked input per point, each with its own labelled cropdetect and frame count
    const a = cropdetectArgs("in.mp4", [3, 9.5]);
    expect(a.filter((x) => x === "-i")).toHaveLength(2);
    expect(a.slice(a.indexOf("-ss"), a.indexOf("-ss") + 4)).toEqual(["-ss", "3", "-i", "in.mp4"]);
    expect(a[a.indexOf("-filter_complex") + 1]).toBe("[0:v:0]cropdetect@p0=limit=24:round=2:reset=0[o0];[1:v:0]cropdetect@p1=limit=24:round=2:reset=0[o1]");
    expect(a.filter((x) => x === "-frames:v")).toHaveLength(2);
  });
});

describe("bars on real video", () => {
  it("finds the pillarbox and the letterbox, and nothing on the corpus videos without bars", async () => {
    for (const [file, want] of [
      [pillarboxed, { x: 160, y: 0, w: 960, h: 720 }],
      [letterboxed, { x: 0, y: 56, w: 360, h: 288 }],
    ] as const) {
      const info = await probe(file, { signal });
      expect(await detectBars(file, { signal, durationS: info.duration, video: info.video! })).toEqual(want);
    }
    for (const rel of ["video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4", "video_talking/other/openmpf_new_face_video-90.mp4", "video_misc/auto-editor_example.mp4"]) {
      const info = await probe(media(rel), { signal });
      expect(await detectBars(media(rel), { signal, durationS: info.duration, video: info.video! }), rel).toBeNull();
    }
  });

  it("reports faces in the picture inside the bars, where the crop window is planned", async () => {
    const info = await probe(pillarboxed, { signal });
    const content = (await detectBars(pillarboxed, { signal, durationS: info.duration, video: info.video! }))!;
    const video = { width: content.w, height: content.h };
    const faces = await analyzeClipFaces({ source: pillarboxed, video, content, start: 0, end: 2, window: cropWindow(video.width, video.height, 9 / 16), signal, detector: await createBlazeFace() });
    const seen = faces.track.samples.flatMap((s) => s.faces);
    expect(seen.length).toBeGreaterThan(0);
    for (const f of seen) expect(f.x + f.w).toBeLessThanOrEqual(content.w + 1);
    // the same face in whole-frame pixels sits 160 px further right
    const whole = await analyzeClipFaces({ source: pillarboxed, video: info.video!, start: 0, end: 2, window: cropWindow(1280, 720, 9 / 16), signal, detector: await createBlazeFace() });
    const cx = (fs: { x: number; w: number }[]) => fs.reduce((a, f) => a + f.x + f.w / 2, 0) / fs.length;
    expect(Math.abs(cx(whole.track.samples.flatMap((s) => s.faces)) - cx(seen) - 160)).toBeLessThan(12);
  });

  it("renders no bars: the wide layout's picture reaches the frame's sides, and every layout crops the picture first", async () => {
    const info = await probe(pillarboxed, { signal });
    const content = { x: 160, y: 0, w: 960, h: 720 };
    for (const layout of ["wide", "center_crop", "face_tracking", "split_screen", "grid_3", "grid_4", "stacked", "passthrough"] as Layout[]) {
      const args = renderArgs({ aspect: "9:16", input: pillarboxed, output: "o.mp4", start: 0, duration: 1, source: { width: 1280, height: 720, fps: 30, hasAudio: true }, layout, content, width: 540, height: 960, quality: "preview" });
      const graph = args[args.indexOf("-filter_complex") + 1]!;
      expect(graph.startsWith("[0:v:0]crop=960:720:160:0,setsar=1[content];"), layout).toBe(true);
      expect(graph.split("[0:v:0]").length, layout).toBe(2);
    }
    const outs: Record<string, number> = {};
    for (const [name, c] of [["bars", null], ["content", content]] as const) {
      const out = path.join(dir, `wide-${name}.mp4`);
      await renderClip({ aspect: "9:16", source: pillarboxed, probe: info, start: 1, end: 2, layout: "wide", content: c, assPath: null, output: out, quality: "preview" }, { signal });
      // the fitted picture is 540 px wide in the middle of the frame: its left and right 12 px columns
      const px = grayFrame(out, 0.5, 540, 960);
      outs[name] = (meanGray(px, 540, { x0: 0, y0: 400, x1: 12, y1: 560 }) + meanGray(px, 540, { x0: 528, y0: 400, x1: 540, y1: 560 })) / 2;
    }
    expect(outs.bars).toBeLessThan(20); // the source's black bars inside the picture
    expect(outs.content).toBeGreaterThan(outs.bars! + 15);
  });

  it.each(ASPECTS)("a %s clip of the pillarboxed recording, framed as a job frames it, shows none of its bars (issue 41)", async (aspect) => {
    const info = await probe(pillarboxed, { signal });
    const content = (await detectBars(pillarboxed, { signal, durationS: info.duration, video: info.video! }))!;
    const layout = chooseLayout({ width: content.w, height: content.h }, null, false, aspect, true);
    const out = path.join(dir, `shape-${aspect.replace(":", "x")}.mp4`);
    await renderClip({ aspect, source: pillarboxed, probe: info, start: 1, end: 2, layout, content, assPath: null, output: out, quality: "preview" }, { signal });
    const rendered = await probe(out, { signal });
    expect(rendered.video, aspect).toMatchObject(clipFrame(aspect, "preview"));
    // cropdetect on the clip itself finds no bars: the picture fills the frame to its edges
    expect(await detectBars(out, { signal, durationS: rendered.duration, video: rendered.video! }), `${aspect} ${layout}`).toBeNull();
  });
});
