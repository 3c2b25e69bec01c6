// Faults: an HD fan-out task that fails after its 202 (reported, or silent), and mezzanines
// left behind. The cron's HD sweep (src/services/render/hd-sweep.ts) is called with a clock moved
// past each window, against the real D1, R2 and Queue bindings; the backend and the webhook
// receiver are the Worker's outbound fetches, answered here.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../../src/env";
import { handleQueueBatch } from "../../../src/queues/consumer";
import { JobSchema } from "@katto/protocol/api";
import { renderJobTask } from "../../../src/services/render/job-task";
import { HD_RETRY_MINUTES } from "../../../src/config";
import { HD_ATTEMPTS, sweepHd } from "../../../src/services/render/hd-sweep";
import { sendTask } from "../../../src/render-backend/send-task";
import { jobFileKey } from "../../../src/storage/keys";
import { api, createAccount, SAMPLE_URL, type Client } from "../helpers";
import { APP_SECRET, clipReport, putFile, sendEvent, storeClipFiles } from "../render-callbacks";

const fanoutEnv = { ...env, HD_FANOUT: "true" } as Env;
const HOOK = "http://127.0.0.1:9/hook";

/** Everything the Worker fetches (the render backend, the webhook receiver) answers `status` and is kept. */
function outbound(status = 202) {
  const seen: { url: string; body: string }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    seen.push({ url: req.url, body: await req.text() });
    return Response.json({ accepted: true }, { status });
  });
  return seen;
}

/** A queued job with a webhook, dispatched in fanout mode (no render message: the test dispatches). */
async function fanoutJob(c: Client): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO jobs (id, account_id, status, progress_step, progress_pct, source, source_url, webhook_url, charged, created_ms, updated_at)
     VALUES (?1, ?2, 'queued', 'queued', 0, 'direct', ?3, ?4, 1, ?5, ?6)`,
  )
    .bind(id, c.account.id, SAMPLE_URL, HOOK, Date.now() + Math.floor(Math.random() * 1e6), new Date().toISOString())
    .run();
  const task = await renderJobTask(fanoutEnv, id);
  expect(await sendTask(fanoutEnv, task!)).toBe("dispatched");
  return id;
}

const fanoutClip = (i: number) => ({ ...clipReport(i, 90 - i), metadata: { layout: "face_tracking" as const, words: [], mezzanine_file: `clip-${i}-src.mp4` } });

/** The job's previews and mezzanine stored, then `clips`: the job completes and fans out. */
async function completedFanoutJob(c: Client) {
  const id = await fanoutJob(c);
  expect((await putFile(id, "clip-0-src.mp4")).status).toBe(201);
  await storeClipFiles(id, [fanoutClip(0)]);
  expect((await sendEvent(id, { type: "clips", clips: [fanoutClip(0)] })).status).toBe(200);
  return id;
}

async function deliver(bodies: unknown[]) {
  const batch = createMessageBatch("katto-render", bodies.map((body, i) => ({ id: `hd-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })));
  const ctx = createExecutionContext();
  await handleQueueBatch(batch, env);
  return getQueueResult(batch, ctx);
}

const clipRow = (id: string) =>
  env.DB.prepare("SELECT hd, hd_attempts, hd_due_at FROM clips WHERE job_id = ?1 AND clip_index = 0").bind(id).first<{ hd: number; hd_attempts: number; hd_due_at: string | null }>();
const mezzanineStored = async (id: string, i = 0) => (await env.FILES.head(await jobFileKey(APP_SECRET, id, `clip-${i}-src.mp4`))) !== null;
const minutesLater = (t0: number, m: number) => new Date(t0 + m * 60_000);

/** The queued messages of one type for one job, from a spy on the real queue binding. */
function queued(send: { mock: { calls: unknown[][] } }, sendBatch: { mock: { calls: unknown[][] } }, type: string, id: string) {
  const bodies = [...send.mock.calls.map(([b]) => b), ...sendBatch.mock.calls.flatMap(([ms]) => (ms as { body: unknown }[]).map((m) => m.body))];
  return bodies.filter((b) => (b as { type?: string; job_id?: string }).type === type && (b as { job_id?: string }).job_id === id);
}

