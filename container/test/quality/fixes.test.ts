// Fixes before delivery (container/src/quality/fixes.ts), pure: the framing a clip whose speaker
// left the frame is re-framed to (a crop where the face boxes show it keeps the face, as for a
// selfie; a split screen for two people side by side; never the letterboxed whole picture), and
// fixes composing in rounds, at most one of each kind per clip, on a stand-in for render-and-measure.
import { AUTO_LAYOUT, FALLBACK_LAYOUT, type QualityFlag, type QualityFlagName } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import type { ClipPlan } from "../../src/editing/clip-plan.js";
import type { TimedRect } from "../../src/editing/zoom-plan.js";
import { cropWindow, cropXAt, centerPath } from "../../src/framing/crop-path.js";
import { faceKeptShare, fixesForLayout, fixPlan, judgeFix, reframeFor, runFixes, type FixState } from "../../src/quality/fixes.js";
import { sideBySide } from "../../src/framing/auto-layout.js";
import { reframedFrom } from "../../src/delivery/stored-clip.js";
import type { Word } from "../../src/runtime/types.js";

const picture = { width: 1280, height: 720 };
// 404 x 720 at x 438..842 when centred
const win = cropWindow(1280, 720, 9 / 16);
const plan = (o: Partial<ClipPlan> = {}) =>
  ({ index: 0, aspect: "9:16", start: 0, end: 8, layout: AUTO_LAYOUT, words: [], cropWindow: win, cropPath: centerPath(win), panels: null, faceCam: null, content: null, layoutReason: null, faceBoxes: null, ...o }) as unknown as ClipPlan;
const flag = (name: QualityFlagName): QualityFlag => ({ name, message: name });
const out = [flag("subject_out_of_frame")];
/** one face box per second of an 8 s clip: `x(t)` its left edge, `w` x `h` its size */
const faces = (x: (t: number) => number, w: number, h = w * 1.2): TimedRect[] => Array.from({ length: 8 }, (_, i) => ({ t: i + 0.5, x: Math.round(x(i + 0.5)), y: 150, w, h }));

