// The render server end to end: a real server process, a fake Worker on loopback, real media.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeWorker, processesMatching, startFakeWorker, waitFor } from "../helpers/fake-worker.js";
import { ffprobe, mediaDir, parseSrt } from "../helpers/media.js";
import { type RenderServer, startRenderServer } from "../helpers/render-server.js";

const OBAMA = "video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4";
const NOSPEECH = "video_nospeech/vtest.avi";

let worker: FakeWorker;
let server: RenderServer;

function jobBody(id: string, media: string, o: { max_clips?: number; max_bytes?: number } = {}) {
  return {
    job_id: id,
    source: { url: worker.mediaUrl(media), kind: "url" },
    config: { aspect: "9:16", clipLength: "lt30" },
    callback: { base_url: worker.base, token: worker.token },
    limits: { max_duration_s: 5400, max_bytes: o.max_bytes ?? 200e6, max_clips: o.max_clips ?? 2 },
  };
}

const post = (body: unknown) =>
  fetch(`${server.url}/v1/jobs`, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });

/** Waits until the server runs no work at all (GET /healthz `jobs` is 0): the work's promise settled, so nothing more will be sent. */
async function workEnded() {
  await vi.waitFor(async () => expect(((await (await fetch(`${server.url}/healthz`)).json()) as { jobs: number }).jobs).toBe(0), { timeout: 60_000, interval: 100 });
}

beforeAll(async () => {
  worker = await startFakeWorker(mediaDir());
  server = await startRenderServer();
});
afterAll(async () => {
  await server?.stop();
  await worker?.close();
});

