// One clip's failure never fails its job (issue 27): the job runner with real ffmpeg renders, a
// fake Worker on loopback, and the encoder's slots made to fail chosen encodes (the one place
// every encode passes through). Analysis is injected: three fixed moments of a generated video.
import { readdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClipReportSchema, JobWarningSchema, RenderJobSchema, type JobWarning, type RenderEvent } from "@katto/protocol";
import { createCallbackClient } from "../../src/runtime/callback-client.js";
import type { AnalysisDeps } from "../../src/rendering/job-run.js";
import { runJob } from "../../src/work/pipeline.js";
import { createLimiter, type Limiter } from "../../src/runtime/pool.js";
import type { ScoredMoment, Transcript } from "../../src/runtime/types.js";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { ffprobe, generateVideo, tmpDir } from "../helpers/media.js";

const media = tmpDir("katto-clip-failure-media-");
const work = tmpDir("katto-clip-failure-work-");
let worker: FakeWorker;

beforeAll(async () => {
  generateVideo(`${media}/talk.mp4`, { w: 640, h: 360, seconds: 30, fps: 25 });
  worker = await startFakeWorker(media);
});
afterAll(() => worker?.close());

// sentences end where the moments end and before they start, so the clips' own quality check
// (job-quality.ts) finds nothing to fix and each clip keeps its planned range
const SENTENCE_ENDS = new Set([5, 7, 13, 15, 21, 27]);
const words = Array.from({ length: 28 }, (_, i) => ({ word: `word${i}${SENTENCE_ENDS.has(i) ? "." : ""}`, start: i + 0.1, end: i + 0.6 }));
const transcript: Transcript = { lang: "en", segments: [{ start: 0.1, end: 27.6, text: words.map((w) => w.word).join(" ") }], words, engine: "test" };
const moment = (start: number, end: number, score: number): ScoredMoment =>
  ({ start, end, text: `from ${start}`, score, title: `Moment at ${start}`, subscores: { hook: score, flow: score, value: score, trend: score }, justification: "fixed" }) as ScoredMoment;

const deps: AnalysisDeps = {
  transcribe: async () => transcript,
  selectMoments: () => [moment(0, 6, 90), moment(8, 14, 80), moment(16, 22, 70)],
  scoreMoments: (ms) => ms as ScoredMoment[],
};

/** The encoder's slots, failing the encodes whose numbers (1-based, in the order they start) are listed. */
function failingSlots(fail: readonly number[]): Limiter {
  const real = createLimiter(1);
  let n = 0;
  return {
    run(fn, signal) {
      const k = ++n;
      return real.run(() => (fail.includes(k) ? Promise.reject(new Error(`encode ${k} made to fail`)) : fn()), signal);
    },
    get active() {
      return real.active;
    },
    get waiting() {
      return real.waiting;
    },
  };
}

async function run(fail: readonly number[], hd: "local" | "fanout" = "fanout") {
  const jobId = randomUUID();
  const job = RenderJobSchema.parse({
    job_id: jobId,
    source: { url: worker.mediaUrl("talk.mp4"), kind: "url" },
    // a fixed multi-panel layout, so the simpler framing (a still centre crop) differs from the plan
    config: { aspect: "9:16", clipLength: "lt30", brandKit: { name: "kit", primary_color: "#FFFFFF", accent_color: "#FFD400", caption_font: "DejaVu Sans", caption_position: "bottom", default_layout: "split_screen", watermark_url: null } },
    callback: { base_url: worker.base, token: worker.token },
    limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 3 },
    // fan-out ends the job at `clips` (each clip's HD is another task); local renders the HD files here too
    hd: { mode: hd },
  });
  const signal = new AbortController().signal;
  const client = createCallbackClient({ baseUrl: worker.base, token: worker.token, jobId, signal });
  // one render at a time, so the encodes start in clip order: encode k is clip k-1's first try until one fails (HD files, made
  // as the clips are delivered, take the background slots, delivery/local-hd.ts); HD at ultrafast (KATTO_HD_PRESET): what is rendered matters here, not the file size
  const outcome = await runJob({ job, signal, client, deps, workRoot: work, renderConcurrency: 1, encoder: { slots: failingSlots(fail), background: createLimiter(1), hdPreset: "ultrafast" } });
  const events = worker.events(jobId) as RenderEvent[];
  const clipsEvent = events.find((e) => e.type === "clips") as Extract<RenderEvent, { type: "clips" }> | undefined;
  return { jobId, outcome, events, clips: clipsEvent?.clips ?? [], warnings: (clipsEvent?.warnings ?? []) as JobWarning[] };
}

