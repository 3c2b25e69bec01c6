// The timeline is the recipe (issue 41): the renderer's input drawn from a clip timeline
// (rendering/timeline-render.ts) matches the timeline field by field: the range, the kept pieces,
// the crop path at every keyframe once the renderer has mapped it through the cuts, the zooms, the
// layout, the picture inside the bars, where each panel of a multi-panel layout looks (its path
// mapped through the cuts like the crop path), the face cam and the cutaways. Pure: no ffmpeg.
import { buildClipTimeline, ClipTimelineSchema, cropXAt, timelineSpans, uncutCropPath, uncutPanels, type ClipTimeline, type ClipTimelineInput } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { cropCommands, panelFilter, renderedCropPath } from "../../src/rendering/reframe-filter.js";
import type { RenderSpec } from "../../src/rendering/render-spec.js";
import type { PanelFocus } from "../../src/framing/panels.js";
import { timelineRender, type TimelineRenderExtras } from "../../src/rendering/timeline-render.js";
import type { ProbeResult } from "../../src/runtime/types.js";

const PROBE: ProbeResult = { duration: 200, size: 1, formatName: "mp4", video: { width: 1280, height: 720, fps: 30, codec: "h264", rotation: 0 }, audio: { codec: "aac", sampleRate: 48000, channels: 2 } };

// a 10-s clip at source 100-110 of a 1280x720 source, cut twice (103-104, 107-107.5), followed by a face-tracking window
const INPUT: ClipTimelineInput = {
  aspect: "9:16",
  range: { start: 100, end: 110 },
  cuts: [{ source_start: 103, source_end: 104, reason: "silence" }, { source_start: 107, source_end: 107.5, reason: "filler" }],
  sourceSize: { width: 1280, height: 720 },
  content: null,
  layout: "face_tracking",
  cropWindow: { w: 404, h: 720, y: 0 },
  // the window jumps across the first cut (200 where it starts, 800 where it ends): a join keeps both
  cropPath: [{ t: 0, x: 300 }, { t: 1.25, x: 340 }, { t: 3, x: 200 }, { t: 4, x: 800 }, { t: 5.2, x: 420 }, { t: 7.2, x: 800 }, { t: 9.6, x: 876 }],
  zooms: [{ start: 4, end: 6, scale: 1.2, x: 0.4, y: 0.3 }],
  words: [{ word: "one", start: 0.5, end: 0.9 }],
  captions: null,
  titleCard: { text: "Hook", start: 0, end: 2.5 },
  broll: [{ asset: "b1", start: 5, end: 6.5 }],
  fps: "30",
};

const EXTRAS: TimelineRenderExtras = {
  source: "/media/source.mp4",
  probe: PROBE,
  rangeStart: 100,
  watermarkPath: null,
  assPath: "/tmp/clip.ass",
  cutawayFiles: new Map([["b1", { path: "/tmp/b1.jpg", kind: "image" as const }]]),
  output: "/tmp/clip.mp4",
  quality: "hd",
};

/** The path the renderer's crop follows for this render (clip seconds), in the frame it crops. */
function croppedPath(tl: ClipTimeline, extras = EXTRAS) {
  const r = timelineRender(tl, extras);
  const picture = r.content ?? { w: PROBE.video!.width, h: PROBE.video!.height };
  return renderedCropPath({ cropPath: r.cropPath, source: { width: picture.w, height: picture.h, fps: 30, hasAudio: true }, aspect: r.aspect, keep: r.keep, duration: r.end - r.start });
}

/** The renderer's path passes through every keyframe of the timeline's (to the pixel it crops at); a key on a run the path holds anyway may be dropped. */
function expectKeysKept(path: readonly { t: number; x: number }[], keys: readonly { t: number; x: number }[]) {
  expect(keys.length).toBeGreaterThan(1);
  for (const k of keys) expect(cropXAt(path, k.t), `keyframe at ${k.t}`).toBeCloseTo(Math.round(k.x), 6);
}

