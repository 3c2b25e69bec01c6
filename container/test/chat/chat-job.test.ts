// Issue 42, done when: whole jobs with the backend configured as an operator would
// (KATTO_SCORER=openai, KATTO_CHAT_BASE_URL at a stand-in chat server, KATTO_CHAT_MODEL,
// KATTO_CHAT_API_KEY; createDefaultDeps from loadConfig) over real speech: the MIT lecture under
// a test picture, its words as Whisper timed them (speech recognition is not under test here, so
// the transcribe step answers them). The clips are the planted moments (within 1.5 s after
// snapping) with the planted titles, descriptions, hashtags and emphasised words, and name the
// model; the planted proposal where nothing is spoken is a candidate with its reason; the request
// carried the job's customPrompt. A malformed answer and a refused key each leave a completed job
// with Katto's own clips and a warning naming the engine.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderJobSchema, type RenderEvent } from "@katto/protocol";
import { createCallbackClient } from "../../src/runtime/callback-client.js";
import { loadConfig } from "../../src/runtime/config.js";
import { createDefaultDeps } from "../../src/work/pipeline-deps.js";
import { runJob } from "../../src/work/pipeline.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";
import { momentsContent, promptOf, startChatStandIn } from "../engines/chat-stand-in.js";
import { LECTURE_AUDIO, lectureTranscript, planted, sentencesRange } from "./lecture.js";

const MODEL = "llama3.1:8b-instruct-q4_K_M";
const KEY = "sk-local";
const dir = tmpDir("katto-chat-job-");
const t = lectureTranscript();
let worker: FakeWorker;
let chat: Awaited<ReturnType<typeof startChatStandIn>>;

const A = sentencesRange(t.words, 6, 11);
const B = sentencesRange(t.words, 26, 28);
const C = sentencesRange(t.words, 17, 20);
const PLANTED = [planted({ start: A.start + 0.5, end: A.end - 0.4 }, 1, { score: 92 }), planted({ start: B.start - 0.3, end: B.end + 0.3 }, 2, { score: 84 }), planted(C, 3, { score: 71 }), planted({ start: 189, end: 199.5 }, 4, { score: 88 })];
const PROMPT = "the moments where he bets his life on physics";

beforeAll(async () => {
  ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-i", media(LECTURE_AUDIO), "-shortest", "-ac", "1", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-y", path.join(dir, "lecture.mp4")]);
  worker = await startFakeWorker(dir);
  chat = await startChatStandIn({ model: MODEL, key: KEY });
}, 120_000);
afterAll(async () => {
  await chat?.close();
  await worker?.close();
});

type ClipsEvent = Extract<RenderEvent, { type: "clips" }>;

async function job(o: { key?: string; maxClips: number }): Promise<ClipsEvent> {
  const cfg = loadConfig({ KATTO_SCORER: "openai", KATTO_CHAT_BASE_URL: chat.baseUrl, KATTO_CHAT_MODEL: MODEL, KATTO_CHAT_API_KEY: o.key ?? KEY });
  const deps = { ...createDefaultDeps(cfg), transcribe: async () => t };
  const jobId = randomUUID();
  const rj = RenderJobSchema.parse({
    job_id: jobId,
    source: { url: worker.mediaUrl("lecture.mp4"), kind: "url" },
    config: { aspect: "9:16", clipLength: "lt30", customPrompt: PROMPT, style: { emphasis: "keywords" } },
    callback: { base_url: worker.base, token: worker.token },
    limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: o.maxClips },
    hd: { mode: "fanout" },
  });
  const signal = new AbortController().signal;
  const client = createCallbackClient({ baseUrl: worker.base, token: worker.token, jobId, signal });
  const outcome = await runJob({ job: rj, signal, client, deps, workRoot: dir, renderConcurrency: 1, encoder: fastHdEncoder });
  expect(outcome.status).toBe("completed");
  return (worker.events(jobId) as RenderEvent[]).find((e) => e.type === "clips") as ClipsEvent;
}

const bare = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

describe("a job whose moments a chat model chooses", () => {
  it("delivers the planted moments with the model's titles, post copy and key words, names the model, and lists the proposal outside the speech", async () => {
    chat.requests.length = 0;
    chat.script.push({ content: momentsContent(PLANTED) });
    const ev = await job({ maxClips: 3 });
    expect(ev.clips.map((c) => c.title)).toEqual(["Planted title 1", "Planted title 2", "Planted title 3"]);
    ev.clips.forEach((c, i) => {
      const want = [A, B, C][i]!;
      expect(Math.abs(c.start - want.start), `clip ${i} start`).toBeLessThan(1.5);
      expect(Math.abs(c.end - want.end), `clip ${i} end`).toBeLessThan(1.5);
      expect(c.description).toBe(`Planted description ${i + 1} of the lecture.`);
      expect(c.hashtags).toEqual([`#Physics${i + 1}`, "#Lecture"]);
      expect(c.metadata.scorer).toEqual({ engine: "openai", model: MODEL });
      expect(c.metadata.key_words).toEqual(["energy", "pendulum"]);
    });
    // the first clip speaks of energy: its captions emphasise it
    const emphasised = ev.clips[0]!.metadata.edits!.emphasis.map((e) => bare(e.word));
    expect(emphasised).toContain("energy");
    expect(ev.candidates?.find((c) => c.reason === "outside_speech")).toMatchObject({ start: 189, end: 199.5 });
    expect((ev.warnings ?? []).filter((w) => w.code === "chat_model_fallback")).toEqual([]);
    expect(chat.requests).toHaveLength(1);
    expect(chat.requests[0]!.body.model).toBe(MODEL);
    expect(chat.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(promptOf(chat.requests[0]!)).toContain(PROMPT);
  }, 400_000);

  it("completes with Katto's own clips and a warning naming the engine when the answers are malformed", async () => {
    chat.script.push({ content: "Here you go: moments are at 23 s and 150 s." }, { content: '{"moments": [{"start": "soon"}]}' });
    const ev = await job({ maxClips: 1 });
    expect(ev.clips.length).toBe(1);
    expect(ev.clips[0]!.metadata.scorer).toMatchObject({ engine: "offline", fallback_reason: expect.stringContaining(`openai:${MODEL}`) });
    const w = ev.warnings?.find((x) => x.code === "chat_model_fallback");
    expect(w?.message).toContain(`The chat model openai:${MODEL}`);
    expect(w?.message).toContain("answered twice with nothing usable");
  }, 400_000);

  it("completes with Katto's own clips and a warning naming the engine when the server refuses the key", async () => {
    const ev = await job({ key: "sk-revoked", maxClips: 1 });
    expect(ev.clips.length).toBe(1);
    expect(ev.clips[0]!.metadata.scorer?.engine).toBe("offline");
    const w = ev.warnings?.find((x) => x.code === "chat_model_fallback");
    expect(w?.message).toContain(`The chat model openai:${MODEL}`);
    expect(w?.message).toContain("refused the key (HTTP 401");
    expect(w?.message).toContain("KATTO_CHAT_API_KEY");
  }, 400_000);
});
