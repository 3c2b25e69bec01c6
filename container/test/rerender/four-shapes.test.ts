// Issue 37's "one job re-rendered into all four shapes gives four correct files and covers": one
// finished clip of a real recording (the Obama address, a 2 s face-to-camera moment, face-tracked,
// 9:16 with its HD file rendered by the job, HD mode local) re-rendered from its stored metadata into 1:1, 4:5
// and 16:9 through runRerender, as the Worker's re-render task asks. Each version's file has its
// shape's 1080p frame and the clip's duration, and its cover is a JPEG of that frame; the job's
// HD cover shows the preview cover's moment. Cheap: 2 s of source, HD at ultrafast, renders shared.
// KATTO_SHAPES_DIR=/path writes one frame of each version there (9x16.png, 1x1.png, 4x5.png, 16x9.png).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipFrame, RenderJobSchema, type Aspect, type ClipReport, type RenderEvent, type RerenderEvent } from "@katto/protocol";
import type { CallbackClient } from "../../src/runtime/callback-client.js";
import { createCallbackClient } from "../../src/runtime/callback-client.js";
import type { AnalysisDeps } from "../../src/rendering/job-run.js";
import { runJob } from "../../src/work/pipeline.js";
import { createDefaultDeps } from "../../src/work/pipeline-deps.js";
import { loadConfig } from "../../src/runtime/config.js";
import { runRerender } from "../../src/work/rerender.js";
import type { ScoredMoment, Transcript } from "../../src/runtime/types.js";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { ffprobe, mediaDir, tmpDir } from "../helpers/media.js";
import { fastHdEncoder } from "../helpers/encoder.js";

const CLIP = "video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4";
const SENTENCE = "about the very real and very serious";
const END = 2.0;
const work = tmpDir("katto-four-shapes-");
const words = SENTENCE.split(" ").map((word, i) => ({ word, start: +(0.05 + i * 0.27).toFixed(3), end: +(0.05 + i * 0.27 + 0.25).toFixed(3) }));
const transcript: Transcript = { lang: "en", segments: [{ start: 0.05, end: words.at(-1)!.end, text: SENTENCE }], words, engine: "test" };
// the production face analysis (so the automatic layout tracks the speaker), the words and the moment fixed
const deps: AnalysisDeps = {
  ...createDefaultDeps(loadConfig({})),
  transcribe: async () => transcript,
  selectMoments: () => [{ start: 0, end: END, text: SENTENCE, score: 90, title: "Very real challenges", subscores: { hook: 90, flow: 90, value: 90, trend: 90 }, justification: "fixed" } as ScoredMoment],
  scoreMoments: (ms) => ms as ScoredMoment[],
};

const videoOf = (file: string) => {
  const p = ffprobe(file);
  const v = p.streams.find((s) => s.codec_type === "video")!;
  return { width: v.width, height: v.height, duration: Number(p.format.duration) };
};
const imageSize = (file: string) => execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", file]).toString().trim();

let worker: FakeWorker;
let jobId: string;
let clip: ClipReport;
let hdEvent: Extract<RenderEvent, { type: "clip_hd" }>;
/** each shape's version: its file and cover on this machine */
const versions = new Map<Aspect, { file: string; cover: string | null; duration: number }>();

