// The `clip.ready` callback (issue 43): one POST per clip of a running job, the moment the render
// backend delivered it (services/render/ready-clip-events.ts), signed like job.completed and
// retried on the same schedule through the Queue. It is sent at least once: a receiver dedupes on
// job_id + clip.clip_index (docs/webhooks.md "clip.ready").
import type { z } from "zod";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { workerConfig } from "../config";
import { clips, jobs } from "../db/schema";
import type { Env } from "../env";
import { ClipReadyPayloadSchema } from "./payload";
import type { ClipWebhookQueueMessageSchema } from "../render-queue/messages";
import { getOrCreateWebhookSecret } from "./secret";
import { deliverWebhook, MAX_WEBHOOK_ATTEMPTS, QUEUE_MAX_DELAY_SECONDS, retryDelaySeconds, type Fetcher } from "./send";
import { defaultClipUrl, webhookClip, type WebhookOutcome } from "./delivery";

export type ClipWebhookMessage = z.infer<typeof ClipWebhookQueueMessageSchema>;

/** Queues the clip.ready callback of one clip (attempt 1); false, sending nothing, when the job has no webhook_url. */
export async function enqueueClipReadyWebhook(env: Env, jobId: string, clipIndex: number, webhookUrl: string | null): Promise<boolean> {
  if (!webhookUrl) return false;
  const message: ClipWebhookMessage = { type: "clip_webhook", job_id: jobId, clip_index: clipIndex, attempt: 1 };
  await env.RENDER_QUEUE.send(message);
  return true;
}

export interface ClipWebhookOptions {
  fetcher?: Fetcher;
  dnsFetcher?: Fetcher;
  nowSeconds?: number;
  clipUrl?: (key: string) => string;
}

/**
 * One delivery attempt of a clip.ready callback, the next queued with backoff when it may be
 * retried. The clip is read as it is now (its HD file once that landed). Nothing is sent for a
 * job gone, cancelled or failed, or without a webhook_url. Throws only on infrastructure errors.
 */
export async function handleClipWebhookMessage(env: Env, msg: ClipWebhookMessage, opts: ClipWebhookOptions = {}): Promise<WebhookOutcome> {
  const d = drizzle(env.DB);
  const [job] = await d.select().from(jobs).where(eq(jobs.id, msg.job_id)).limit(1);
  if (!job?.webhookUrl) return { outcome: "skipped", reason: job ? "job has no webhook_url" : "job not found" };
  if (job.status === "failed" || job.status === "cancelled") return { outcome: "skipped", reason: `job is ${job.status}` };
  const [clip] = await d.select().from(clips).where(and(eq(clips.jobId, job.id), eq(clips.clipIndex, msg.clip_index))).limit(1);
  if (!clip) return { outcome: "skipped", reason: `job has no clip ${msg.clip_index}` };
  const config = workerConfig(env);
  const nowSeconds = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  const body = ClipReadyPayloadSchema.parse({ event: "clip.ready", job_id: job.id, clip: webhookClip(clip, job, opts.clipUrl ?? defaultClipUrl(env)), timestamp: new Date(nowSeconds * 1000).toISOString() });
  const secret = await getOrCreateWebhookSecret(env.DB, config.keyring, job.accountId);
  const result = await deliverWebhook({ url: job.webhookUrl, secret, body, attempt: msg.attempt, localMode: config.localMode, fetcher: opts.fetcher, dnsFetcher: opts.dnsFetcher, nowSeconds });
  if (result.ok) return { outcome: "delivered", status: result.status };
  if (!result.retryable || msg.attempt >= MAX_WEBHOOK_ATTEMPTS) return { outcome: "failed", error: result.error };
  const nextAttempt = msg.attempt + 1;
  const delaySeconds = Math.min(retryDelaySeconds(nextAttempt), QUEUE_MAX_DELAY_SECONDS);
  await env.RENDER_QUEUE.send({ ...msg, attempt: nextAttempt } satisfies ClipWebhookMessage, { delaySeconds });
  return { outcome: "retrying", nextAttempt, delaySeconds, error: result.error };
}
