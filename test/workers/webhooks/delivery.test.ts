import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../../src/env";
import { createAccount, SAMPLE_URL } from "../helpers";
import { clipReport, newJob, storeClipFiles } from "../render-callbacks";
import {
  DELIVERY_TIMEOUT_MS,
  HD_FALLBACK_DELAY_SECONDS,
  MAX_WEBHOOK_ATTEMPTS,
  WebhookMessageSchema,
  defaultClipUrl,
  deliverWebhook,
  enqueueCompletionWebhook,
  handleWebhookMessage,
  retryDelaySeconds,
} from "../../../src/webhooks/delivery";
import { applyRenderEvent } from "../../../src/services/render/events";
import { WebhookPayloadSchema } from "../../../src/webhooks/payload";
import { workerConfig } from "../../../src/config";
import { getOrCreateWebhookSecret } from "../../../src/webhooks/secret";
import { verifySignature } from "../../../src/webhooks/signature";

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: string;
  redirect?: RequestInit["redirect"];
  hasSignal: boolean;
}

/** Receiver double: records each request and answers with the given status. */
function receiver(status: number | (() => never) = 200) {
  const requests: Recorded[] = [];
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: String(init?.body ?? ""),
      redirect: init?.redirect,
      hasSignal: init?.signal instanceof AbortSignal,
    });
    if (typeof status === "function") status();
    return new Response(status === 204 ? null : "ok", { status: status as number, headers: status === 302 ? { location: "http://10.0.0.1/" } : {} });
  }) as typeof fetch;
  return { requests, fetcher };
}

/** Receiver that never answers until the request is aborted. */
const hangingFetcher = (async (_input: string | URL | Request, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
  })) as typeof fetch;

const never = (async () => {
  throw new Error("DNS must not be queried for loopback in local mode");
}) as typeof fetch;

const body = { event: "job.completed", job_id: "00000000-0000-4000-8000-000000000000", status: "completed", hd_ready: true, clips: [], timestamp: "2027-01-15T08:00:00.000Z" };
const NOW = 1_800_000_000;

