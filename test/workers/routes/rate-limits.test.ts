// Rate limits (spec "Limits"; errors rule 1): 60/min per IP, create job 20/min per key, get job
// 60/min per key; every response carries X-RateLimit-*; 429 adds Retry-After and {error}.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ErrorSchema } from "../../../src/schemas/common";
import { JobCreatedSchema, JobSchema, UsageSchema } from "@katto/protocol/api";
import { ADMIN, api, BASE, createAccount, freshIp, SAMPLE_URL } from "../helpers";
import { newJob } from "../render-callbacks";
import { bearerKeyHash, hashApiKey } from "../../../src/services/auth/keys";

function rateHeaders(r: Response) {
  const h = { limit: r.headers.get("X-RateLimit-Limit"), remaining: r.headers.get("X-RateLimit-Remaining"), reset: r.headers.get("X-RateLimit-Reset") };
  expect(h.limit, `${r.url} ${r.status}`).toMatch(/^\d+$/);
  expect(h.remaining, `${r.url} ${r.status}`).toMatch(/^\d+$/);
  expect(Number(h.reset), `${r.url} ${r.status}`).toBeGreaterThanOrEqual(1);
  expect(Number(h.reset)).toBeLessThanOrEqual(60);
  return { limit: Number(h.limit), remaining: Number(h.remaining), reset: Number(h.reset) };
}

async function expect429(r: Response) {
  expect(r.status).toBe(429);
  const retry = Number(r.headers.get("Retry-After"));
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(60);
  expect(rateHeaders(r).remaining).toBe(0);
  expect(ErrorSchema.parse(await r.json()).error).toMatch(/Rate limit exceeded/);
}