describe("a clip that fails to render", () => {
  it("is rendered again with a simpler framing, and the job completes with every clip and a warning", async () => {
    const r = await run([2]); // clip 1's first try
    expect(r.outcome.status).toBe("completed");
    expect(r.clips.map((c) => c.clip_index)).toEqual([0, 1, 2]);
    for (const c of r.clips) ClipReportSchema.parse(c);
    // each clip was delivered on its own before the job completed (issue 43): a clip_ready with
    // the same number, files and range as `clips` lists it, in the ranked order they were chosen in
    const ready = r.events.flatMap((e, i) => (e.type === "clip_ready" ? [{ i, clip: e.clip }] : []));
    const clipsAt = r.events.findIndex((e) => e.type === "clips");
    expect(ready.map((e) => e.clip.clip_index)).toEqual([0, 1, 2]);
    expect(ready.every((e) => e.i < clipsAt)).toBe(true);
    expect(ready.map((e) => [e.clip.file, e.clip.captions_file, e.clip.start, e.clip.end, e.clip.hd])).toEqual(r.clips.map((c) => [c.file, c.captions_file, c.start, c.end, false]));
    expect(r.clips.map((c) => c.metadata.timeline?.layout)).toEqual(["split_screen", "center_crop", "split_screen"]);
    // each clip measured itself (docs/clip-quality.md): split_screen asked for by the kit over a
    // picture without faces keeps its framing and says so; the simpler centre crop has no subject
    expect(r.clips.map((c) => c.quality?.subject_in_frame ?? null)).toEqual([0, null, 0]);
    expect(r.clips[0]!.quality!.flags.map((f) => f.name)).toContain("subject_out_of_frame");
    expect(r.clips.map((c) => [c.quality!.starts_on_sentence, c.quality!.ends_on_sentence, c.quality!.cut_word])).toEqual([[true, true, false], [true, true, false], [true, true, false]]);
    expect(r.clips[1]!.metadata.layout_reason).toMatch(/split_screen framing failed to render/);
    expect(r.warnings).toHaveLength(1);
    expect(JobWarningSchema.parse(r.warnings[0])).toMatchObject({ code: "clip_framing_simplified", clip_index: 1, start: 8, end: 14 });
    // the clip really is there: a 540x960 preview of its range
    const preview = ffprobe(worker.file(r.jobId, r.clips[1]!.file));
    expect(preview.streams.find((s) => s.codec_type === "video")).toMatchObject({ width: 540, height: 960 });
    expect(Number(preview.format.duration)).toBeCloseTo(6, 0);
  });

  it("is left out when the simpler framing fails too: the others are delivered, renumbered, and the warning names the range", async () => {
    const r = await run([2, 3], "local"); // clip 1's both tries
    expect(r.outcome.status).toBe("completed");
    expect(r.events.find((e) => e.type === "failed")).toBeUndefined();
    expect(r.clips.map((c) => [c.clip_index, c.start, c.end])).toEqual([[0, 0, 6], [1, 16, 22]]);
    // the clip left out was never announced; the others were, under the numbers they keep
    expect(r.events.filter((e) => e.type === "clip_ready").map((e) => [(e as Extract<RenderEvent, { type: "clip_ready" }>).clip.clip_index, (e as Extract<RenderEvent, { type: "clip_ready" }>).clip.start])).toEqual([[0, 0], [1, 16]]);
    // the files follow the new numbering: clip 1 is the former clip 2, under clip 1's names
    expect(r.clips[1]!.file).toBe("clip-1-preview.mp4");
    expect(r.clips[1]!.captions_file).toBe("clip-1.srt");
    expect(r.clips[1]!.metadata.hd_file).toBe("clip-1.mp4");
    const preview = ffprobe(worker.file(r.jobId, r.clips[1]!.file));
    expect(Number(preview.format.duration)).toBeCloseTo(6, 0);
    expect(r.warnings).toEqual([expect.objectContaining({ code: "clip_left_out", clip_index: null, start: 8, end: 14 })]);
    expect(r.warnings[0]!.message).toMatch(/8\.0–14\.0 s .* left out/);
    // the HD renders went on for the delivered clips, each announced after `clips` (the Worker takes HD files of a completed job)
    expect(r.events.filter((e) => e.type === "clip_hd").map((e) => (e as { clip_index: number }).clip_index).sort()).toEqual([0, 1]);
    const clipsAt = r.events.findIndex((e) => e.type === "clips");
    expect(r.events.every((e, i) => e.type !== "clip_hd" || i > clipsAt)).toBe(true);
    // each HD file measured itself too (docs/clip-quality.md), on its own 1080x1920 frames
    expect(r.events.filter((e) => e.type === "clip_hd").every((e) => (e as Extract<RenderEvent, { type: "clip_hd" }>).quality?.cut_word === false)).toBe(true);
  }, 300_000); // two previews and two HD files, each rendered and measured (docs/clip-quality.md), on shared cores

  it("fails the job only when no clip renders at all", async () => {
    const r = await run([1, 2, 3, 4, 5, 6]);
    expect(r.outcome.status).toBe("failed");
    expect(r.clips).toEqual([]);
    const failed = r.events.find((e) => e.type === "failed") as Extract<RenderEvent, { type: "failed" }>;
    expect(failed).toMatchObject({ stage: "rendering", refund: true });
    expect(failed.error).toMatch(/none of the 3 clips could be rendered/);
  });

  it("leaves nothing in the work root", () => {
    expect(readdirSync(work)).toEqual([]);
  });
});
