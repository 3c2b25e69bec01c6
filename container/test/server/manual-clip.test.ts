// A clip made by hand (ManualClipTask, POST /v1/clips/manual) through a real render server process
// and a fake Worker, on real media: one 1080x1920 render of the range asked with every style option
// (jump cuts, translated captions, B-roll), its SRTs, thumbnail, score, title and measured quality,
// reported as `manual_clip`; a promoted candidate's edges fixed in the job's quality rounds; a range outside the source as `manual_clip_failed`.
import { randomUUID } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClipTaskSchema, parseWith, type ManualClipTaskInput } from "@katto/protocol";
import { manualMoment, requestedLayout } from "../../src/work/manual-clip.js";
import { SILENCE_NOISE_DB } from "../../src/quality/measure-clip.js";
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

function task(id: string, range: { start: number; end: number }, params: ManualClipTaskInput["params"] = {}, clip_index = 3, over: Partial<ManualClipTaskInput> = {}): ManualClipTaskInput {
  return {
    ...over,
    job_id: id,
    clip_index,
    source: { url: worker.mediaUrl(SOURCE), kind: "url" },
    range,
    transcript: { lang: "en", words: WORDS.filter((w) => w.end > range.start - 5 && w.start < range.end + 5), engine: "whisper-cpp:base.en" },
    config: { clipLength: "lt30", aspect: "9:16", ...over.config },
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
    expect(requestedLayout("face_tracking", { aspect: "9:16" })).toBeNull();
    expect(requestedLayout(undefined, { aspect: "9:16" })).toBeNull();
    expect(requestedLayout("stacked", { aspect: "9:16" })).toBe("stacked");
    expect(parseWith(ManualClipTaskSchema, { ...task("j", { start: 5, end: 4 }) }).ok).toBe(false);
  });
});

describe("POST /v1/clips/manual", () => {
  it("chooses the framing itself without a layout, titles the clip from its words, fixes a promoted candidate's edges as a job's clips', and reports a range past the source as manual_clip_failed", async () => {
    const id = randomUUID();
    // a promoted candidate (issue 33): 5-12 s starts on the last word of a sentence and ends inside another
    expect((await post(task(id, { start: 5, end: 12 }, {}, 4, { candidate: true }))).status).toBe(202);
    const bad = randomUUID();
    expect((await post(task(bad, { start: 50, end: 60 }, {}, 5))).status).toBe(202);
    const ev = await waitFor(() => worker.events(id).find((e) => e.type === "manual_clip" || e.type === "manual_clip_failed"), 150_000, "manual_clip");
    expect(ev.type, JSON.stringify(ev)).toBe("manual_clip");
    const clip = ev.clip as { title: string; metadata: { timeline?: { layout: string } } };
    expect(clip.title.length).toBeGreaterThan(3);
    expect(clip.title).not.toBe("Untitled moment");
    expect(typeof clip.metadata.timeline?.layout).toBe("string");
    // the same quality fix rounds as a job's clips: its edges moved to sentence boundaries, the fix recorded
    const fixed = ev.clip as { start: number; end: number; quality: { fixes: { flag: string }[]; starts_on_sentence: boolean | null; ends_on_sentence: boolean | null } };
    expect(fixed.quality.fixes.map((f) => f.flag), JSON.stringify(fixed.quality)).toContain("cuts_mid_sentence");
    expect([fixed.quality.starts_on_sentence, fixed.quality.ends_on_sentence]).toEqual([true, true]);
    expect([fixed.start, fixed.end]).not.toEqual([5, 12]);
    const failed = await waitFor(() => worker.events(bad).find((e) => e.type === "manual_clip_failed" || e.type === "manual_clip"), 60_000, "manual_clip_failed");
    expect(failed).toMatchObject({ type: "manual_clip_failed", clip_index: 5 });
    expect(String(failed.error)).toMatch(/outside the 42.5 s source/);
  });
});

