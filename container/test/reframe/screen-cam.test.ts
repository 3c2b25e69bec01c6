// Pure: the screen layout (a screen recording with a face camera): its detection on synthetic face
// samples and frame grids, and its geometry and caption place in every shape.
import { describe, expect, it } from "vitest";
import { ASPECTS, clipFrame } from "@katto/protocol";
import type { Face } from "../../src/engines/face/types.js";
import { FRAME_GRID } from "../../src/framing/activity.js";
import { autoLayout } from "../../src/framing/auto-layout.js";
import { detectFaceCam } from "../../src/framing/face-cam.js";
import type { FaceSample } from "../../src/framing/face-samples.js";
import { suggestLayout, summarizeFaces } from "../../src/framing/layout-summary.js";
import { detectScreenCam, SCREEN_CAM, staticShare } from "../../src/framing/screen-cam.js";
import { screenCrops, screenFaceBox, screenRect } from "../../src/framing/screen-panels.js";
import { faceBands, layoutCaptionY } from "../../src/captions/title-place.js";
import { screenFilter } from "../../src/rendering/reframe-filter.js";
import { readStoredClip } from "../../src/delivery/stored-clip.js";
import type { RerenderJob } from "../../src/runtime/protocol.js";
import { findFaceCam } from "../../src/work/rerender.js";
import { chooseLayouts } from "../../src/editing/layouts.js";
import { planClip, type ClipPlan } from "../../src/editing/clip-plan.js";
import type { ProbeResult, ScoredMoment } from "../../src/runtime/types.js";

const FRAME = { width: 1280, height: 720 };
const CELLS = FRAME_GRID.cols * FRAME_GRID.rows;
const face = (cx: number, cy: number, size: number): Face => ({ x: cx - size / 2, y: cy - size / 2, w: size, h: size, score: 0.9 });
const rnd = (seed: number) => {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
};
/** a frame grid: a still screen (the same every sample, a cursor blinking in one cell), a tripod camera (every cell jittering by sensor noise), or gameplay */
function grid(i: number, kind: "screen" | "camera" | "game"): number[] {
  return Array.from({ length: CELLS }, (_, c) => {
    const base = 60 + 150 * rnd(c + 1);
    if (kind === "screen") return c === 300 ? base + (i % 2) * 80 : base;
    return base + (kind === "camera" ? 2.4 : 60) * (rnd(i * 7919 + c) - 0.5);
  });
}
/** 12 s at the analysis' 4 samples a second: a small talking face in the top-left corner (moving a little inside its overlay) */
const clip = (kind: "screen" | "camera" | "game", at = (i: number) => [face(110 + (i % 3) * 3, 110 + (i % 2) * 2, 72)]): FaceSample[] =>
  Array.from({ length: 48 }, (_, i) => ({ t: i / 4, faces: at(i), grid: grid(i, kind) }));

describe("screen recording detection", () => {
  it("a corner face over a still screen -> screen, with the cam around the face", () => {
    const s = clip("screen");
    const cam = detectScreenCam(s, FRAME);
    expect(cam).not.toBeNull();
    expect(cam!.motion).toBeLessThan(SCREEN_CAM.maxMotion);
    expect(cam!.staticShare).toBeGreaterThan(0.99);
    expect(cam!.rect.x).toBeLessThan(80);
    expect(cam!.rect.x + cam!.rect.w).toBeGreaterThan(150);
    // not gameplay, so not stacked
    expect(detectFaceCam(s, FRAME)).toBeNull();
    const summary = summarizeFaces(s, FRAME);
    expect(summary.screenCam).toEqual(cam!.rect);
    expect(suggestLayout(summary)).toBe("screen");
    const choice = autoLayout({ hasSpeech: true, faces: { path: [{ t: 0, x: 0 }], layout: "screen", samples: s, screenCam: cam!.rect, frame: FRAME } });
    expect(choice).toMatchObject({ layout: "screen", faceCam: cam!.rect });
    expect(choice.reason).toMatch(/screen recording/);
  });

  it("the same corner face over a tripod camera's picture or over gameplay is not a screen", () => {
    const camera = clip("camera");
    expect(staticShare(camera, FRAME, null)).toBeLessThan(SCREEN_CAM.minStaticShare);
    expect(detectScreenCam(camera, FRAME)).toBeNull();
    const game = clip("game");
    expect(detectScreenCam(game, FRAME)).toBeNull();
    expect(suggestLayout(summarizeFaces(game, FRAME))).toBe("stacked");
  });

  it("a still screen without a cam face, with a large face, or without grids is not a screen recording with a cam", () => {
    expect(detectScreenCam(clip("screen", () => []), FRAME)).toBeNull();
    expect(detectScreenCam(clip("screen", () => [face(640, 330, 400)]), FRAME)).toBeNull();
    expect(detectScreenCam(clip("screen", () => [face(640, 360, 80)]), FRAME)).toBeNull();
    expect(detectScreenCam(clip("screen").map(({ t, faces }) => ({ t, faces })), FRAME)).toBeNull();
  });
});

