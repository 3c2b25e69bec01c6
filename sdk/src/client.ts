// The typed Katto client: openapi-fetch over the types generated from /openapi.json. Every caller
// (CLI, local MCP server, the Worker's hosted MCP server, the dashboard's upload) builds requests
// through it; nothing else writes API paths by hand.
import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./generated/katto-api";

export type { components, operations, paths };
export type Schemas = components["schemas"];
export type KattoApi = Client<paths>;

/** The public service URL, used when no base URL is configured. */
export const DEFAULT_BASE_URL = "https://api.katto.dev";

export interface KattoClientOptions {
  /** Origin of the service (no /api/v1): for example http://127.0.0.1:8787. */
  baseUrl?: string;
  apiKey: string;
  /** A fetch to send requests with (the Worker passes its own app; tests may pass a spy). */
  fetch?: typeof fetch;
  /** Extra headers on every request (User-Agent, for example). */
  headers?: Record<string, string>;
}

export function createApi(options: KattoClientOptions): KattoApi {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  return createClient<paths>({
    baseUrl,
    fetch: options.fetch,
    headers: { Authorization: `Bearer ${options.apiKey}`, ...options.headers },
  });
}
