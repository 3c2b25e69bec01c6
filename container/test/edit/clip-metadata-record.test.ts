// The timeline is the record (issue 41 item 3, a house rule): a new clip's stored metadata holds its
// range, cuts, crop window and path, picture inside the bars, zooms, overlays and B-roll times once,
// in its timeline, and none of the fields that repeated them (TIMELINE_FACT_FIELDS); it is read back
// from the timeline (readStoredClip), and metadata stored before the timeline still reads from those
// fields (old rows in D1 still HD-render and re-render).
import { ClipMetadataSchema, cropXAt, recordedAspect, TIMELINE_FACT_FIELDS, uncutCropPath, uncutPanels } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { clipReport, planClip, planTimeline, type ClipPlan } from "../../src/editing/clip-plan.js";
import { readStoredClip } from "../../src/delivery/stored-clip.js";
import type { ProbeResult, ScoredMoment, Transcript } from "../../src/runtime/types.js";

const probe: ProbeResult = { duration: 120, size: 1, formatName: "mp4", video: { width: 1920, height: 1080, fps: 30, codec: "h264", rotation: 0 }, audio: { codec: "aac", sampleRate: 48000, channels: 2 } };
const words = ["money", "habits", "that", "really", "work"].map((word, i) => ({ word, start: 10 + i * 1.5, end: 10.8 + i * 1.5 }));
const transcript: Transcript = { lang: "en", engine: "pocketsphinx", segments: [], words };
const moment: ScoredMoment = { start: 10, end: 18, words, text: "money habits that really work", score: 80, subscores: { hook: 80, flow: 80, value: 80, trend: 80 }, justification: "", title: "Money habits" };
const ASSET = { id: "lib_1", kind: "image" as const, url: "https://example.com/a.jpg", keywords: ["money"] };

/** A planned clip as a job renders it: inside bars, followed by a moving window, cut twice, with a cutaway. */
function renderedPlan(): ClipPlan {
  const content = { x: 240, y: 0, w: 1440, h: 1080 };
  const p = planClip(moment, 0, probe, transcript, { aspect: "9:16", layout: "face_tracking" }, content);
  p.cropPath = [{ t: 0, x: 100 }, { t: 2.6, x: 300 }, { t: 3.4, x: 700 }, { t: 7.5, x: 820 }];
  p.cuts = [{ start: 2.9, end: 3.3, reason: "silence" }, { start: 5.8, end: 6.1, reason: "silence" }];
  p.broll = [{ asset: ASSET, start: 1, end: 2.5 }];
  p.timeline = planTimeline(p, probe);
  return p;
}

describe("a new clip's metadata", () => {
  const p = renderedPlan();
  const metadata = JSON.parse(JSON.stringify(clipReport(p, probe, "pocketsphinx").metadata)) as Record<string, unknown>;

  it("keeps the timeline its render drew and no field that repeats a fact of it", () => {
    expect(TIMELINE_FACT_FIELDS.length).toBeGreaterThan(0);
    for (const field of TIMELINE_FACT_FIELDS) expect(metadata, field).not.toHaveProperty(field);
    expect(metadata.timeline).toEqual(JSON.parse(JSON.stringify(p.timeline)));
    // nothing else beside the written format: a field added to clipReport is added to the schema, and checked here
    expect(ClipMetadataSchema.strict().safeParse(metadata).success).toBe(true);
  });

  it("keeps what the timeline cannot hold: the uncut words (cut ones too), the B-roll assets, the style and title", () => {
    expect((metadata.words as unknown[]).length).toBe(words.length);
    expect(metadata.broll_assets).toEqual([ASSET]);
    expect(metadata).toMatchObject({ title: "Money habits", style: {} });
  });

  it("reads back from the timeline: range, layout, shape, picture, cutaways, cuts and the crop path a re-render cuts again", () => {
    const stored = readStoredClip(metadata);
    const tl = p.timeline!;
    expect(stored).toMatchObject({ layout: "face_tracking", aspect: "9:16", sourceStart: 10, content: { x: 240, y: 0, w: 1440, h: 1080 } });
    expect(stored.broll).toEqual([{ asset: ASSET, start: 1, end: 2.5 }]);
    expect(stored.cuts!.map((c) => [c.start, c.end].map((t) => Number(t.toFixed(6))))).toEqual([[2.9, 3.3], [5.8, 6.1]]);
    expect(stored.cropPath).toEqual(uncutCropPath(tl));
    // where the clip plays, the path read back is the planned one, to the whole pixel the render crops at
    for (const t of [0, 1, 2.6, 4, 5.5, 7.5]) expect(Math.abs(cropXAt(stored.cropPath!, t) - cropXAt(p.cropPath!, t))).toBeLessThanOrEqual(0.5);
  });

  it("names its shape in its timeline, where the Worker reads it (its view, its HD and re-render tasks)", () => {
    expect(recordedAspect(metadata)).toBe("9:16");
    expect(recordedAspect({ ...metadata, timeline: { ...(metadata.timeline as object), aspect: "4:5" } })).toBe("4:5");
  });
});

