// The timeline is the recipe (issue 41 item 3): a clip drawn from its clip timeline shows, frame for
// frame and sample for sample, what the renderer drew from the plan's own fields before: the
// timeline keys its crop at the render's own precision (whole pixels, 0.1 ms), so nothing is lost
// between the plan and the record the render now reads. Real ffmpeg on a real recording, a moving
// crop inside bars and a punch-in zoom; the decoded video and audio compared by their MD5.
import path from "node:path";
import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";
import { planClip, planEdit, planTimeline } from "../../src/editing/clip-plan.js";
import { renderClip, type ClipRender } from "../../src/rendering/render.js";
import { timelineRender } from "../../src/rendering/timeline-render.js";
import { probe } from "../../src/analysis/probe.js";
import type { ScoredMoment, Transcript } from "../../src/runtime/types.js";
import { media, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-timeline-pixels-");

/** MD5 of a file's decoded stream (`v` or `a`). */
const decodedMd5 = (file: string, stream: "v" | "a") => execFileSync("ffmpeg", ["-hide_banner", "-i", file, "-map", `0:${stream}`, "-f", "md5", "-"]).toString().trim();

/** The Obama address, probed, with a moment of three words off the millisecond grid. */
async function obamaMoment() {
  const source = media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
  const info = await probe(source, { signal });
  const words = [{ word: "very", start: 1.2, end: 1.5 }, { word: "real", start: 1.6, end: 2.0 }, { word: "challenges", start: 2.1, end: 2.9 }];
  const transcript: Transcript = { lang: "en", engine: "test", segments: [], words };
  const moment: ScoredMoment = { start: 0.457, end: 4.321, words, text: "very real challenges", score: 60, subscores: { hook: 60, flow: 60, value: 60, trend: 60 }, justification: "", title: "t" };
  return { source, info, transcript, moment };
}

it("a clip drawn from its timeline is the clip drawn from its plan: the same frames and sound", async () => {
  const { source, info, transcript, moment } = await obamaMoment();
  const p = planClip(moment, 0, info, transcript, { aspect: "9:16", layout: "face_tracking", style: { zoom: "punch_in" } }, { x: 160, y: 0, w: 960, h: 720 });
  const maxX = p.cropWindow!.maxX;
  // a face-tracked path keyed at the source's frame times (29.97 fps), not on the millisecond
  p.cropPath = [{ t: 0, x: Math.round(maxX * 0.2) }, { t: 31 / 29.97, x: Math.round(maxX * 0.45) }, { t: 66 / 29.97, x: Math.round(maxX * 0.8) }, { t: 105 / 29.97, x: Math.round(maxX * 0.3) }];
  p.faceBoxes = [0.5, 1.5, 2.5, 3.5].map((t) => ({ t, x: 500, y: 150, w: 200, h: 220 }));
  const edit = planEdit(p, info);
  expect(edit.zooms.length).toBeGreaterThan(0);
  const common = { source, probe: info, watermarkPath: null, assPath: null, quality: "preview" as const };
  // what the renderer was handed before (main at issue 41): the plan's own fields
  const fromPlan: ClipRender = { ...common, start: p.start, end: p.end, layout: p.layout, cropPath: p.cropPath, content: p.content, keep: edit.keep, zooms: edit.zooms, cutaways: [], aspect: p.aspect, output: path.join(dir, "plan.mp4") };
  const fromTimeline = timelineRender(planTimeline(p, info, edit), { ...common, rangeStart: p.start, cutawayFiles: new Map(), output: path.join(dir, "timeline.mp4") });
  await renderClip(fromPlan, { signal });
  await renderClip(fromTimeline, { signal });
  expect(decodedMd5(fromTimeline.output, "v")).toBe(decodedMd5(fromPlan.output, "v"));
  expect(decodedMd5(fromTimeline.output, "a")).toBe(decodedMd5(fromPlan.output, "a"));
}, 120_000);

it("a split screen and a stacked face cam drawn from their timeline are the clips drawn from their plans: the same frames", async () => {
  const { source, info, transcript, moment } = await obamaMoment();
  const framings = [
    // two panels whose windows move (centres keyed at the source's frame times, off the whole pixel) across a jump cut
    { layout: "split_screen", panels: [{ x: 400, y: 300, path: [{ t: 0, x: 420.4 }, { t: 40 / 29.97, x: 520 }, { t: 80 / 29.97, x: 470.6 }] }, { x: 820, y: 320, path: [{ t: 10 / 29.97, x: 800 }, { t: 100 / 29.97, x: 880 }] }], faceCam: null },
    { layout: "stacked", panels: null, faceCam: { x: 860, y: 40, w: 300, h: 260 } },
  ];
  for (const f of framings) {
    const p = planClip(moment, 0, info, transcript, { aspect: "9:16", layout: "face_tracking" });
    Object.assign(p, { layout: f.layout, cropPath: null, cropWindow: null, panels: f.panels, faceCam: f.faceCam });
    p.cuts = [{ start: 1.5, end: 1.9, reason: "silence" }];
    const edit = planEdit(p, info);
    expect(edit.keep.length).toBe(2);
    const common = { source, probe: info, watermarkPath: null, assPath: null, quality: "preview" as const };
    const fromPlan: ClipRender = { ...common, start: p.start, end: p.end, layout: p.layout, panels: p.panels ?? undefined, faceCam: p.faceCam ?? undefined, content: p.content, keep: edit.keep, zooms: edit.zooms, cutaways: [], aspect: p.aspect, output: path.join(dir, `${f.layout}-plan.mp4`) };
    const fromTimeline = timelineRender(planTimeline(p, info, edit), { ...common, rangeStart: p.start, cutawayFiles: new Map(), output: path.join(dir, `${f.layout}-timeline.mp4`) });
    expect([fromTimeline.panels?.length ?? 0, fromTimeline.faceCam]).toEqual([f.panels?.length ?? 0, f.faceCam ?? undefined]);
    await renderClip(fromPlan, { signal });
    await renderClip(fromTimeline, { signal });
    expect(decodedMd5(fromTimeline.output, "v"), f.layout).toBe(decodedMd5(fromPlan.output, "v"));
  }
}, 180_000);
