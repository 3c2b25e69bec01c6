import { describe, expect, it } from "vitest";
import { autoLayout, BRIEF_LOSS_S, faceOnScreen, panelCentres, type FaceEvidence } from "../../src/framing/auto-layout.js";

const face = (x: number, y: number, s = 100) => ({ x: x - s / 2, y: y - s / 2, w: s, h: s });
const path = [{ t: 0, x: 300 }];
/** 4 samples a second over `seconds`; `has(t)` says whether the subject is in frame at t */
const series = (seconds: number, has: (t: number) => boolean, extra: (t: number) => ReturnType<typeof face>[] = () => []) =>
  Array.from({ length: seconds * 4 }, (_, i) => {
    const t = i / 4;
    return { t, faces: [...(has(t) ? [face(640, 300, 200)] : []), ...extra(t)] };
  });
const evidence = (samples: FaceEvidence["samples"], o: Partial<FaceEvidence> = {}): FaceEvidence => ({ path, layout: "face_tracking", samples, frame: { width: 1280, height: 720 }, ...o });
const speechAll = (s: number) => [{ start: 0, end: s }];

describe("automatic layout on the first render", () => {
  it("is wide without speech, without a face, or when faces give no path, and says why", () => {
    const all = series(8, () => true);
    expect(autoLayout({ hasSpeech: false, faces: evidence(all) })).toMatchObject({ layout: "wide", reason: expect.stringMatching(/No speech/) });
    expect(autoLayout({ hasSpeech: true, faces: null })).toMatchObject({ layout: "wide" });
    expect(autoLayout({ hasSpeech: true, faces: evidence(all, { path: null }) })).toMatchObject({ layout: "wide" });
  });

  it("tracks one speaker who is on screen for most of the clip", () => {
    const c = autoLayout({ hasSpeech: true, faces: evidence(series(8, () => true)), speech: speechAll(8) });
    expect(c).toMatchObject({ layout: "face_tracking", path, faceShare: 1 });
    expect(c.reason).toMatch(/100 %/);
  });

  it("keeps face tracking when the face leaves for a second or two (a handheld selfie), but not when it is mostly gone", () => {
    // on screen 0-3 s, gone 3-4.75 s (brief), back 4.75-6 s, gone 6-8 s: 3 + 1.25 seen of 8 s, the brief loss bridged
    const selfie = series(8, (t) => t < 3 || (t >= 4.75 && t < 6));
    const on = faceOnScreen(selfie, { height: 720 });
    expect(on.filter(Boolean).length).toBeGreaterThan(selfie.filter((s) => s.faces.length).length);
    expect(autoLayout({ hasSpeech: true, faces: evidence(selfie), speech: speechAll(8) })).toMatchObject({ layout: "face_tracking" });
    // the same face, but in frame only for the first 2 of 8 s: wide, and the reason gives the share
    const mostlyGone = series(8, (t) => t < 2);
    const c = autoLayout({ hasSpeech: true, faces: evidence(mostlyGone), speech: speechAll(8) });
    expect(c).toMatchObject({ layout: "wide" });
    expect(c.reason).toMatch(/25 %/);
    expect(BRIEF_LOSS_S).toBeGreaterThan(1);
  });

  it("counts the time words are spoken: a speaker on screen whenever they talk keeps face tracking", () => {
    // the face is there 0-3 s and the words are 0-3 s; 3-8 s is silent landscape
    const c = autoLayout({ hasSpeech: true, faces: evidence(series(8, (t) => t < 3)), speech: [{ start: 0, end: 3 }] });
    expect(c).toMatchObject({ layout: "face_tracking" });
  });

  it("keeps the whole frame for a crowd with nobody to follow", () => {
    const crowd = series(8, () => true);
    expect(autoLayout({ hasSpeech: true, faces: evidence(crowd, { people: 7, dominantShare: 0.28 }), speech: speechAll(8) })).toMatchObject({ layout: "wide" });
  });

  it("splits two people of similar size and grids three or four, with panels left to right at each person", () => {
    const two = Array.from({ length: 6 }, () => ({ faces: [face(900, 300, 120), face(250, 320, 110), face(600, 50, 20)] }));
    expect(autoLayout({ hasSpeech: true, faces: { path, layout: "split_screen", samples: two } })).toMatchObject({ layout: "split_screen", panels: [{ x: 250, y: 320 }, { x: 900, y: 300 }] });
    const three = [{ faces: [face(100, 200), face(500, 210), face(900, 190)] }, { faces: [face(110, 200), face(510, 210)] }];
    expect(autoLayout({ hasSpeech: true, faces: { path, layout: "grid_3", samples: three } })).toMatchObject({ layout: "grid_3", panels: [{ x: 100, y: 200 }, { x: 500, y: 210 }, { x: 900, y: 190 }] });
  });

  it("follows the subject instead of splitting with a smaller bystander behind, unless both speak", () => {
    const bystander = Array.from({ length: 12 }, (_, i) => ({ t: i / 4, faces: [face(300, 300, 56), face(700, 280, 39)] }));
    expect(autoLayout({ hasSpeech: true, faces: evidence(bystander, { layout: "split_screen", frame: { width: 640, height: 480 } }), speech: speechAll(3) })).toMatchObject({ layout: "face_tracking" });
    expect(autoLayout({ hasSpeech: true, faces: evidence(bystander, { layout: "split_screen", speakers: 2 }), speech: speechAll(3) })).toMatchObject({ layout: "split_screen" });
  });

  it("falls back to tracking when too few samples show everyone", () => {
    expect(panelCentres([{ faces: [face(100, 100)] }], 2)).toEqual([]);
    expect(autoLayout({ hasSpeech: true, faces: { path, layout: "split_screen", samples: [{ faces: [face(100, 100)] }] } })).toMatchObject({ layout: "face_tracking", path });
  });
});
