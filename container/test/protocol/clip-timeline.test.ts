// The clip timeline (protocol/src/clip-timeline.ts, issue 33): the builder, the maps between source
// and clip time, the crop and zoom maths every consumer reads, and the view the frame shows.
import { buildClipTimeline, captionPages, ClipTimelineSchema, clipTimeAt, coveredSpans, keptSourceRange, cropXAt, keptSpans, mapPath, mapWords, parseRate, placementTimes, sourcePlacement, sourceTimeAt, toClipTime, toUncutTime, viewAt, zoomAt, ZOOM_EASE_S, type ClipTimelineInput } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import * as container from "../../src/editing/timeline.js";
import { cropXAt as containerCropXAt } from "../../src/framing/crop-path.js";
import { zoomAt as containerZoomAt } from "../../src/editing/zoom-plan.js";

// a 10-s clip at source 100-110 of a 1280x720 source, two cuts (103-104, 107-107.5): 8.5 s long
const INPUT: ClipTimelineInput = {
  aspect: "9:16",
  range: { start: 100, end: 110 },
  cuts: [{ source_start: 107, source_end: 107.5, reason: "filler" }, { source_start: 103, source_end: 104, reason: "silence" }],
  sourceSize: { width: 1280, height: 720 },
  content: null,
  layout: "face_tracking",
  cropWindow: { w: 404, h: 720, y: 0 },
  cropPath: [{ t: 1, x: 100 }, { t: 9, x: 900 }],
  zooms: [{ start: 4, end: 6, scale: 1.2, x: 0.4, y: 0.3 }],
  words: [
    { word: "one", start: 0.5, end: 0.9 },
    { word: "um", start: 3.1, end: 3.8 },
    { word: "two", start: 4.2, end: 4.6 },
    { word: "three", start: 8, end: 8.5 },
  ],
  captions: null,
  wordsPerCaption: 2,
  titleCard: { text: "Hook", start: 0, end: 2.5 },
  broll: [{ asset: "b1", start: 5, end: 6.5 }],
  fps: "30000/1001",
};

