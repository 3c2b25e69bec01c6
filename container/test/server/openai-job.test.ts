// Issue 24, done when: a whole job with KATTO_SPEECH_ENGINE=openai pointed at a stand-in of an
// OpenAI-compatible server that answers with the gold words of real LibriVox speech. The render
// server runs as its own process, as the Worker sees it; the transcript, the captions and the
// title carry the gold words exactly, the transcript names the engine, and the stand-in saw the
// documented request. A wrong key ends the job with the endpoint's own message.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeWorker, startFakeWorker, waitFor } from "../helpers/fake-worker.js";
import { ffmpeg, parseSrt, tmpDir } from "../helpers/media.js";
import { type RenderServer, startRenderServer } from "../helpers/render-server.js";
import { wordErrorRate } from "../helpers/wer.js";
import { type GoldSource, openAiError, senseAndSensibility, startOpenAiStandIn } from "../engines/openai-stand-in.js";

let gold: GoldSource;
let worker: FakeWorker;
let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
let server: RenderServer;
const dir = tmpDir("katto-openai-job-");

beforeAll(async () => {
  gold = await senseAndSensibility(dir);
  // a talking-head-like video (a test pattern) carrying the gold speech
  ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-i", gold.wavPath, "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-y", path.join(dir, "sense.mp4")]);
  worker = await startFakeWorker(dir);
  standIn = await startOpenAiStandIn(gold);
  server = await startRenderServer({ KATTO_SPEECH_ENGINE: "openai", KATTO_OPENAI_BASE_URL: standIn.baseUrl, KATTO_OPENAI_API_KEY: "sk-test-key", KATTO_SCORER: "offline" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  await worker?.close();
});

const job = (id: string) => ({
  job_id: id,
  source: { url: worker.mediaUrl("sense.mp4"), kind: "url" },
  config: { aspect: "9:16", clipLength: "lt30" },
  callback: { base_url: worker.base, token: worker.token },
  limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 1 },
});
const post = (body: unknown) => fetch(`${server.url}/v1/jobs`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const bare = (s: string) => s.toLowerCase().replace(/[^a-z0-9' ]+/g, " ").split(/\s+/).filter(Boolean);

describe("a job transcribed by an OpenAI-compatible server", () => {
  it("carries the gold words into the transcript, the captions and the title, and names the engine", async () => {
    const id = randomUUID();
    expect((await post(job(id))).status).toBe(202);
    await waitFor(() => worker.events(id).find((e) => e.type === "clips" || e.type === "failed"), 200_000, "clips");
    const evs = worker.events(id);
    expect(evs.find((e) => e.type === "failed")).toBeUndefined();

    // the documented request: one multipart upload of the whole audio, the key as a bearer token
    const mine = standIn.requests.filter((r) => r.headers.authorization === "Bearer sk-test-key");
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine[0]!.url).toBe("/v1/audio/transcriptions");
    expect(mine[0]!.fields.model).toEqual(["whisper-1"]);
    expect(mine[0]!.fields.response_format).toEqual(["verbose_json"]);
    expect(mine[0]!.fields["timestamp_granularities[]"]).toEqual(["word", "segment"]);

    const t = evs.find((e) => e.type === "transcript") as unknown as { words: { word: string }[]; engine: string; lang: string };
    expect(t.engine).toBe("openai:whisper-1");
    expect(t.lang).toBe("en");
    const goldText = gold.words.map((w) => w.word).join(" ");
    expect(wordErrorRate(goldText, t.words.map((w) => w.word).join(" ")).wer).toBe(0);

    const clip = (evs.find((e) => e.type === "clips") as unknown as { clips: { captions_file: string; title: string; start: number; end: number }[] }).clips[0]!;
    const inClip = gold.words.filter((w) => w.start >= clip.start - 0.05 && w.end <= clip.end + 0.05).map((w) => w.word);
    const cues = parseSrt(readFileSync(worker.file(id, clip.captions_file), "utf8"));
    const captioned = bare(cues.map((c) => c.lines.join(" ")).join(" "));
    expect(captioned.length).toBeGreaterThan(5);
    expect(wordErrorRate(inClip.join(" "), captioned.join(" ")).wer).toBe(0);
    // the title is made of the clip's gold words (trimmed and capitalised, never misheard)
    const vocabulary = new Set(bare(goldText));
    for (const w of bare(clip.title)) expect(vocabulary.has(w), `${w} in "${clip.title}"`).toBe(true);
  }, 240_000);

  it("ends with the endpoint's own message when the server refuses the key", async () => {
    const id = randomUUID();
    standIn.script.push(openAiError(401, "Incorrect API key provided: sk-test-key. You can find your API key at https://platform.openai.com/account/api-keys.", "invalid_request_error", "invalid_api_key"));
    expect((await post(job(id))).status).toBe(202);
    const failed = (await waitFor(() => worker.events(id).find((e) => e.type === "failed"), 120_000, "failed")) as unknown as { error: string; stage: string };
    expect(failed.stage).toBe("transcribe");
    expect(failed.error).toContain("Incorrect API key provided");
    expect(failed.error).toContain("KATTO_OPENAI_API_KEY");
    expect(worker.events(id).find((e) => e.type === "clips")).toBeUndefined();
  }, 180_000);
});
