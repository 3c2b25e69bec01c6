// HD fan-out on the Worker side (docs/render-protocol.md "HD fan-out"): dispatch remembers the
// mode, a fanout job's `clips` enqueues one render_hd per clip, the consumer sends each to its own
// backend instance with a signed mezzanine URL (served with Range), a redelivery for an HD clip is
// skipped, and clip_hd from the tasks flips hd and hd_ready.
import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../../src/env";
import { handleQueueBatch } from "../../../src/queues/consumer";
import { HdClipTaskSchema, RenderJobSchema, type RenderEvent } from "../../../src/schemas/render-protocol";
import { JobSchema } from "@katto/protocol/api";
import { jobFileSourceUrl } from "../../../src/render-backend/callbacks";
import { hdModeOf, renderJobTask } from "../../../src/services/render/job-task";
import { sendTask } from "../../../src/render-backend/send-task";
import { applyRenderEvent } from "../../../src/services/render/events";
import { api, createAccount, SAMPLE_URL, type Client } from "../helpers";
import { clipReport, putFile, sendEvent, storeClipFiles } from "../render-callbacks";

const fanoutEnv = { ...env, HD_FANOUT: "true" } as Env;

/** Send a queued job's render task, as the consumer does for its `render` message. */
async function dispatchRender(e: Env, jobId: string) {
  const task = await renderJobTask(e, jobId);
  if (!task) throw new Error(`job ${jobId} is not queued`);
  return sendTask(e, task);
}