beforeAll(async () => {
  worker = await startFakeWorker(mediaDir());
  jobId = randomUUID();
  const job = RenderJobSchema.parse({
    job_id: jobId,
    source: { url: worker.mediaUrl(CLIP), kind: "url" },
    config: { aspect: "9:16", clipLength: "lt30" },
    callback: { base_url: worker.base, token: worker.token },
    limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 1 },
    hd: { mode: "local" },
  });
  const signal = AbortSignal.timeout(200_000);
  const outcome = await runJob({ job, signal, client: createCallbackClient({ baseUrl: worker.base, token: worker.token, jobId, signal }), deps, workRoot: work, renderConcurrency: 1, encoder: fastHdEncoder });
  const events = worker.events(jobId) as RenderEvent[];
  expect(outcome, JSON.stringify(events.filter((e) => e.type === "failed"))).toMatchObject({ status: "completed" });
  clip = (events.find((e) => e.type === "clips") as Extract<RenderEvent, { type: "clips" }>).clips[0]!;
  hdEvent = events.find((e) => e.type === "clip_hd") as Extract<RenderEvent, { type: "clip_hd" }>;
  versions.set("9:16", { file: worker.file(jobId, hdEvent.file), cover: hdEvent.cover_file ? worker.file(jobId, hdEvent.cover_file) : null, duration: videoOf(worker.file(jobId, hdEvent.file)).duration });
  // the three re-renders, one after the other (two cores)
  for (const aspect of ["1:1", "4:5", "16:9"] as const) {
    const events: RerenderEvent[] = [];
    const files = new Map<string, string>();
    const client: CallbackClient = {
      event: async (e) => void events.push(e as RerenderEvent),
      putFile: async (name, p) => {
        const dest = join(work, `${aspect.replace(":", "x")}-${name}`);
        copyFileSync(p, dest);
        files.set(name, dest);
        return {};
      },
    };
    const out = await runRerender({
      job: { rerender_id: `rr_${aspect.replace(":", "x")}`, job_id: jobId, clip_index: 0, source: { url: worker.mediaUrl(CLIP), kind: "url" }, clip: { start: clip.start, end: clip.end, metadata: clip.metadata }, params: { aspect }, aspect, brand_kit: null, callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" } },
      signal: AbortSignal.timeout(200_000),
      client,
      workRoot: work,
      encoder: fastHdEncoder,
    });
    expect(out, JSON.stringify(events)).toEqual({ status: "completed" });
    const done = events.at(-1) as Extract<RerenderEvent, { type: "completed" }>;
    versions.set(aspect, { file: files.get(done.file)!, cover: done.cover_file ? files.get(done.cover_file)! : null, duration: done.duration });
  }
  const shots = process.env.KATTO_SHAPES_DIR;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    for (const [a, v] of versions) execFileSync("ffmpeg", ["-v", "error", "-y", "-ss", "1.2", "-i", v.file, "-frames:v", "1", join(shots, `${a.replace(":", "x")}.png`)]);
  }
}, 600_000);
afterAll(() => worker?.close());

describe("one clip in all four shapes", () => {
  it.each(["9:16", "1:1", "4:5", "16:9"] as const)("%s: the file has the shape's 1080p frame and the clip's duration", (aspect) => {
    const v = versions.get(aspect)!;
    const got = videoOf(v.file);
    expect({ width: got.width, height: got.height }).toEqual(clipFrame(aspect, "hd"));
    const original = videoOf(versions.get("9:16")!.file).duration;
    expect(got.duration).toBeCloseTo(original, 1);
    expect(v.duration).toBeCloseTo(original, 1);
  });

  it.each(["9:16", "1:1", "4:5", "16:9"] as const)("%s: the cover is a JPEG of the shape's 1080p frame", (aspect) => {
    const v = versions.get(aspect)!;
    expect(v.cover).not.toBeNull();
    const f = clipFrame(aspect, "hd");
    expect(imageSize(v.cover!)).toBe(`mjpeg,${f.width},${f.height}`);
  });

  it("the clip is face-tracked, and the job's HD cover shows the preview cover's moment, at the HD frame", () => {
    expect(clip.metadata.timeline?.layout).toBe("face_tracking");
    expect(clip.cover_time).toBeDefined();
    expect(hdEvent.cover_time).toBe(clip.cover_time);
    expect(imageSize(worker.file(jobId, clip.cover_file!))).toBe(`mjpeg,${clipFrame("9:16", "preview").width},${clipFrame("9:16", "preview").height}`);
  });
});
