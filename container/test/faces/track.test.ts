import { describe, expect, it } from "vitest";
import type { Face } from "../../src/engines/face/types.js";
import { cropXAt, normalizePath } from "../../src/framing/crop-path.js";
import { coverage, jitter } from "../helpers/track-metrics.js";
import { planFaceCrop } from "../../src/framing/face-crop.js";
import { associateFaces } from "../../src/framing/face-identities.js";
import type { FaceSample as SampleLike } from "../../src/framing/face-samples.js";
import { suggestLayout, summarizeFaces, type FaceSummary } from "../../src/framing/layout-summary.js";
import { subjectSeries, type Subject } from "../../src/framing/subject-choice.js";
import { simplifyPath, simulateCamera } from "../../src/framing/virtual-camera.js";

const face = (cx: number, cy: number, size: number, score = 0.9): Face => ({ x: cx - size / 2, y: cy - size / 2, w: size, h: size, score });
/** samples at fps over [0, seconds), faces given by a function of time */
function samples(seconds: number, fps: number, at: (t: number) => Face[]): SampleLike[] {
  return Array.from({ length: Math.round(seconds * fps) }, (_, i) => ({ t: i / fps, faces: at(i / fps) }));
}
const subj = (cx: number, id = 0): Subject => ({ id, cx, cy: 360, w: 150, h: 150, observed: true });
// 1280x720 source, 404 px window
const WIN = { w: 404, maxX: 876 };

describe("association", () => {
  it("keeps identities of two faces that move and swap order in the list", () => {
    const s = samples(3, 4, (t) => {
      const a = face(300 + 20 * t, 360, 150);
      const b = face(900 - 20 * t, 360, 140);
      return t * 4 % 2 === 0 ? [a, b] : [b, a];
    });
    const { identities, ids } = associateFaces(s);
    expect(identities).toHaveLength(2);
    for (let i = 0; i < s.length; i++) {
      const left = s[i].faces[0].x < s[i].faces[1].x ? 0 : 1;
      expect(ids[i][left]).toBe(identities[0].id);
    }
  });
  it("bridges a short miss, starts a new identity after a long one", () => {
    const gap = (from: number, to: number) => samples(6, 4, (t) => (t >= from && t < to ? [] : [face(600, 360, 150)]));
    expect(associateFaces(gap(1, 1.75)).identities).toHaveLength(1);
    expect(associateFaces(gap(1, 3)).identities).toHaveLength(2);
  });
  it("does not continue an identity across a scene change", () => {
    const s = samples(4, 4, () => [face(600, 360, 150)]);
    expect(associateFaces(s, { sceneCuts: [2.1] }).identities).toHaveLength(2);
  });
  it("does not join faces far apart or of very different size", () => {
    const s: SampleLike[] = [
      { t: 0, faces: [face(300, 360, 150)] },
      { t: 0.25, faces: [face(700, 360, 150)] },
      { t: 0.5, faces: [face(700, 360, 40)] },
    ];
    expect(associateFaces(s).identities).toHaveLength(3);
  });
});

describe("subject", () => {
  it("follows the largest, lasting face and ignores a one-sample false detection", () => {
    const s = samples(4, 4, (t) => (t === 1 ? [face(300, 360, 120), face(1000, 300, 200)] : [face(300, 360, 120)]));
    const subjects = subjectSeries(s, associateFaces(s));
    expect(subjects.every((x) => x && Math.abs(x.cx - 300) < 1)).toBe(true);
  });
  it("switches only after a bigger face has dominated for the hold time", () => {
    // a second, much bigger face enters at t = 2
    const s = samples(5, 4, (t) => (t < 2 ? [face(300, 360, 100)] : [face(300, 360, 100), face(900, 360, 260)]));
    const subjects = subjectSeries(s, associateFaces(s), { switchHoldS: 1 });
    const firstSwitch = subjects.findIndex((x) => x!.cx > 800);
    expect(s[firstSwitch].t).toBeCloseTo(3);
  });
  it("holds the last box over a detector miss and marks it unobserved", () => {
    const s = samples(2, 4, (t) => (t === 0.5 ? [] : [face(500, 360, 150)]));
    const subjects = subjectSeries(s, associateFaces(s));
    expect(subjects[2]).toMatchObject({ cx: 500, observed: false });
    expect(subjects[3]).toMatchObject({ observed: true });
  });
});

