// Planning punch-in zooms (issue 26): on key words and speaker changes, at least 4 s apart, eased,
// never cropping the face off the frame.
import { describe, expect, it } from "vitest";
import { keptSpans } from "../../src/editing/timeline.js";
import { balancedSum, faceBoxesPerSecond, frameFaces, planZooms, speakerChanges, ZOOM_EASE_S, ZOOM_MIN_SCALE, ZOOM_SPACING_S, zoomAt, zoomCandidates, zoomFilter, type FrameFace } from "../../src/editing/zoom-plan.js";

const word = (start: number) => ({ start, end: start + 0.4 });

describe("planZooms", () => {
  it("punches in on key words at least 4 s apart, full when the word is said, inside the clip", () => {
    const words = [0.5, 1.5, 3.0, 4.6, 6.0, 9.1, 9.5, 13.0].map(word);
    const ranks = [3, 2, 2, 2, 0, 3, 3, 2] as const;
    const zooms = planZooms(zoomCandidates(words, ranks, []), [], 14);
    expect(zooms.map((z) => z.start)).toEqual([0.2, 4.3, 8.8]);
    for (let i = 1; i < zooms.length; i++) expect(zooms[i]!.start - zooms[i - 1]!.start).toBeGreaterThanOrEqual(ZOOM_SPACING_S);
    for (const z of zooms) {
      expect(z.end).toBeLessThanOrEqual(14);
      expect(z.scale).toBeGreaterThanOrEqual(1.15);
      expect(z.scale).toBeLessThanOrEqual(1.3);
    }
    // a number or a named thing punches in further than a strong verb
    expect(zooms[0]!.scale).toBeGreaterThan(zooms[1]!.scale);
    // full on the word: the zoom at its start is the zoom's scale
    expect(zoomAt(zooms, 0.5).scale).toBeCloseTo(zooms[0]!.scale, 6);
    expect(zoomAt(zooms, 3.5).scale).toBe(1);
  });

  it("eases in and out smoothly: no step larger than the smoothstep's steepest over one frame", () => {
    const zooms = planZooms(zoomCandidates([word(2)], [3], []), [], 6);
    // smoothstep's slope peaks at 1.5 / ease; a cut from 1 to the scale would step by the whole 0.25
    const steepest = (1.5 * (zooms[0]!.scale - 1)) / (ZOOM_EASE_S * 30);
    let last = 1;
    for (let t = 0; t <= 6; t += 1 / 30) {
      const s = zoomAt(zooms, t).scale;
      expect(Math.abs(s - last)).toBeLessThanOrEqual(steepest + 1e-9);
      last = s;
    }
  });

  it("keeps the face inside the zoomed frame: centred on it, clamped to the picture, smaller when the face is large", () => {
    const near: FrameFace[] = [{ t: 1, x0: 0.02, y0: 0.1, x1: 0.3, y1: 0.3 }];
    const [z] = planZooms(zoomCandidates([word(1)], [3], []), near, 5);
    const half = 1 / (2 * z!.scale);
    // the visible window [x - half, x + half] holds the face box
    expect(z!.x - half).toBeLessThanOrEqual(0.02 + 1e-9);
    expect(z!.x + half).toBeGreaterThanOrEqual(0.3);
    expect(z!.y - half).toBeLessThanOrEqual(0.1 + 1e-9);
    expect(z!.x - half).toBeGreaterThanOrEqual(-1e-9);
    // a face 85 % of the frame wide allows at most 1/(0.85+margins): a punch-in under 1.15 is skipped
    expect(planZooms(zoomCandidates([word(1)], [3], []), [{ t: 1, x0: 0.05, y0: 0.2, x1: 0.9, y1: 0.5 }], 5)).toEqual([]);
    const [mid] = planZooms(zoomCandidates([word(1)], [3], []), [{ t: 1, x0: 0.1, y0: 0.2, x1: 0.9, y1: 0.4 }], 5);
    expect(mid!.scale).toBeGreaterThanOrEqual(ZOOM_MIN_SCALE);
    expect(mid!.scale).toBeLessThan(1.25);
  });

  it("punches in where the tracking camera settles on another speaker", () => {
    // the window pans 300 px (more than a quarter of its 400) from 5 s to 6 s, and drifts 20 px at 9 s
    const path = [{ t: 0, x: 100 }, { t: 5, x: 100 }, { t: 5.5, x: 250 }, { t: 6, x: 400 }, { t: 9, x: 400 }, { t: 9.5, x: 420 }];
    expect(speakerChanges(path, 400)).toEqual([6]);
    const zooms = planZooms(zoomCandidates([], [], [6]), [], 10);
    expect(zooms).toEqual([{ start: 5.7, end: 7.6, scale: 1.15, x: 0.5, y: 0.5 }]);
  });
});

describe("faces in the output frame", () => {
  it("places a source face in the crop window's view, on the cut timeline; the panel layouts get none", () => {
    const picture = { width: 1280, height: 720 };
    // the 9:16 window of 720 p is 404 px wide; its left edge at 438 centres it
    const faces = frameFaces([{ t: 5, x: 540, y: 100, w: 200, h: 240 }], { layout: "center_crop", aspect: "9:16", picture, cropPath: [{ t: 0, x: 438 }], spans: keptSpans(10, [{ start: 1, end: 3 }]) });
    expect(faces).toHaveLength(1);
    expect(faces![0]!.t).toBe(3);
    expect(faces![0]!.x0).toBeCloseTo((540 - 438) / 404, 3);
    expect(faces![0]!.y1).toBeCloseTo(340 / 720, 3);
    expect(frameFaces([], { layout: "split_screen", aspect: "9:16", picture, cropPath: null, spans: keptSpans(10, []) })).toBeNull();
  });

  it("keeps per second the largest face seen, what a re-render needs to zoom again", () => {
    const boxes = faceBoxesPerSecond([{ t: 10.2, faces: [{ x: 0, y: 0, w: 10, h: 10 }, { x: 100, y: 50, w: 80, h: 90 }] }, { t: 10.7, faces: [{ x: 110, y: 40, w: 80, h: 90 }] }, { t: 12.1, faces: [] }], 10, 20);
    expect(boxes).toEqual([{ t: 0.5, x: 100, y: 40, w: 90, h: 100 }]);
  });
});

describe("zoomFilter", () => {
  it("is one zoompan over the frames with the planned zooms as expressions, sums written as balanced trees", () => {
    const f = zoomFilter([{ start: 1, end: 3, scale: 1.25, x: 0.4, y: 0.3 }], 540, 960, "30");
    expect(f.startsWith("zoompan=z='1+if(between(it,1,3),")).toBe(true);
    expect(f.endsWith(":d=1:s=540x960:fps=30")).toBe(true);
    expect(balancedSum(["a", "b", "c", "d"])).toBe("((a+b)+(c+d))");
    // a hundred terms nest seven deep, not a hundred
    expect(balancedSum(Array.from({ length: 100 }, (_, i) => `x${i}`)).match(/^\(+/)![0].length).toBeLessThanOrEqual(7);
  });
});
