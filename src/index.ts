import { buildApp } from "./app";
import type { Env } from "./env";
import { withOAuth } from "./mcp/oauth";
import { handleQueueBatch } from "./queues/consumer";
import { handlePublishBatch } from "./services/publishing/runner";
import { sweepPublishing } from "./services/publishing/sweep";
import { failStalledJobs } from "./services/render/watchdog";
import { sweepHd } from "./services/render/hd-sweep";
import { sweepExpiredUploads } from "./services/uploads/sweep";
import { sweepAuth } from "./services/auth/sessions";
import { keyringOf } from "./lib/crypto";
import { resumeStalledDeliveries } from "./webhooks/delivery";
import { resealWebhookSecrets } from "./webhooks/secret";

export { IdempotencyLock } from "./durable-objects/idempotency-lock";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { RenderContainer } from "./render-backend/container";

const app = buildApp();

export default {
  // The OAuth provider answers /mcp, the OAuth endpoints and well-known metadata; everything else
  // reaches the Hono app unchanged (src/mcp/oauth.ts).
  fetch: withOAuth((req, env, ctx) => app.fetch(req, env, ctx)),
  // katto-publish carries publishing work (src/services/publishing/runner.ts); every other queue is the render pipeline's.
  queue: (batch, env) => (batch.queue.startsWith("katto-publish") ? handlePublishBatch(batch, env) : handleQueueBatch(batch, env)),
  scheduled: async (_controller, env) => {
    await Promise.all([sweepExpiredUploads(env), failStalledJobs(env), sweepHd(env), sweepAuth(env.DB), sweepPublishing(env), resealWebhookSecrets(env.DB, keyringOf(env)), resumeStalledDeliveries(env)]);
  },
} satisfies ExportedHandler<Env, unknown>;
