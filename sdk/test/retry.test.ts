import { describe, expect, it } from "vitest";
import { backoffDelay, createKatto, KattoApiError, KattoNetworkError, parseRetryAfter, retryingFetch } from "../src/index";

type Call = { method: string; url: string; key: string | null; body: string };

/** A fake fetch answering from a script, recording what it was sent. */
function fakeFetch(script: (Response | Error)[]) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    calls.push({ method: req.method, url: req.url, key: req.headers.get("idempotency-key"), body: await req.text() });
    const next = script.shift();
    if (!next) throw new Error("fake fetch: no more answers");
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const networkError = () => Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
const job = { id: "0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b", status: "queued", status_url: "http://x/api/v1/jobs/0b6f" };

describe("retryingFetch", () => {
  it("waits Retry-After seconds on 429, then returns the answer", async () => {
    const { fetch, calls } = fakeFetch([json(429, { error: "slow down" }, { "retry-after": "3" }), json(200, { ok: true })]);
    const slept: number[] = [];
    const f = retryingFetch(fetch, { sleep: async (ms) => void slept.push(ms) });
    const res = await f("http://x/api/v1/usage");
    expect(res.status).toBe(200);
    expect(slept).toEqual([3000]);
    expect(calls).toHaveLength(2);
  });

  it("backs off exponentially with jitter when a 429 has no Retry-After, and returns the last 429 after maxAttempts", async () => {
    const { fetch, calls } = fakeFetch([json(429, {}), json(429, {}), json(429, { error: "limit" })]);
    const slept: number[] = [];
    const f = retryingFetch(fetch, { maxAttempts: 3, baseDelayMs: 100, random: () => 1, sleep: async (ms) => void slept.push(ms) });
    const res = await f("http://x/a");
    expect(res.status).toBe(429);
    expect(slept).toEqual([100, 200]);
    expect(calls).toHaveLength(3);
  });

  it("gives up at once when Retry-After is longer than maxRetryAfterMs", async () => {
    const { fetch, calls } = fakeFetch([json(429, {}, { "retry-after": "3600" })]);
    const res = await retryingFetch(fetch, { sleep: async () => expect.unreachable() })("http://x/a");
    expect(res.status).toBe(429);
    expect(calls).toHaveLength(1);
  });

  it("retries network errors for GET, not for a POST without Idempotency-Key", async () => {
    const get = fakeFetch([networkError(), json(200, {})]);
    expect((await retryingFetch(get.fetch, { sleep: async () => {} })("http://x/a")).status).toBe(200);
    expect(get.calls).toHaveLength(2);

    const post = fakeFetch([networkError(), json(200, {})]);
    await expect(retryingFetch(post.fetch, { sleep: async () => {} })("http://x/a", { method: "POST", body: "{}" })).rejects.toThrow("fetch failed");
    expect(post.calls).toHaveLength(1);
  });

  it("does not retry other statuses", async () => {
    const { fetch, calls } = fakeFetch([json(500, { error: "boom" })]);
    expect((await retryingFetch(fetch, { sleep: async () => expect.unreachable() })("http://x/a")).status).toBe(500);
    expect(calls).toHaveLength(1);
  });

  it("parses Retry-After in both forms and caps the backoff", () => {
    expect(parseRetryAfter("7")).toBe(7000);
    expect(parseRetryAfter(new Date(10_000 + 5000).toUTCString(), 10_000)).toBeGreaterThanOrEqual(4000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(backoffDelay(20, { maxDelayMs: 1000, random: () => 1 })).toBe(1000);
    expect(backoffDelay(1, { baseDelayMs: 100, random: () => 0 })).toBe(50);
  });
});

describe("createKatto", () => {
  it("sends one Idempotency-Key on createJob and reuses it on every retry of that submission", async () => {
    const { fetch, calls } = fakeFetch([networkError(), json(429, {}, { "retry-after": "0" }), json(202, job)]);
    const katto = createKatto({ baseUrl: "http://x", apiKey: "k", fetch, retry: { sleep: async () => {} } });
    const created = await katto.unwrap(katto.api.POST("/api/v1/jobs", { body: { url: "https://example.com/v.mp4" } }));
    expect(created.id).toBe(job.id);
    expect(calls).toHaveLength(3);
    expect(calls[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(calls.map((c) => c.key))).toEqual(new Set([calls[0].key]));
    expect(new Set(calls.map((c) => c.body))).toEqual(new Set(['{"url":"https://example.com/v.mp4"}']));

    // A second submission gets a new key; an explicit key is kept.
    const again = fakeFetch([json(202, job), json(202, job)]);
    const k2 = createKatto({ baseUrl: "http://x", apiKey: "k", fetch: again.fetch });
    await k2.unwrap(k2.api.POST("/api/v1/jobs", { body: { url: "https://example.com/v.mp4" } }));
    await k2.unwrap(k2.api.POST("/api/v1/jobs", { body: { url: "https://example.com/v.mp4" }, params: { header: { "Idempotency-Key": "mine" } } }));
    expect(again.calls[0].key).not.toBe(calls[0].key);
    expect(again.calls[1].key).toBe("mine");
  });

  it("sends no Idempotency-Key on operations that do not honour one", async () => {
    const { fetch, calls } = fakeFetch([json(202, { rerender_id: "r", status: "queued", status_url: "u" })]);
    const katto = createKatto({ baseUrl: "http://x", apiKey: "k", fetch });
    await katto.unwrap(katto.api.POST("/api/v1/jobs/{id}/clips/{index}/rerender", { params: { path: { id: job.id, index: 0 } }, body: {} }));
    expect(calls[0].key).toBeNull();
  });

  it("maps API errors to KattoApiError with the API's message, code, status and Retry-After", async () => {
    const { fetch } = fakeFetch([json(404, { error: "Job not found.", code: "not_found" }), json(429, { error: "Too many requests.", code: "rate_limited" }, { "retry-after": "999" })]);
    const katto = createKatto({ baseUrl: "http://x", apiKey: "k", fetch, retry: { maxRetryAfterMs: 1000 } });
    const e = await katto.unwrap(katto.api.GET("/api/v1/jobs/{id}", { params: { path: { id: job.id } } })).catch((x) => x);
    expect(e).toBeInstanceOf(KattoApiError);
    expect(e).toMatchObject({ status: 404, message: "Job not found.", code: "not_found" });
    const r = await katto.unwrap(katto.api.GET("/api/v1/usage")).catch((x) => x);
    expect(r).toMatchObject({ status: 429, code: "rate_limited", retryAfter: 999 });
  });

  it("reports an unreachable service as KattoNetworkError naming the origin, after retrying GETs", async () => {
    const { fetch, calls } = fakeFetch([networkError(), networkError()]);
    const katto = createKatto({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch, retry: { maxAttempts: 2, sleep: async () => {} } });
    const e = await katto.unwrap(katto.api.GET("/api/v1/me")).catch((x) => x);
    expect(e).toBeInstanceOf(KattoNetworkError);
    expect(e.message).toBe("Could not reach http://127.0.0.1:9 (ECONNREFUSED).");
    expect(calls).toHaveLength(2);
  });
});