describe("deliverWebhook", () => {
  it("POSTs the exact signed bytes with the contract headers and answers ok on 2xx", async () => {
    const { requests, fetcher } = receiver(204);
    const r = await deliverWebhook({ url: "http://127.0.0.1:9/hook", secret: "whsec_t", body, attempt: 1, localMode: true, fetcher, dnsFetcher: never, nowSeconds: NOW });
    expect(r).toEqual({ ok: true, status: 204 });
    expect(requests).toHaveLength(1);
    const req = requests[0];
    expect(req.url).toBe("http://127.0.0.1:9/hook");
    expect(req.method).toBe("POST");
    expect(req.redirect).toBe("manual");
    expect(req.hasSignal).toBe(true);
    expect(req.headers.get("content-type")).toBe("application/json");
    expect(req.headers.get("user-agent")).toBe("Katto-Webhooks/1");
    expect(req.headers.get("x-service-timestamp")).toBe(String(NOW));
    expect(req.headers.get("x-service-signature")).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(JSON.parse(req.body)).toEqual(body);
    const v = await verifySignature({ secret: "whsec_t", timestampHeader: req.headers.get("x-service-timestamp"), signatureHeader: req.headers.get("x-service-signature"), rawBody: req.body, nowSeconds: NOW });
    expect(v).toEqual({ ok: true });
  });

  it("signs each attempt afresh with a new timestamp", async () => {
    const { requests, fetcher } = receiver(200);
    for (const [attempt, now] of [[1, NOW], [2, NOW + 30]]) {
      await deliverWebhook({ url: "http://localhost:9/h", secret: "s", body, attempt, localMode: true, fetcher, dnsFetcher: never, nowSeconds: now });
    }
    expect(requests[0].headers.get("x-service-timestamp")).not.toBe(requests[1].headers.get("x-service-timestamp"));
    expect(requests[0].headers.get("x-service-signature")).not.toBe(requests[1].headers.get("x-service-signature"));
  });

  it("treats 500, 404 and a redirect as retryable failures", async () => {
    for (const status of [500, 404, 302]) {
      const { fetcher } = receiver(status);
      const r = await deliverWebhook({ url: "http://127.0.0.1:9/h", secret: "s", body, attempt: 1, localMode: true, fetcher, dnsFetcher: never });
      expect(r).toMatchObject({ ok: false, retryable: true, status });
    }
  });

  it("times out and reports it as retryable", async () => {
    const r = await deliverWebhook({ url: "http://127.0.0.1:9/h", secret: "s", body, attempt: 1, localMode: true, fetcher: hangingFetcher, dnsFetcher: never, timeoutMs: 50 });
    expect(r).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/did not answer within/) });
  });

  it("reports a connection error as retryable", async () => {
    const { fetcher } = receiver(() => {
      throw new TypeError("Network connection lost.");
    });
    const r = await deliverWebhook({ url: "http://127.0.0.1:9/h", secret: "s", body, attempt: 1, localMode: true, fetcher, dnsFetcher: never });
    expect(r).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/could not connect/) });
  });

  it("refuses unsafe URLs and private DNS answers without sending, and does not retry them", async () => {
    const { requests, fetcher } = receiver(200);
    const bad = await deliverWebhook({ url: "http://127.0.0.1:9/h", secret: "s", body, attempt: 1, localMode: false, fetcher });
    expect(bad).toMatchObject({ ok: false, retryable: false });
    const privateDns = (async () => Response.json({ Status: 0, Answer: [{ type: 1, data: "10.0.0.7" }] })) as typeof fetch;
    const rebind = await deliverWebhook({ url: "https://hooks.example.com/h", secret: "s", body, attempt: 1, localMode: false, fetcher, dnsFetcher: privateDns });
    expect(rebind).toMatchObject({ ok: false, retryable: false, error: expect.stringMatching(/10\.0\.0\.7/) });
    expect(requests).toHaveLength(0);
  });

  it("checks DNS before sending to a public name", async () => {
    const { requests, fetcher } = receiver(200);
    const publicDns = (async () => Response.json({ Status: 0, Answer: [{ type: 1, data: "93.184.216.34" }] })) as typeof fetch;
    const r = await deliverWebhook({ url: "https://hooks.example.com/h", secret: "s", body, attempt: 1, localMode: false, fetcher, dnsFetcher: publicDns });
    expect(r).toEqual({ ok: true, status: 200 });
    expect(requests[0].url).toBe("https://hooks.example.com/h");
  });
});

describe("retry schedule", () => {
  it("has 7 attempts: immediately, then after 30 s, 2 min, 10 min, 30 min, 1 h and 3 h; each waits at most 10 s", () => {
    // docs/webhooks.md "Retries" and docs/api-decisions.md "Events", number by number.
    expect(MAX_WEBHOOK_ATTEMPTS).toBe(7);
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelaySeconds)).toEqual([0, 30, 120, 600, 1800, 3600, 10800]);
    expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
    expect(HD_FALLBACK_DELAY_SECONDS).toBe(15 * 60);
  });
});

describe("defaultClipUrl", () => {
  it("builds {PUBLIC_BASE_URL}/files/{key} and refuses to guess an origin in production", () => {
    expect(defaultClipUrl({ ...env, PUBLIC_BASE_URL: "https://api.example.com/" } as Env)("clips/j/t/0.mp4")).toBe("https://api.example.com/files/clips/j/t/0.mp4");
    expect(() => defaultClipUrl({ ...env, PUBLIC_BASE_URL: "", LOCAL_MODE: "false" } as Env)).toThrow(/PUBLIC_BASE_URL/);
  });
});