describe("buildClipTimeline", () => {
  const tl = buildClipTimeline(INPUT);

  it("is a valid ClipTimeline: pieces of the range without the cuts, each placed on the clip's timeline", () => {
    expect(ClipTimelineSchema.safeParse(tl).success).toBe(true);
    expect(tl.pieces).toEqual([
      { source_start: 100, source_end: 103, clip_start: 0, clip_end: 3 },
      { source_start: 104, source_end: 107, clip_start: 3, clip_end: 6 },
      { source_start: 107.5, source_end: 110, clip_start: 6, clip_end: 8.5 },
    ]);
    expect(tl.duration).toBe(8.5);
    expect(tl.source).toEqual({ start: 100, end: 110, size: { width: 1280, height: 720 }, content: { x: 0, y: 0, w: 1280, h: 720 } });
    expect(tl.frame).toEqual({ width: 1080, height: 1920 });
  });

  it("reads back the source seconds it plays and what covers the picture (what the quality measures take)", () => {
    expect(keptSourceRange(tl)).toEqual({ start: 100, end: 110 });
    // a cut at the range's end: the sentence edge is judged where the clip stops playing
    expect(keptSourceRange(buildClipTimeline({ ...INPUT, cuts: [{ source_start: 108.5, source_end: 110, reason: "silence" }] }))).toEqual({ start: 100, end: 108.5 });
    expect(coveredSpans(tl)).toEqual([{ start: 5, end: 6.5 }, { start: 0, end: 2.5 }]);
    expect(coveredSpans(buildClipTimeline({ ...INPUT, titleCard: null, broll: [] }))).toEqual([]);
  });

  it("puts the words on clip time (a word cut out is gone) and groups them into caption pages", () => {
    expect(tl.words).toEqual([
      { word: "one", start: 0.5, end: 0.9 },
      { word: "two", start: 3.2, end: 3.6 },
      { word: "three", start: 6.5, end: 7 },
    ]);
    expect(tl.captions).toEqual([
      { text: "one", start: 0.5, end: 0.9 },
      { text: "two", start: 3.2, end: 3.6 },
      { text: "three", start: 6.5, end: 7 },
    ]);
    expect(captionPages([{ word: "a", start: 0, end: 0.2 }, { word: "b", start: 0.3, end: 0.5 }, { word: "c", start: 0.6, end: 0.8 }], 2).map((p) => p.text)).toEqual(["a b", "c"]);
  });

  it("keys the crop path on clip time as the render cuts it: the path's value at each piece's edges, a jump at each join", () => {
    const path = tl.crop!.path;
    // the keyframes clamped to the picture first (x at most 1280 - 404), as the render's normalizePath does
    const clamped = [{ t: 1, x: 100 }, { t: 9, x: 876 }];
    // at every kept instant the mapped path equals the uncut path at the source time shown (within a pixel: the render reaches a join's value 2 ms early)
    for (const c of [0, 0.7, 2.9, 3.05, 4.5, 5.9, 6.1, 8]) {
      expect(Math.abs(cropXAt(path, c) - cropXAt(clamped, sourceTimeAt(tl, c) - 100))).toBeLessThan(1);
    }
    expect(path.every((k, i) => i === 0 || k.t > path[i - 1]!.t)).toBe(true);
  });

  it("clamps a crop path to the picture, centres a missing one, and has no crop for a layout that shows the whole picture", () => {
    const wild = buildClipTimeline({ ...INPUT, cuts: [], cropPath: [{ t: 0, x: -50 }, { t: 5, x: 5000 }] });
    expect(wild.crop!.path).toEqual([{ t: 0, x: 0 }, { t: 5, x: 876 }]);
    expect(buildClipTimeline({ ...INPUT, cuts: [], cropPath: null }).crop!.path).toEqual([{ t: 0, x: 438 }]);
    expect(buildClipTimeline({ ...INPUT, layout: "wide" }).crop).toBeNull();
  });

  it("keeps zooms with their point, the overlays, and the cuts as made", () => {
    expect(tl.zooms).toEqual([{ start: 4, end: 6, scale: 1.2, x: 0.4, y: 0.3 }]);
    expect(buildClipTimeline({ ...INPUT, zooms: [{ start: 1, end: 2, scale: 1.15 }] }).zooms).toEqual([{ start: 1, end: 2, scale: 1.15, x: 0.5, y: 0.5 }]);
    expect(tl.overlays.title_card).toEqual({ text: "Hook", start: 0, end: 2.5 });
    expect(tl.overlays.broll).toEqual([{ asset: "b1", start: 5, end: 6.5 }]);
    expect(tl.cuts.map((c) => c.reason)).toEqual(["filler", "silence"]);
  });
});

describe("source time and clip time", () => {
  const tl = buildClipTimeline(INPUT);

  it("map both ways over the kept pieces; a cut-out source time lands where its cut was joined", () => {
    expect(sourceTimeAt(tl, 0)).toBe(100);
    expect(sourceTimeAt(tl, 3)).toBe(104);
    expect(sourceTimeAt(tl, 6.25)).toBe(107.75);
    expect(clipTimeAt(tl, 105)).toBe(4);
    expect(clipTimeAt(tl, 103.5)).toBe(3);
    for (const c of [0.1, 2.5, 3.5, 5.99, 7]) expect(clipTimeAt(tl, sourceTimeAt(tl, c))).toBeCloseTo(c, 9);
    const spans = keptSpans(10, [{ start: 3, end: 4 }]);
    expect(toUncutTime(spans, toClipTime(spans, 6))).toBe(6);
  });

  it("the render's names in container/src/editing/timeline.ts are the protocol's functions, not copies", () => {
    expect(container.mapWords).toBe(mapWords);
    expect(container.mapPath).toBe(mapPath);
    expect(container.keptSpans).toBe(keptSpans);
    expect(containerCropXAt).toBe(cropXAt);
    expect(containerZoomAt).toBe(zoomAt);
  });
});

