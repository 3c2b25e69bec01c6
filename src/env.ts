// The Worker's bindings (D1, R2, queues, Durable Objects, KV), typed by `wrangler types` (npm run
// types:worker, into src/generated/). Settings (vars and secrets) are read only through
// src/config.ts, which parses them into one typed object.
export type Env = Cloudflare.Env;
