import { describe, expect, it } from "vitest";
import { centerPath, cropTimeline, cropWindow, cropXAt, normalizePath, reshapePath, type CropTimeline } from "../../src/framing/crop-path.js";
import { panelCells, stackedCrops } from "../../src/framing/panels.js";
import { aspectRatio } from "@katto/protocol";

/** Evaluate the ffmpeg expression we generate with JS semantics (only +,-,*,/,clip, t). */
function evalExpr(expr: string, t: number): number {
  const js = expr.replace(/clip\(/g, "__clip(").replace(/\bt\b/g, `(${t})`);
  return Function("__clip", `return ${js};`)((v: number, a: number, b: number) => Math.min(b, Math.max(a, v)));
}

/** x(t) as ffmpeg computes it: the last change at or before t (sendcmd), else the initial expression. */
function evalTimeline(tl: CropTimeline, t: number): number {
  let expr = tl.initial;
  for (const c of tl.changes) if (c.t <= t) expr = c.x;
  return evalExpr(expr, t);
}

describe("crop window", () => {
  it("is the largest even 9:16 window of a landscape source", () => {
    expect(cropWindow(1280, 720, 9 / 16)).toEqual({ w: 404, h: 720, y: 0, maxX: 876 });
    expect(cropWindow(1920, 1080, 9 / 16)).toEqual({ w: 606, h: 1080, y: 0, maxX: 1314 });
  });
  it("fits sources narrower than 9:16 by width and centres vertically", () => {
    const w = cropWindow(400, 1000, 9 / 16);
    expect(w.w).toBe(400);
    expect(w.h).toBe(710);
    expect(w.y).toBe(144);
    expect(w.maxX).toBe(0);
  });
  it("centre path sits in the middle", () => {
    expect(centerPath(cropWindow(1280, 720, 9 / 16))).toEqual([{ t: 0, x: 438 }]);
  });
});

describe("crop path", () => {
  const path = normalizePath(
    [
      { t: 2, x: 300 },
      { t: 0, x: 100 },
      { t: 4, x: 300 },
      { t: 6, x: 50 },
      { t: 8, x: 5000 },
    ],
    876,
  );

  it("normalises: sorted, clamped, constant runs collapsed", () => {
    expect(path).toEqual([
      { t: 0, x: 100 },
      { t: 2, x: 300 },
      { t: 4, x: 300 },
      { t: 6, x: 50 },
      { t: 8, x: 876 },
    ]);
    expect(normalizePath([{ t: 0, x: 5 }, { t: 1, x: 5 }, { t: 2, x: 5 }], 100)).toEqual([{ t: 0, x: 5 }, { t: 2, x: 5 }]);
    expect(normalizePath([{ t: 1, x: -40 }, { t: 1, x: 20 }, { t: NaN, x: 3 }], 100)).toEqual([{ t: 1, x: 20 }]);
  });

  it("timeline is piecewise linear, holds at the ends, and matches the JS model", () => {
    const tl = cropTimeline(path);
    expect(tl.changes.map((c) => c.t)).toEqual([2, 4, 6]); // one change per segment after the first
    for (const t of [-1, 0, 0.5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 100]) {
      expect(evalTimeline(tl, t)).toBeCloseTo(cropXAt(path, t), 6);
    }
    expect(cropXAt(path, 1)).toBe(200);
    expect(cropXAt(path, 3)).toBe(300);
    expect(cropXAt(path, 5)).toBe(175);
    expect(cropXAt(path, 50)).toBe(876);
    expect(cropXAt(path, -5)).toBe(100);
  });

  it("every expression stays short whatever the path's length: one segment, one clip()", () => {
    const long = normalizePath(Array.from({ length: 5001 }, (_, i) => ({ t: i * 0.03, x: 400 + 300 * Math.sin(i / 7) })), 1314);
    const tl = cropTimeline(long);
    expect(tl.changes.length).toBeGreaterThan(4900);
    for (const e of [tl.initial, ...tl.changes.map((c) => c.x)]) {
      expect(e.length).toBeLessThan(64);
      expect(e.match(/clip\(/g)?.length ?? 0).toBeLessThanOrEqual(1);
    }
    for (const t of [0, 0.015, 1, 33.33, 77.7, 149.99, 150, 400]) expect(evalTimeline(tl, t)).toBeCloseTo(cropXAt(long, t), 6);
  });

  it("a one-keyframe path is a constant, a two-keyframe path one expression, both without changes", () => {
    expect(cropTimeline([{ t: 0, x: 438 }])).toEqual({ initial: "438", changes: [] });
    expect(cropTimeline([])).toEqual({ initial: "0", changes: [] });
    const two = cropTimeline([{ t: 1, x: 100 }, { t: 2, x: 50 }]);
    expect(two.changes).toEqual([]);
    expect(evalTimeline(two, 1.5)).toBe(75);
  });
});

describe("shapes (issue 37)", () => {
  it("the crop window takes the shape's ratio: 1:1 and 4:5 of a 1920x1080 source, and 16:9 of a portrait one crops rows", () => {
    expect(cropWindow(1920, 1080, aspectRatio("1:1"))).toMatchObject({ w: 1080, h: 1080, maxX: 840 });
    expect(cropWindow(1920, 1080, aspectRatio("4:5"))).toMatchObject({ w: 864, h: 1080 });
    expect(cropWindow(1080, 1920, aspectRatio("16:9"))).toMatchObject({ w: 1080, h: 606, y: 656, maxX: 0 });
  });

  it("reshapePath keeps the window's centre on the subject it followed, clamped to the new window's range", () => {
    const tall = cropWindow(1920, 1080, 9 / 16); // 606 wide
    const square = cropWindow(1920, 1080, aspectRatio("1:1"));
    const path = [{ t: 0, x: 100 }, { t: 2, x: 1200 }];
    const moved = reshapePath(path, tall.w, square.w, square.maxX);
    // centres 100 + 303 = 403 and 1200 + 303 = 1503: the square's left edges 403 - 540 (clamped to 0) and 1503 - 540 = 963 (clamped to 840)
    expect(moved).toEqual([{ t: 0, x: 0 }, { t: 2, x: 840 }]);
    expect(reshapePath([{ t: 1, x: 700 }], tall.w, square.w, square.maxX)).toEqual([{ t: 1, x: 700 + (tall.w - square.w) / 2 }]);
  });

  it("panels sit side by side and the face cam in the left third on a landscape frame, in rows on the others", () => {
    expect(panelCells("split_screen", 1920, 1080)).toEqual([{ x: 0, y: 0, w: 960, h: 1080 }, { x: 960, y: 0, w: 960, h: 1080 }]);
    expect(panelCells("split_screen", 1080, 1080)).toEqual([{ x: 0, y: 0, w: 1080, h: 540 }, { x: 0, y: 540, w: 1080, h: 540 }]);
    const wide = stackedCrops(1920, 1080, 1920, 1080);
    expect(wide.cam.cell).toEqual({ x: 0, y: 0, w: 640, h: 1080 });
    expect(wide.game.cell).toEqual({ x: 640, y: 0, w: 1280, h: 1080 });
    expect(stackedCrops(1080, 1920, 1920, 1080).cam.cell).toEqual({ x: 0, y: 0, w: 1080, h: 640 });
  });
});
