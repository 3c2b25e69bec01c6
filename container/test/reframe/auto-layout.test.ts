import { describe, expect, it } from "vitest";
import { autoLayout, panelCentres } from "../../src/reframe/auto-layout.js";

const face = (x: number, y: number, s = 100) => ({ x: x - s / 2, y: y - s / 2, w: s, h: s });
const path = [{ t: 0, x: 300 }];

describe("automatic layout on the first render", () => {
  it("is wide without speech, without a face, or when faces give no path", () => {
    expect(autoLayout({ hasSpeech: false, faces: { path, layout: "face_tracking", samples: [] } })).toEqual({ layout: "wide" });
    expect(autoLayout({ hasSpeech: true, faces: null })).toEqual({ layout: "wide" });
    expect(autoLayout({ hasSpeech: true, faces: { path: null, layout: "wide", samples: [] } })).toEqual({ layout: "wide" });
    expect(autoLayout({ hasSpeech: true, faces: { path: null, layout: "face_tracking", samples: [] } })).toEqual({ layout: "wide" });
  });

  it("tracks one speaker", () => {
    expect(autoLayout({ hasSpeech: true, faces: { path, layout: "face_tracking", samples: [] } })).toEqual({ layout: "face_tracking", path });
  });

  it("splits two people and grids three or four, with panels left to right at each person", () => {
    const two = Array.from({ length: 6 }, () => ({ faces: [face(900, 300, 120), face(250, 320, 110), face(600, 50, 20)] }));
    expect(autoLayout({ hasSpeech: true, faces: { path, layout: "split_screen", samples: two } })).toEqual({ layout: "split_screen", panels: [{ x: 250, y: 320 }, { x: 900, y: 300 }] });
    const three = [{ faces: [face(100, 200), face(500, 210), face(900, 190)] }, { faces: [face(110, 200), face(510, 210)] }];
    expect(autoLayout({ hasSpeech: true, faces: { path, layout: "grid_3", samples: three } })).toEqual({ layout: "grid_3", panels: [{ x: 100, y: 200 }, { x: 500, y: 210 }, { x: 900, y: 190 }] });
  });

  it("falls back to tracking when too few samples show everyone", () => {
    expect(panelCentres([{ faces: [face(100, 100)] }], 2)).toEqual([]);
    expect(autoLayout({ hasSpeech: true, faces: { path, layout: "split_screen", samples: [{ faces: [face(100, 100)] }] } })).toEqual({ layout: "face_tracking", path });
  });
});
