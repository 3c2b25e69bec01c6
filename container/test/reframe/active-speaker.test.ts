// Pure: mouth activity from face fingerprints, the active speaker while words are spoken, and the
// face-cam (stacked) detection, on synthetic samples.
import { describe, expect, it } from "vitest";
import type { Face } from "../../src/engines/face/types.js";
import { backgroundMotion, FACE_GRID, FRAME_GRID, fingerprintDiff, lumaGrid, mouthActivity, mouthMotion, speaking } from "../../src/framing/activity.js";
import { autoLayout } from "../../src/framing/auto-layout.js";
import { detectFaceCam } from "../../src/framing/face-cam.js";
import { associateFaces } from "../../src/framing/face-identities.js";
import type { FaceSample as SampleLike } from "../../src/framing/face-samples.js";
import { suggestLayout, summarizeFaces } from "../../src/framing/layout-summary.js";
import { activeSpeakers, subjectSeries } from "../../src/framing/subject-choice.js";

const face = (cx: number, cy: number, size: number): Face => ({ x: cx - size / 2, y: cy - size / 2, w: size, h: size, score: 0.9 });
/** deterministic pseudo-random 0..1 */
const rnd = (seed: number) => {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
};
/** a face fingerprint: fixed features, the mouth rows (10–15) changing with `seed` when talking */
function print(talking: boolean, seed: number): number[] {
  return Array.from({ length: FACE_GRID.cols * FACE_GRID.rows }, (_, i) => {
    const row = Math.floor(i / FACE_GRID.cols);
    const base = 100 + 40 * rnd(i + 1);
    return talking && row >= 10 ? base + 60 * (rnd(seed * 977 + i) - 0.5) : base + (rnd(seed * 31 + i) - 0.5); // ±0.5 sensor noise
  });
}
/** two people at 4 fps: A left (smaller), B right (larger); who talks at time t */
function twoShot(seconds: number, talker: (t: number) => "A" | "B" | null): SampleLike[] {
  return Array.from({ length: seconds * 4 }, (_, i) => {
    const t = i / 4;
    const who = talker(t);
    return { t, faces: [face(320, 360, 200), face(960, 360, 240)], prints: [print(who === "A", i), print(who === "B", i + 1000)] };
  });
}
const ALL_SPEECH = [{ start: 0, end: 100 }];

describe("mouth activity", () => {
  it("fingerprint differences ignore a brightness step and need both prints", () => {
    const a = print(false, 1);
    expect(fingerprintDiff(a, a.map((v) => v + 30))).toBeCloseTo(0, 6);
    expect(fingerprintDiff(a, undefined)).toBeNaN();
    expect(mouthMotion(print(true, 1), print(true, 2))).toBeGreaterThan(8);
    expect(mouthMotion(print(false, 1), print(false, 2))).toBeLessThan(1);
  });

  it("head motion (upper and lower face change alike) is not mouth motion", () => {
    const a = print(false, 1);
    const shifted = a.map((_, i) => a[(i + 1) % a.length]); // the whole box moved by one cell
    expect(fingerprintDiff(a, shifted, FACE_GRID.cols, 10, 16)).toBeGreaterThan(5);
    expect(mouthMotion(a, shifted)).toBeLessThan(0.3 * fingerprintDiff(a, shifted, FACE_GRID.cols, 10, 16));
  });

  it("is measured against the same identity's previous sample", () => {
    const s = twoShot(2, () => "A");
    const act = mouthActivity(s, associateFaces(s));
    expect(act[0].every(Number.isNaN)).toBe(true);
    expect(act[3][0]).toBeGreaterThan(8);
    expect(act[3][1]).toBeLessThan(1);
  });

  it("lumaGrid averages a region of an RGB frame", () => {
    const width = 8;
    const height = 4;
    const rgb = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgb.fill(x < 4 ? 0 : 200, (y * width + x) * 3, (y * width + x) * 3 + 3);
    expect(lumaGrid({ width, height, rgb }, { x: 0, y: 0, w: 8, h: 4 }, 2, 1).map(Math.round)).toEqual([0, 200]);
    expect(speaking([{ start: 1, end: 2 }], 2.2)).toBe(true);
    expect(speaking([{ start: 1, end: 2 }], 2.3)).toBe(false);
  });
});