describe("re-framing a clip whose speaker left the frame", () => {
  it("a selfie whose face stays near the centre is re-framed to a steady centre crop, not wide", () => {
    // a close-up face (300 px of the 404 px crop) swaying 40 px: the tracker's path lost it, the centre keeps it
    const selfie = plan({ faceBoxes: faces((t) => 490 + 40 * Math.sin(t * 2), 300) });
    const r = reframeFor(selfie, picture)!;
    expect(r.layout).toBe(FALLBACK_LAYOUT);
    expect(r.kept).toBeGreaterThanOrEqual(0.8);
    const fix = fixPlan(selfie, out, { words: [], duration: 60, picture })!;
    expect(fix.plan.layout).toBe(FALLBACK_LAYOUT);
    expect(fix.plan.cropPath).toEqual([{ t: 0, x: win.maxX / 2 }]);
    expect(fix.fixes).toEqual([{ flag: "subject_out_of_frame", action: expect.stringContaining("steady centre crop") }]);
    expect(fix.kinds).toEqual(["reframe"]);
  });

  it("a face that moves across the picture but fits the crop gets a crop that follows it closely", () => {
    // 250 px wide, from x 150 to x 850 over the clip: out of the centre crop most of the time
    const moving = plan({ faceBoxes: faces((t) => 150 + (t / 8) * 700, 250) });
    const r = reframeFor(moving, picture)!;
    expect(r.layout).toBe(AUTO_LAYOUT);
    expect(r.cropPath!.length).toBeGreaterThan(1);
    expect(faceKeptShare(moving.faceBoxes!, win, () => win.maxX / 2, 8)).toBeLessThan(0.8);
    expect(r.kept).toBeGreaterThanOrEqual(0.8);
    // the new path puts each second's face inside the window
    for (const f of moving.faceBoxes!) {
      const left = cropXAt(r.cropPath!, f.t);
      expect(f.x).toBeGreaterThanOrEqual(left);
      expect(f.x + f.w).toBeLessThanOrEqual(left + win.w);
    }
  });

  it("never re-frames to wide: with no crop that keeps the speaker, the clip keeps its layout (delivered with its flag)", () => {
    // a face wider than the crop, no face boxes, a face seen in too few of the clip's seconds
    for (const faceBoxes of [faces(() => 400, 480), null, faces(() => 500, 200).slice(0, 3)]) {
      expect(reframeFor(plan({ faceBoxes }), picture)).toBeNull();
      expect(fixPlan(plan({ faceBoxes }), out, { words: [], duration: 60, picture })).toBeNull();
    }
    // a layout of several people is never narrowed to a crop on the largest face, nor letterboxed
    expect(reframeFor(plan({ layout: "split_screen", faceBoxes: faces(() => 500, 250) } as Partial<ClipPlan>), picture)).toBeNull();
    expect(reframeFor(plan({ layout: "stacked", faceBoxes: faces(() => 500, 250) } as Partial<ClipPlan>), picture)).toBeNull();
  });

  it("two people side by side get a split screen, not a crop between them", () => {
    // the largest face per second jumps between the two: no one crop keeps it
    const pair = [{ x: 300, y: 300 }, { x: 980, y: 300 }];
    const two = plan({ faceBoxes: faces((t) => (Math.floor(t) % 2 ? 230 : 910), 150), pair });
    expect(reframeFor(two, picture)).toMatchObject({ layout: "split_screen", panels: pair, cropPath: null });
    const fix = fixPlan(two, out, { words: [], duration: 60, picture })!;
    expect(fix.plan).toMatchObject({ layout: "split_screen", panels: pair, cropWindow: null });
    expect(fix.fixes[0]!.action).toMatch(/split screen/);
  });

  it("the analysis calls two people side by side when two faces of similar size share the picture often enough", () => {
    const face = (x: number, h = 120) => ({ x, y: 200, w: h, h });
    // 8 samples: 3 show both people (a quarter or more), the others one of them
    const pair = Array.from({ length: 8 }, (_, i) => ({ t: i / 4, faces: i < 3 ? [face(240), face(900, 110)] : [face(i % 2 ? 240 : 900)] }));
    expect(sideBySide(pair, { height: 720 })).toEqual([{ x: 300, y: 260 }, { x: 955, y: 255 }]);
    // a speaker with a small bystander behind: not two people
    expect(sideBySide(pair.map((s) => ({ ...s, faces: s.faces.map((f, k) => (k ? { ...f, w: 40, h: 40 } : f)) })), { height: 720 })).toBeNull();
    // both together in only one sample of eight
    expect(sideBySide(pair.map((s, i) => (i > 0 ? { ...s, faces: s.faces.slice(0, 1) } : s)), { height: 720 })).toBeNull();
  });

  it("the HD file and re-renders of a re-framed clip are still checked for its speaker; a re-render in another layout drops the re-frame fix", () => {
    const reframed = [{ flag: "subject_out_of_frame" as const, action: "Re-framed from face_tracking to a steady centre crop." }];
    expect(reframedFrom(FALLBACK_LAYOUT, reframed)).toBe(true);
    expect(reframedFrom(AUTO_LAYOUT, [])).toBe(true);
    expect(reframedFrom("wide", [])).toBe(false);
    expect(reframedFrom(FALLBACK_LAYOUT, [{ flag: "cuts_word", action: "Moved" }])).toBe(false);
    const fixes = [...reframed, { flag: "cuts_word" as const, action: "Moved" }];
    // the HD file of the re-framed clip: its layout, its fixes
    expect(fixesForLayout(fixes, FALLBACK_LAYOUT, FALLBACK_LAYOUT)).toEqual(fixes);
    // a re-render that asks for face tracking again does not say it was re-framed away from it
    expect(fixesForLayout(fixes, FALLBACK_LAYOUT, AUTO_LAYOUT)).toEqual([{ flag: "cuts_word", action: "Moved" }]);
  });
});

