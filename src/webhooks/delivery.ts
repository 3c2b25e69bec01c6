// Delivering the completion callback: one signed POST per attempt (send.ts), retried through the
// Queue with backoff on timeouts, network errors and any non-2xx answer (docs/webhooks.md "Retries").
import { z } from "@hono/zod-openapi";
import { and, asc, eq, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { clips as clipsTable, jobs, nowIso, webhookDeliveries } from "../db/schema";
import { workerConfig } from "../config";
import type { Env } from "../env";
import { publicBaseUrl } from "../services/context";
import { accountScore, allWarnings, clipReasons, droppedView, jobQualityView, rankClips, scoreWeightsOf } from "../services/jobs/view";
import { fileUrl } from "../storage/keys";
import { buildCompletionPayload, type Clip } from "./payload";
import { getOrCreateWebhookSecret } from "./secret";

import { deliverWebhook, MAX_WEBHOOK_ATTEMPTS, QUEUE_MAX_DELAY_SECONDS, RETRY_SCHEDULE_SECONDS, retryDelaySeconds, type DeliveryResult, type Fetcher } from "./send";

// The POST itself (send.ts); its names are read from here too.
export { deliverWebhook, DELIVERY_TIMEOUT_MS, MAX_WEBHOOK_ATTEMPTS, retryDelaySeconds, USER_AGENT, type DeliverInput, type DeliveryResult } from "./send";

// ---------- Queue side ----------

export const WebhookMessageSchema = z.object({
  type: z.literal("webhook"),
  job_id: z.uuid(),
  attempt: z.int().min(1),
});
export type WebhookMessage = z.infer<typeof WebhookMessageSchema>;

/** Suggested wait for the 1080p render before the callback fires anyway with hd_ready=false. */
export const HD_FALLBACK_DELAY_SECONDS = 900;

/**
 * Queues the completion callback for a job (attempt 1). Call it when a completed job's hd_ready
 * becomes true, and once at completion with `{ delaySeconds: HD_FALLBACK_DELAY_SECONDS }` as the
 * fallback if HD never lands (or without delay if HD is already ready). Duplicate calls are
 * harmless: the callback is delivered at most once per job (webhook_deliveries is unique by job).
 * Returns false, sending nothing, when the job has no webhook_url.
 */
export async function enqueueCompletionWebhook(env: Env, jobId: string, opts: { delaySeconds?: number } = {}): Promise<boolean> {
  const d = drizzle(env.DB);
  const [job] = await d.select({ url: jobs.webhookUrl }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job?.url) return false;
  const now = nowIso();
  await d
    .insert(webhookDeliveries)
    .values({ id: crypto.randomUUID(), jobId, url: job.url, status: "pending", attempts: 0, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: webhookDeliveries.jobId });
  const message: WebhookMessage = { type: "webhook", job_id: jobId, attempt: 1 };
  await env.RENDER_QUEUE.send(message, opts.delaySeconds ? { delaySeconds: Math.min(opts.delaySeconds, QUEUE_MAX_DELAY_SECONDS) } : undefined);
  return true;
}

/**
 * Default public URL of an R2 object, identical to the job resource's: fileUrl() from
 * src/storage/keys.ts, i.e. GET {PUBLIC_BASE_URL}/files/{key}. A queue consumer has no request to
 * take an origin from: production cannot run without PUBLIC_BASE_URL (src/config.ts), and local
 * mode falls back like the routes.
 */
export function defaultClipUrl(env: Env): (key: string) => string {
  const base = publicBaseUrl(env);
  return (key) => fileUrl(base, key);
}

export type WebhookOutcome =
  | { outcome: "skipped"; reason: string }
  | { outcome: "delivered"; status: number }
  | { outcome: "retrying"; nextAttempt: number; delaySeconds: number; error: string }
  | { outcome: "failed"; error: string };

export interface HandleWebhookOptions {
  fetcher?: Fetcher;
  dnsFetcher?: Fetcher;
  nowSeconds?: number;
  timeoutMs?: number;
  /** URL for an R2 key (e.g. a signed URL builder); defaults to defaultClipUrl(env). */
  clipUrl?: (key: string) => string;
}

type Db = ReturnType<typeof drizzle>;
type Attempt = Pick<WebhookMessage, "job_id" | "attempt">;
type DeliverableJob = typeof jobs.$inferSelect & { webhookUrl: string };

const skipped = (reason: string): WebhookOutcome => ({ outcome: "skipped", reason });

/**
 * Consumer for `{type: "webhook"}` queue messages: one delivery attempt, recorded in
 * webhook_deliveries, and the next attempt re-enqueued with backoff. Delivery failures are handled
 * here (ack the message); it throws only on infrastructure errors (D1, the queue, a Worker
 * configuration that does not parse), which the consumer should retry.
 */
export async function handleWebhookMessage(env: Env, msg: Attempt, opts: HandleWebhookOptions = {}): Promise<WebhookOutcome> {
  const d = drizzle(env.DB);
  const job = await deliverableJob(d, msg);
  if (typeof job === "string") return skipped(job);
  // Everything that can fail for configuration reasons happens before the claim, so a thrown
  // error leaves the attempt unclaimed and the queue's own retry of this message can run it.
  const config = workerConfig(env);
  const nowSeconds = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  const payload = await completionPayload(d, job, opts.clipUrl ?? defaultClipUrl(env), nowSeconds);
  const secret = await getOrCreateWebhookSecret(env.DB, config.keyring, job.accountId);
  if (!(await claimAttempt(d, job, msg.attempt))) return skipped(`attempt ${msg.attempt} already handled or delivery finished`);
  const result = await deliverWebhook({
    url: job.webhookUrl,
    secret,
    body: payload,
    attempt: msg.attempt,
    localMode: config.localMode,
    fetcher: opts.fetcher,
    dnsFetcher: opts.dnsFetcher,
    nowSeconds,
    timeoutMs: opts.timeoutMs,
  });
  return settleAttempt(env, d, { job_id: job.id, attempt: msg.attempt }, result);
}

/** The job, when this attempt may be sent: completed, with a webhook_url, its delivery pending at an earlier attempt. Else why not. */
async function deliverableJob(d: Db, msg: Attempt): Promise<DeliverableJob | string> {
  const [job] = await d.select().from(jobs).where(eq(jobs.id, msg.job_id)).limit(1);
  if (!job) return "job not found";
  if (job.status !== "completed") return `job is ${job.status}, not completed`;
  if (!job.webhookUrl) return "job has no webhook_url";
  const [prior] = await d.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, job.id)).limit(1);
  if (prior && (prior.status !== "pending" || prior.attempts >= msg.attempt)) return `delivery is ${prior.status} after ${prior.attempts} attempt(s)`;
  return { ...job, webhookUrl: job.webhookUrl };
}

