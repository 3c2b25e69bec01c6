import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FLUSH_MS, type RateLimitResult } from "../../../src/durable-objects/rate-limiter";
import {
  checkRateLimit,
  limitFor,
  mostRestrictive,
  rateLimitCap,
  rateLimitFactors,
  rateLimitHeaders,
  rateLimits,
  withinLimit,
} from "../../../src/durable-objects/rate-limits";

// Each test uses its own object name so tests never share a counter.
const stubFor = (name: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name));
const fresh = () => `test:${crypto.randomUUID()}`;

type Window = { resetAt: number; count: number };
/** The object's in-memory window (private to the class; the tests look inside). */
const memoryOf = (instance: unknown) => instance as { window?: Window | null };

/** Moves the window's end into the past, in memory and in storage, as if its minute had gone by. */
const expireWindow = (name: string) =>
  runInDurableObject(stubFor(name), (instance, state) => {
    const w = memoryOf(instance).window;
    if (!w) throw new Error("no window in memory");
    w.resetAt = Date.now() - 1;
    state.storage.kv.put("window", { ...w });
  });

describe("RateLimiter", () => {
  it("counts exactly: the 61st request in a window is denied for ip (spec: 60/min per IP)", async () => {
    const subject = `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
    const results: RateLimitResult[] = [];
    for (let i = 0; i < 61; i++) results.push(await checkRateLimit(env.RATE_LIMITER, "ip", subject));

    expect(results.slice(0, 60).every((r) => r.allowed)).toBe(true);
    // remaining goes 59, 58, ..., 0
    expect(results.slice(0, 60).map((r) => r.remaining)).toEqual(
      Array.from({ length: 60 }, (_, i) => 59 - i),
    );
    for (const r of results) {
      expect(r.limit).toBe(60);
      expect(r.resetSeconds).toBeGreaterThan(0);
      expect(r.resetSeconds).toBeLessThanOrEqual(60);
      expect(Number.isInteger(r.resetSeconds)).toBe(true);
    }
    expect(results[0].retryAfterSeconds).toBe(0);

    const denied = results[60];
    expect(denied.allowed).toBe(false);
    expect(denied.remaining).toBe(0);
    expect(denied.retryAfterSeconds).toBeGreaterThan(0);
    expect(denied.retryAfterSeconds).toBe(denied.resetSeconds);

    // The object is named `${bucket}:${subject}`: a direct hit on that name sees the same window.
    const direct = await stubFor(`ip:${subject}`).hit(60, 60);
    expect(direct.allowed).toBe(false);
  });

  it("30 concurrent hits against limit 20 allow exactly 20", async () => {
    const stub = stubFor(fresh());
    const results = await Promise.all(Array.from({ length: 30 }, () => stub.hit(20, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds > 0)).toBe(true);
    // Each allowed hit saw a distinct count.
    const remaining = results.filter((r) => r.allowed).map((r) => r.remaining).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("honours cost and does not count rejected hits", async () => {
    const stub = stubFor(fresh());
    expect((await stub.hit(5, 60, 3)).remaining).toBe(2);
    expect((await stub.hit(5, 60, 3)).allowed).toBe(false);
    const last = await stub.hit(5, 60, 2);
    expect(last).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("sets an alarm at the window end; the alarm clears storage and a new window starts", async () => {
    const name = fresh();
    const stub = stubFor(name);
    for (let i = 0; i < 3; i++) await stub.hit(3, 60);
    expect((await stub.hit(3, 60)).allowed).toBe(false);

    const alarm = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm! - Date.now()).toBeGreaterThan(0);
    expect(alarm! - Date.now()).toBeLessThanOrEqual(60_000);

    await expireWindow(name);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const left = await runInDurableObject(stub, async (_i, state) => ({
      keys: [...state.storage.kv.list()].length,
      alarm: await state.storage.getAlarm(),
    }));
    expect(left).toEqual({ keys: 0, alarm: null });

    const next = await stub.hit(3, 60);
    expect(next).toMatchObject({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
  });

  it("an alarm that fires before the window ends keeps the window and re-arms", async () => {
    const stub = stubFor(fresh());
    await stub.hit(3, 60);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.hit(3, 60)).remaining).toBe(1);
    const alarm = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
  });

  it("stores a new window at once and writes later counts behind, at most once per FLUSH_MS", async () => {
    const name = fresh();
    const stub = stubFor(name);
    for (let i = 0; i < 5; i++) await stub.hit(10, 60);
    const stored = () => runInDurableObject(stub, (_i, state) => state.storage.kv.get<Window>("window")?.count);
    expect(await stored()).toBe(1); // the window as it opened
    await new Promise((r) => setTimeout(r, FLUSH_MS + 200));
    expect(await stored()).toBe(5);
  });

  it("an object that starts again (eviction, restart) goes on from the stored window", async () => {
    const name = fresh();
    const stub = stubFor(name);
    for (let i = 0; i < 3; i++) await stub.hit(4, 60);
    await new Promise((r) => setTimeout(r, FLUSH_MS + 200));
    // Drop the memory as an eviction would; the next hit reads storage once.
    await runInDurableObject(stub, (instance) => {
      memoryOf(instance).window = undefined;
    });
    expect(await stub.hit(4, 60)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await stub.hit(4, 60)).allowed).toBe(false);
  });

  it("starts a new window when the old one ended even if its alarm has not run", async () => {
    const name = fresh();
    const stub = stubFor(name);
    await stub.hit(1, 60);
    expect((await stub.hit(1, 60)).allowed).toBe(false);
    await expireWindow(name);
    expect((await stub.hit(1, 60)).allowed).toBe(true);
  });
});

describe("rate-limit helpers", () => {
  const r = (over: Partial<RateLimitResult>): RateLimitResult => ({
    allowed: true,
    limit: 60,
    remaining: 10,
    resetSeconds: 30,
    retryAfterSeconds: 0,
    ...over,
  });

  it("has the documented per-minute limit for every bucket", () => {
    // The whole table, exactly: a bucket added or changed without the docs fails here.
    expect(rateLimits).toEqual({
      ip: { limit: 60, windowSeconds: 60 },
      create_job: { limit: 20, windowSeconds: 60 },
      get_job: { limit: 60, windowSeconds: 60 },
      list_jobs: { limit: 120, windowSeconds: 60 },
      transcript: { limit: 120, windowSeconds: 60 },
      clips: { limit: 120, windowSeconds: 60 },
      usage: { limit: 120, windowSeconds: 60 },
      me: { limit: 120, windowSeconds: 60 },
      brand_kit: { limit: 120, windowSeconds: 60 },
      cancel_job: { limit: 30, windowSeconds: 60 },
      reserve_upload: { limit: 20, windowSeconds: 60 },
      complete_upload: { limit: 20, windowSeconds: 60 },
      rerender: { limit: 10, windowSeconds: 60 },
      get_rerender: { limit: 60, windowSeconds: 60 },
      edit_transcript: { limit: 30, windowSeconds: 60 },
      edit_clip: { limit: 30, windowSeconds: 60 },
      trim: { limit: 10, windowSeconds: 60 },
      broll_write: { limit: 30, windowSeconds: 60 },
      broll_list: { limit: 120, windowSeconds: 60 },
      create_clip: { limit: 10, windowSeconds: 60 },
      candidates: { limit: 120, windowSeconds: 60 },
      insights: { limit: 30, windowSeconds: 60 },
      webhook: { limit: 30, windowSeconds: 60 },
      connect: { limit: 10, windowSeconds: 60 },
      list_connections: { limit: 120, windowSeconds: 60 },
      disconnect: { limit: 10, windowSeconds: 60 },
      publish: { limit: 10, windowSeconds: 60 },
      get_publication: { limit: 60, windowSeconds: 60 },
      list_publications: { limit: 120, windowSeconds: 60 },
      cancel_publication: { limit: 30, windowSeconds: 60 },
    });
  });

  it("multiplies every limit by 1,000 on the load_test plan only; counters are asked up to the highest plan's limit", () => {
    expect(rateLimitFactors).toEqual({ load_test: 1_000 });
    expect(limitFor("ip")).toBe(60);
    expect(limitFor("get_job", "free")).toBe(60);
    expect(limitFor("get_job", "internal")).toBe(60);
    expect(limitFor("ip", "load_test")).toBe(60_000);
    expect(limitFor("create_job", "load_test")).toBe(20_000);
    expect(rateLimitCap("get_job")).toBe(60_000);
  });

  it("withinLimit judges a count taken under the cap against the caller's own limit", () => {
    // 60 counted under a cap of 60,000: still allowed at 60, denied at 59.
    const sixtieth = r({ limit: 60_000, remaining: 59_940 });
    expect(withinLimit(sixtieth, 60)).toEqual({ allowed: true, limit: 60, remaining: 0, resetSeconds: 30, retryAfterSeconds: 0 });
    const sixtyFirst = r({ limit: 60_000, remaining: 59_939 });
    expect(withinLimit(sixtyFirst, 60)).toEqual({ allowed: false, limit: 60, remaining: 0, resetSeconds: 30, retryAfterSeconds: 30 });
    // Refused by the counter itself: refused at any lower limit.
    expect(withinLimit(r({ limit: 60_000, allowed: false, remaining: 0, retryAfterSeconds: 30 }), 60).allowed).toBe(false);
    const first = r({ limit: 60_000, remaining: 59_999 });
    expect(withinLimit(first, 60_000)).toBe(first);
  });

  it("builds headers, with Retry-After only when denied", () => {
    expect(rateLimitHeaders(r({}))).toEqual({
      "X-RateLimit-Limit": "60",
      "X-RateLimit-Remaining": "10",
      "X-RateLimit-Reset": "30",
    });
    expect(rateLimitHeaders(r({ allowed: false, remaining: 0, retryAfterSeconds: 30 }))["Retry-After"]).toBe("30");
  });

  it("mostRestrictive prefers a denied result, else the fewest remaining", () => {
    const few = r({ remaining: 2 });
    const many = r({ remaining: 50 });
    const denied = r({ allowed: false, remaining: 0, retryAfterSeconds: 12, resetSeconds: 12 });
    const deniedLonger = r({ allowed: false, remaining: 0, retryAfterSeconds: 40, resetSeconds: 40 });
    expect(mostRestrictive(many, few)).toBe(few);
    expect(mostRestrictive(few, many)).toBe(few);
    expect(mostRestrictive(few, denied, many)).toBe(denied);
    expect(mostRestrictive(denied, deniedLonger)).toBe(deniedLonger);
    expect(mostRestrictive(many)).toBe(many);
  });
});