describe("the crop and zoom maths", () => {
  it("cropXAt holds before the first keyframe and after the last, moves linearly between, jumps at a repeated instant", () => {
    const p = [{ t: 1, x: 100 }, { t: 3, x: 300 }, { t: 3, x: 50 }];
    expect([cropXAt(p, 0), cropXAt(p, 2), cropXAt(p, 2.999), cropXAt(p, 3), cropXAt(p, 9)].map((x) => Math.round(x))).toEqual([100, 200, 300, 50, 50]);
    expect(cropXAt([], 1)).toBe(0);
  });

  it("zoomAt eases in and out with a smoothstep and holds its scale and point in between", () => {
    const z = [{ start: 2, end: 4, scale: 1.2, x: 0.4, y: 0.3 }];
    expect(zoomAt(z, 1.9)).toEqual({ scale: 1, x: 0.5, y: 0.5 });
    expect(zoomAt(z, 2 + ZOOM_EASE_S / 2).scale).toBeCloseTo(1.1, 9);
    expect(zoomAt(z, 3)).toEqual({ scale: 1.2, x: 0.4, y: 0.3 });
    expect(zoomAt(z, 4).scale).toBeCloseTo(1, 9);
  });

  it("parseRate reads ffmpeg's rates, a decimal one too, and falls back to 30", () => {
    expect(parseRate("30000/1001")).toEqual({ num: 30000, den: 1001 });
    expect(parseRate("25")).toEqual({ num: 25, den: 1 });
    expect(parseRate("12.5")).toEqual({ num: 125, den: 10 });
    expect(parseRate("x")).toEqual({ num: 30, den: 1 });
  });
});

describe("what the frame shows", () => {
  it("a crop layout: the window at its place; a zoom narrows it about its point, kept inside the window", () => {
    const tl = buildClipTimeline({ ...INPUT, cuts: [] });
    expect(viewAt(tl, 0)).toEqual({ x: 100, y: 0, w: 404, h: 720 });
    const v = viewAt(tl, 5);
    const x = cropXAt(tl.crop!.path, 5);
    expect(v.w).toBeCloseTo(404 / 1.2, 9);
    // the point (0.4, 0.3) is nearer the window's top-left than half the zoomed window: held at that corner
    expect(v.x).toBeCloseTo(x, 9);
    expect(v.y).toBeCloseTo(0, 9);
    const centred = viewAt({ ...tl, zooms: [{ start: 4, end: 6, scale: 1.25, x: 0.6, y: 0.5 }] }, 5);
    expect(centred.x).toBeCloseTo(x + (0.6 - 0.4) * 404, 9);
    expect(centred.y).toBeCloseTo(0.1 * 720, 9);
    // placed so the view fills the 1080x1920 frame
    const r = sourcePlacement(tl, 5);
    expect(r.x + v.x * (r.w / 1280)).toBeCloseTo(0, 6);
    expect(v.w * (r.w / 1280)).toBeCloseTo(1080, 6);
  });

  it("a whole-picture layout: the picture inside the bars fitted into the frame, centred", () => {
    const tl = buildClipTimeline({ ...INPUT, layout: "wide", content: { x: 160, y: 0, w: 960, h: 720 }, zooms: [] });
    const v = viewAt(tl, 1);
    expect(v.w).toBeCloseTo(960, 9);
    expect(v.h).toBeCloseTo(960 * (16 / 9), 9);
    expect(v.x).toBeCloseTo(160, 9);
    expect(v.y + v.h / 2).toBeCloseTo(360, 9);
  });

  it("keys the frames either side of every crop keyframe and every frame of a zoom's eases", () => {
    const tl = buildClipTimeline({ ...INPUT, cuts: [], cropPath: [{ t: 1.05, x: 100 }, { t: 9, x: 800 }], fps: "10" });
    const ts = placementTimes(tl, 0, 10);
    expect(ts).toContain(1);
    expect(ts).toContain(1.1);
    expect(ts).not.toContain(1.05);
    for (const t of [4, 4.1, 4.2, 4.3, 5.7, 5.8, 5.9, 6]) expect(ts).toContain(t);
    expect(ts).not.toContain(5);
  });
});
