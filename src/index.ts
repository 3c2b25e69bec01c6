import { buildApp } from "./app";
import type { Env } from "./env";
import { handleQueueBatch } from "./queues/consumer";
import { failStalledJobs } from "./services/render/watchdog";
import { sweepExpiredUploads } from "./services/uploads/sweep";

export { IdempotencyLock } from "./durable-objects/idempotency-lock";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { RenderContainer } from "./render/container";

const app = buildApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueueBatch(batch, env),
  scheduled: async (_controller, env) => {
    await Promise.all([sweepExpiredUploads(env), failStalledJobs(env)]);
  },
} satisfies ExportedHandler<Env, unknown>;
