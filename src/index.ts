import { buildApp } from "./app";
import type { Env } from "./env";
import { withOAuth } from "./mcp/oauth";
import { handleQueueBatch } from "./queues/consumer";
import { failStalledJobs } from "./services/render/watchdog";
import { sweepExpiredUploads } from "./services/uploads/sweep";
import { sweepAuth } from "./services/auth/sessions";
import { keyringOf } from "./lib/crypto";
import { resealWebhookSecrets } from "./webhooks/secret";

export { IdempotencyLock } from "./durable-objects/idempotency-lock";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { RenderContainer } from "./render-backend/container";

const app = buildApp();

export default {
  // The OAuth provider answers /mcp, the OAuth endpoints and well-known metadata; everything else
  // reaches the Hono app unchanged (src/mcp/oauth.ts).
  fetch: withOAuth((req, env, ctx) => app.fetch(req, env, ctx)),
  queue: (batch, env) => handleQueueBatch(batch, env),
  scheduled: async (_controller, env) => {
    await Promise.all([sweepExpiredUploads(env), failStalledJobs(env), sweepAuth(env.DB), resealWebhookSecrets(env.DB, keyringOf(env))]);
  },
} satisfies ExportedHandler<Env, unknown>;