describe("a multi-panel or face-cam clip's metadata", () => {
  /** A clip planned with `layout`, its framing set, cut once, rendered (its timeline built). */
  function framedPlan(layout: string, framing: Partial<ClipPlan>): Record<string, unknown> & { timeline: ReturnType<typeof planTimeline> } {
    const p = planClip(moment, 0, probe, transcript, { aspect: "9:16", layout: "face_tracking" });
    Object.assign(p, { layout, cropPath: null, cropWindow: null, ...framing });
    p.cuts = [{ start: 2.9, end: 3.3, reason: "silence" }];
    p.timeline = planTimeline(p, probe);
    return JSON.parse(JSON.stringify(clipReport(p, probe, "pocketsphinx").metadata));
  }

  it("holds the panels in the timeline only, and reads them back on the uncut range a re-render cuts again", () => {
    const panels = [{ x: 600, y: 400, path: [{ t: 0, x: 600 }, { t: 2.5, x: 640 }, { t: 4, x: 700 }] }, { x: 1300, y: 420 }];
    const metadata = framedPlan("split_screen", { panels });
    expect(metadata).not.toHaveProperty("panels");
    expect(ClipMetadataSchema.strict().safeParse(metadata).success).toBe(true);
    expect(metadata.timeline.panels).toEqual([{ x: 600, y: 400, w: null, path: expect.any(Array) }, { x: 1300, y: 420, w: null, path: [] }]);
    const stored = readStoredClip(metadata);
    expect(stored.panels).toEqual(uncutPanels(metadata.timeline));
    // where the clip plays, each panel looks where it was planned to
    for (const t of [0, 1, 2.5, 3.5, 4, 6]) expect(cropXAt(stored.panels![0]!.path!, t)).toBeCloseTo(cropXAt(panels[0]!.path!, t), 6);
    expect(stored.panels![1]).toEqual({ x: 1300, y: 420 });
  });

  it("holds the face cam in the timeline only, and reads it back", () => {
    const cam = { x: 1500, y: 30, w: 400, h: 360 };
    for (const layout of ["stacked", "screen"]) {
      const metadata = framedPlan(layout, { faceCam: cam });
      expect(metadata).not.toHaveProperty("face_cam");
      expect(metadata.timeline.face_cam).toEqual(cam);
      expect(readStoredClip(metadata)).toMatchObject({ layout, faceCam: cam });
    }
  });

  it("of a timeline stored before it held them, reads them from the fields beside it, into the timeline a render draws", () => {
    const metadata = framedPlan("stacked", { faceCam: null });
    const { panels: _p, face_cam: _c, ...older } = metadata.timeline;
    const stored = readStoredClip({ ...metadata, timeline: older, face_cam: { x: 1500, y: 30, w: 400, h: 360 } });
    expect(stored.faceCam).toEqual({ x: 1500, y: 30, w: 400, h: 360 });
    expect(stored.timeline!.face_cam).toEqual({ x: 1500, y: 30, w: 400, h: 360 });
    const split = framedPlan("split_screen", { panels: null });
    const { panels: _q, face_cam: _d, ...olderSplit } = split.timeline;
    const read = readStoredClip({ ...split, timeline: olderSplit, panels: [{ x: 600, y: 400 }, { x: 1300, y: 420 }] });
    expect(read.panels).toEqual([{ x: 600, y: 400 }, { x: 1300, y: 420 }]);
    expect(read.timeline!.panels).toEqual([{ x: 600, y: 400, w: null, path: [] }, { x: 1300, y: 420, w: null, path: [] }]);
  });
});

describe("metadata stored before the timeline", () => {
  it("still reads its range, framing, picture and cutaways from the fields it has", () => {
    const legacy = { layout: "face_tracking", source_range: { start: 10, end: 18 }, crop_window: { w: 606, h: 1080, y: 0 }, crop_path: [{ t: 0, x: 100 }, { t: 4, x: 300 }], content_rect: { x: 240, y: 0, w: 1440, h: 1080 }, broll_cutaways: [{ asset: ASSET, start: 1, end: 2.5 }], fps: "30", words: [] };
    expect(recordedAspect({ aspect: "1:1" })).toBe("1:1");
    expect(recordedAspect({})).toBeNull();
    expect(readStoredClip(legacy)).toMatchObject({ layout: "face_tracking", sourceStart: 10, cropPath: [{ t: 0, x: 100 }, { t: 4, x: 300 }], content: { x: 240, y: 0, w: 1440, h: 1080 }, broll: [{ asset: ASSET, start: 1, end: 2.5 }], aspect: "9:16" });
  });
});