describe("timelineRender", () => {
  const tl = buildClipTimeline(INPUT);

  it("renders the timeline's range, kept pieces, layout, shape and zooms", () => {
    const r = timelineRender(tl, EXTRAS);
    expect([r.start, r.end]).toEqual([tl.source.start, tl.source.end]);
    expect(r.keep).toEqual(timelineSpans(tl));
    expect(r.keep!.map((s) => [s.start, s.end])).toEqual([[0, 3], [4, 7], [7.5, 10]]);
    expect(r.layout).toBe(tl.layout);
    expect(r.aspect).toBe(tl.aspect);
    expect(r.zooms).toEqual(tl.zooms);
    expect(r.content).toBeNull();
  });

  it("crops along the timeline's path: every keyframe, and every frame between them", () => {
    const path = croppedPath(tl);
    const keys = tl.crop!.path;
    expectKeysKept(path, keys);
    for (let f = 0; f < tl.duration * 30; f++) expect(Math.abs(cropXAt(path, f / 30) - cropXAt(keys, f / 30))).toBeLessThanOrEqual(0.5);
  });

  it("crops along the timeline's path of a clip without cuts, and of one cut at its edges", () => {
    for (const cuts of [[], [{ source_start: 100, source_end: 100.4, reason: "silence" }, { source_start: 109.3, source_end: 110, reason: "silence" }]]) {
      const t = buildClipTimeline({ ...INPUT, cuts });
      expectKeysKept(croppedPath(t), t.crop!.path);
    }
  });

  it("rebuilds the same timeline from its own facts (an HD render of a stored version draws what the preview drew)", () => {
    const again = buildClipTimeline({ ...INPUT, cuts: tl.cuts, cropPath: uncutCropPath(tl) });
    expect(again.crop).toEqual(tl.crop);
    expect(again.pieces).toEqual(tl.pieces);
  });

  it("frames the picture inside the bars, and the whole frame when the source has none", () => {
    const barred = buildClipTimeline({ ...INPUT, content: { x: 160, y: 0, w: 960, h: 720 }, cropWindow: { w: 404, h: 720, y: 0 } });
    expect(timelineRender(barred, EXTRAS).content).toEqual({ x: 160, y: 0, w: 960, h: 720 });
    expectKeysKept(croppedPath(barred), barred.crop!.path);
  });

  it("starts where the timeline's range lies in the file it reads (an HD task's mezzanine starts at 0)", () => {
    const r = timelineRender(tl, { ...EXTRAS, rangeStart: 0 });
    expect([r.start, r.end]).toEqual([0, 10]);
  });

  it("draws the timeline's cutaways with their files, and refuses one whose file is not at hand", () => {
    expect(timelineRender(tl, EXTRAS).cutaways).toEqual([{ path: "/tmp/b1.jpg", kind: "image", start: 5, end: 6.5 }]);
    expect(() => timelineRender(tl, { ...EXTRAS, cutawayFiles: new Map() })).toThrow(/B-roll asset b1/);
  });

  it("gives a layout that shows the whole picture no crop path", () => {
    const whole = buildClipTimeline({ ...INPUT, layout: "passthrough", cropWindow: null });
    expect(timelineRender(whole, EXTRAS).cropPath).toBeUndefined();
  });
});

// a split screen whose two windows move (centres, uncut seconds), across both cuts, off the whole pixel
const PANELS: PanelFocus[] = [
  { x: 400, y: 300, path: [{ t: 0, x: 400.4 }, { t: 2.5, x: 450 }, { t: 3.5, x: 700 }, { t: 6, x: 520 }, { t: 9, x: 600.6 }] },
  { x: 900, y: 320, path: [{ t: 1, x: 900 }, { t: 7.2, x: 800 }, { t: 10, x: 860 }] },
];