describe("virtual camera", () => {
  const times = (n: number, fps = 4) => Array.from({ length: n }, (_, i) => i / fps);
  const steps = (cxs: (number | null)[], o: Partial<Parameters<typeof simulateCamera>[2]> = {}) =>
    simulateCamera(times(cxs.length), cxs.map((c) => (c === null ? null : subj(c))), { window: WIN, clipStart: 0, ...o })!;

  it("starts centred on the subject and clamps to the frame", () => {
    expect(steps([640, 640])[0].x).toBe(640 - 202);
    expect(steps([50, 50])[0].x).toBe(0);
    expect(steps([1270])[0].x).toBe(876);
  });
  it("no face at all: no path", () => {
    expect(simulateCamera(times(4), [null, null, null, null], { window: WIN, clipStart: 0 })).toBeNull();
  });
  it("dead zone: small subject motion inside the middle of the window does not move the camera", () => {
    // 0.35 dead zone of 404 px = ±70 px around the window centre
    const cxs = Array.from({ length: 40 }, (_, i) => 640 + 50 * Math.sin(i));
    const s = steps(cxs);
    expect(new Set(s.map((x) => x.x)).size).toBe(1);
  });
  it("leaving the dead zone makes the camera re-centre, then rest", () => {
    const cxs = [...Array(8).fill(640), ...Array(32).fill(900)];
    const s = steps(cxs);
    const last = s[s.length - 1];
    expect(last.x).toBeCloseTo(900 - 202, 0);
    expect(s.slice(-8).every((x) => x.v === 0)).toBe(true);
  });
  it("velocity and acceleration stay within bounds, no overshoot", () => {
    const cxs = [...Array(4).fill(250), ...Array(40).fill(1100), ...Array(40).fill(300)];
    const maxSpeed = 0.5;
    const maxAccel = 1.5;
    const s = steps(cxs, { maxSpeed, maxAccel });
    const dt = 0.25;
    for (let i = 1; i < s.length; i++) {
      const v = (s[i].x - s[i - 1].x) / dt;
      expect(Math.abs(v)).toBeLessThanOrEqual(maxSpeed * WIN.w + 1e-6);
      if (i > 1) {
        const vPrev = (s[i - 1].x - s[i - 2].x) / dt;
        expect(Math.abs(v - vPrev)).toBeLessThanOrEqual(maxAccel * WIN.w * dt + 1e-6);
      }
    }
    const xs = s.map((x) => x.x);
    expect(Math.max(...xs)).toBeLessThanOrEqual(WIN.maxX);
    expect(Math.min(...xs.slice(44))).toBeGreaterThanOrEqual(300 - 202 - 1e-6); // the way back stops at its target
    expect(xs[xs.length - 1]).toBeCloseTo(98, 0);
  });
  it("cuts instead of panning at a scene change", () => {
    const s = samples(4, 4, (t) => [face(t < 2 ? 300 : 1000, 360, 150)]);
    const plan = planFaceCrop(s, WIN, { clipStart: 0, sceneCuts: [2] });
    const path = plan.path!;
    expect(cropXAt(path, 1.98)).toBeCloseTo(300 - 202, 0);
    expect(cropXAt(path, 2)).toBeCloseTo(1000 - 202, 0);
    expect(cropXAt(path, 3.5)).toBeCloseTo(1000 - 202, 0);
    // without the cut the same content is a bounded pan
    const panned = planFaceCrop(s, WIN, { clipStart: 0 }).path!;
    expect(cropXAt(panned, 2.25)).toBeLessThan(500);
  });
  it("after a cut it frames the new shot's first subject even if detected late", () => {
    const s = samples(4, 4, (t) => (t < 2 ? [face(300, 360, 150)] : t < 2.5 ? [] : [face(1000, 360, 150)]));
    const path = planFaceCrop(s, WIN, { clipStart: 0, sceneCuts: [2] }).path!;
    expect(cropXAt(path, 2.1)).toBeCloseTo(798, 0);
  });
  it("path keyframes are relative to the clip start and already normalised", () => {
    const s = samples(3, 4, () => [face(700, 360, 150)]).map((x) => ({ ...x, t: x.t + 10 }));
    const { path } = planFaceCrop(s, WIN, { clipStart: 10 });
    expect(path).toEqual(normalizePath(path!, WIN.maxX));
    expect(path![0].t).toBe(0);
  });
  it("simplification keeps the shape within the tolerance", () => {
    const pts = Array.from({ length: 50 }, (_, i) => ({ t: i / 10, x: i < 25 ? 100 : 100 + 8 * (i - 25) }));
    const out = simplifyPath(pts, 0.5);
    expect(out.length).toBeLessThan(6);
    for (const p of pts) expect(Math.abs(cropXAt(out, p.t) - p.x)).toBeLessThanOrEqual(0.5);
  });
});

