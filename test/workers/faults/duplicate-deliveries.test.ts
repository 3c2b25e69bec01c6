// Faults: Queues deliver at least once and in no promised order, and the render backend may repeat a
// callback after a timeout. Every message type and the completion callback, delivered twice and out
// of order, through the real consumer (createMessageBatch) and the real internal routes: one run,
// one charge, one set of clips, one webhook delivery.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleQueueBatch } from "../../../src/queues/consumer";
import { JobSchema } from "@katto/protocol/api";
import { api, createAccount, SAMPLE_URL } from "../helpers";
import { advance, clipReport, newJob, sendEvent, storeClipFiles, usageOf } from "../render-callbacks";

async function deliver(bodies: unknown[]) {
  const batch = createMessageBatch(
    "katto-render",
    bodies.map((body, i) => ({ id: `dup-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await handleQueueBatch(batch, env);
  return getQueueResult(batch, ctx);
}

/** Everything the Worker fetches (the render backend, webhook receivers) answers `status` and is kept. */
function outbound(status = 202) {
  const seen: { url: string; method: string; body: string }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    seen.push({ url: req.url, method: req.method, body: await req.text() });
    return new Response(JSON.stringify({ accepted: true }), { status, headers: { "content-type": "application/json" } });
  });
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe("duplicate and out-of-order deliveries", () => {
  it("render: delivered twice while queued, then again once the job runs: one charge, acked every time, no dispatch once running", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    expect((await usageOf(c)).videos_used).toBe(1);
    const seen = outbound(202);

    const twice = await deliver([{ type: "render", job_id: id }, { type: "render", job_id: id }]);
    expect(twice.retryMessages).toEqual([]);
    expect(twice.explicitAcks).toHaveLength(2);
    // Until its first progress event the job is still queued, so both reach the backend, which
    // keys work by job id and runs it once (container/test/server: a duplicate in flight is accepted).
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.every((r) => r.method === "POST" && JSON.parse(r.body).job_id === id)).toBe(true);

    await advance(id, "processing");
    const late = seen.length;
    const again = await deliver([{ type: "render", job_id: id }]);
    expect(again.explicitAcks).toHaveLength(1);
    expect(seen).toHaveLength(late);
    expect((await usageOf(c)).videos_used).toBe(1);
    expect(JobSchema.parse(await (await api(c, `/jobs/${id}`)).json()).status).toBe("processing");
  });

  it("the completion callback twice and a stale progress event after it: one set of clips, the job stays completed, one charge", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook" });
    await advance(id, "scoring");
    const reports = [clipReport(0, 70, true), clipReport(1, 90, true)];
    await storeClipFiles(id, reports);
    const send = vi.spyOn(env.RENDER_QUEUE, "send");
    expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);
    const repeated = await sendEvent(id, { type: "clips", clips: reports });
    expect(repeated.status).toBeLessThan(500);
    const stale = await sendEvent(id, { type: "progress", status: "processing", step: "rendering", pct: 80 });
    expect(stale.status).toBeLessThan(500);

    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.status).toBe("completed");
    expect(job.clips.map((x) => x.clip_index).sort()).toEqual([0, 1]);
    expect((await usageOf(c)).videos_used).toBe(1);
    const webhooks = send.mock.calls.filter(([m]) => (m as { type?: string }).type === "webhook");
    expect(webhooks).toHaveLength(1);
  });

  it("webhook: attempt 2 before attempt 1, and attempt 1 twice: the receiver gets one delivery", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook" });
    await advance(id, "scoring");
    const reports = [clipReport(0, 70, true)];
    await storeClipFiles(id, reports);
    expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);

    const seen = outbound(200);
    const r = await deliver([
      { type: "webhook", job_id: id, attempt: 2 },
      { type: "webhook", job_id: id, attempt: 1 },
      { type: "webhook", job_id: id, attempt: 1 },
    ]);
    expect(r.retryMessages).toEqual([]);
    expect(r.explicitAcks).toHaveLength(3);
    const hooks = seen.filter((x) => x.url === "http://127.0.0.1:9/hook");
    expect(hooks).toHaveLength(1);
  });
});