/** The panels' crops as the renderer writes them (the graph's initial windows, the sendcmd moves), given panels on the uncut range and the kept spans. */
function panelCrops(panels: readonly PanelFocus[] | undefined, keep: RenderSpec["keep"]) {
  const spec = { layout: "split_screen", panels, source: { width: 1280, height: 720, fps: 30, hasAudio: true }, width: 1080, height: 1920, keep, duration: 8.5, commandsPath: "/tmp/cmds.txt", content: null } as unknown as RenderSpec;
  return { graph: panelFilter("split_screen", spec), moves: cropCommands(spec) };
}

describe("timelineRender of a multi-panel or face-cam layout", () => {
  const split = buildClipTimeline({ ...INPUT, layout: "split_screen", cropWindow: null, cropPath: null, panels: PANELS });

  it("keeps where each panel looks in the timeline, its path in clip seconds like the crop's", () => {
    expect(ClipTimelineSchema.safeParse(JSON.parse(JSON.stringify(split))).success).toBe(true);
    expect(split.crop).toBeNull();
    expect(split.panels!.map((p) => [p.x, p.y, p.w])).toEqual([[400, 300, null], [900, 320, null]]);
    // after both cuts (1 s and 0.5 s out) the key at 9 s uncut plays at 7.5 s, to the whole pixel, and holds to the clip's end
    expect(split.panels![0]!.path).toContainEqual({ t: 7.5, x: 601 });
    expect(split.panels![0]!.path.at(-1)).toEqual({ t: 8.498, x: 601 });
    expect(split.face_cam).toBeNull();
  });

  it("hands the renderer the plan's panels: every panel crops, frame for frame, where the plan's own panels had it crop", () => {
    const r = timelineRender(split, EXTRAS);
    expect(r.layout).toBe("split_screen");
    expect(r.panels).toEqual(uncutPanels(split));
    expect(r.panels).toHaveLength(2);
    expect(panelCrops(r.panels, r.keep)).toEqual(panelCrops(PANELS, r.keep));
    // without cuts too
    const whole = buildClipTimeline({ ...INPUT, cuts: [], layout: "split_screen", cropWindow: null, cropPath: null, panels: PANELS });
    const w = timelineRender(whole, EXTRAS);
    expect(panelCrops(w.panels, w.keep)).toEqual(panelCrops(PANELS, w.keep));
  });

  it("rebuilds the same panels from its own facts (an HD render of a stored version frames as the preview did)", () => {
    const again = buildClipTimeline({ ...INPUT, layout: "split_screen", cropWindow: null, cropPath: null, cuts: split.cuts, panels: uncutPanels(split) });
    expect(again.panels).toEqual(split.panels);
  });

  it("carries a stacked or screen layout's face cam to the renderer, and nothing of either to a layout without them", () => {
    const cam = { x: 900, y: 20, w: 300, h: 260 };
    for (const layout of ["stacked", "screen"]) {
      const tl = buildClipTimeline({ ...INPUT, layout, cropWindow: null, cropPath: null, faceCam: cam });
      expect(tl.face_cam).toEqual(cam);
      expect(timelineRender(tl, EXTRAS).faceCam).toEqual(cam);
      expect(timelineRender(tl, EXTRAS).panels).toBeUndefined();
    }
    const tracked = buildClipTimeline({ ...INPUT, faceCam: cam, panels: PANELS });
    expect([tracked.face_cam, tracked.panels]).toEqual([null, null]);
    expect(timelineRender(tracked, EXTRAS)).toMatchObject({ faceCam: undefined, panels: undefined });
    // a panel layout framed on evenly spaced people says so (null) and renders its default panels
    const even = buildClipTimeline({ ...INPUT, layout: "grid_3", cropWindow: null, cropPath: null, panels: null });
    expect(even.panels).toBeNull();
    expect(timelineRender(even, EXTRAS).panels).toBeUndefined();
  });
});
