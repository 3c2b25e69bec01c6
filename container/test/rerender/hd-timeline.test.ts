// The timeline is the recipe (issue 41 item 3), rendered: a clip version's HD file is drawn from the
// timeline its preview stored, as it is (delivery/hd-clip.ts renderHd passes it), and a re-render
// draws the timeline it builds. The stored timeline here holds a punch-in zoom its style does not
// ask for: an HD render that planned the clip again from its style would draw none. Real ffmpeg on a
// generated 1280x720 source with a moving crop path and a jump cut.
import path from "node:path";
import { describe, expect, it, beforeAll } from "vitest";
import type { ClipTimeline } from "@katto/protocol";
import { clipReport, planClip, planTimeline } from "../../src/editing/clip-plan.js";
import { readStoredClip } from "../../src/delivery/stored-clip.js";
import { renderStoredClip } from "../../src/delivery/stored-render.js";
import { probe } from "../../src/analysis/probe.js";
import type { ProbeResult, ScoredMoment } from "../../src/runtime/types.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { ffprobe, generateVideo, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-hd-timeline-");
const moment: ScoredMoment = { start: 1, end: 7, words: [], text: "", score: 60, subscores: { hook: 60, flow: 60, value: 60, trend: 60 }, justification: "", title: "Stripes" };

let source: string;
let info: ProbeResult;
let stored: ClipTimeline;
let metadata: unknown;

beforeAll(async () => {
  source = generateVideo(path.join(dir, "source.mp4"), { w: 1280, h: 720, seconds: 8, fps: 15, audio: true });
  info = await probe(source, { signal });
  const p = planClip(moment, 0, info, { lang: "en", segments: [], words: [], engine: "test" }, { aspect: "9:16", layout: "face_tracking" });
  p.cropPath = [{ t: 0, x: 100 }, { t: 2, x: 400 }, { t: 5, x: 700 }];
  p.cuts = [{ start: 2.4, end: 3, reason: "silence" }];
  // the timeline the preview drew: with a zoom (a face's punch-in) the style alone would not plan again
  const tl = planTimeline(p, info);
  p.timeline = { ...tl, zooms: [{ start: 1, end: 3, scale: 1.2, x: 0.5, y: 0.4 }] };
  stored = p.timeline;
  metadata = JSON.parse(JSON.stringify(clipReport(p, info, "test").metadata));
}, 60_000);

const render = (name: string, o: { timeline?: ClipTimeline; layoutMode?: string } = {}) =>
  renderStoredClip({ source, probe: info, start: 1, end: 7, stored: readStoredClip(metadata), aspect: "9:16", brandKit: null, dir, name, signal, jobId: "00000000-0000-4000-8000-000000000000", encoder: fastHdEncoder, ...o });

describe("an HD file of a stored version", () => {
  it("is drawn from the version's stored timeline as it is, and is as long as it says", async () => {
    const hd = await render("hd", { timeline: readStoredClip(metadata).timeline! });
    expect(hd.timeline).toEqual(stored);
    expect(hd.layout).toBe("face_tracking");
    expect(Number(ffprobe(hd.output).format.duration)).toBeCloseTo(stored.duration, 1);
  }, 120_000);

  it("a re-render builds its own timeline from the stored clip: the same pieces and crop path, planned again", async () => {
    const again = await render("again");
    expect(again.timeline.pieces).toEqual(stored.pieces);
    expect(again.timeline.crop).toEqual(stored.crop);
    // its zooms are what its style plans (none), not the stored ones: this version's own timeline
    expect(again.timeline.zooms).toEqual([]);
    expect(Number(ffprobe(again.output).format.duration)).toBeCloseTo(again.timeline.duration, 1);
  }, 120_000);
});
