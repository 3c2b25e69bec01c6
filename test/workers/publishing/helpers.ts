// Publishing fixtures for Worker tests: connect through the real OAuth flow against the platform's
// stand-in (reached at http://<platform>.stand-in.invalid through the outbound service, see
// vitest.config.ts), and a completed job whose clip file is stored in R2 like the renderer stores it.
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { clips, jobs } from "../../../src/db/schema";
import { drizzle } from "drizzle-orm/d1";
import { ConnectionStartedSchema } from "@katto/protocol/api";
import { api, BASE, type Client } from "../helpers";

export const standInOrigin = (platform: string) => `http://${platform}.stand-in.invalid`;

export async function standInState<T = Record<string, unknown>>(platform: string): Promise<T> {
  return (await (await fetch(`${standInOrigin(platform)}/__stand-in/state`)).json()) as T;
}

export async function armFault(platform: string, name: string, times = 1) {
  const r = await fetch(`${standInOrigin(platform)}/__stand-in/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, times }) });
  expect(r.status).toBe(200);
}

/** POST /connections, follow the platform's consent redirect, land on our callback. Returns the callback's redirect. */
export async function connect(client: Client, platform: string): Promise<URL> {
  const started = await api(client, "/connections", { method: "POST", json: { platform } });
  expect(started.status).toBe(201);
  const { authorization_url } = ConnectionStartedSchema.parse(await started.json());
  const consent = await fetch(authorization_url, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get("location")!);
  expect(callback.origin + callback.pathname).toBe(`${BASE}/connections/callback/${platform}`);
  const landed = await SELF.fetch(callback.href, { redirect: "manual" });
  expect(landed.status).toBe(302);
  return new URL(landed.headers.get("location")!);
}

/** A completed job of `client` with one clip of `seconds` whose MP4 (random bytes of `size`) is in R2. */
export async function completedClip(client: { account: { id: string } }, opts: { seconds?: number; size?: number } = {}) {
  const jobId = crypto.randomUUID();
  const now = new Date().toISOString();
  const videoKey = `clips/${jobId}/test/clip-0.mp4`;
  const size = opts.size ?? 3 * 1024 * 1024;
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65536)));
  await env.FILES.put(videoKey, bytes, { httpMetadata: { contentType: "video/mp4" } });
  const db = drizzle(env.DB);
  await db.insert(jobs).values({ id: jobId, accountId: client.account.id, status: "completed", progressStep: "done", progressPct: 100, source: "url", sourceUrl: "https://example.com/v.mp4", createdMs: Date.now(), updatedAt: now, completedAt: now });
  await db.insert(clips).values({ jobId, clipIndex: 0, title: "A clip", startS: 10, endS: 10 + (opts.seconds ?? 30), videoKey, createdAt: now });
  return { jobId, videoKey, size };
}
