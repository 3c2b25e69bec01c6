import { ConfigError } from "@katto/protocol";
import { buildApp } from "./app";
import { workerConfig } from "./config";
import type { Env } from "./env";
import { errorBody } from "./errors";
import { withOAuth } from "./mcp/oauth";
import { handleQueueBatch } from "./queues/consumer";
import { handlePublishBatch } from "./services/publishing/runner";
import { sweepPublishing } from "./services/publishing/sweep";
import { failStalledJobs } from "./services/render/watchdog";
import { sweepHd } from "./services/render/hd-sweep";
import { sweepExpiredUploads } from "./services/uploads/sweep";
import { sweepAuth } from "./services/auth/sessions";
import { resumeStalledDeliveries } from "./webhooks/delivery";
import { resealWebhookSecrets } from "./webhooks/secret";

export { IdempotencyLock } from "./durable-objects/idempotency-lock";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { RenderContainer } from "./render-backend/container";

const app = buildApp();
// The OAuth provider answers /mcp, the OAuth endpoints and well-known metadata; everything else
// reaches the Hono app unchanged (src/mcp/oauth.ts).
const serve = withOAuth((req, env, ctx) => app.fetch(req, env, ctx));

/**
 * A Worker whose settings do not parse refuses every request with 503, naming each bad setting
 * and what it may be (never a secret's value; src/config.ts), so the operator sees what to fix
 * on the first request after a deploy instead of half-working URLs and tokens.
 */
function misconfigured(env: Env): Response | null {
  try {
    workerConfig(env);
    return null;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return Response.json(errorBody("unavailable", `This Katto server is misconfigured; its operator must fix the Worker's settings: ${e.errors.join("; ")}.`), { status: 503 });
  }
}

export default {
  fetch: (req, env, ctx) => misconfigured(env) ?? serve(req, env, ctx),
  // katto-publish carries publishing work (src/services/publishing/runner.ts); every other queue is the render pipeline's.
  // Settings are checked first: with a bad configuration the whole batch is retried, none of it half done.
  queue: async (batch, env) => {
    workerConfig(env);
    await (batch.queue.startsWith("katto-publish") ? handlePublishBatch(batch, env) : handleQueueBatch(batch, env));
  },
  scheduled: async (_controller, env) => {
    const { keyring } = workerConfig(env);
    await Promise.all([sweepExpiredUploads(env), failStalledJobs(env), sweepHd(env), sweepAuth(env.DB), sweepPublishing(env), resealWebhookSecrets(env.DB, keyring), resumeStalledDeliveries(env)]);
  },
} satisfies ExportedHandler<Env, unknown>;