/** The completion callback's body (docs/webhooks.md), with the job's clips in rank order. */
async function completionPayload(d: Db, job: DeliverableJob, clipUrl: (key: string) => string, nowSeconds: number) {
  const rows = await d.select().from(clipsTable).where(eq(clipsTable.jobId, job.id)).orderBy(asc(clipsTable.clipIndex));
  const clips = rankClips(rows, scoreWeightsOf(job)).map((c) => webhookClip(c, job, clipUrl));
  return buildCompletionPayload(
    { id: job.id, hd_ready: job.hdReady, warnings: allWarnings(job, rows), quality: jobQualityView(job, rows), dropped: droppedView(job.dropped) },
    clips,
    new Date(nowSeconds * 1000),
  );
}

/** A clip as a callback carries it: as on GET /jobs/{id}, without its timeline. */
export function webhookClip(c: typeof clipsTable.$inferSelect, job: typeof jobs.$inferSelect, clipUrl: (key: string) => string): Clip {
  return {
    url: clipUrl(c.videoKey),
    captions_url: c.captionsKey ? clipUrl(c.captionsKey) : null,
    captions_original_url: c.captionsOriginalKey ? clipUrl(c.captionsOriginalKey) : null,
    title: c.title,
    score: c.score,
    account_score: accountScore(c, scoreWeightsOf(job)),
    clip_index: c.clipIndex,
    hd: c.hd,
    ...clipReasons(c, clipUrl),
  };
}

