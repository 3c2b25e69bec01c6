// Renditions on the backend (docs/render-protocol.md "Renditions"): a real server process, a fake
// Worker on loopback serving a generated 1080x1920 clip, real ffmpeg. POST /v1/clips/rendition
// scales the clip to 720x1280, PUTs clip-<i>-720x1280.mp4 and sends clip_rendition.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renditionArgs } from "../../src/ffmpeg/encode-settings.js";
import { type FakeWorker, startFakeWorker, waitFor } from "../helpers/fake-worker.js";
import { ffprobe, generateVideo, tmpDir } from "../helpers/media.js";
import { type RenderServer, startRenderServer } from "../helpers/render-server.js";

let worker: FakeWorker;
let server: RenderServer;
let clipDir: string;

beforeAll(async () => {
  clipDir = tmpDir("katto-rendition-src-");
  generateVideo(path.join(clipDir, "clip-0.mp4"), { w: 1080, h: 1920, seconds: 3, fps: 30 });
  worker = await startFakeWorker(clipDir);
  server = await startRenderServer();
});
afterAll(async () => {
  await server?.stop();
  await worker?.close();
});

const postJson = (p: string, body: unknown) => fetch(`${server.url}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("renditions", () => {
  it("renditionArgs scales to the size with the HD encode's settings and copies the audio", () => {
    const args = renditionArgs("in.mp4", { width: 720, height: 1280 }, "out.mp4");
    expect(args.slice(0, 2)).toEqual(["-i", "in.mp4"]);
    expect(args[args.indexOf("-vf") + 1]).toBe("scale=720:1280:force_original_aspect_ratio=decrease:flags=lanczos,pad=720:1280:(ow-iw)/2:(oh-ih)/2,setsar=1");
    expect(args[args.indexOf("-c:v") + 1]).toBe("libx264");
    expect(args[args.indexOf("-crf") + 1]).toBe("21");
    expect(args[args.indexOf("-c:a") + 1]).toBe("copy");
    expect(args.at(-1)).toBe("out.mp4");
  });

  it("POST /v1/clips/rendition turns a 1080x1920 clip into clip-0-720x1280.mp4 of the same duration and audio, and sends clip_rendition", async () => {
    const id = randomUUID();
    const task = {
      job_id: id,
      clip_index: 0,
      source: { url: worker.mediaUrl("clip-0.mp4") },
      size: { width: 720, height: 1280 },
      callback: { base_url: worker.base, token: worker.token },
    };
    const r = await postJson("/v1/clips/rendition", task);
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ job_id: id, clip_index: 0, accepted: true });
    // a size outside the allowed list is refused, naming the field
    const bad = await postJson("/v1/clips/rendition", { ...task, size: { width: 1000, height: 1000 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("size must be one of 720x1280");

    const ev = await waitFor(() => worker.events(id).find((e) => e.type === "clip_rendition"), 60_000, "clip_rendition");
    expect(ev).toEqual({ type: "clip_rendition", clip_index: 0, width: 720, height: 1280, file: "clip-0-720x1280.mp4" });
    const put = worker.calls.find((c) => c.jobId === id && c.kind === "file" && c.name === "clip-0-720x1280.mp4")!;
    expect(put).toMatchObject({ status: 201, contentType: "video/mp4" });

    const source = ffprobe(path.join(clipDir, "clip-0.mp4"));
    const out = ffprobe(worker.file(id, "clip-0-720x1280.mp4"));
    expect(out.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", profile: "High", width: 720, height: 1280, pix_fmt: "yuv420p" });
    const audioIn = source.streams.find((s) => s.codec_type === "audio")!;
    expect(out.streams.find((s) => s.codec_type === "audio")).toMatchObject({ codec_name: audioIn.codec_name, sample_rate: audioIn.sample_rate, channels: audioIn.channels });
    expect(Number(out.format.duration)).toBeCloseTo(Number(source.format.duration), 1);
  });
});