describe("queue messages", () => {
  it("parses webhook messages", () => {
    expect(WebhookMessageSchema.safeParse({ type: "webhook", job_id: crypto.randomUUID(), attempt: 1 }).success).toBe(true);
    expect(WebhookMessageSchema.safeParse({ type: "webhook", job_id: "nope", attempt: 1 }).success).toBe(false);
    expect(WebhookMessageSchema.safeParse({ type: "webhook", job_id: crypto.randomUUID(), attempt: 0 }).success).toBe(false);
  });
});

// ---------- handleWebhookMessage against real D1 ----------

async function seedJob(opts: { webhookUrl?: string | null; status?: string; hdReady?: boolean } = {}) {
  const accountId = crypto.randomUUID();
  const jobId = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO accounts (id, email, plan, created_at) VALUES (?, ?, 'free', ?)").bind(accountId, `${accountId}@example.com`, now),
    env.DB.prepare(
      "INSERT INTO jobs (id, account_id, status, progress_step, progress_pct, source, source_url, webhook_url, hd_ready, created_ms, updated_at, completed_at) VALUES (?, ?, ?, 'done', 100, 'youtube', 'https://www.youtube.com/watch?v=x', ?, ?, ?, ?, ?)",
    ).bind(jobId, accountId, opts.status ?? "completed", opts.webhookUrl === undefined ? "http://127.0.0.1:9/hook" : opts.webhookUrl, opts.hdReady === false ? 0 : 1, Date.now(), now, now),
    env.DB.prepare(
      "INSERT INTO clips (job_id, clip_index, title, score, start_s, end_s, video_key, captions_key, hd, created_at) VALUES (?, 1, 'Second', 71.5, 10, 40, ?, NULL, 1, ?)",
    ).bind(jobId, `jobs/${jobId}/clips/1-hd.mp4`, now),
    env.DB.prepare(
      "INSERT INTO clips (job_id, clip_index, title, score, start_s, end_s, video_key, captions_key, hd, created_at) VALUES (?, 0, 'Best', 92, 50, 80, ?, ?, 1, ?)",
    ).bind(jobId, `jobs/${jobId}/clips/0-hd.mp4`, `jobs/${jobId}/clips/0.srt`, now),
  ]);
  return { accountId, jobId };
}

/**
 * The real local queue binding, spied on: every send still goes to the queue, and the test reads
 * the body and the delay the Worker asked for. The delays used here (30 s and more, or a message
 * for a job the consumer skips) keep the consumer from acting on them while the test runs.
 */
function fakeQueue() {
  const spy = vi.spyOn(env.RENDER_QUEUE, "send");
  spy.mockClear();
  const sent = () => spy.mock.calls.map(([body, options]) => ({ body, options }));
  return { sent, testEnv: env as Env };
}
afterEach(() => vi.restoreAllMocks());

const deliveryRow = (jobId: string) =>
  env.DB.prepare("SELECT status, attempts, last_status_code, last_error, url FROM webhook_deliveries WHERE job_id = ?").bind(jobId).first<{
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    url: string;
  }>();