describe("metrics", () => {
  const times = [0, 0.25, 0.5, 0.75];
  it("coverage counts observed subjects inside the window", () => {
    const m = { path: [{ t: 0, x: 400 }], times, subjects: [subj(500), subj(700), subj(900), null], clipStart: 0 };
    expect(coverage(m, 404)).toBeCloseTo(2 / 3);
  });
  it("jitter is the mean crop movement while the subject is still", () => {
    const path = [
      { t: 0, x: 100 },
      { t: 0.25, x: 104 },
      { t: 0.5, x: 100 },
      { t: 0.75, x: 300 },
    ];
    const subjects = [subj(500), subj(501), subj(502), subj(800)]; // last step the subject moved
    expect(jitter({ path, times, subjects, clipStart: 0 })).toBeCloseTo(4);
  });
});

describe("layout evidence", () => {
  const frame = { width: 1280, height: 720 };
  it("one person", () => {
    const sum = summarizeFaces(samples(5, 4, () => [face(640, 300, 200)]), frame);
    expect(sum).toMatchObject({ people: 1, faceRate: 1, atLeast2: 0 });
    expect(suggestLayout(sum)).toBe("face_tracking");
  });
  it("two people at once -> split screen; in turn -> face tracking", () => {
    const both = summarizeFaces(samples(5, 4, () => [face(300, 300, 180), face(950, 300, 180)]), frame);
    expect(both.people).toBe(2);
    expect(suggestLayout(both)).toBe("split_screen");
    const turns = summarizeFaces(samples(6, 4, (t) => [face(t < 3 ? 300 : 950, 300, 180)]), frame);
    expect(turns.people).toBe(2);
    expect(suggestLayout(turns)).toBe("face_tracking");
  });
  it("three and four -> grids; small background faces and one-frame blips do not count", () => {
    const three = samples(4, 4, (t) => [face(200, 300, 150), face(640, 300, 150), face(1080, 300, 150), face(640, 650, 20), ...(t === 1 ? [face(100, 600, 150)] : [])]);
    expect(suggestLayout(summarizeFaces(three, frame))).toBe("grid_3");
    const four = samples(4, 4, () => [face(200, 300, 120), face(500, 300, 120), face(800, 300, 120), face(1100, 300, 120)]);
    expect(suggestLayout(summarizeFaces(four, frame))).toBe("grid_4");
  });
  it("no faces -> wide", () => {
    const none = summarizeFaces(samples(4, 4, (t) => (t === 1 ? [face(640, 300, 150)] : [])), frame);
    expect(none.faceRate).toBe(0);
    expect(suggestLayout(none)).toBe("wide");
    const empty: FaceSummary = { samples: 0, faceRate: 0, people: 0, meanFaces: 0, atLeast2: 0, atLeast3: 0, atLeast4: 0, dominantShare: 0, faceCam: null, screenCam: null };
    expect(suggestLayout(empty)).toBe("wide");
  });
});
