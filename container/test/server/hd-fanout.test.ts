// HD fan-out end to end on the backend (docs/render-protocol.md "HD fan-out"): a real server
// process, a fake Worker on loopback, real media. A fanout job stores previews and mezzanines and
// ends at `clips`; a POST /v1/clips/hd per clip then renders and stores the 1080p file.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeWorker, startFakeWorker, waitFor } from "../helpers/fake-worker.js";
import { ffprobe, grayFrame, mediaDir } from "../helpers/media.js";
import { type RenderServer, startRenderServer } from "../helpers/render-server.js";

const OBAMA = "video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4";

let worker: FakeWorker;
let server: RenderServer;
/** the fan-out test's clip and HD file, for the comparison with HD mode local */
let fannedOut: { start: number; end: number; file: string } | undefined;

beforeAll(async () => {
  worker = await startFakeWorker(mediaDir());
  server = await startRenderServer();
});
afterAll(async () => {
  await server?.stop();
  await worker?.close();
});

const postJson = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const runningJobs = async () => ((await (await fetch(`${server.url}/healthz`)).json()) as { jobs: number }).jobs;
const video = (file: string) => ffprobe(file).streams.find((s) => s.codec_type === "video")!;

function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe("HD fan-out", () => {
  it("a fanout job PUTs previews and mezzanines, sends `clips`, renders no HD; POST /v1/clips/hd then renders clip-<i>.mp4 and sends clip_hd", async () => {
    const id = randomUUID();
    const job = {
      job_id: id,
      source: { url: worker.mediaUrl(OBAMA), kind: "url" },
      config: { aspect: "9:16", clipLength: "lt30" },
      callback: { base_url: worker.base, token: worker.token },
      limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 1 },
      hd: { mode: "fanout" },
    };
    expect((await postJson("/v1/jobs", job)).status).toBe(202);
    await waitFor(() => worker.events(id).find((e) => e.type === "clips" || e.type === "failed"), 100_000, "clips");
    // the job is over at `clips`: nothing keeps running, no HD file, no clip_hd
    const deadline = Date.now() + 30_000;
    while ((await runningJobs()) !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await runningJobs()).toBe(0);

    const evs = worker.events(id);
    expect(evs.some((e) => e.type === "failed" || e.type === "clip_hd")).toBe(false);
    const clips = (evs.find((e) => e.type === "clips") as unknown as { clips: { clip_index: number; start: number; end: number; file: string; hd: boolean; metadata: Record<string, any> }[] }).clips;
    expect(clips.length).toBe(1);
    const clipsAt = worker.calls.find((c) => c.jobId === id && c.event?.type === "clips")!.at;
    const c = clips[0]!;
    expect(c.hd).toBe(false);
    expect(c.metadata.mezzanine_file).toBe("clip-0-src.mp4");
    const put = worker.calls.find((x) => x.jobId === id && x.kind === "file" && x.name === "clip-0-src.mp4")!;
    expect(put).toMatchObject({ status: 201, contentType: "video/mp4" });
    expect(put.at).toBeLessThanOrEqual(clipsAt);
    expect(worker.calls.some((x) => x.jobId === id && x.name === "clip-0.mp4")).toBe(false);

    // the mezzanine: the clip's range only, at the source's displayed size, h264 + aac
    const duration = c.end - c.start;
    const mezz = ffprobe(worker.file(id, "clip-0-src.mp4"));
    const src = video(`${mediaDir()}/${OBAMA}`);
    expect(mezz.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: src.width, height: src.height, r_frame_rate: src.r_frame_rate });
    expect(mezz.streams.find((s) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac" });
    expect(Number(mezz.format.duration)).toBeCloseTo(duration, 0);

    // the HD task, as the Worker's Queue consumer dispatches it; a duplicate in flight is 202 too
    const task = {
      job_id: id,
      clip_index: 0,
      source: { url: worker.fileUrl(id, "clip-0-src.mp4") },
      clip: { start: 0, end: duration, metadata: c.metadata },
      aspect: "9:16",
      brand_kit: null,
      callback: { base_url: worker.base, token: worker.token },
    };
    const r1 = await postJson("/v1/clips/hd", task);
    expect(r1.status).toBe(202);
    expect(await r1.json()).toEqual({ job_id: id, clip_index: 0, accepted: true });
    expect((await postJson("/v1/clips/hd", task)).status).toBe(202);
    expect((await postJson("/v1/clips/hd", { ...task, clip: { start: 0, end: 0, metadata: {} } })).status).toBe(400);

    const hd = await waitFor(() => worker.events(id).find((e) => e.type === "clip_hd"), 100_000, "clip_hd");
    expect(hd).toMatchObject({ type: "clip_hd", clip_index: 0, file: "clip-0.mp4", captions_file: "clip-0.srt" });
    // the HD file is measured on its own (issue 23)
    expect((hd as { quality?: { ok: boolean } }).quality).toBeDefined();
    expect(worker.mediaRequests.get(`files/${id}/clip-0-src.mp4`)).toBe(1); // the duplicate did not start a second render
    expect(worker.mediaRequests.get(OBAMA)).toBe(1); // the HD task never fetched the source
    const file = worker.file(id, "clip-0.mp4");
    expect(video(file)).toMatchObject({ codec_name: "h264", profile: "High", width: 1080, height: 1920, pix_fmt: "yuv420p" });
    expect(ffprobe(file).streams.find((s) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac", sample_rate: "48000", channels: 2 });
    expect(Number(ffprobe(file).format.duration)).toBeCloseTo(duration, 0);

    // same picture as the preview at the same instant: crop path and range line up with the mezzanine
    for (const t of [1, duration / 2]) {
      const a = grayFrame(worker.file(id, c.file), t, 135, 240);
      const b = grayFrame(file, t, 135, 240);
      expect(meanAbsDiff(a, b)).toBeLessThan(6);
    }
    fannedOut = { start: c.start, end: c.end, file };
  });

  it("HD mode local renders the same clip as the fan-out task: same range, size, duration and picture", async () => {
    expect(fannedOut, "the fan-out test ran first").toBeDefined();
    const id = randomUUID();
    const job = {
      job_id: id,
      source: { url: worker.mediaUrl(OBAMA), kind: "url" },
      config: { aspect: "9:16", clipLength: "lt30" },
      callback: { base_url: worker.base, token: worker.token },
      limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 1 },
      hd: { mode: "local" },
    };
    expect((await postJson("/v1/jobs", job)).status).toBe(202);
    await waitFor(() => worker.events(id).find((e) => e.type === "clip_hd" || e.type === "failed"), 150_000, "clip_hd");
    const clips = (worker.events(id).find((e) => e.type === "clips") as unknown as { clips: { start: number; end: number }[] }).clips;
    expect({ start: clips[0]!.start, end: clips[0]!.end }).toEqual({ start: fannedOut!.start, end: fannedOut!.end });
    const local = worker.file(id, "clip-0.mp4");
    expect(video(local)).toMatchObject({ codec_name: "h264", profile: "High", width: 1080, height: 1920, pix_fmt: "yuv420p" });
    expect(Number(ffprobe(local).format.duration)).toBeCloseTo(Number(ffprobe(fannedOut!.file).format.duration), 1);
    // the fan-out task renders from the near-lossless mezzanine, the job from the original: only
    // encoding noise may differ, not framing, captions or range
    for (const t of [1, (fannedOut!.end - fannedOut!.start) / 2]) {
      expect(meanAbsDiff(grayFrame(local, t, 135, 240), grayFrame(fannedOut!.file, t, 135, 240))).toBeLessThan(3);
    }
  });

  it("an HD task whose mezzanine cannot be fetched reports clip_hd_failed with its stage", async () => {
    const id = randomUUID();
    const task = {
      job_id: id,
      clip_index: 2,
      source: { url: "http://127.0.0.1:9/clip-2-src.mp4" }, // nothing listens there: the download fails
      clip: { start: 0, end: 8, metadata: { layout: "face_tracking" } },
      aspect: "9:16",
      brand_kit: null,
      callback: { base_url: worker.base, token: worker.token },
    };
    expect((await postJson("/v1/clips/hd", task)).status).toBe(202);
    const failed = await waitFor(() => worker.events(id).find((e) => e.type === "clip_hd_failed"), 30_000, "clip_hd_failed");
    expect(failed).toMatchObject({ type: "clip_hd_failed", clip_index: 2, stage: "downloading" });
    expect(typeof (failed as { error?: unknown }).error).toBe("string");
    expect(worker.events(id).some((e) => e.type === "clip_hd" || e.type === "failed")).toBe(false);
  });
});