describe("screen layout geometry", () => {
  const cam = { x: 12, y: 12, w: 170, h: 196 };
  const src = { width: 640, height: 360 };

  it("the screen is the largest band of the source beside the cam", () => {
    expect(screenRect(640, 360, cam)).toEqual({ x: 182, y: 0, w: 458, h: 360 });
    expect(screenRect(640, 360, { x: 0, y: 260, w: 640, h: 100 })).toEqual({ x: 0, y: 0, w: 640, h: 260 });
  });

  for (const aspect of ASPECTS) {
    it(`${aspect}: panels tile the frame, the screen is whole and unstretched, the face inside the cam panel, captions between them`, () => {
      const { width: W, height: H } = clipFrame(aspect, "hd");
      const c = screenCrops(W, H, src.width, src.height, cam);
      const area = c.screen.cell.w * c.screen.cell.h + c.cam.cell.w * c.cam.cell.h;
      expect(area).toBe(W * H);
      // the screen keeps its shape (within rounding to even pixels) and its whole source band
      expect(c.screen.src).toEqual(screenRect(src.width, src.height, cam));
      expect(Math.abs(c.screen.place.w / c.screen.place.h - c.screen.src.w / c.screen.src.h)).toBeLessThan(0.02);
      // readable: the screen is shown about as large as the whole source fitted to the frame (16:9), or larger
      const scale = c.screen.place.w / c.screen.src.w;
      const whole = Math.min(W / src.width, H / src.height);
      expect(scale).toBeGreaterThan(0.95 * whole);
      if (H > W) expect(scale).toBeGreaterThan(1.3 * whole);
      for (const p of [c.screen, c.cam]) {
        expect(p.place.x).toBeGreaterThanOrEqual(p.cell.x);
        expect(p.place.y).toBeGreaterThanOrEqual(p.cell.y);
        expect(p.place.x + p.place.w).toBeLessThanOrEqual(p.cell.x + p.cell.w);
        expect(p.place.y + p.place.h).toBeLessThanOrEqual(p.cell.y + p.cell.h);
      }
      const f = screenFaceBox(c, cam);
      expect(f.x).toBeGreaterThanOrEqual(c.cam.place.x);
      expect(f.y).toBeGreaterThanOrEqual(c.cam.place.y);
      expect(f.x + f.w).toBeLessThanOrEqual(c.cam.place.x + c.cam.place.w);
      expect(f.y + f.h).toBeLessThanOrEqual(c.cam.place.y + c.cam.place.h);
      expect(faceBands("screen", src, null, cam, { width: W, height: H })).toEqual([{ top: f.y, bottom: f.y + f.h }]);
      const block = { lines: 2, fontSize: 80, outline: 6 };
      const y = layoutCaptionY("screen", src, cam, { width: W, height: H }, block);
      if (c.across) expect(y).toBeUndefined();
      else {
        const half = 2 * 80 * 0.6 + 6;
        // above the face always; under the screen's picture when the cam panel has the room (9:16)
        expect(y! + half).toBeLessThanOrEqual(f.y);
        const screenBottom = c.screen.place.y + c.screen.place.h;
        if (f.y - screenBottom >= 2 * half + 24) expect(y! - half).toBeGreaterThanOrEqual(screenBottom);
        if (aspect === "9:16") expect(y! - half).toBeGreaterThanOrEqual(screenBottom);
      }
      const g = screenFilter({ faceCam: cam, source: { ...src, fps: 25, hasAudio: true }, width: W, height: H });
      expect(g).toContain(`crop=w=${c.screen.src.w}:h=${c.screen.src.h}:x=${c.screen.src.x}:y=${c.screen.src.y}`);
      expect(g).toContain(c.across ? "hstack" : "vstack");
    });
  }
});

