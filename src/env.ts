// Values that are secrets or local-mode settings, so `wrangler types` (npm run types:worker, into
// src/generated/) cannot see them in wrangler.toml.
// Production sets the secrets with `wrangler secret put`; local mode writes them to .dev.vars.
declare global {
  namespace Cloudflare {
    interface Env {
      /** Operator token for /admin/v1 (secret). */
      ADMIN_TOKEN?: string;
      /** Key material for signing internal URLs and encrypting secrets at rest (secret). */
      APP_SECRET?: string;
      /** The APP_SECRET before a rotation, while values made with it are still in use (secret; README "Configuration"). */
      APP_SECRET_PREVIOUS?: string;
      /** Seconds without progress after which the cron watchdog fails a running job refunded; default 2700 (45 min). */
      STALL_SECONDS?: string;
      /** Seconds an HD fan-out clip may stay without its HD file before the cron re-queues it; default 600 (10 min). */
      HD_RETRY_SECONDS?: string;
      /** "true" only in local mode (npm start, tests): loopback http sources and webhooks allowed. */
      LOCAL_MODE?: string;
      /** R2 S3 API credentials for presigned upload URLs in production (secrets). */
      R2_ACCESS_KEY_ID?: string;
      R2_SECRET_ACCESS_KEY?: string;
    }
  }
}
export type Env = Cloudflare.Env;
export const isLocalMode = (env: Env) => env.LOCAL_MODE === "true";
