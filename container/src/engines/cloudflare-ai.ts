// Minimal client for the Workers AI REST API (POST {base}/accounts/{account}/ai/run/{model}).
// Used by the Workers AI speech engine and scorer; the base URL is configurable so tests can point
// it at a loopback server.

import { CLOUDFLARE_API_BASE, type CloudflareAiConfig } from "../runtime/cloudflare-settings.js";

export { CLOUDFLARE_API_BASE, type CloudflareAiConfig } from "../runtime/cloudflare-settings.js";

export class CloudflareAiError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = "CloudflareAiError";
  }
}

/** Runs a model and returns the envelope's `result` (the REST API wraps it as {result, success, errors}). */
export async function runWorkersAi(
  cfg: CloudflareAiConfig,
  model: string,
  input: unknown,
  opts: { signal: AbortSignal },
): Promise<unknown> {
  const base = (cfg.baseUrl ?? CLOUDFLARE_API_BASE).replace(/\/+$/, "");
  const url = `${base}/accounts/${encodeURIComponent(cfg.accountId)}/ai/run/${model}`;
  const res = await (cfg.fetch ?? fetch)(url, {
    method: "POST",
    headers: { authorization: `Bearer ${cfg.apiToken}`, "content-type": "application/json" },
    body: JSON.stringify(input),
    signal: opts.signal,
  });
  const body = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new CloudflareAiError(`Workers AI ${model}: HTTP ${res.status}, body is not JSON`, res.status);
  }
  const env = parsed as { success?: boolean; result?: unknown; errors?: { message?: string }[] };
  if (!res.ok || env.success === false || env.result === undefined) {
    const msg = env.errors?.map((e) => e.message).filter(Boolean).join("; ") || "no result";
    throw new CloudflareAiError(`Workers AI ${model}: HTTP ${res.status}: ${msg}`, res.status);
  }
  return env.result;
}
