// Webhook events of publications (publication.published, publication.failed — also sent for
// `unconfirmed`, whose status the payload carries), signed exactly like the job callback with the
// account's signing secret, delivered from the publish Queue with the callback's retry schedule.
import { workerConfig } from "../../config";
import type { Env } from "../../env";
import { deliverWebhook, MAX_WEBHOOK_ATTEMPTS, retryDelaySeconds } from "../../webhooks/delivery";
import { getOrCreateWebhookSecret } from "../../webhooks/secret";
import type { PublishMessage } from "./messages";
import { publicationById, publicationView, type PublicationRow } from "./publications";

type EventMessage = Extract<PublishMessage, { kind: "event" }>;

export function publicationEventBody(event: EventMessage["event"], row: PublicationRow) {
  return { event, publication: publicationView(row), sent_at: new Date().toISOString() };
}

/** Puts a publication's event on the publish Queue, if it has somewhere to go. */
export async function queuePublicationEvent(env: Env, row: Pick<PublicationRow, "id" | "webhookUrl">, event: EventMessage["event"]) {
  if (row.webhookUrl) await env.PUBLISH_QUEUE.send({ kind: "event", publication_id: row.id, event, attempt: 1 } satisfies PublishMessage);
}

export async function deliverPublicationEvent(env: Env, msg: EventMessage, fetcher?: typeof fetch): Promise<void> {
  const row = await publicationById(env, msg.publication_id);
  if (!row?.webhookUrl) return;
  const { keyring, localMode } = workerConfig(env);
  const secret = await getOrCreateWebhookSecret(env.DB, keyring, row.accountId);
  const r = await deliverWebhook({ url: row.webhookUrl, secret, body: publicationEventBody(msg.event, row), attempt: msg.attempt, localMode, ...(fetcher ? { fetcher } : {}) });
  if (r.ok || !r.retryable || msg.attempt >= MAX_WEBHOOK_ATTEMPTS) {
    if (!r.ok) console.error(JSON.stringify({ msg: "publication webhook not delivered", publication_id: row.id, event: msg.event, attempt: msg.attempt, error: r.error }));
    return;
  }
  await env.PUBLISH_QUEUE.send({ ...msg, attempt: msg.attempt + 1 } satisfies PublishMessage, { delaySeconds: retryDelaySeconds(msg.attempt + 1) });
}