describe("handleWebhookMessage", () => {
  it("the payload carries the job's warnings, as GET /jobs/{id} shows them", async () => {
    const { jobId } = await seedJob();
    const warnings = [{ code: "clip_left_out", clip_index: null, start: 100, end: 170, message: "The clip at 100.0–170.0 s (score 64) could not be rendered, even with a simpler framing, and was left out: rendering a clip failed." }];
    await env.DB.prepare("UPDATE jobs SET warnings = ? WHERE id = ?").bind(JSON.stringify(warnings), jobId).run();
    const { testEnv } = fakeQueue();
    const { requests, fetcher } = receiver(200);
    expect(await handleWebhookMessage(testEnv, { job_id: jobId, attempt: 1 }, { fetcher, dnsFetcher: never, nowSeconds: NOW })).toEqual({ outcome: "delivered", status: 200 });
    expect(WebhookPayloadSchema.parse(JSON.parse(requests[0].body)).warnings).toEqual(warnings);
  });

  it("delivers a signed, schema-valid payload with ranked final clip URLs and records it", async () => {
    const { accountId, jobId } = await seedJob();
    const { testEnv, sent } = fakeQueue();
    const { requests, fetcher } = receiver(200);
    const out = await handleWebhookMessage(testEnv, { job_id: jobId, attempt: 1 }, { fetcher, dnsFetcher: never, nowSeconds: NOW });
    expect(out).toEqual({ outcome: "delivered", status: 200 });
    expect(sent()).toHaveLength(0);
    const req = requests[0];
    const payload = WebhookPayloadSchema.parse(JSON.parse(req.body));
    expect(payload).toMatchObject({ event: "job.completed", job_id: jobId, status: "completed", hd_ready: true, timestamp: new Date(NOW * 1000).toISOString() });
    expect(payload.clips.map((c) => [c.clip_index, c.title, c.score])).toEqual([[0, "Best", 92], [1, "Second", 71.5]]);
    expect(payload.clips[0].url).toBe(`http://127.0.0.1:8787/files/jobs/${jobId}/clips/0-hd.mp4`);
    expect(payload.clips[0].captions_url).toBe(`http://127.0.0.1:8787/files/jobs/${jobId}/clips/0.srt`);
    expect(payload.clips[1].captions_url).toBeNull();
    expect(payload.warnings).toEqual([]);
    const secret = await getOrCreateWebhookSecret(env.DB, workerConfig(env).keyring, accountId);
    const v = await verifySignature({ secret, timestampHeader: req.headers.get("x-service-timestamp"), signatureHeader: req.headers.get("x-service-signature"), rawBody: req.body, nowSeconds: NOW });
    expect(v).toEqual({ ok: true });
    expect(await deliveryRow(jobId)).toMatchObject({ status: "delivered", attempts: 1, last_status_code: 200, last_error: null, url: "http://127.0.0.1:9/hook" });
    // A duplicate of the same message (at-least-once delivery) sends nothing.
    expect((await handleWebhookMessage(testEnv, { job_id: jobId, attempt: 1 }, { fetcher, dnsFetcher: never })).outcome).toBe("skipped");
    expect(requests).toHaveLength(1);
  });

  it("re-enqueues with backoff on 500 and gives up after the last attempt", async () => {
    const { jobId } = await seedJob();
    const { testEnv, sent } = fakeQueue();
    const { requests, fetcher } = receiver(500);
    for (let attempt = 1; attempt <= MAX_WEBHOOK_ATTEMPTS; attempt++) {
      const out = await handleWebhookMessage(testEnv, { job_id: jobId, attempt }, { fetcher, dnsFetcher: never });
      if (attempt < MAX_WEBHOOK_ATTEMPTS) {
        expect(out).toMatchObject({ outcome: "retrying", nextAttempt: attempt + 1, delaySeconds: retryDelaySeconds(attempt + 1) });
        expect(sent().at(-1)).toEqual({ body: { type: "webhook", job_id: jobId, attempt: attempt + 1 }, options: { delaySeconds: retryDelaySeconds(attempt + 1) } });
        expect(await deliveryRow(jobId)).toMatchObject({ status: "pending", attempts: attempt, last_status_code: 500 });
      } else {
        expect(out).toMatchObject({ outcome: "failed" });
      }
    }
    expect(requests).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
    expect(sent()).toHaveLength(MAX_WEBHOOK_ATTEMPTS - 1);
    expect(await deliveryRow(jobId)).toMatchObject({ status: "failed", attempts: MAX_WEBHOOK_ATTEMPTS, last_status_code: 500, last_error: expect.stringMatching(/HTTP 500/) });
  });

  it("records a timeout and retries it", async () => {
    const { jobId } = await seedJob();
    const { testEnv, sent } = fakeQueue();
    const out = await handleWebhookMessage(testEnv, { job_id: jobId, attempt: 1 }, { fetcher: hangingFetcher, dnsFetcher: never, timeoutMs: 50 });
    expect(out).toMatchObject({ outcome: "retrying", nextAttempt: 2 });
    expect(sent()).toHaveLength(1);
    expect(await deliveryRow(jobId)).toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: expect.stringMatching(/did not answer/) });
  });

  it("skips jobs that are not completed or have no webhook_url", async () => {
    const { testEnv } = fakeQueue();
    const a = await seedJob({ status: "processing" });
    expect((await handleWebhookMessage(testEnv, { job_id: a.jobId, attempt: 1 })).outcome).toBe("skipped");
    const b = await seedJob({ webhookUrl: null });
    expect((await handleWebhookMessage(testEnv, { job_id: b.jobId, attempt: 1 })).outcome).toBe("skipped");
    expect((await handleWebhookMessage(testEnv, { job_id: crypto.randomUUID(), attempt: 1 })).outcome).toBe("skipped");
  });

  it("delivers once when two attempt-1 messages race (HD trigger and fallback)", async () => {
    const { jobId } = await seedJob({ hdReady: false });
    const { testEnv } = fakeQueue();
    const { requests, fetcher } = receiver(200);
    const outs = await Promise.all([1, 2].map(() => handleWebhookMessage(testEnv, { job_id: jobId, attempt: 1 }, { fetcher, dnsFetcher: never })));
    expect(outs.map((o) => o.outcome).sort()).toEqual(["delivered", "skipped"]);
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0].body).hd_ready).toBe(false);
  });
});