describe("fixes compose in rounds", () => {
  // 0.0-2.0 "One sentence here." 2.3-4.0 "And another one."
  const words: Word[] = [
    { word: "One", start: 0.1, end: 0.4 }, { word: "sentence", start: 0.45, end: 1.0 }, { word: "here.", start: 1.05, end: 2.0 },
    { word: "And", start: 2.3, end: 2.5 }, { word: "another", start: 2.55, end: 3.2 }, { word: "one.", start: 3.25, end: 4.0 },
  ];
  const o = { words, duration: 4.5, picture };
  /** a stand-in for render-and-measure: the flags of each round's render, in order */
  const measured = (...rounds: QualityFlagName[][]) => {
    const plans: ClipPlan[] = [];
    const attempt = async (p: ClipPlan, round: number): Promise<FixState<number>> => {
      plans.push(p);
      return { plan: p, flags: (rounds[round - 1] ?? []).map(flag), file: round };
    };
    return { plans, attempt };
  };

  it("after a re-frame, the re-framed render measured again still gets the edge fix: both recorded, one round each", async () => {
    const p = plan({ start: 0, end: 3.0, faceBoxes: faces(() => 500, 250) });
    // the re-framed render shows the edge cutting a word (the fixable flag it raised), the next one is clean
    const m = measured(["cuts_word"], []);
    const r = await runFixes({ plan: p, flags: out, file: 0 }, o, m.attempt);
    expect(r.rounds).toBe(2);
    expect(m.plans[0]!.layout).toBe(FALLBACK_LAYOUT);
    expect(m.plans[1]).toMatchObject({ layout: FALLBACK_LAYOUT, start: 0 });
    // moved to a sentence end (a range of whole sentences, its length within ±40 % of the 3 s clip)
    expect([2.15, 4.15]).toContain(m.plans[1]!.end);
    expect(r.fixes.map((f) => f.flag)).toEqual(["subject_out_of_frame", "cuts_word"]);
    expect(r.state.file).toBe(2);
  });

  it("each kind of fix is made at most once, so the rounds end; a round that does not help is discarded", async () => {
    const p = plan({ start: 0, end: 3.0, faceBoxes: faces(() => 500, 250) });
    // both flags at once: one round makes both kinds; nothing solved, so it is discarded and no kind is left
    const discarded: number[] = [];
    const m = measured(["subject_out_of_frame", "cuts_word"], [], []);
    const r = await runFixes({ plan: p, flags: [...out, flag("cuts_word")], file: 0 }, o, m.attempt, async (s) => void discarded.push(s.file));
    expect(m.plans).toHaveLength(1);
    expect(r).toMatchObject({ rounds: 1, fixes: [], state: { file: 0 } });
    expect(discarded).toEqual([1]);

    // a render that keeps raising the flag fixed in the last round: still at most one round per kind
    const again = measured(["cuts_word"], ["cuts_word", "subject_out_of_frame"], ["subject_out_of_frame"]);
    const r2 = await runFixes({ plan: p, flags: out, file: 0 }, o, again.attempt);
    expect(again.plans.length).toBeLessThanOrEqual(2);
    // the kept re-frame raised cuts_word and the edge round could not remove it: the first render is delivered, nothing recorded
    expect(r2).toMatchObject({ fixes: [], state: { file: 0 } });
  });

  it("a new flag vetoes a round unless a fix kind still to come can fix it", () => {
    const fixed = [{ flag: "subject_out_of_frame" as const, action: "a" }];
    expect(judgeFix(out, [], fixed)).toEqual({ solved: fixed, keep: true });
    expect(judgeFix(out, [flag("too_loud")], fixed, new Set(["edges"]))).toMatchObject({ keep: false });
    expect(judgeFix(out, [flag("cuts_word")], fixed, new Set())).toMatchObject({ keep: false });
    expect(judgeFix(out, [flag("cuts_word")], fixed, new Set(["edges"]))).toMatchObject({ keep: true });
    expect(judgeFix(out, out, fixed, new Set(["edges"]))).toMatchObject({ solved: [], keep: false });
  });
});
