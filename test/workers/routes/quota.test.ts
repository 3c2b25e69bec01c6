// Monthly video quota (spec "Limits", "Quota use by operation"; issue 3 "Quota").
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { accounts } from "../../../src/db/schema";
import { AccountSchema, UsageSchema, CancelledSchema, JobCreatedSchema } from "@katto/protocol/api";
import { ErrorSchema } from "../../../src/schemas/common";
import { monthStart, plans } from "../../../src/services/plans";
import { chargeStatement, readUsage, refundStatement } from "../../../src/services/quota";
import { addKey, api, createAccount, freshIp, SAMPLE_URL } from "../helpers";
import { fakeMp4, newJob, reserveAndPut, sendEvent, usageOf } from "../render-callbacks";

const create = (c: Parameters<typeof api>[0], headers?: Record<string, string>) => api(c, "/jobs", { method: "POST", json: { url: SAMPLE_URL }, headers });

describe("quota per plan", () => {
  it("free has 2 videos and creator 25; /me shows period_start, the first instant of the UTC month", async () => {
    const free = await createAccount("free");
    const creator = await createAccount("creator");
    expect(UsageSchema.parse(await (await api(free, "/usage")).json())).toEqual({ plan: "free", videos_used: 0, videos_limit: 2, videos_remaining: 2 });
    expect(UsageSchema.parse(await (await api(creator, "/usage")).json())).toEqual({ plan: "creator", videos_used: 0, videos_limit: 25, videos_remaining: 25 });
    await newJob(free);
    const me = AccountSchema.parse(await (await api(free, "/me")).json());
    expect(me.quota).toEqual({ videos_used: 1, videos_limit: 2, videos_remaining: 1, period_start: monthStart(new Date()) });
  });

  it("free: the third job of the month is refused with 403 and a message that says why", async () => {
    const c = await createAccount("free");
    await newJob(c);
    await newJob(c);
    const r = await create(c);
    expect(r.status).toBe(403);
    const e = ErrorSchema.parse(await r.json());
    expect(e.error).toMatch(/Monthly video quota reached: the free plan includes 2 videos per month/);
    expect(await usageOf(c)).toMatchObject({ videos_used: 2, videos_remaining: 0 });
  });

  it("creator: 25 jobs pass, the 26th gets 403 (two keys, so the 20/min create limit does not interfere)", async () => {
    const c = await createAccount("creator");
    const k2 = { key: await addKey(c.account.id, ["read", "write"]), ip: freshIp() };
    for (let i = 0; i < 13; i++) expect((await create(c)).status).toBe(201);
    for (let i = 0; i < 12; i++) expect((await create(k2)).status).toBe(201);
    const r = await create(k2);
    expect(r.status).toBe(403);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/creator plan includes 25 videos/);
    expect(await usageOf(c)).toEqual({ plan: "creator", videos_used: 25, videos_limit: 25, videos_remaining: 0 });
  });
});

describe("what charges", () => {
  it("create job charges one; reserve upload charges nothing; complete upload charges one", async () => {
    const c = await createAccount("free");
    await newJob(c);
    expect((await usageOf(c)).videos_used).toBe(1);
    const res = await reserveAndPut(c, fakeMp4(128));
    expect((await usageOf(c)).videos_used).toBe(1);
    const done = await api(c, `/uploads/${res.job_id}/complete`, { method: "POST" });
    expect(done.status).toBe(201);
    JobCreatedSchema.parse(await done.json());
    expect((await usageOf(c)).videos_used).toBe(2);
  });

  it("complete upload is refused with 403 when the quota is used up, charging nothing", async () => {
    const c = await createAccount("free");
    const res = await reserveAndPut(c);
    await newJob(c);
    await newJob(c);
    const r = await api(c, `/uploads/${res.job_id}/complete`, { method: "POST" });
    expect(r.status).toBe(403);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/quota reached/);
    expect((await usageOf(c)).videos_used).toBe(2);
  });

  it("an idempotent replay charges nothing", async () => {
    const c = await createAccount("free");
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    expect((await create(c, headers)).status).toBe(201);
    expect((await create(c, headers)).status).toBe(200);
    expect((await usageOf(c)).videos_used).toBe(1);
  });
});