describe("headers on every response", () => {
  it("show the limit that applies: create job 20, get job 60", async () => {
    const c = await createAccount();
    const created = await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } });
    expect(created.status).toBe(201);
    expect(rateHeaders(created)).toMatchObject({ limit: 20, remaining: 19 });
    const id = JobCreatedSchema.parse(await created.json()).id;
    const got = await api({ ...c, ip: freshIp() }, `/jobs/${id}`);
    JobSchema.parse(await got.json());
    expect(rateHeaders(got)).toMatchObject({ limit: 60, remaining: 59 });
  });

  it("each operation below the per-IP 60 shows its own bucket: cancel 30, re-render 10, webhook 30, reserve and complete upload 20", async () => {
    const c = await createAccount();
    const first = async (path: string, init: RequestInit & { json?: unknown } = {}) => rateHeaders(await api({ ...c, ip: freshIp() }, path, init));
    const missing = crypto.randomUUID();
    expect(await first(`/jobs/${missing}`, { method: "DELETE" })).toMatchObject({ limit: 30, remaining: 29 });
    expect(await first(`/jobs/${missing}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } })).toMatchObject({ limit: 10, remaining: 9 });
    expect(await first("/webhook")).toMatchObject({ limit: 30, remaining: 29 });
    expect(await first("/uploads", { method: "POST", json: { filename: "a.mp4", content_type: "video/mp4", size: 1000 } })).toMatchObject({ limit: 20, remaining: 19 });
    expect(await first(`/uploads/${missing}/complete`, { method: "POST", json: {} })).toMatchObject({ limit: 20, remaining: 19 });
  });

  it("are present on successes and on 400, 401, 403, 404 and 405 alike", async () => {
    const c = await createAccount("creator", ["read"]);
    const ok = await api(c, "/usage");
    UsageSchema.parse(await ok.json());
    rateHeaders(ok);
    const responses = [
      await api(c, "/jobs?limit=0"), // 400
      await SELF.fetch(`${BASE}/api/v1/usage`, { headers: { "cf-connecting-ip": c.ip } }), // 401
      await api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL } }), // 403 (read-only key)
      await api(c, `/jobs/${crypto.randomUUID()}`), // 404
      await api(c, "/nope"), // 404 route
      await api(c, "/usage", { method: "POST" }), // 405
    ];
    expect(responses.map((r) => r.status)).toEqual([400, 401, 403, 404, 404, 405]);
    for (const r of responses) {
      rateHeaders(r);
      ErrorSchema.parse(await r.json());
    }
  });
});

// Each test makes 20 to 70 requests: on a busy machine that outlasts vitest's 5 s default.
const MANY_REQUESTS = { timeout: 60_000 };

describe("limits", () => {
  it("create job: the 21st request of a key within a minute gets 429 with Retry-After", MANY_REQUESTS, async () => {
    const c = await createAccount("internal");
    for (let i = 0; i < 20; i++) {
      const r = await api({ ...c, ip: freshIp() }, "/jobs", { method: "POST", json: { url: SAMPLE_URL } });
      expect(r.status).toBe(201);
      expect(rateHeaders(r)).toMatchObject({ limit: 20, remaining: 19 - i });
    }
    await expect429(await api({ ...c, ip: freshIp() }, "/jobs", { method: "POST", json: { url: SAMPLE_URL } }));
    // Other operations of the same key are not starved.
    expect((await api({ ...c, ip: freshIp() }, "/usage")).status).toBe(200);
  });

  it("get job: the 61st request of a key within a minute gets 429 (from 61 addresses, so the IP limit stays out)", MANY_REQUESTS, async () => {
    const c = await createAccount();
    const id = await newJob(c);
    for (let i = 0; i < 60; i++) expect((await api({ ...c, ip: freshIp() }, `/jobs/${id}`)).status).toBe(200);
    await expect429(await api({ ...c, ip: freshIp() }, `/jobs/${id}`));
  });

  it("per IP: the 61st request of any kind from one address within a minute gets 429, even without a key", MANY_REQUESTS, async () => {
    const c = await createAccount();
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await api({ ...c, ip }, "/usage")).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await SELF.fetch(`${BASE}/api/v1/jobs`, { headers: { "cf-connecting-ip": ip } })).status).toBe(401);
    const r = await SELF.fetch(`${BASE}/api/v1/jobs`, { headers: { "cf-connecting-ip": ip } });
    await expect429(r);
    expect(r.headers.get("X-RateLimit-Limit")).toBe("60");
    await expect429(await api({ ...c, ip }, "/usage"));
    // Another address is unaffected.
    expect((await api({ ...c, ip: freshIp() }, "/usage")).status).toBe(200);
  });

  it("hold under concurrency: 70 simultaneous reads of one job by one key, from 70 addresses, let exactly 60 through", MANY_REQUESTS, async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const statuses = await Promise.all(Array.from({ length: 70 }, () => api({ ...c, ip: freshIp() }, `/jobs/${id}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("load_test plan: 1,000 times every limit, per IP too for its keys; another key from that address still has 60", MANY_REQUESTS, async () => {
    const load = await createAccount("load_test");
    const id = await newJob(load);
    for (let i = 0; i < 61; i++) {
      const r = await api(load, `/jobs/${id}`);
      expect(r.status).toBe(200);
      expect(rateHeaders(r).limit).toBe(60_000);
    }
    // The address has made 62 requests: over the 60 of a key on any other plan.
    const other = await createAccount("internal");
    const r = await api({ ...other, ip: load.ip }, "/usage");
    await expect429(r);
    expect(r.headers.get("X-RateLimit-Limit")).toBe("60");
  });

  it("a revoked key is refused on its very next request", async () => {
    const c = await createAccount();
    expect((await api(c, "/usage")).status).toBe(200);
    const revoked = await SELF.fetch(`${BASE}/admin/v1/keys/${c.key.id}`, { method: "DELETE", headers: ADMIN });
    expect(revoked.status).toBe(200);
    const r = await api(c, "/usage");
    expect(r.status).toBe(401);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/revoked/);
  });

  it("counts per key only for a bearer key of the right shape (its SHA-256), so garbage tokens create no counters", async () => {
    const key = `katto_${"A".repeat(43)}`;
    expect(await bearerKeyHash(`Bearer ${key}`)).toBe(await hashApiKey(key));
    for (const h of [undefined, "", "Bearer", "Bearer nope", `Basic ${key}`, `Bearer ${key}x`]) expect(await bearerKeyHash(h)).toBeUndefined();
  });
});
