import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  RETENTION_MS,
  fingerprintRequest,
  idempotencyStub,
  type StoredResult,
} from "../../../src/durable-objects/idempotency-lock";

// Each test uses its own Idempotency-Key so tests never share a lock.
const lock = () => idempotencyStub(env.IDEMPOTENCY, "key_test", crypto.randomUUID());
const result: StoredResult = { status: 201, body: { id: "6f1c2f5e-0000-4000-8000-000000000001", status: "queued" } };

type StoredLock = Record<string, unknown>;
/** Rewrites the stored lock inside the object, e.g. to move its timestamps into the past. */
const patchLock = (stub: ReturnType<typeof lock>, patch: StoredLock) =>
  runInDurableObject(stub, (_i, state) => {
    const l = state.storage.kv.get<StoredLock>("lock");
    if (!l) throw new Error("no lock stored");
    state.storage.kv.put("lock", { ...l, ...patch });
  });
const storageState = (stub: ReturnType<typeof lock>) =>
  runInDurableObject(stub, async (_i, state) => ({
    keys: [...state.storage.kv.list()].length,
    alarm: await state.storage.getAlarm(),
  }));

/** begin() that must acquire; returns the owner token. */
async function acquire(stub: ReturnType<typeof lock>, fp: string, leaseSeconds?: number) {
  const r = await stub.begin(fp, leaseSeconds);
  if (r.state !== "acquired") throw new Error(`expected to acquire, got ${r.state}`);
  return r;
}

describe("IdempotencyLock", () => {
  it("acquires, reports in_flight to a duplicate and mismatch to a different request", async () => {
    const stub = lock();
    expect(await stub.begin("fp-a")).toEqual({ state: "acquired", token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(await stub.begin("fp-a")).toEqual({ state: "in_flight" });
    expect(await stub.begin("fp-b")).toEqual({ state: "mismatch" });
  });

  it("replays the stored result after complete; a different fingerprint still mismatches", async () => {
    const stub = lock();
    const { token } = await acquire(stub, "fp-a");
    expect(await stub.complete(token, "fp-a", result)).toBe(true);
    expect(await stub.begin("fp-a")).toEqual({ state: "completed", result });
    expect(await stub.begin("fp-b")).toEqual({ state: "mismatch" });
    // A second complete (or release) does not replace or drop what was already replayed.
    expect(await stub.complete(token, "fp-a", { status: 201, body: { id: "other" } })).toBe(false);
    expect(await stub.release(token)).toBe(false);
    expect(await stub.begin("fp-a")).toEqual({ state: "completed", result });
  });

  it("release drops an in-flight lock so the client can retry with the same key", async () => {
    const stub = lock();
    const { token } = await acquire(stub, "fp-a");
    expect(await stub.release("not-the-owner")).toBe(false); // not the holder: ignored
    expect(await stub.begin("fp-a")).toEqual({ state: "in_flight" });
    expect(await stub.release(token)).toBe(true);
    expect(await storageState(stub)).toEqual({ keys: 0, alarm: null });
    await acquire(stub, "fp-a");
  });

  it("treats a lapsed lease as released", async () => {
    const stub = lock();
    await acquire(stub, "fp-a", 1);
    expect(await stub.begin("fp-a", 1)).toEqual({ state: "in_flight" });
    await patchLock(stub, { leaseUntil: Date.now() - 1 });
    await acquire(stub, "fp-b");
    expect(await stub.begin("fp-a")).toEqual({ state: "mismatch" });
  });

  it("an abandoned lock is cleared by the alarm at lease end", async () => {
    const stub = lock();
    await stub.begin("fp-a", 60);
    const { alarm } = await storageState(stub);
    expect(alarm! - Date.now()).toBeGreaterThan(50_000);
    expect(alarm! - Date.now()).toBeLessThanOrEqual(60_000);
    await patchLock(stub, { leaseUntil: Date.now() - 1 });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await storageState(stub)).toEqual({ keys: 0, alarm: null });
  });

  it("keeps a completed result at least 24 hours, then the alarm clears everything", async () => {
    const stub = lock();
    const { token } = await acquire(stub, "fp-a");
    await stub.complete(token, "fp-a", result);
    const { alarm } = await storageState(stub);
    expect(alarm! - Date.now()).toBeGreaterThan(RETENTION_MS);

    // An alarm before the retention ended keeps the result and re-arms.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.begin("fp-a")).toEqual({ state: "completed", result });
    expect((await storageState(stub)).alarm).not.toBeNull();

    // Once the retention has passed, the alarm deletes all storage.
    await patchLock(stub, { completedAt: Date.now() - RETENTION_MS - 2 * 60 * 60 * 1000 });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await storageState(stub)).toEqual({ keys: 0, alarm: null });
    await acquire(stub, "fp-a");
  });

  it("20 concurrent begin calls: exactly one acquires", async () => {
    const stub = lock();
    const results = await Promise.all(Array.from({ length: 20 }, () => stub.begin("fp-a")));
    expect(results.filter((r) => r.state === "acquired")).toHaveLength(1);
    expect(results.filter((r) => r.state === "in_flight")).toHaveLength(19);
  });

  it("fingerprintRequest is a deterministic SHA-256 hex of method, path and body", async () => {
    const a = await fingerprintRequest("POST", "/api/v1/jobs", '{"url":"https://x/v"}');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await fingerprintRequest("post", "/api/v1/jobs", '{"url":"https://x/v"}')).toBe(a);
    expect(await fingerprintRequest("POST", "/api/v1/jobs", '{"url":"https://x/w"}')).not.toBe(a);
    expect(await fingerprintRequest("POST", "/api/v1/uploads", '{"url":"https://x/v"}')).not.toBe(a);
  });

  it("a holder whose lease lapsed can neither release nor complete over the request that took the key after it", async () => {
    const stub = lock();
    const first = await acquire(stub, "fp-a", 60);
    // The first request stalls past its lease; a retry with the same body takes the key.
    await patchLock(stub, { leaseUntil: Date.now() - 1 });
    const second = await acquire(stub, "fp-a", 60);
    expect(second.token).not.toBe(first.token);
    // The stale holder fails and releases: the second holder's lock must stay, so a third
    // request is still told "in flight" instead of running the work a third time.
    expect(await stub.release(first.token)).toBe(false);
    expect(await stub.begin("fp-a")).toEqual({ state: "in_flight" });
    // Nor may the stale holder store its result in place of the holder's.
    expect(await stub.complete(first.token, "fp-a", { status: 201, body: { id: "stale" } })).toBe(false);
    expect(await stub.begin("fp-a")).toEqual({ state: "in_flight" });
    const owner = await runInDurableObject(stub, (_i, state) => state.storage.kv.get<{ owner: string }>("lock")!.owner);
    expect(owner).toBe(second.token);
    expect(await stub.complete(second.token, "fp-a", result)).toBe(true);
    expect(await stub.begin("fp-a")).toEqual({ state: "completed", result });
  });

  it("a holder whose lease lapsed with nobody taking the key still stores its result (the work was done)", async () => {
    const stub = lock();
    const { token } = await acquire(stub, "fp-a", 60);
    await patchLock(stub, { leaseUntil: Date.now() - 1 });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await storageState(stub)).toEqual({ keys: 0, alarm: null });
    expect(await stub.complete(token, "fp-a", result)).toBe(true);
    expect(await stub.begin("fp-a")).toEqual({ state: "completed", result });
  });
});
