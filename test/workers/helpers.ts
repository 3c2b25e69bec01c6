// Test helpers: drive the real Worker (SELF) through its admin API, as an operator would.
import { SELF } from "cloudflare:test";

export const ADMIN = { authorization: "Bearer test-admin-token", "content-type": "application/json" };
export const BASE = "http://127.0.0.1:8787";

let ipCounter = 0;
/** A fresh client IP per call site, so the per-IP limit (60/min) never couples tests. */
export const freshIp = () => `203.0.113.${(ipCounter = (ipCounter % 250) + 1)}-${crypto.randomUUID().slice(0, 8)}`;

export async function createAccount(plan = "creator", scopes: ("read" | "write")[] = ["read", "write"]) {
  const email = `${crypto.randomUUID()}@example.test`;
  const a = await SELF.fetch(`${BASE}/admin/v1/accounts`, { method: "POST", headers: ADMIN, body: JSON.stringify({ email, plan }) });
  if (a.status !== 201) throw new Error(`create account: ${a.status} ${await a.text()}`);
  const account = (await a.json()) as { id: string; email: string; plan: string };
  const k = await SELF.fetch(`${BASE}/admin/v1/accounts/${account.id}/keys`, { method: "POST", headers: ADMIN, body: JSON.stringify({ scopes }) });
  if (k.status !== 201) throw new Error(`create key: ${k.status} ${await k.text()}`);
  const key = (await k.json()) as { id: string; key: string; scopes: string[] };
  return { account, key, ip: freshIp() };
}

export type Client = Awaited<ReturnType<typeof createAccount>>;

export async function addKey(accountId: string, scopes: ("read" | "write")[]) {
  const k = await SELF.fetch(`${BASE}/admin/v1/accounts/${accountId}/keys`, { method: "POST", headers: ADMIN, body: JSON.stringify({ scopes }) });
  return (await k.json()) as { id: string; key: string; scopes: string[] };
}

export function api(client: { key: { key: string }; ip: string }, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${client.key.key}`);
  headers.set("cf-connecting-ip", client.ip);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return SELF.fetch(`${BASE}/api/v1${path}`, { ...init, headers, body });
}

export const SAMPLE_URL = "http://127.0.0.1:9/sample.mp4";
export const YOUTUBE_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