describe("atomic under concurrency", () => {
  it("twenty parallel creates against the last free slot charge exactly one", async () => {
    const c = await createAccount("free");
    await newJob(c);
    // A second key fires the burst: 20 is exactly the per-key create limit, so none is rate limited.
    const burst = { key: await addKey(c.account.id, ["read", "write"]), ip: freshIp() };
    const rs = await Promise.all(Array.from({ length: 20 }, () => create(burst)));
    const statuses = rs.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    for (const r of rs) {
      const body = await r.json();
      if (r.status === 201) JobCreatedSchema.parse(body);
      else expect(ErrorSchema.parse(body).error).toMatch(/quota reached/);
    }
    expect(await usageOf(c)).toEqual({ plan: "free", videos_used: 2, videos_limit: 2, videos_remaining: 0 });
    const list = (await (await api(c, "/jobs")).json()) as { jobs: unknown[] };
    expect(list.jobs).toHaveLength(2);
  });
});

describe("refunds", () => {
  it("free: the first cancel of the month refunds, the second does not (refund cap 1)", async () => {
    const c = await createAccount("free");
    const a = await newJob(c);
    const first = CancelledSchema.parse(await (await api(c, `/jobs/${a}`, { method: "DELETE" })).json());
    expect(first).toEqual({ id: a, status: "cancelled", refunded: true });
    expect((await usageOf(c)).videos_used).toBe(0);
    const b = await newJob(c);
    const second = CancelledSchema.parse(await (await api(c, `/jobs/${b}`, { method: "DELETE" })).json());
    expect(second).toEqual({ id: b, status: "cancelled", refunded: false });
    expect((await usageOf(c)).videos_used).toBe(1);
  });

  it("creator: five cancels refund, the sixth does not (refund cap 5)", async () => {
    const c = await createAccount("creator");
    const refunded: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await newJob(c);
      refunded.push(CancelledSchema.parse(await (await api(c, `/jobs/${id}`, { method: "DELETE" })).json()).refunded);
    }
    expect(refunded).toEqual([true, true, true, true, true, false]);
    expect((await usageOf(c)).videos_used).toBe(1);
  });

  it("pro: twenty cancels refund, the twenty-first does not (refund cap 20)", async () => {
    const c = await createAccount("pro");
    const k2 = { ...c, key: await addKey(c.account.id, ["read", "write"]), ip: freshIp() }; // 21 creates: two keys (20/min each)
    const refunded: boolean[] = [];
    for (let i = 0; i < 21; i++) {
      const who = i < 11 ? c : k2;
      const id = await newJob(who);
      refunded.push(CancelledSchema.parse(await (await api(who, `/jobs/${id}`, { method: "DELETE" })).json()).refunded);
    }
    expect(refunded).toEqual([...Array<boolean>(20).fill(true), false]);
    expect((await usageOf(c)).videos_used).toBe(1);
  });

  it("internal: cancels keep refunding past every other plan's cap (no cap)", async () => {
    const c = await createAccount("internal");
    const k2 = { ...c, key: await addKey(c.account.id, ["read", "write"]), ip: freshIp() };
    const refunded: boolean[] = [];
    for (let i = 0; i < 21; i++) {
      const who = i < 11 ? c : k2;
      const id = await newJob(who);
      refunded.push(CancelledSchema.parse(await (await api(who, `/jobs/${id}`, { method: "DELETE" })).json()).refunded);
    }
    expect(refunded).toEqual(Array<boolean>(21).fill(true));
    expect((await usageOf(c)).videos_used).toBe(0);
  });

  it("the plan table is exactly the documented one", () => {
    const GB = 1024 ** 3;
    expect(plans).toEqual({
      free: { videosPerMonth: 2, uploadCapBytes: 1 * GB, refundsPerMonth: 1 },
      creator: { videosPerMonth: 25, uploadCapBytes: 5 * GB, refundsPerMonth: 5 },
      pro: { videosPerMonth: 100, uploadCapBytes: 10 * GB, refundsPerMonth: 20 },
      internal: { videosPerMonth: 1_000_000, uploadCapBytes: 20 * GB, refundsPerMonth: 1_000_000 },
      load_test: { videosPerMonth: 1_000, uploadCapBytes: 1 * GB, refundsPerMonth: 1_000 },
    });
  });

  it("a pipeline failure that gave the user nothing refunds outside the cap", async () => {
    const c = await createAccount("free");
    const a = await newJob(c);
    await api(c, `/jobs/${a}`, { method: "DELETE" }); // uses the one refund of the month
    const b = await newJob(c);
    expect((await usageOf(c)).videos_used).toBe(1);
    expect((await sendEvent(b, { type: "failed", error: "source unreachable", stage: "downloading", refund: true })).status).toBe(200);
    expect((await usageOf(c)).videos_used).toBe(0);
  });
});

