// Webhook events of publications (publication.published, publication.failed — also sent for
// `unconfirmed`, whose status the payload carries), signed exactly like the job callback with the
// account's signing secret, delivered from the publish Queue with the callback's retry schedule.
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { publications } from "../../db/schema";
import { isLocalMode, type Env } from "../../env";
import { keyringOf } from "../../lib/crypto";
import { deliverWebhook, MAX_WEBHOOK_ATTEMPTS, retryDelaySeconds } from "../../webhooks/delivery";
import { getOrCreateWebhookSecret } from "../../webhooks/secret";
import type { PublishMessage } from "./messages";
import { publicationView } from "./publications";

type EventMessage = Extract<PublishMessage, { kind: "event" }>;

export function publicationEventBody(event: EventMessage["event"], row: typeof publications.$inferSelect) {
  return { event, publication: publicationView(row), sent_at: new Date().toISOString() };
}

export async function deliverPublicationEvent(env: Env, msg: EventMessage, fetcher?: typeof fetch): Promise<void> {
  const row = await drizzle(env.DB).select().from(publications).where(eq(publications.id, msg.publication_id)).get();
  if (!row?.webhookUrl) return;
  const secret = await getOrCreateWebhookSecret(env.DB, keyringOf(env), row.accountId);
  const r = await deliverWebhook({ url: row.webhookUrl, secret, body: publicationEventBody(msg.event, row), attempt: msg.attempt, localMode: isLocalMode(env), ...(fetcher ? { fetcher } : {}) });
  if (r.ok || !r.retryable || msg.attempt >= MAX_WEBHOOK_ATTEMPTS) {
    if (!r.ok) console.error(JSON.stringify({ msg: "publication webhook not delivered", publication_id: row.id, event: msg.event, attempt: msg.attempt, error: r.error }));
    return;
  }
  await env.PUBLISH_QUEUE.send({ ...msg, attempt: msg.attempt + 1 } satisfies PublishMessage, { delaySeconds: retryDelaySeconds(msg.attempt + 1) });
}