describe("a re-render into the screen layout", () => {
  const analyzeFaces = async () => ({ path: null, layout: "face_tracking" as const, samples: clip("screen"), frame: FRAME });
  const job = (layout_mode: string) => ({ rerender_id: "r1", clip: { start: 0, end: 12 }, params: { layout_mode }, aspect: "9:16" }) as unknown as RerenderJob;
  const o = { source: "unused.mp4", video: FRAME, signal: new AbortController().signal, faces: { analyzeFaces } };

  it("of a clip first rendered without a cam finds the cam in the clip's range; other layouts and a stored cam are left alone", async () => {
    const tracked = readStoredClip({ layout: "face_tracking" });
    const found = await findFaceCam(tracked, job("screen"), o);
    expect(found.faceCam).toEqual(detectScreenCam(clip("screen"), FRAME)!.rect);
    expect((await findFaceCam(tracked, job("wide"), o)).faceCam).toBeNull();
    const stored = readStoredClip({ layout: "stacked", face_cam: { x: 900, y: 20, w: 300, h: 260 } });
    expect((await findFaceCam(stored, job("screen"), o)).faceCam).toEqual({ x: 900, y: 20, w: 300, h: 260 });
  });
});

describe("the screen layout asked for (layout_mode, a brand kit's default_layout)", () => {
  it("still finds the cam over each clip's range; no face analysis, no cam (the renderer's default corner)", async () => {
    const plan = () => ({ index: 0, aspect: "9:16", start: 0, end: 12, layout: "screen", cropWindow: { w: 404, maxX: 876, y: 0, h: 720 }, cropPath: null, faceCam: null, faceBoxes: null }) as unknown as ClipPlan;
    const o = { source: "unused.mp4", video: FRAME, content: null, signal: new AbortController().signal, hasSpeech: true, fixed: "screen" };
    const p = plan();
    await chooseLayouts([p], { analyzeFaces: async () => ({ path: null, layout: "face_tracking", samples: clip("screen"), frame: FRAME }) }, o);
    expect(p.layout).toBe("screen");
    expect(p.faceCam).toEqual(detectScreenCam(clip("screen"), FRAME)!.rect);
    const q = plan();
    await chooseLayouts([q], {}, o);
    expect(q.faceCam).toBeNull();
  });

  it.each(ASPECTS)("%s: finds it for the plan planClip makes, with no crop window (a cam layout crops nothing; the search was skipped, issue 41)", async (aspect) => {
    const video = { width: 640, height: 360 };
    const p = planClip({ start: 0, end: 12, text: "", score: 80 } as ScoredMoment, 0, { duration: 12, video } as ProbeResult, { lang: "en", words: [], segments: [], engine: "test" }, { aspect, layout: "screen" });
    expect(p.cropWindow).toBeNull();
    const windows: unknown[] = [];
    const analyzeFaces = async (o: { window: unknown }) => (windows.push(o.window), { path: null, layout: "face_tracking" as const, samples: clip("screen"), frame: FRAME });
    await chooseLayouts([p], { analyzeFaces }, { source: "unused.mp4", video, content: null, signal: new AbortController().signal, hasSpeech: true, fixed: "screen" });
    expect(windows).toEqual([{ w: 640, maxX: 0 }]);
    expect(p.faceCam).toEqual(detectScreenCam(clip("screen"), FRAME)!.rect);
  });
});