describe("a clip by hand with every style option (issue 33 case 5)", () => {
  it("renders the range at 1080x1920 with a score and the caller's title, cuts its silence, translates its captions, cuts away to B-roll, and is measured: quality on the report", async () => {
    const id = randomUUID();
    // the end of the speech (to 17.2 s), then 8 s of silence that remove_silences cuts
    const range = { start: 10, end: 25 };
    const broll = { library: [{ id: "hopper", kind: "image" as const, url: worker.mediaUrl("photos/grace_hopper.jpg"), keywords: ["time"] }], stock: null };
    const style = { remove_silences: true, caption_language: "es" as const, broll: "library" as const };
    const r = await post(task(id, range, { layout_mode: "wide", title: "Made by hand" }, 3, { config: { aspect: "9:16", style }, broll }));
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ job_id: id, clip_index: 3, accepted: true });
    const ev = await waitFor(() => worker.events(id).find((e) => e.type === "manual_clip" || e.type === "manual_clip_failed"), 150_000, "manual_clip");
    expect(ev.type, JSON.stringify(ev)).toBe("manual_clip");
    const clip = ev.clip as {
      clip_index: number; file: string; captions_file: string; captions_original_file?: string; hd: boolean; start: number; end: number; title: string; score: number; subscores: Record<string, number>; justification: string;
      quality?: { ok: boolean; speech_share: number }; cover_file?: string; cover_time?: number; metadata: { timeline?: { layout: string }; edits: { cuts: { source_start: number; source_end: number }[]; broll: { asset: string; start: number; end: number }[] }; captions_translated?: { to: string }; transcript_engine: string };
    };
    // a range given by hand is the caller's: measured (quality below), its edges not moved
    expect(clip).toMatchObject({ clip_index: 3, hd: true, start: 10, end: 25, title: "Made by hand", file: "clip-3.mp4", captions_file: "clip-3.srt" });
    expect(clip.score).toBeGreaterThan(0);
    expect(Object.keys(clip.subscores).sort()).toEqual(["flow", "hook", "trend", "value"]);
    expect(clip.justification.length).toBeGreaterThan(10);
    expect(clip.metadata.timeline?.layout).toBe("wide");
    // the engine that made the job's transcript, not "job transcript"
    expect(clip.metadata.transcript_engine).toBe("whisper-cpp:base.en");
    expect(existsSync(worker.file(id, "clip-3.jpg"))).toBe(true);
    // measured as the job's clips are
    expect(clip.quality).toBeDefined();
    expect(clip.quality!.speech_share).toBeGreaterThan(0.5);
    // the silence went: the file is the range less its cuts, with no long pause left (this test's
    // words are spread evenly over the speech, not aligned to it, so a short pause under a word
    // stays: the 0.7 s bound on aligned words is test/rerender/trim-rebuild.test.ts's)
    const cut = clip.metadata.edits.cuts.reduce((a, c) => a + (c.source_end - c.source_start), 0);
    expect(cut).toBeGreaterThan(6);
    const mp4 = worker.file(id, clip.file);
    const probe = ffprobe(mp4);
    const v = probe.streams.find((s) => s.codec_type === "video")!;
    expect([v.width, v.height]).toEqual([1080, 1920]);
    const duration = Number(probe.format.duration);
    expect(Math.abs(duration - (range.end - range.start - cut))).toBeLessThan(0.15);
    const err = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", mp4, "-af", `silencedetect=noise=${SILENCE_NOISE_DB}dB:d=1.2`, "-f", "null", "-"], { encoding: "utf8" }).stderr;
    const pauses = [...err.matchAll(/silence_(start|end): ([\d.]+)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(pauses, JSON.stringify({ duration, cuts: clip.metadata.edits.cuts })).toEqual([]);
    // captions in Spanish, the spoken words as the second SRT
    expect(clip.metadata.captions_translated?.to).toBe("es");
    expect(clip.captions_original_file).toBe("clip-3-original.srt");
    const srt = parseSrt(readFileSync(worker.file(id, clip.captions_file), "utf8"));
    expect(srt.at(-1)!.end).toBeLessThanOrEqual(duration + 0.05);
    const shown = srt.flatMap((c) => c.lines).join(" ");
    const spoken = parseSrt(readFileSync(worker.file(id, clip.captions_original_file!), "utf8")).flatMap((c) => c.lines).join(" ");
    expect(spoken).toMatch(/bottom right/i);
    expect(shown).not.toMatch(/bottom right/i);
    // a cutaway where "time" is said
    expect(clip.metadata.edits.broll.map((b) => b.asset)).toEqual(["hopper"]);
    // the cover, placed by the timeline the delivered render drew: on the speaker, never on the cutaway
    expect(clip.cover_file).toBe(clip.file.replace(/\.mp4$/, "-cover.jpg"));
    for (const b of clip.metadata.edits.broll) expect(clip.cover_time! < b.start || clip.cover_time! > b.end, JSON.stringify({ cover: clip.cover_time, broll: b })).toBe(true);
  });
});