/** A queued job inserted directly (no render message: the test is the only dispatcher). */
async function queuedJob(c: Client): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO jobs (id, account_id, status, progress_step, progress_pct, source, source_url, charged, created_ms, updated_at)
     VALUES (?1, ?2, 'queued', 'queued', 0, 'direct', ?3, 1, ?4, ?5)`,
  )
    .bind(id, c.account.id, SAMPLE_URL, Date.now() + Math.floor(Math.random() * 1e6), new Date().toISOString())
    .run();
  return id;
}

/** Capture the Worker's outbound fetches to the local backend (RENDER_URL) as requests. */
function captureBackend(status = 202) {
  const seen: Request[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    seen.push(new Request(input as RequestInfo, init));
    return Response.json({ accepted: true }, { status });
  });
  return seen;
}

const fanoutClip = (i: number) => ({ ...clipReport(i, 90 - i), metadata: { layout: "face_tracking" as const, words: [], crop_path: [{ t: 0, x: 10 }], mezzanine_file: `clip-${i}-src.mp4` } });
const fanoutClips = (n: number) => Array.from({ length: n }, (_, i) => fanoutClip(i));
const clipsEvent = (n: number): RenderEvent => ({ type: "clips", clips: fanoutClips(n) });
const hdMode = async (id: string) => (await env.DB.prepare("SELECT hd_mode FROM jobs WHERE id = ?").bind(id).first<{ hd_mode: string }>())!.hd_mode;

async function runHdMessage(jobId: string, clipIndex: number, attempts = 1, e: Env = env) {
  const batch = createMessageBatch("katto-render", [{ id: `m-${clipIndex}-${attempts}`, timestamp: Date.now(), attempts, body: { type: "render_hd", job_id: jobId, clip_index: clipIndex } }]);
  const ctx = createExecutionContext();
  await handleQueueBatch(batch, e);
  return getQueueResult(batch, ctx);
}

afterEach(() => vi.restoreAllMocks());

describe("HD mode", () => {
  it("fanout with the container binding (no RENDER_URL) or HD_FANOUT=true; local otherwise", () => {
    expect(hdModeOf({ ...env, RENDER_URL: "" } as Env)).toBe("fanout");
    expect(hdModeOf({ ...env, RENDER_URL: "http://127.0.0.1:8788", HD_FANOUT: "true" } as Env)).toBe("fanout");
    expect(hdModeOf({ ...env, RENDER_URL: "http://127.0.0.1:8788", HD_FANOUT: "" } as Env)).toBe("local");
    expect(hdModeOf(env)).toBe("local");
  });

  it("dispatch sends hd.mode and the job row remembers it", async () => {
    const c = await createAccount();
    const seen = captureBackend();
    const local = await queuedJob(c);
    expect(await dispatchRender(env, local)).toBe("dispatched");
    const fan = await queuedJob(c);
    expect(await dispatchRender(fanoutEnv, fan)).toBe("dispatched");
    const bodies = await Promise.all(seen.map(async (r) => RenderJobSchema.parse(await r.json())));
    expect(bodies.map((b) => [b.job_id, b.hd.mode])).toEqual([
      [local, "local"],
      [fan, "fanout"],
    ]);
    expect([await hdMode(local), await hdMode(fan)]).toEqual(["local", "fanout"]);
  });
});

describe("HD fan-out", () => {
  it("`clips` of a fanout job enqueues one render_hd per clip; a local job's enqueues none", async () => {
    const c = await createAccount();
    // Spies on the real local queue binding: the messages still reach the queue.
    const send = vi.spyOn(env.RENDER_QUEUE, "send");
    const sendBatch = vi.spyOn(env.RENDER_QUEUE, "sendBatch");
    const sent = () => [...send.mock.calls.map(([b]) => b), ...sendBatch.mock.calls.flatMap(([ms]) => [...ms].map((m) => m.body))];
    const spyEnv = env as Env;
    captureBackend();
    const fan = await queuedJob(c);
    await dispatchRender(fanoutEnv, fan);
    await storeClipFiles(fan, fanoutClips(3));
    await applyRenderEvent(spyEnv, fan, clipsEvent(3));
    expect(sent()).toEqual([0, 1, 2].map((clip_index) => ({ type: "render_hd", job_id: fan, clip_index })));
    expect(sendBatch).toHaveBeenCalledTimes(1);

    send.mockClear();
    sendBatch.mockClear();
    const local = await queuedJob(c);
    await dispatchRender(env, local);
    await storeClipFiles(local, fanoutClips(2));
    await applyRenderEvent(spyEnv, local, clipsEvent(2));
    expect(sent()).toEqual([]);
  });

  it("the consumer POSTs /v1/clips/hd with the clip's metadata and a signed, seekable mezzanine URL", async () => {
    const c = await createAccount();
    captureBackend();
    const id = await queuedJob(c);
    await dispatchRender(fanoutEnv, id);
    const mezz = new Uint8Array(1000).map((_, i) => i % 251);
    expect((await putFile(id, "clip-1-src.mp4", mezz)).status).toBe(201);
    await storeClipFiles(id, fanoutClips(2));
    expect((await sendEvent(id, clipsEvent(2))).status).toBe(200);
    vi.restoreAllMocks();

    const seen = captureBackend();
    const result = await runHdMessage(id, 1);
    expect(result.explicitAcks).toEqual(["m-1-1"]);
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.url).pathname).toBe("/v1/clips/hd");
    const task = HdClipTaskSchema.parse(await seen[0]!.json());
    // clipReport(1) spans 10..18 s of the source: the mezzanine holds exactly that, from 0
    expect(task).toMatchObject({ job_id: id, clip_index: 1, clip: { start: 0, end: 8, metadata: fanoutClip(1).metadata }, brand_kit: null, callback: { base_url: "http://127.0.0.1:8787/internal/v1" } });
    vi.restoreAllMocks();

    // the backend fetches the mezzanine with the job's token, and can seek in it
    const full = await SELF.fetch(task.source.url);
    expect(full.status).toBe(200);
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(mezz);
    const part = await SELF.fetch(task.source.url, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(mezz.slice(100, 200));
    const forged = new URL(task.source.url);
    forged.searchParams.set("token", "0".repeat(64));
    expect((await SELF.fetch(forged)).status).toBe(401);
    const other = await queuedJob(c);
    expect((await SELF.fetch(task.source.url.replace(id, other))).status).toBe(401); // the token is per job
    expect((await SELF.fetch(task.source.url.replace("clip-1-src.mp4", "clip-9-src.mp4"))).status).toBe(404);
  });

  it("backend unreachable: retried with backoff, then the clip stays preview", async () => {
    const c = await createAccount();
    captureBackend();
    const id = await queuedJob(c);
    await dispatchRender(fanoutEnv, id);
    await storeClipFiles(id, fanoutClips(1));
    expect((await sendEvent(id, clipsEvent(1))).status).toBe(200);
    vi.restoreAllMocks();
    captureBackend(503);
    const logs = vi.spyOn(console, "log");
    const first = await runHdMessage(id, 0, 1);
    expect(first.retryMessages.map((m) => m.msgId)).toEqual(["m-0-1"]);
    expect(first.explicitAcks).toEqual([]);
    const last = await runHdMessage(id, 0, 6);
    expect(last.explicitAcks).toEqual(["m-0-6"]);
    expect(last.retryMessages).toEqual([]);
    expect(logs.mock.calls.map((a) => String(a[0])).some((l) => l.includes("not handed over") && l.includes(id))).toBe(true);
    const j = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(j).toMatchObject({ status: "completed", hd_ready: false });
    expect(j.clips[0]?.hd).toBe(false);
  });

  it("clip_hd from the HD tasks flips hd, then hd_ready; a redelivery for an HD clip is skipped", async () => {
    const c = await createAccount();
    captureBackend();
    const id = await queuedJob(c);
    await dispatchRender(fanoutEnv, id);
    await storeClipFiles(id, fanoutClips(2));
    expect((await sendEvent(id, clipsEvent(2))).status).toBe(200);
    const job = async () => JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(await job()).toMatchObject({ status: "completed", hd_ready: false });
    expect((await putFile(id, "clip-0-src.mp4")).status).toBe(201);
    const mezzUrl = await jobFileSourceUrl(env, id, "clip-0-src.mp4");
    expect((await SELF.fetch(mezzUrl)).status).toBe(200);

    for (const i of [1, 0]) {
      expect((await putFile(id, `clip-${i}.mp4`)).status).toBe(201);
      expect((await sendEvent(id, { type: "clip_hd", clip_index: i, file: `clip-${i}.mp4`, captions_file: `clip-${i}.srt` })).status).toBe(200);
      const j = await job();
      expect(j.clips.find((x) => x.clip_index === i)?.hd).toBe(true);
      expect(j.hd_ready).toBe(i === 0);
    }
    // the HD file landed: its mezzanine is deleted
    expect((await SELF.fetch(mezzUrl)).status).toBe(404);
    vi.restoreAllMocks();

    const seen = captureBackend();
    const redelivered = await runHdMessage(id, 0, 2);
    expect(redelivered.explicitAcks).toEqual(["m-0-2"]);
    expect(seen).toEqual([]); // no second HD render
  });
});
