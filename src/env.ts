// The Worker's bindings (D1, R2, queues, Durable Objects, KV), typed by `wrangler types` (npm run
// types:worker, into src/generated/). Settings (vars and secrets) are read only through
// src/config.ts, which parses them into one typed object.
import { workerConfig } from "./config";

declare global {
  namespace Cloudflare {
    interface Env {
      // Read raw only by src/publishing/token-vault.ts until publishing takes them from
      // workerConfig(env).keyring; delete these two declarations then.
      APP_SECRET?: string;
      APP_SECRET_PREVIOUS?: string;
    }
  }
}
export type Env = Cloudflare.Env;

/** For src/publishing until it reads workerConfig(env).localMode; delete then. */
export const isLocalMode = (env: Env) => workerConfig(env).localMode;
