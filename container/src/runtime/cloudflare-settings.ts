// What the Workers AI engines are configured with (engines/cloudflare-ai.ts), here below the
// engines so the settings parse (./config.ts) reads the default base URL without importing upward.

export const CLOUDFLARE_API_BASE = "https://api.cloudflare.com/client/v4";

export interface CloudflareAiConfig {
  accountId: string;
  apiToken: string;
  /** defaults to CLOUDFLARE_API_BASE; KATTO_CF_API_BASE (config.ts) overrides it */
  baseUrl?: string;
  fetch?: typeof fetch;
}