describe("calendar months (UTC), with the clock passed in", () => {
  const charge = async (id: string, at: string) => (await chargeStatement(drizzle(env.DB), id, "free", new Date(at)).run()).meta.changes;
  const row = (id: string) => env.DB.prepare("SELECT videos_used, refunds_used, period_start FROM accounts WHERE id = ?").bind(id).first();

  it("the period rolls over at 00:00 UTC on the 1st: reads show the new period at once, the first charge resets the count", async () => {
    const c = await createAccount("free");
    const id = c.account.id;
    expect(await charge(id, "2026-01-31T10:00:00Z")).toBe(1);
    expect(await charge(id, "2026-01-31T23:59:59.999Z")).toBe(1);
    expect(await charge(id, "2026-01-31T23:59:59.999Z")).toBe(0); // free: 2 a month
    expect(await readUsage(env.DB, id, new Date("2026-01-31T23:59:59.999Z"))).toMatchObject({ videos_used: 2, videos_remaining: 0, period_start: "2026-01-01T00:00:00.000Z" });
    expect(await readUsage(env.DB, id, new Date("2026-02-01T00:00:00Z"))).toMatchObject({ videos_used: 0, videos_remaining: 2, period_start: "2026-02-01T00:00:00.000Z" });
    expect(await charge(id, "2026-02-01T00:00:00Z")).toBe(1);
    expect(await row(id)).toEqual({ videos_used: 1, refunds_used: 0, period_start: "2026-02-01T00:00:00.000Z" });
  });

  it("a refund for a job charged in an earlier month changes nothing; one charged this month refunds", async () => {
    const c = await createAccount("free");
    const id = c.account.id;
    expect(await charge(id, "2026-01-20T12:00:00Z")).toBe(1);
    expect(await charge(id, "2026-02-03T12:00:00Z")).toBe(1); // February: a new period with 1 used
    // refundStatement runs right after a statement whose changes() = 1 (the job's status change).
    const db = drizzle(env.DB);
    const touch = db.update(accounts).set({ plan: sql`${accounts.plan}` }).where(eq(accounts.id, id));
    await db.batch([touch, refundStatement(db, id, "free", Date.parse("2026-01-20T12:00:00Z"), true)]);
    expect(await row(id)).toEqual({ videos_used: 1, refunds_used: 0, period_start: "2026-02-01T00:00:00.000Z" });
    await db.batch([touch, refundStatement(db, id, "free", Date.parse("2026-02-03T12:00:00Z"), true)]);
    expect(await row(id)).toEqual({ videos_used: 0, refunds_used: 1, period_start: "2026-02-01T00:00:00.000Z" });
  });

  it("through the API: cancelling a job charged in an earlier month answers refunded false", async () => {
    const c = await createAccount("free");
    const id = await newJob(c); // charged now, in the current period
    await env.DB.prepare("UPDATE jobs SET created_ms = ? WHERE id = ?").bind(Date.parse("2001-01-15T12:00:00Z"), id).run();
    const r = CancelledSchema.parse(await (await api(c, `/jobs/${id}`, { method: "DELETE" })).json());
    expect(r).toMatchObject({ status: "cancelled", refunded: false });
    expect((await usageOf(c)).videos_used).toBe(1);
  });
});