/** Delivers every completion callback queued for the job; what the receiver got. */
async function webhooksReceived(seen: { url: string; body: string }[], messages: unknown[]) {
  await deliver(messages);
  return seen.filter((s) => s.url === HOOK).map((s) => JSON.parse(s.body) as { hd_ready: boolean });
}

afterEach(() => vi.restoreAllMocks());

describe("HD fan-out: a task that fails after its 202", () => {
  it("is queued again by the cron once its window ends, then lands: hd flips, hd_ready, one webhook", async () => {
    const c = await createAccount();
    const seen = outbound(202);
    const send = vi.spyOn(env.RENDER_QUEUE, "send");
    const sendBatch = vi.spyOn(env.RENDER_QUEUE, "sendBatch");
    const t0 = Date.now();
    const id = await completedFanoutJob(c);
    expect(await clipRow(id)).toMatchObject({ hd: 0, hd_attempts: 1 });
    // the backend takes the task (202) and then fails: nothing reaches the Worker
    expect((await deliver(queued(send, sendBatch, "render_hd", id))).explicitAcks).toHaveLength(1);

    await sweepHd(env, minutesLater(t0, HD_RETRY_MINUTES - 1));
    expect(queued(send, sendBatch, "render_hd", id)).toHaveLength(1); // still within its window
    await sweepHd(env, minutesLater(t0, HD_RETRY_MINUTES + 1));
    await sweepHd(env, minutesLater(t0, HD_RETRY_MINUTES + 1)); // a second cron run at the same time queues nothing more
    expect(queued(send, sendBatch, "render_hd", id)).toEqual([
      { type: "render_hd", job_id: id, clip_index: 0 },
      { type: "render_hd", job_id: id, clip_index: 0 },
    ]);
    expect(await clipRow(id)).toMatchObject({ hd: 0, hd_attempts: 2 });

    // the second attempt renders and reports
    expect((await putFile(id, "clip-0.mp4")).status).toBe(201);
    expect((await sendEvent(id, { type: "clip_hd", clip_index: 0, file: "clip-0.mp4", captions_file: "clip-0.srt" })).status).toBe(200);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job).toMatchObject({ status: "completed", hd_ready: true });
    expect(job.clips[0]?.hd).toBe(true);
    expect(await mezzanineStored(id)).toBe(false);

    await sweepHd(env, minutesLater(t0, 5 * HD_RETRY_MINUTES));
    expect(queued(send, sendBatch, "render_hd", id)).toHaveLength(2); // HD landed: nothing more is queued
    expect((await clipRow(id))?.hd_due_at).toBeNull();
    // the HD-ready callback and the fallback queued at completion: the receiver gets one
    const hooks = await webhooksReceived(seen, queued(send, sendBatch, "webhook", id));
    expect(hooks.map((h) => h.hd_ready)).toEqual([true]);
  });

  it("after the last attempt the clip stays at preview quality, its mezzanine is deleted, and the fallback webhook fires once", async () => {
    const c = await createAccount();
    const seen = outbound(202);
    const send = vi.spyOn(env.RENDER_QUEUE, "send");
    const sendBatch = vi.spyOn(env.RENDER_QUEUE, "sendBatch");
    const logs = vi.spyOn(console, "log");
    const t0 = Date.now();
    const id = await completedFanoutJob(c);
    expect(await mezzanineStored(id)).toBe(true);

    for (let attempt = 2; attempt <= HD_ATTEMPTS; attempt++) {
      await sweepHd(env, minutesLater(t0, (attempt - 1) * (HD_RETRY_MINUTES + 1)));
      expect(await clipRow(id)).toMatchObject({ hd: 0, hd_attempts: attempt });
      expect(await mezzanineStored(id)).toBe(true);
    }
    expect(queued(send, sendBatch, "render_hd", id)).toHaveLength(HD_ATTEMPTS);

    await sweepHd(env, minutesLater(t0, HD_ATTEMPTS * (HD_RETRY_MINUTES + 1)));
    expect(await clipRow(id)).toMatchObject({ hd: 0, hd_attempts: HD_ATTEMPTS, hd_due_at: null });
    expect(await mezzanineStored(id)).toBe(false);
    expect(logs.mock.calls.map((a) => String(a[0])).some((l) => l.includes("giving up after the last attempt") && l.includes(id))).toBe(true);
    await sweepHd(env, minutesLater(t0, 10 * HD_RETRY_MINUTES));
    expect(queued(send, sendBatch, "render_hd", id)).toHaveLength(HD_ATTEMPTS); // given up for good

    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job).toMatchObject({ status: "completed", hd_ready: false });
    expect(job.clips[0]?.hd).toBe(false);
    const hooks = await webhooksReceived(seen, queued(send, sendBatch, "webhook", id));
    expect(hooks.map((h) => h.hd_ready)).toEqual([false]);
  });

  it("clip_hd_failed makes the clip due at once: the next cron run queues it again; after the job stops it answers 409", async () => {
    const c = await createAccount();
    outbound(202);
    const send = vi.spyOn(env.RENDER_QUEUE, "send");
    const sendBatch = vi.spyOn(env.RENDER_QUEUE, "sendBatch");
    const id = await completedFanoutJob(c);
    const failed = { type: "clip_hd_failed", clip_index: 0, error: "HD render failed", stage: "rendering" } as const;
    expect((await sendEvent(id, failed)).status).toBe(200);
    const row = await clipRow(id);
    expect(Date.parse(row!.hd_due_at!)).toBeLessThanOrEqual(Date.now());
    await sweepHd(env);
    expect(queued(send, sendBatch, "render_hd", id)).toHaveLength(2);
    expect(await clipRow(id)).toMatchObject({ hd: 0, hd_attempts: 2 });

    const other = await fanoutJob(c);
    expect((await sendEvent(other, failed)).status).toBe(409); // not completed: stop work
  });
});

