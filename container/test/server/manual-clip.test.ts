// A clip made by hand (ManualClipTask, POST /v1/clips/manual) through a real render server process
// and a fake Worker, on real media: one 1080x1920 render of exactly the range asked, with its SRT,
// thumbnail, score and title, reported as `manual_clip`; a range outside the source as `manual_clip_failed`.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClipTaskSchema, parseWith, type ManualClipTaskInput } from "@katto/protocol";
import { manualMoment, requestedLayout } from "../../src/manual-clip.js";
import { type FakeWorker, startFakeWorker, waitFor } from "../helpers/fake-worker.js";
import { ffprobe, mediaDir, parseSrt } from "../helpers/media.js";
import { type RenderServer, startRenderServer } from "../helpers/render-server.js";

const SOURCE = "video_misc/auto-editor_example.mp4"; // 42.5 s, speech from 0.16 to 17.21 s
const TEXT =
  "Hello, this is an example video for your convenience and pleasure. You are allowed to use this voice for any purpose, including commercial use. On the bottom right you can see the time.";
// the words spread over the speech, 0.05 s apart: what the Worker hands over from the job's transcript
const WORDS = (() => {
  const ws = TEXT.split(" ");
  const step = (14.5 - 0.2) / ws.length;
  return ws.map((word, i) => ({ word, start: Math.round((0.2 + i * step) * 1000) / 1000, end: Math.round((0.2 + (i + 1) * step - 0.05) * 1000) / 1000 }));
})();

let worker: FakeWorker;
let server: RenderServer;

function task(id: string, range: { start: number; end: number }, params: ManualClipTaskInput["params"] = {}, clip_index = 3): ManualClipTaskInput {
  return {
    job_id: id,
    clip_index,
    source: { url: worker.mediaUrl(SOURCE), kind: "url" },
    range,
    transcript: { lang: "en", words: WORDS.filter((w) => w.end > range.start - 5 && w.start < range.end + 5), engine: "whisper-cpp:base.en" },
    config: { clipLength: "lt30" },
    params,
    callback: { base_url: worker.base, token: worker.token },
  };
}

const post = (body: unknown) => fetch(`${server.url}/v1/clips/manual`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  worker = await startFakeWorker(mediaDir());
  server = await startRenderServer();
});
afterAll(async () => {
  await server?.stop();
  await worker?.close();
});

describe("manual clip: pure parts", () => {
  it("manualMoment keeps the words wholly inside the range; requestedLayout leaves face_tracking to the stages", () => {
    const m = manualMoment({ start: 2, end: 6 }, WORDS, 42.5);
    expect(m.words.length).toBeGreaterThan(3);
    expect(m.words.every((w) => w.start >= 2 && w.end <= 6)).toBe(true);
    expect(m.text.split(" ")[0]).toBe(m.words[0]!.word);
    expect(() => manualMoment({ start: 50, end: 60 }, WORDS, 42.5)).toThrow(/outside the 42.5 s source/);
    expect(requestedLayout("face_tracking", {})).toBeNull();
    expect(requestedLayout(undefined, {})).toBeNull();
    expect(requestedLayout("stacked", {})).toBe("stacked");
    expect(parseWith(ManualClipTaskSchema, { ...task("j", { start: 5, end: 4 }) }).ok).toBe(false);
  });
});

describe("POST /v1/clips/manual", () => {
  it("renders exactly the range at 1080x1920 with captions, a score and the caller's title, and reports manual_clip", async () => {
    const id = randomUUID();
    const range = { start: 2.35, end: 10.6 };
    const r = await post(task(id, range, { layout_mode: "wide", title: "Made by hand" }));
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ job_id: id, clip_index: 3, accepted: true });
    const ev = await waitFor(() => worker.events(id).find((e) => e.type === "manual_clip" || e.type === "manual_clip_failed"), 150_000, "manual_clip");
    expect(ev.type, JSON.stringify(ev)).toBe("manual_clip");
    const clip = ev.clip as { clip_index: number; file: string; captions_file: string; hd: boolean; start: number; end: number; title: string; score: number; subscores: Record<string, number>; justification: string; metadata: { layout: string; words: unknown[]; transcript_engine: string } };
    expect(clip).toMatchObject({ clip_index: 3, hd: true, start: 2.35, end: 10.6, title: "Made by hand", file: "clip-3.mp4", captions_file: "clip-3.srt" });
    expect(clip.score).toBeGreaterThan(0);
    expect(Object.keys(clip.subscores).sort()).toEqual(["flow", "hook", "trend", "value"]);
    expect(clip.justification.length).toBeGreaterThan(10);
    expect(clip.metadata.layout).toBe("wide");
    expect(clip.metadata.transcript_engine).toBe("whisper-cpp:base.en");
    const probe = ffprobe(worker.file(id, clip.file));
    const v = probe.streams.find((s) => s.codec_type === "video")!;
    expect([v.width, v.height]).toEqual([1080, 1920]);
    expect(Math.abs(Number(probe.format.duration) - (range.end - range.start))).toBeLessThan(0.1);
    const srt = parseSrt(readFileSync(worker.file(id, clip.captions_file), "utf8"));
    expect(srt.length).toBeGreaterThan(2);
    expect(srt.at(-1)!.end).toBeLessThanOrEqual(range.end - range.start + 0.05);
    expect(existsSync(worker.file(id, "clip-3.jpg"))).toBe(true);
  });

  it("chooses the framing itself without a layout, titles the clip from its words, and reports a range past the source as manual_clip_failed", async () => {
    const id = randomUUID();
    expect((await post(task(id, { start: 5, end: 12 }, {}, 4))).status).toBe(202);
    const bad = randomUUID();
    expect((await post(task(bad, { start: 50, end: 60 }, {}, 5))).status).toBe(202);
    const ev = await waitFor(() => worker.events(id).find((e) => e.type === "manual_clip" || e.type === "manual_clip_failed"), 150_000, "manual_clip");
    expect(ev.type, JSON.stringify(ev)).toBe("manual_clip");
    const clip = ev.clip as { title: string; metadata: { layout: string } };
    expect(clip.title.length).toBeGreaterThan(3);
    expect(clip.title).not.toBe("Untitled moment");
    expect(typeof clip.metadata.layout).toBe("string");
    const failed = await waitFor(() => worker.events(bad).find((e) => e.type === "manual_clip_failed" || e.type === "manual_clip"), 60_000, "manual_clip_failed");
    expect(failed).toMatchObject({ type: "manual_clip_failed", clip_index: 5 });
    expect(String(failed.error)).toMatch(/outside the 42.5 s source/);
  });
});
