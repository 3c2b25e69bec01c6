// Faults around the completion callback (docs/webhooks.md "Retries"): the queue refusing the next
// attempt's message, or the Worker stopping after it claimed an attempt, must not leave a delivery
// `pending` for good. The cron (resumeStalledDeliveries) carries it on or fails it.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookDeliveries } from "../../../src/db/schema";
import { handleWebhookMessage, MAX_WEBHOOK_ATTEMPTS, resumeStalledDeliveries, STALE_DELIVERY_SECONDS } from "../../../src/webhooks/delivery";
import { createAccount, SAMPLE_URL } from "../helpers";
import { advance, clipReport, newJob, sendEvent, storeClipFiles } from "../render-callbacks";

afterEach(() => vi.restoreAllMocks());

const receiver = (status: number) => {
  const bodies: string[] = [];
  const fetcher = (async (_u: string | URL | Request, init?: RequestInit) => {
    bodies.push(String(init?.body ?? ""));
    return new Response("", { status });
  }) as typeof fetch;
  return { bodies, fetcher };
};
const never = (async () => {
  throw new Error("no DNS for loopback in local mode");
}) as typeof fetch;

async function completedJobWithWebhook() {
  const c = await createAccount();
  const id = await newJob(c, { url: SAMPLE_URL, webhook_url: "http://127.0.0.1:9/hook" });
  await advance(id, "scoring");
  const reports = [clipReport(0, 70, true)];
  await storeClipFiles(id, reports);
  expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);
  return id;
}

const delivery = async (jobId: string) => (await drizzle(env.DB).select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, jobId)))[0]!;
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe("webhook delivery faults", () => {
  it("the queue refusing attempt 2's message after a 500: the cron enqueues attempt 2 once the row is stale, and it is delivered", async () => {
    const id = await completedJobWithWebhook();
    const send = vi.spyOn(env.RENDER_QUEUE, "send").mockRejectedValueOnce(new Error("queue unavailable"));
    await expect(handleWebhookMessage(env, { job_id: id, attempt: 1 }, { fetcher: receiver(500).fetcher, dnsFetcher: never })).rejects.toThrow(/queue unavailable/);
    expect(await delivery(id)).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    // The consumer retries the message it failed on; attempt 1 is already claimed, so it sends nothing.
    expect((await handleWebhookMessage(env, { job_id: id, attempt: 1 }, { fetcher: receiver(200).fetcher, dnsFetcher: never })).outcome).toBe("skipped");

    // Within the longest legitimate wait, the cron leaves it alone.
    send.mockClear();
    // (other test files' deliveries share the database, so only this job's are counted)
    await resumeStalledDeliveries(env, later(STALE_DELIVERY_SECONDS - 60));
    expect(send.mock.calls.filter(([m]) => (m as { job_id?: string }).job_id === id)).toHaveLength(0);
    expect(await delivery(id)).toMatchObject({ status: "pending", attempts: 1 });

    expect((await resumeStalledDeliveries(env, later(STALE_DELIVERY_SECONDS + 60))).resumed).toBeGreaterThanOrEqual(1);
    const resumed = send.mock.calls.map(([m]) => m as { type: string; job_id: string; attempt: number }).filter((m) => m.job_id === id);
    expect(resumed).toEqual([{ type: "webhook", job_id: id, attempt: 2 }]);

    const ok = receiver(200);
    expect((await handleWebhookMessage(env, resumed[0]!, { fetcher: ok.fetcher, dnsFetcher: never })).outcome).toBe("delivered");
    expect(ok.bodies).toHaveLength(1);
    expect(await delivery(id)).toMatchObject({ status: "delivered", attempts: 2 });
    // A delivered row is never touched again.
    send.mockClear();
    await resumeStalledDeliveries(env, later(2 * STALE_DELIVERY_SECONDS));
    expect(send.mock.calls.filter(([m]) => (m as { job_id?: string }).job_id === id)).toHaveLength(0);
  });

  it("the Worker stopped after claiming the last attempt: the cron fails the delivery instead of leaving it pending", async () => {
    const id = await completedJobWithWebhook();
    await drizzle(env.DB)
      .insert(webhookDeliveries)
      .values({ id: crypto.randomUUID(), jobId: id, url: "http://127.0.0.1:9/hook", status: "pending", attempts: MAX_WEBHOOK_ATTEMPTS, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .onConflictDoUpdate({ target: webhookDeliveries.jobId, set: { status: "pending", attempts: MAX_WEBHOOK_ATTEMPTS } });
    const send = vi.spyOn(env.RENDER_QUEUE, "send");
    expect((await resumeStalledDeliveries(env, later(STALE_DELIVERY_SECONDS + 60))).failed).toBeGreaterThanOrEqual(1);
    expect(await delivery(id)).toMatchObject({ status: "failed", attempts: MAX_WEBHOOK_ATTEMPTS });
    expect(send.mock.calls.filter(([m]) => (m as { job_id?: string }).job_id === id)).toHaveLength(0);
  });
});
