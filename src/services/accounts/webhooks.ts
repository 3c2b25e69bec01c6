// Webhook signing details and a signed test event (dashboard "send a test event"). The test event
// goes through deliverWebhook, so the URL rules of src/webhooks/url-safety.ts apply unchanged.
import { workerConfig } from "../../config";
import { ValidationError } from "../../errors";
import { deliverWebhook } from "../../webhooks/delivery";
import { getOrCreateWebhookSecret } from "../../webhooks/secret";
import { webhookSigningDetails } from "../../webhooks/signature";
import type { AccountContext } from "../context";
import { requireScope } from "../auth/keys";

/** GET /webhook and the dashboard's webhook page: the secret (made on first access) and how to check a signature. */
export async function getWebhookDetails(ctx: AccountContext) {
  requireScope(ctx, "read");
  return webhookSigningDetails(await getOrCreateWebhookSecret(ctx.env.DB, workerConfig(ctx.env).keyring, ctx.principal.accountId));
}

export async function sendTestWebhook(ctx: AccountContext, url: string) {
  requireScope(ctx, "write");
  if (!url.trim()) throw new ValidationError("Enter the URL that should receive the test event.");
  const { signing_secret } = await getWebhookDetails(ctx);
  const body = { event: "test", job_id: null, status: "test", sent_at: new Date().toISOString(), message: "A test event from the Katto dashboard." };
  const r = await deliverWebhook({ url: url.trim(), secret: signing_secret, body, attempt: 1, localMode: workerConfig(ctx.env).localMode });
  return r.ok ? { ok: true as const, status: r.status } : { ok: false as const, status: r.status ?? null, error: r.error };
}
