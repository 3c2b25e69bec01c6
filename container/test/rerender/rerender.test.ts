import { describe, expect, it } from "vitest";
import { clipReport, planClip } from "../../src/editing/clip-plan.js";
import { parseRerenderJob } from "../../src/runtime/protocol.js";
import { readStoredClip } from "../../src/delivery/stored-clip.js";
import { rerenderLayout } from "../../src/delivery/stored-render.js";
import type { ProbeResult, ScoredMoment } from "../../src/runtime/types.js";

const valid = {
  rerender_id: "rr_0123abcd",
  job_id: "0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b",
  clip_index: 2,
  source: { url: "http://127.0.0.1:9/source.mp4", kind: "url" },
  clip: { start: 10, end: 25, metadata: { layout: "face_tracking", caption_style: "boxed", crop_path: [{ t: 0, x: 120 }, { t: 3, x: 140 }], words: [{ word: "hello", start: 0.2, end: 0.5 }, { word: 7, start: 1 }] } },
  params: { caption_style: "karaoke" },
  aspect: "9:16",
  callback: { base_url: "http://127.0.0.1:8787/internal/v1", token: "t" },
};

const kit = { name: "Acme", primary_color: "#FFFFFF", accent_color: "#FF0066", caption_font: "Noto Sans", caption_position: "middle", default_layout: "wide", watermark_url: null };

describe("re-render input", () => {
  it("parses a valid body and names the first bad field otherwise", () => {
    expect(parseRerenderJob(valid)).toMatchObject({ ok: true, value: { clip_index: 2, params: { caption_style: "karaoke" } } });
    expect(parseRerenderJob({ ...valid, clip_index: 10 })).toEqual({ ok: false, error: "clip_index must be an integer from 0 to 9" });
    expect(parseRerenderJob({ ...valid, params: { caption_style: "sparkly" } })).toMatchObject({ ok: false, error: expect.stringMatching(/caption_style/) });
    expect(parseRerenderJob({ ...valid, clip: { start: 5, end: 5, metadata: {} } })).toMatchObject({ ok: false, error: expect.stringMatching(/start < end/) });
    expect(parseRerenderJob({ ...valid, params: { dub: "es" } })).toMatchObject({ ok: false, error: expect.stringMatching(/dub/) });
    expect(parseRerenderJob({ ...valid, brand_kit: { ...kit, accent_color: "red" } })).toMatchObject({ ok: false, error: expect.stringMatching(/brand_kit.accent_color/) });
    expect(parseRerenderJob({ ...valid, brand_kit: kit })).toMatchObject({ ok: true, value: { brand_kit: { name: "Acme", accent_color: "#FF0066" } } });
    expect(parseRerenderJob(valid)).toMatchObject({ ok: true, value: { brand_kit: null } });
    // the shape is the Worker's to decide (issue 41): a task without one is refused, never rendered 9:16
    const { aspect: _a, ...shapeless } = valid;
    expect(parseRerenderJob(shapeless)).toMatchObject({ ok: false, error: expect.stringMatching(/^aspect must be one of "9:16", "1:1", "4:5", "16:9"/) });
  });

  it("reads the stored editing metadata, dropping malformed words", () => {
    expect(readStoredClip(valid.clip.metadata)).toEqual({
      layout: "face_tracking",
      captionStyle: "boxed",
      cropPath: [{ t: 0, x: 120 }, { t: 3, x: 140 }],
      panels: null,
      faceCam: null,
      content: null,
      words: [{ text: "hello", start: 0.2, end: 0.5 }],
      style: {},
      title: null,
      openingFaces: null,
      qualityEdges: null,
      qualityFixes: [],
      broll: [],
      captionsTranslated: null,
      faceBoxes: null,
      cuts: [],
      sourceStart: null,
      aspect: "9:16",
      keyWords: [],
      timeline: null,
    });
    expect(readStoredClip({})).toEqual({ layout: null, captionStyle: null, cropPath: null, panels: null, faceCam: null, content: null, words: [], style: {}, title: null, openingFaces: null, qualityEdges: null, qualityFixes: [], broll: [], captionsTranslated: null, faceBoxes: null, cuts: [], sourceStart: null, aspect: "9:16", keyWords: [], timeline: null });
    // style caption_language: the translated words the first render drew; a malformed one is dropped
    const tr = { from: "en", to: "es", words: [{ word: "familias", start: 0.1, end: 0.5 }], title: "Retos" };
    expect(readStoredClip({ captions_translated: tr }).captionsTranslated).toEqual(tr);
    expect(readStoredClip({ captions_translated: { from: "en", words: "x" } }).captionsTranslated).toBeNull();
    // jump cuts (issue 26): recorded in source seconds, read back from the clip's start, so an HD render cuts the same
    expect(readStoredClip({ source_range: { start: 10, end: 40 }, edits: { cuts: [{ source_start: 12.5, source_end: 13.25, reason: "silence" }, { source_start: "x" }] }, face_boxes: [{ t: 0.5, x: 1, y: 2, w: 3, h: 4 }] })).toMatchObject({ cuts: [{ start: 2.5, end: 3.25, reason: "silence" }], sourceStart: 10, faceBoxes: [{ t: 0.5, x: 1, y: 2, w: 3, h: 4 }] });
    // the clip style (issue 26): what an HD task renders with, and the title and faces a hook title needs
    expect(readStoredClip({ style: { emoji: true, later_field: 1 }, title: "Why it works", opening_faces: { x: 10, y: 20, w: 30, h: 40 } })).toMatchObject({ style: { emoji: true }, title: "Why it works", openingFaces: { x: 10, y: 20, w: 30, h: 40 } });
    expect(readStoredClip({ style: { words_per_caption: 40 }, title: 7 })).toMatchObject({ style: {}, title: null });
    expect(readStoredClip({ content_rect: { x: 160, y: 0, w: 960, h: 720 } }).content).toEqual({ x: 160, y: 0, w: 960, h: 720 });
    expect(readStoredClip({ layout: "split_screen", panels: [{ x: 200, y: 300 }, { x: "?" }, { x: 900, y: 310 }] }).panels).toEqual([{ x: 200, y: 300 }, { x: 900, y: 310 }]);
    expect(readStoredClip({ layout: "stacked", face_cam: { x: 900, y: 20, w: 300, h: 260 } }).faceCam).toEqual({ x: 900, y: 20, w: 300, h: 260 });
    expect(readStoredClip({ layout: "stacked", face_cam: { x: 900, y: "?", w: 300, h: 260 } }).faceCam).toBeNull();
  });

  it("uses the requested layout, else the stored one, and refuses unknown layouts", () => {
    expect(rerenderLayout("wide", "face_tracking")).toBe("wide");
    expect(rerenderLayout(undefined, "face_tracking")).toBe("face_tracking");
    expect(rerenderLayout(undefined, null)).toBe("wide");
    expect(() => rerenderLayout("hologram", null)).toThrow(/not available/);
  });
});

