// The RENDER_QUEUE consumer and the cron entry, driven the way the runtime drives them: a message
// batch through the consumer (createMessageBatch + getQueueResult), and the Worker's own
// `scheduled` handler (createScheduledController). docs/api-decisions.md "States", "Uploads".
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../../src/index";
import { handleQueueBatch, RENDER_DISPATCH_ATTEMPTS } from "../../../src/queues/consumer";
import { RenderJobSchema } from "../../../src/schemas/render-protocol";
import { RerenderCreatedSchema, RerenderSchema, JobSchema } from "@katto/protocol/api";
import { STALL_MINUTES } from "../../../src/config";
import { STALLED_MESSAGE } from "../../../src/services/render/watchdog";
import { uploadKey } from "../../../src/storage/keys";
import { api, createAccount, type Client } from "../helpers";
import { clipReport, newJob, reserveAndPut, sendEvent, storeClipFiles, usageOf } from "../render-callbacks";

/** The render backend answers every request with `status`; the requests are kept. */
function backend(status: number) {
  const seen: Request[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    seen.push(new Request(input as RequestInfo, init));
    return Response.json({}, { status });
  });
  return seen;
}

async function deliver(body: unknown, attempts: number) {
  const batch = createMessageBatch("katto-render", [{ id: `m-${attempts}`, timestamp: new Date(), attempts, body }]);
  // getQueueResult does not report the retry delay here, so read it from the call (it still goes through).
  const retry = vi.spyOn(batch.messages[0], "retry");
  const ctx = createExecutionContext();
  await handleQueueBatch(batch, env);
  return { ...(await getQueueResult(batch, ctx)), retryDelays: retry.mock.calls.map(([o]) => o?.delaySeconds) };
}

async function completedJob(c: Client) {
  const id = await newJob(c);
  const clip = { ...clipReport(0, 80, true), metadata: { layout: "wide", caption_style: "bold_pop" } as const };
  await storeClipFiles(id, [clip]);
  expect((await sendEvent(id, { type: "clips", clips: [clip] })).status).toBe(200);
  return id;
}

afterEach(() => vi.restoreAllMocks());

describe("dispatch attempts", () => {
  it("a job whose backend stays unreachable is retried with growing delays, then fails refunded at attempt 6", async () => {
    expect(RENDER_DISPATCH_ATTEMPTS).toBe(6);
    const c = await createAccount("free");
    const id = await newJob(c);
    const seen = backend(503);
    const delays: number[] = [];
    for (let attempt = 1; attempt < 6; attempt++) {
      const r = await deliver({ type: "render", job_id: id }, attempt);
      expect(r.explicitAcks).toEqual([]);
      expect(r.retryMessages).toHaveLength(1);
      delays.push(...r.retryDelays.map(Number));
      expect(JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).status).toBe("queued");
    }
    expect(delays).toEqual([5, 10, 20, 40, 80]);
    const last = await deliver({ type: "render", job_id: id }, 6);
    expect(last).toMatchObject({ explicitAcks: ["m-6"], retryMessages: [] });
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job).toMatchObject({ status: "failed", error: expect.stringMatching(/could not be reached/) });
    expect((await usageOf(c)).videos_used).toBe(0);
    expect(seen).toHaveLength(6);
    // The 90-minute source limit travels with every dispatch; the backend's probe enforces it.
    expect(RenderJobSchema.parse(await seen[0].json()).limits.max_duration_s).toBe(90 * 60);
  });

  it("a re-render whose backend stays unreachable fails at attempt 6, visible through the API", async () => {
    const c = await createAccount("free");
    const id = await completedJob(c);
    const created = RerenderCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } })).json());
    const rid = created.rerender_id;
    backend(503);
    for (let attempt = 1; attempt < 6; attempt++) {
      const r = await deliver({ type: "rerender", rerender_id: rid }, attempt);
      expect(r.retryMessages).toHaveLength(1);
      expect(RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${rid}`)).json()).status).toBe("queued");
    }
    expect(await deliver({ type: "rerender", rerender_id: rid }, 6)).toMatchObject({ explicitAcks: ["m-6"], retryMessages: [] });
    const polled = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${rid}`)).json());
    expect(polled).toMatchObject({ status: "failed", clip_url: null, error: "The render backend could not be reached. Please retry." });
  });
});

describe("invalid tasks", () => {
  it("a job whose task the protocol refuses fails refunded at the first attempt, naming the field, and never reaches the backend", async () => {
    const c = await createAccount("free");
    // a kit stored before its font left the list: the render task cannot carry it
    await env.DB.prepare(
      `INSERT INTO brand_kits (id, account_id, name, primary_color, accent_color, caption_font, caption_position, default_layout, watermark_url, created_at)
       VALUES (?1, ?2, 'Old', '#FFFFFF', '#FF0066', 'Comic Sans', 'top', 'wide', NULL, ?3)`,
    )
      .bind(crypto.randomUUID(), c.account.id, new Date().toISOString())
      .run();
    const id = await newJob(c);
    const seen = backend(202);
    expect(await deliver({ type: "render", job_id: id }, 1)).toMatchObject({ explicitAcks: ["m-1"], retryMessages: [] });
    expect(seen).toEqual([]);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/brand_kit\.caption_font/);
    expect(job.error).toMatch(/refunded/);
    expect((await usageOf(c)).videos_used).toBe(0);
  });
});

describe("cron trigger", () => {
  it("the Worker's scheduled handler fails stalled jobs with a refund and removes expired reservations", async () => {
    expect(STALL_MINUTES).toBe(45); // docs: no progress for 45 minutes
    const c = await createAccount("free");
    const stalled = await newJob(c);
    const old = new Date(Date.now() - (STALL_MINUTES + 1) * 60_000).toISOString();
    await env.DB.prepare("UPDATE jobs SET status = 'processing', updated_at = ? WHERE id = ?").bind(old, stalled).run();
    const expired = await reserveAndPut(c);
    await env.DB.prepare("UPDATE jobs SET upload_expires_at = ? WHERE id = ?").bind(new Date(Date.now() - 60_000).toISOString(), expired.job_id).run();
    expect(await env.FILES.head(uploadKey(expired.job_id))).not.toBeNull();

    const controller = createScheduledController({ scheduledTime: new Date(), cron: "*/5 * * * *" });
    await worker.scheduled(controller, env);

    expect(JobSchema.parse(await (await api(c, `/jobs/${stalled}`)).json())).toMatchObject({ status: "failed", error: STALLED_MESSAGE });
    expect((await usageOf(c)).videos_used).toBe(0);
    expect(await env.FILES.head(uploadKey(expired.job_id))).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM jobs WHERE id = ?").bind(expired.job_id).first()).toBeNull();
  });
});
