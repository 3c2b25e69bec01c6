// Idempotency-Key on POST /jobs (spec POST /jobs rules 1-3; issue 3 "Idempotency").
import { describe, expect, it } from "vitest";
import { ErrorSchema } from "../../../src/schemas/common";
import { JobCreatedSchema, JobListSchema } from "@katto/protocol/api";
import { addKey, api, BASE, createAccount, freshIp, SAMPLE_URL, type Client } from "../helpers";
import { usageOf } from "../render-callbacks";

const create = (c: Client, key: string, body: unknown = { url: SAMPLE_URL }) => api(c, "/jobs", { method: "POST", json: body, headers: { "Idempotency-Key": key } });
const jobCount = async (c: Client) => JobListSchema.parse(await (await api(c, "/jobs?limit=100")).json()).jobs.length;

describe("Idempotency-Key", () => {
  it("accepts 255 characters and refuses 256 with 400", async () => {
    const c = await createAccount();
    const long = await create(c, "k".repeat(256));
    expect(long.status).toBe(400);
    expect(ErrorSchema.parse(await long.json()).error).toMatch(/Idempotency-Key must be at most 255 characters/);
    expect((await create(c, "k".repeat(255))).status).toBe(201);
    expect(await jobCount(c)).toBe(1);
  });

  it("a repeat after completion returns the original job with 200 and idempotent_replay, creating and charging nothing", async () => {
    const c = await createAccount();
    const key = crypto.randomUUID();
    const first = await create(c, key);
    expect(first.status).toBe(201);
    const original = JobCreatedSchema.parse(await first.json());
    expect(original.idempotent_replay).toBeUndefined();
    const again = await create(c, key);
    expect(again.status).toBe(200);
    const replay = JobCreatedSchema.parse(await again.json());
    expect(replay).toEqual({ id: original.id, status: "queued", status_url: `${BASE}/api/v1/jobs/${original.id}`, idempotent_replay: true });
    expect(await jobCount(c)).toBe(1);
    expect((await usageOf(c)).videos_used).toBe(1);
  });

  it("the same key with a different body is refused with 400 and a clear message", async () => {
    const c = await createAccount();
    const key = crypto.randomUUID();
    expect((await create(c, key)).status).toBe(201);
    const r = await create(c, key, { url: SAMPLE_URL, config: { clipLength: "lt30" } });
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/already used with a different request body/);
    expect(await jobCount(c)).toBe(1);
  });

  it("is scoped to the API key: another key with the same Idempotency-Key creates a new job", async () => {
    const c = await createAccount();
    const other: Client = { ...c, key: await addKey(c.account.id, ["read", "write"]), ip: freshIp() };
    const key = crypto.randomUUID();
    const a = JobCreatedSchema.parse(await (await create(c, key)).json());
    const r = await create(other, key);
    expect(r.status).toBe(201);
    const b = JobCreatedSchema.parse(await r.json());
    expect(b.id).not.toBe(a.id);
    expect((await usageOf(c)).videos_used).toBe(2);
  });

  it("a request refused before the work (quota) is not remembered: the same key succeeds once there is room", async () => {
    const c = await createAccount("free");
    await create(c, crypto.randomUUID());
    const a = (await create(c, crypto.randomUUID()).then((r) => r.json())) as { id: string };
    const key = crypto.randomUUID();
    expect((await create(c, key)).status).toBe(403);
    expect((await api(c, `/jobs/${a.id}`, { method: "DELETE" })).status).toBe(200); // refund frees a slot
    expect((await create(c, key)).status).toBe(201);
  });

  it("ten concurrent duplicates: exactly one 201, the rest 409 (in flight) or 200 replays of the same job, one charge", async () => {
    const c = await createAccount();
    const key = crypto.randomUUID();
    const rs = await Promise.all(Array.from({ length: 10 }, () => create(c, key)));
    const bodies = await Promise.all(rs.map((r) => r.json()));
    const created = rs.flatMap((r, i) => (r.status === 201 ? [JobCreatedSchema.parse(bodies[i])] : []));
    expect(created).toHaveLength(1);
    const id = created[0].id;
    rs.forEach((r, i) => {
      if (r.status === 201) return;
      if (r.status === 409) expect(ErrorSchema.parse(bodies[i]).error).toMatch(/still in progress/);
      else {
        expect(r.status).toBe(200);
        expect(JobCreatedSchema.parse(bodies[i])).toMatchObject({ id, idempotent_replay: true });
      }
    });
    expect(await jobCount(c)).toBe(1);
    expect((await usageOf(c)).videos_used).toBe(1);
    // Once the first finished, a retry replays it.
    const later = await create(c, key);
    expect(later.status).toBe(200);
    expect(JobCreatedSchema.parse(await later.json())).toMatchObject({ id, idempotent_replay: true });
  });
});