describe("render server", () => {
  it("GET /healthz names the engines", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; engines: Record<string, string> };
    expect(body.ok).toBe(true);
    expect(body.engines.speech).toBe("pocketsphinx");
    expect(body.engines.scorer).toBe("offline");
  });

  it("POST /v1/jobs rejects bad bodies with 400 {error}", async () => {
    for (const bad of ["not json", {}, { ...jobBody(randomUUID(), OBAMA), source: { url: "file:///etc/passwd", kind: "url" } }, { ...jobBody(randomUUID(), OBAMA), limits: { max_duration_s: 1 } }]) {
      const res = await post(bad);
      expect(res.status).toBe(400);
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe("string");
    }
    expect((await fetch(`${server.url}/nope`)).status).toBe(404);
  });

  it("renders a real clip: previews + clips event, then HD + clip_hd; idempotent on job_id", async () => {
    const id = randomUUID();
    const r1 = await post(jobBody(id, OBAMA));
    expect(r1.status).toBe(202);
    expect(await r1.json()).toEqual({ job_id: id, accepted: true });
    const r2 = await post(jobBody(id, OBAMA));
    expect(r2.status).toBe(202);

    await waitFor(() => worker.events(id).find((e) => e.type === "clip_hd" || e.type === "failed"), 100_000, "clip_hd");
    const evs = worker.events(id);
    expect(evs.find((e) => e.type === "failed")).toBeUndefined();
    expect(worker.mediaRequests.get(OBAMA)).toBe(1); // the repeat POST did not start a second run

    // every call carried the bearer token
    const calls = worker.calls.filter((c) => c.jobId === id);
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) expect(c.auth).toBe(`Bearer ${worker.token}`);

    // progress: monotonic pct, known steps; transcript before clips; clips before clip_hd
    const progress = evs.filter((e) => e.type === "progress") as unknown as { pct: number; step: string; status: string }[];
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.pct).toBeGreaterThanOrEqual(progress[i - 1]!.pct);
    const steps = progress.map((p) => p.step);
    for (const s of ["downloading", "probing", "transcribing", "selecting", "scoring", "rendering", "uploading", "done"]) expect(steps).toContain(s);
    const order = evs.map((e) => e.type);
    expect(order.indexOf("transcript")).toBeLessThan(order.indexOf("clips"));
    expect(order.indexOf("clips")).toBeLessThan(order.indexOf("clip_hd"));

    const transcript = evs.find((e) => e.type === "transcript") as unknown as { lang: string; words: { word: string; start: number; end: number }[] };
    expect(transcript.words.length).toBeGreaterThan(3);

    const clips = (evs.find((e) => e.type === "clips") as unknown as { clips: Record<string, any>[] }).clips;
    expect(clips.length).toBeGreaterThanOrEqual(1);
    const clipsAt = worker.calls.find((c) => c.jobId === id && c.event?.type === "clips")!.at;
    for (const c of clips) {
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(100);
      expect(c.title.length).toBeLessThanOrEqual(100);
      expect(c.end).toBeGreaterThan(c.start);
      expect(c.hd).toBe(false);
      expect(c.file).toMatch(/^[a-z0-9][a-z0-9._-]{0,80}$/);
      // files named in `clips` were PUT before it, with the right content types
      for (const [name, type] of [[c.file, "video/mp4"], [c.captions_file, "application/x-subrip"], [c.metadata.thumbnail_file, "image/jpeg"]]) {
        const put = worker.calls.find((x) => x.jobId === id && x.kind === "file" && x.name === name)!;
        expect(put.status).toBe(201);
        expect(put.contentType).toBe(type);
        expect(put.at).toBeLessThanOrEqual(clipsAt);
      }
      const preview = ffprobe(worker.file(id, c.file));
      expect(preview.streams.find((s) => s.codec_type === "video")).toMatchObject({ width: 540, height: 960, codec_name: "h264" });
      expect(Number(preview.format.duration)).toBeCloseTo(c.end - c.start, 0);

      const srt = parseSrt(readFileSync(worker.file(id, c.captions_file), "utf8"));
      expect(srt.length).toBeGreaterThan(0);
      for (const cue of srt) {
        expect(cue.start).toBeGreaterThanOrEqual(0);
        expect(cue.end).toBeLessThanOrEqual(c.end - c.start + 0.001);
      }
      // A talking head: the crop follows the face found by the detector (not the centre).
      expect(c.metadata.timeline?.layout).toBe("face_tracking");
      const path = c.metadata.timeline.crop?.path ?? [];
      expect(path.length).toBeGreaterThan(0);
    }

    const hd = evs.filter((e) => e.type === "clip_hd") as unknown as { clip_index: number; file: string; captions_file: string }[];
    await waitFor(() => worker.events(id).filter((e) => e.type === "clip_hd").length === clips.length, 100_000, "all clip_hd");
    const file = worker.file(id, hd[0]!.file);
    const info = ffprobe(file);
    expect(info.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", profile: "High", width: 1080, height: 1920, pix_fmt: "yuv420p" });
    expect(info.streams.find((s) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac", sample_rate: "48000", channels: 2 });
    expect(worker.calls.find((x) => x.jobId === id && x.name === hd[0]!.file)!.contentType).toBe("video/mp4");
  });

  it("DELETE mid-job kills ffmpeg and uploads nothing more", async () => {
    const id = randomUUID();
    expect((await post(jobBody(id, NOSPEECH, { max_clips: 1 }))).status).toBe(202);
    // wait until the HD render is running (previews were delivered with `clips`)
    await waitFor(() => worker.events(id).some((e) => e.type === "clips"), 100_000, "clips");
    await waitFor(() => processesMatching(`katto-job-${id}`).some((p) => p.cmd.includes("ffmpeg") && p.cmd.includes("clip-0.mp4")), 30_000, "HD ffmpeg");

    const res = await fetch(`${server.url}/v1/jobs/${id}`, { method: "DELETE" });
    expect(await res.json()).toEqual({ job_id: id, cancelled: true });
    // Events, not a stopwatch: the job's processes exit, then its work ends (the registry drops it).
    await waitFor(() => processesMatching(`katto-job-${id}`).length === 0, 60_000, "ffmpeg to exit");
    await workEnded();
    const n = worker.calls.filter((c) => c.jobId === id).length;
    expect(processesMatching(`katto-job-${id}`)).toEqual([]);
    expect(worker.calls.filter((c) => c.jobId === id).length).toBe(n);
    expect(worker.events(id).some((e) => e.type === "clip_hd" || e.type === "failed")).toBe(false);
    expect(worker.calls.some((c) => c.jobId === id && c.name === "clip-0.mp4")).toBe(false);

    const again = await fetch(`${server.url}/v1/jobs/${id}`, { method: "DELETE" });
    expect(await again.json()).toEqual({ job_id: id, cancelled: false });
  });

  it("a 409 from the Worker stops the job at once", async () => {
    const id = randomUUID();
    worker.goneOn.set(id, "transcript");
    expect((await post(jobBody(id, OBAMA))).status).toBe(202);
    await waitFor(() => worker.events(id).some((e) => e.type === "transcript"), 60_000, "transcript");
    await waitFor(() => processesMatching(`katto-job-${id}`).length === 0, 60_000, "processes to exit");
    await workEnded();
    const after = worker.calls.filter((c) => c.jobId === id && c.at > worker.calls.find((x) => x.jobId === id && x.event?.type === "transcript")!.at);
    expect(after).toEqual([]);
  });

  it("a failing source reports `failed` with the stage and a refund", async () => {
    const id = randomUUID();
    const body = jobBody(id, OBAMA);
    body.source.url = worker.mediaUrl("speech/en/jfk.wav"); // audio only
    expect((await post(body)).status).toBe(202);
    const failed = await waitFor(() => worker.events(id).find((e) => e.type === "failed"), 30_000, "failed");
    expect(failed).toEqual({ type: "failed", error: "source has no video stream", stage: "probing", refund: true });
  });
});

describe("shutdown", () => {
  it("SIGTERM aborts running jobs, reports failed with refund, and exits", async () => {
    const own = await startRenderServer();
    const id = randomUUID();
    const res = await fetch(`${own.url}/v1/jobs`, { method: "POST", body: JSON.stringify(jobBody(id, NOSPEECH, { max_clips: 1 })) });
    expect(res.status).toBe(202);
    await waitFor(() => worker.events(id).some((e) => e.type === "progress" && (e as { step?: string }).step === "selecting"), 30_000, "selecting");
    own.child.kill("SIGTERM");
    expect(await own.exited).toBe(0);
    const failed = worker.events(id).find((e) => e.type === "failed");
    expect(failed).toMatchObject({ type: "failed", refund: true });
    expect(processesMatching(`katto-job-${id}`)).toEqual([]);
  });
});