describe("mezzanines of stopped jobs", () => {
  it("a cancelled or failed fanout job's mezzanines are deleted by the cron, once", async () => {
    const c = await createAccount();
    outbound(202);
    const cancelled = await fanoutJob(c);
    const failed = await fanoutJob(c);
    for (const id of [cancelled, failed]) {
      expect((await sendEvent(id, { type: "progress", status: "processing", step: "rendering", pct: 80 })).status).toBe(200);
      for (const i of [0, 1]) expect((await putFile(id, `clip-${i}-src.mp4`)).status).toBe(201);
    }
    expect((await api(c, `/jobs/${cancelled}`, { method: "DELETE" })).status).toBe(200);
    // the cancel deletes the job's files itself, after its answer (waitUntil) and best effort:
    // once it has, the mezzanine is put back, as if that delete had not reached R2
    await vi.waitFor(async () => expect(await mezzanineStored(cancelled, 1)).toBe(false));
    await env.FILES.put(await jobFileKey(APP_SECRET, cancelled, "clip-1-src.mp4"), "bytes");
    expect((await sendEvent(failed, { type: "failed", error: "render failed", stage: "rendering", refund: true })).status).toBe(200);
    expect([await mezzanineStored(cancelled, 1), await mezzanineStored(failed, 0), await mezzanineStored(failed, 1)]).toEqual([true, true, true]);

    await sweepHd(env);
    for (const id of [cancelled, failed]) {
      expect([await mezzanineStored(id, 0), await mezzanineStored(id, 1)]).toEqual([false, false]);
      const row = await env.DB.prepare("SELECT mezzanines_dropped FROM jobs WHERE id = ?").bind(id).first<{ mezzanines_dropped: number }>();
      expect(row?.mezzanines_dropped).toBe(1);
    }
    // once: a later sweep does not list them again
    const { results } = await env.DB.prepare("SELECT id FROM jobs WHERE hd_mode = 'fanout' AND mezzanines_dropped = 0 AND status IN ('cancelled', 'failed')").all<{ id: string }>();
    expect(results.map((r) => r.id)).not.toContain(cancelled);
  });
});