describe("enqueueCompletionWebhook", () => {
  it("sends attempt 1 (optionally delayed) and records a pending delivery", async () => {
    const { jobId } = await seedJob();
    const { testEnv, sent } = fakeQueue();
    expect(await enqueueCompletionWebhook(testEnv, jobId, { delaySeconds: 900 })).toBe(true);
    expect(sent()).toEqual([{ body: { type: "webhook", job_id: jobId, attempt: 1 }, options: { delaySeconds: 900 } }]);
    expect(await deliveryRow(jobId)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await enqueueCompletionWebhook(testEnv, jobId)).toBe(true);
    expect(sent()[1]).toEqual({ body: { type: "webhook", job_id: jobId, attempt: 1 }, options: undefined });
  });

  it("completion with previews only queues the callback 15 minutes out (the hd_ready false fallback); with HD, at once", async () => {
    const c = await createAccount();
    const send = vi.spyOn(env.RENDER_QUEUE, "send");
    const preview = await newJob(c, { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook" });
    const previewClips = [clipReport(0, 80, false)];
    await storeClipFiles(preview, previewClips);
    await applyRenderEvent(env as Env, preview, { type: "clips", clips: previewClips });
    expect(send.mock.calls.filter(([b]) => (b as { type: string }).type === "webhook")).toEqual([[{ type: "webhook", job_id: preview, attempt: 1 }, { delaySeconds: 15 * 60 }]]);

    send.mockClear();
    const hd = await newJob(c, { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook" });
    const hdClips = [clipReport(0, 80, true)];
    await storeClipFiles(hd, hdClips);
    await applyRenderEvent(env as Env, hd, { type: "clips", clips: hdClips });
    expect(send.mock.calls.filter(([b]) => (b as { type: string }).type === "webhook")).toEqual([[{ type: "webhook", job_id: hd, attempt: 1 }, undefined]]);
  });

  it("sends nothing for a job without webhook_url", async () => {
    const { jobId } = await seedJob({ webhookUrl: null });
    const { testEnv, sent } = fakeQueue();
    expect(await enqueueCompletionWebhook(testEnv, jobId)).toBe(false);
    expect(sent()).toHaveLength(0);
  });
});