describe("stacked face cam in the editing metadata", () => {
  it("clipReport stores the face cam in the timeline, not beside it, and readStoredClip reads it back for HD tasks and re-renders", () => {
    const info: ProbeResult = { duration: 60, size: 1, formatName: "mp4", video: { width: 1280, height: 720, fps: 30, codec: "h264", rotation: 0 }, audio: null };
    const moment: ScoredMoment = { start: 1, end: 9, words: [], text: "", score: 50, subscores: { hook: 1, flow: 1, value: 1, trend: 1 }, justification: "", title: "t" };
    const p = planClip(moment, 0, info, { lang: "en", segments: [], words: [], engine: "test" }, { aspect: "9:16" });
    expect(p.faceCam).toBeNull();
    Object.assign(p, { layout: "stacked", faceCam: { x: 1060, y: 30, w: 170, h: 200 }, cropPath: null, cropWindow: null });
    const meta = clipReport(p, info, "test").metadata;
    expect(meta.timeline.face_cam).toEqual({ x: 1060, y: 30, w: 170, h: 200 });
    expect(meta).not.toHaveProperty("face_cam");
    const stored = readStoredClip(JSON.parse(JSON.stringify(meta)));
    expect(stored).toMatchObject({ layout: "stacked", faceCam: { x: 1060, y: 30, w: 170, h: 200 } });
  });
});
