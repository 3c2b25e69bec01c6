// Renditions on the backend (docs/render-protocol.md "Renditions"): a real server process, a fake
// Worker on loopback serving a short real clip (the Obama address, cut to each shape at its preview
// frame, 1.5 s), real ffmpeg. POST /v1/clips/rendition scales each clip to the rendition of its own
// shape (720x1280, 720x720, 720x900, 1280x720: protocol renditionFrame), PUTs clip-<i>-<w>x<h>.mp4
// and sends clip_rendition. The picture fills the frame (no black bars: never padded into 9:16).
import { randomUUID } from "node:crypto";
import path from "node:path";
import { ASPECT_FRAMES, ASPECTS, renditionFrame, type Aspect } from "@katto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renditionArgs, renditionShapeError } from "../../src/ffmpeg/encode-settings.js";
import { type FakeWorker, startFakeWorker, waitFor } from "../helpers/fake-worker.js";
import { ffmpeg, ffprobe, grayFrame, media, meanGray, tmpDir } from "../helpers/media.js";
import { type RenderServer, startRenderServer } from "../helpers/render-server.js";

let worker: FakeWorker;
let server: RenderServer;
let clipDir: string;
const OBAMA = media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
const fileOf = (a: Aspect) => `clip-${ASPECTS.indexOf(a)}-preview.mp4`;

beforeAll(async () => {
  clipDir = tmpDir("katto-rendition-src-");
  // each shape's clip as a job's preview of that shape would be: the shape's preview frame, cut from a real recording
  for (const a of ASPECTS) {
    const f = ASPECT_FRAMES[a].preview;
    ffmpeg(["-ss", "1", "-t", "1.5", "-i", OBAMA, "-vf", `crop='min(iw,ih*${f.width}/${f.height})':'min(ih,iw*${f.height}/${f.width})',scale=${f.width}:${f.height},setsar=1`, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", path.join(clipDir, fileOf(a))]);
  }
  worker = await startFakeWorker(clipDir);
  server = await startRenderServer();
});
afterAll(async () => {
  await server?.stop();
  await worker?.close();
});

const postJson = (p: string, body: unknown) => fetch(`${server.url}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("renditions", () => {
  it("renditionArgs scales to the size with the HD encode's settings and copies the audio; a size of another shape than the clip is refused", () => {
    const args = renditionArgs("in.mp4", { width: 720, height: 1280 }, "out.mp4");
    expect(args.slice(0, 2)).toEqual(["-i", "in.mp4"]);
    expect(args[args.indexOf("-vf") + 1]).toBe("scale=720:1280:flags=lanczos,setsar=1");
    expect(args[args.indexOf("-c:v") + 1]).toBe("libx264");
    expect(args[args.indexOf("-crf") + 1]).toBe("21");
    expect(args[args.indexOf("-c:a") + 1]).toBe("copy");
    expect(args.at(-1)).toBe("out.mp4");
    expect(renditionShapeError({ width: 540, height: 676 }, renditionFrame("4:5"))).toBeNull();
    expect(renditionShapeError({ width: 1080, height: 1080 }, renditionFrame("9:16"))).toBe("the clip is 1080x1080, another shape than the 720x1280 rendition asked for");
  });

  it("POST /v1/clips/rendition turns each shape's clip into the rendition of its own shape, of the same duration and audio, filled edge to edge, and sends clip_rendition", async () => {
    const id = randomUUID();
    const task = (a: Aspect) => ({
      job_id: id,
      clip_index: ASPECTS.indexOf(a),
      source: { url: worker.mediaUrl(fileOf(a)) },
      size: renditionFrame(a),
      callback: { base_url: worker.base, token: worker.token },
    });
    for (const a of ASPECTS) {
      const r = await postJson("/v1/clips/rendition", task(a));
      expect(r.status, a).toBe(202);
      expect(await r.json()).toEqual({ job_id: id, clip_index: ASPECTS.indexOf(a), accepted: true });
    }
    // a size outside the allowed list is refused, naming the field and the sizes made
    const bad = await postJson("/v1/clips/rendition", { ...task("1:1"), size: { width: 1000, height: 1000 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("size must be one of 720x1280, 720x720, 720x900, 1280x720");

    for (const a of ASPECTS) {
      const i = ASPECTS.indexOf(a);
      const { width, height } = renditionFrame(a);
      const name = `clip-${i}-${width}x${height}.mp4`;
      const ev = await waitFor(() => worker.events(id).find((e) => e.type === "clip_rendition" && e.clip_index === i), 60_000, `clip_rendition ${a}`);
      expect(ev).toEqual({ type: "clip_rendition", clip_index: i, width, height, file: name });
      expect(worker.calls.find((c) => c.jobId === id && c.kind === "file" && c.name === name), a).toMatchObject({ status: 201, contentType: "video/mp4" });
      const source = ffprobe(path.join(clipDir, fileOf(a)));
      const out = ffprobe(worker.file(id, name));
      expect(out.streams.find((s) => s.codec_type === "video"), a).toMatchObject({ codec_name: "h264", profile: "High", width, height, pix_fmt: "yuv420p" });
      const audioIn = source.streams.find((s) => s.codec_type === "audio")!;
      expect(out.streams.find((s) => s.codec_type === "audio"), a).toMatchObject({ codec_name: audioIn.codec_name, sample_rate: audioIn.sample_rate, channels: audioIn.channels });
      expect(Number(out.format.duration), a).toBeCloseTo(Number(source.format.duration), 1);
      // the picture reaches every edge: no black bar of a 9:16 pad (the Obama frame is a lit room)
      const px = grayFrame(worker.file(id, name), 0.7, width, height);
      const bands = { top: { x0: 0, y0: 0, x1: width, y1: 8 }, bottom: { x0: 0, y0: height - 8, x1: width, y1: height }, left: { x0: 0, y0: 0, x1: 8, y1: height }, right: { x0: width - 8, y0: 0, x1: width, y1: height } };
      for (const [edge, rect] of Object.entries(bands)) expect(meanGray(px, width, rect), `${a} ${edge}`).toBeGreaterThan(25);
    }
  });
});