/**
 * Claims this attempt number. Queues deliver at least once and the trigger may enqueue twice;
 * only the message whose attempt follows the recorded count, on a pending row, sends.
 */
async function claimAttempt(d: Db, job: DeliverableJob, attempt: number): Promise<boolean> {
  const now = nowIso();
  await d
    .insert(webhookDeliveries)
    .values({ id: crypto.randomUUID(), jobId: job.id, url: job.webhookUrl, status: "pending", attempts: 0, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: webhookDeliveries.jobId });
  const claim = await d
    .update(webhookDeliveries)
    .set({ attempts: attempt, updatedAt: now })
    .where(and(eq(webhookDeliveries.jobId, job.id), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.attempts, attempt - 1)));
  return claim.meta.changes === 1;
}

/** Records what the attempt got and, when it may be retried and attempts remain, queues the next one with backoff. */
async function settleAttempt(env: Env, d: Db, msg: Attempt, result: DeliveryResult): Promise<WebhookOutcome> {
  const retry = !result.ok && result.retryable && msg.attempt < MAX_WEBHOOK_ATTEMPTS;
  await d
    .update(webhookDeliveries)
    .set({
      status: result.ok ? "delivered" : retry ? "pending" : "failed",
      lastStatusCode: result.status ?? null,
      lastError: result.ok ? null : result.error,
      updatedAt: nowIso(),
    })
    .where(eq(webhookDeliveries.jobId, msg.job_id));
  if (result.ok) return { outcome: "delivered", status: result.status };
  if (!retry) return { outcome: "failed", error: result.error };
  const nextAttempt = msg.attempt + 1;
  const delaySeconds = Math.min(retryDelaySeconds(nextAttempt), QUEUE_MAX_DELAY_SECONDS);
  const next: WebhookMessage = { type: "webhook", job_id: msg.job_id, attempt: nextAttempt };
  await env.RENDER_QUEUE.send(next, { delaySeconds });
  return { outcome: "retrying", nextAttempt, delaySeconds, error: result.error };
}

/** Longest a pending delivery legitimately waits for its next message (the longest retry delay, or
 * the 15-minute HD fallback of attempt 1), plus a margin. */
export const STALE_DELIVERY_SECONDS = Math.max(...RETRY_SCHEDULE_SECONDS, 15 * 60) + 15 * 60;

/**
 * Cron: a delivery left `pending` with no message to carry it on (the queue refused the next
 * attempt's message, or the Worker stopped between claiming an attempt and recording its outcome)
 * gets its next attempt enqueued again, or fails once no attempt is left. A late original message
 * and the re-enqueued one cannot both send: the attempt claim in handleWebhookMessage lets one through.
 */
export async function resumeStalledDeliveries(env: Env, now = new Date()): Promise<{ resumed: number; failed: number }> {
  const d = drizzle(env.DB);
  const cutoff = new Date(now.getTime() - STALE_DELIVERY_SECONDS * 1000).toISOString();
  const stale = await d
    .select({ jobId: webhookDeliveries.jobId, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), lt(webhookDeliveries.updatedAt, cutoff)))
    .limit(100);
  let resumed = 0;
  let failed = 0;
  for (const row of stale) {
    const same = and(eq(webhookDeliveries.jobId, row.jobId), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.attempts, row.attempts), lt(webhookDeliveries.updatedAt, cutoff));
    if (row.attempts >= MAX_WEBHOOK_ATTEMPTS) {
      const r = await d.update(webhookDeliveries).set({ status: "failed", lastError: "no answer recorded for the last attempt", updatedAt: now.toISOString() }).where(same);
      failed += r.meta.changes;
      continue;
    }
    // Touched first, so a later sweep waits a full window again before enqueueing it once more.
    const touched = await d.update(webhookDeliveries).set({ updatedAt: now.toISOString() }).where(same);
    if (touched.meta.changes !== 1) continue;
    const next: WebhookMessage = { type: "webhook", job_id: row.jobId, attempt: row.attempts + 1 };
    await env.RENDER_QUEUE.send(next);
    resumed++;
  }
  if (resumed || failed) console.log(JSON.stringify({ msg: "webhooks: stalled deliveries", resumed, failed }));
  return { resumed, failed };
}