describe("active speaker", () => {
  it("follows the smaller face whose mouth moves while words are spoken", () => {
    const s = twoShot(6, () => "A");
    const assoc = associateFaces(s);
    const subjects = subjectSeries(s, assoc, { speech: ALL_SPEECH });
    expect(subjects.every((x) => x?.id === 0)).toBe(true);
    // without speech timing, the larger face B
    expect(subjectSeries(s, assoc).every((x) => x?.id === 1)).toBe(true);
  });

  it("switches once when the other person takes over, after the 1 s hold", () => {
    const s = twoShot(10, (t) => (t < 5 ? "A" : "B"));
    const subjects = subjectSeries(s, associateFaces(s), { speech: ALL_SPEECH });
    const ids = subjects.map((x) => x!.id);
    const switches = ids.filter((id, i) => i > 0 && id !== ids[i - 1]).length;
    expect(switches).toBe(1);
    const at = s[ids.indexOf(1)].t;
    // activity is averaged over ±0.5 s, then held 1 s: the camera moves 1–2 s after the turn
    expect(at).toBeGreaterThanOrEqual(6);
    expect(at).toBeLessThanOrEqual(7);
  });

  it("ignores mouth motion outside speech and keeps the largest face when activity is flat", () => {
    const s = twoShot(6, () => "A");
    const assoc = associateFaces(s);
    expect(subjectSeries(s, assoc, { speech: [{ start: 50, end: 60 }] }).every((x) => x?.id === 1)).toBe(true);
    const still = twoShot(6, () => null);
    expect(activeSpeakers(still, associateFaces(still), { speech: ALL_SPEECH }).every((id) => id === -1)).toBe(true);
    expect(subjectSeries(still, associateFaces(still), { speech: ALL_SPEECH }).every((x) => x?.id === 1)).toBe(true);
  });

  it("a short burst by the other face does not flip the camera", () => {
    const s = twoShot(8, (t) => (t >= 3 && t < 3.5 ? "B" : "A"));
    const ids = subjectSeries(s, associateFaces(s), { speech: ALL_SPEECH }).map((x) => x!.id);
    expect(new Set(ids)).toEqual(new Set([0]));
  });
});

// ---- face cam over gameplay ----

const FRAME = { width: 1280, height: 720 };
const cells = FRAME_GRID.cols * FRAME_GRID.rows;
/** a frame grid: changing everywhere (gameplay) or fixed (a static shot) */
const grid = (i: number, changing: boolean) => Array.from({ length: cells }, (_, c) => 128 + (changing ? 60 * (rnd(i * 7919 + c) - 0.5) : 10 * rnd(c)));

function camClip(o: { at: (i: number) => Face[]; changing: boolean; n?: number }): SampleLike[] {
  return Array.from({ length: o.n ?? 40 }, (_, i) => ({ t: i / 4, faces: o.at(i), grid: grid(i, o.changing) }));
}

describe("face cam detection (stacked)", () => {
  const corner = (i: number) => [face(1140 + (i % 3) * 4, 130 + (i % 2) * 3, 80)];

  it("a small face fixed in a corner over changing gameplay -> stacked, cam = face box × 2.2 / 2.6 in the frame", () => {
    const s = camClip({ at: (i) => (i % 5 === 4 ? [] : corner(i)), changing: true });
    const cam = detectFaceCam(s, FRAME);
    expect(cam).not.toBeNull();
    expect(cam!.share).toBeCloseTo(0.8, 5);
    expect(cam!.motion).toBeGreaterThan(10);
    const r = cam!.rect;
    expect(r.w).toBeCloseTo(176, -1);
    expect(r.h).toBeCloseTo(208, -1);
    // around the face, inside the frame
    expect(r.x).toBeLessThan(1104);
    expect(r.x + r.w).toBeGreaterThan(1184);
    expect(r.x + r.w).toBeLessThanOrEqual(1280);
    expect(r.y).toBeGreaterThanOrEqual(0);
    const summary = summarizeFaces(s, FRAME);
    expect(summary.faceCam).toEqual(r);
    expect(suggestLayout(summary)).toBe("stacked");
    expect(autoLayout({ hasSpeech: true, faces: { path: [{ t: 0, x: 900 }], layout: "stacked", samples: s, faceCam: r } })).toMatchObject({ layout: "stacked", faceCam: r });
  });

  it("a cam at the bottom edge is clamped into the frame", () => {
    const s = camClip({ at: () => [face(640, 680, 90)], changing: true });
    const r = detectFaceCam(s, FRAME)!.rect;
    expect(r.y + r.h).toBeLessThanOrEqual(720);
    expect(r.x + r.w / 2).toBeCloseTo(640, 0);
  });

  it("a talking head filling the frame -> face_tracking", () => {
    const s = camClip({ at: () => [face(640, 330, 400)], changing: true });
    expect(detectFaceCam(s, FRAME)).toBeNull();
    expect(suggestLayout(summarizeFaces(s, FRAME))).toBe("face_tracking");
  });

  it("not a cam: a static background, a face in the middle, a face that wanders, a group, or no frame grids", () => {
    expect(detectFaceCam(camClip({ at: corner, changing: false }), FRAME)).toBeNull();
    expect(backgroundMotion(camClip({ at: corner, changing: false }), FRAME, null)).toBe(0);
    expect(detectFaceCam(camClip({ at: () => [face(640, 360, 100)], changing: true }), FRAME)).toBeNull();
    expect(detectFaceCam(camClip({ at: (i) => [face(100 + 30 * i, 130, 80)], changing: true }), FRAME)).toBeNull();
    expect(detectFaceCam(camClip({ at: (i) => [...corner(i), face(300, 500, 70)], changing: true }), FRAME)).toBeNull();
    expect(detectFaceCam(camClip({ at: corner, changing: true }).map(({ t, faces }) => ({ t, faces })), FRAME)).toBeNull();
  });
});
