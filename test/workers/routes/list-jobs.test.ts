// GET /jobs (spec "GET /jobs"; issue 3 "List"): newest first, keyset pagination with a date-time
// cursor, limit 1..100 default 20, status filter; no job skipped or repeated across pages.
import { describe, expect, it } from "vitest";
import { ErrorSchema } from "../../../src/schemas/common";
import { JobCreatedSchema, JobListSchema } from "@katto/protocol/api";
import { addKey, api, createAccount, freshIp, SAMPLE_URL, type Client } from "../helpers";
import { advance, newJob, reserveAndPut } from "../render-callbacks";

const list = async (c: Client, query = "") => {
  const r = await api({ ...c, ip: freshIp() }, `/jobs${query}`);
  expect(r.status, await r.clone().text()).toBe(200);
  return JobListSchema.parse(await r.json());
};

/** 25 jobs created in parallel bursts (two keys: 20/min each), so many share a millisecond. */
async function manyJobs(n = 25) {
  const c = await createAccount("internal");
  const k2: Client = { ...c, key: await addKey(c.account.id, ["read", "write"]), ip: freshIp() };
  const rs = await Promise.all(
    Array.from({ length: n }, (_, i) => api(i < 15 ? { ...c, ip: freshIp() } : { ...k2, ip: freshIp() }, "/jobs", { method: "POST", json: { url: SAMPLE_URL } })),
  );
  const ids: string[] = [];
  for (const r of rs) {
    expect(r.status).toBe(201);
    ids.push(JobCreatedSchema.parse(await r.json()).id);
  }
  return { c, ids };
}

async function walk(c: Client, limit: number, extra = "") {
  const seen: string[] = [];
  const times: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(c, `?limit=${limit}${extra}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(page.jobs.length).toBeLessThanOrEqual(limit);
    seen.push(...page.jobs.map((j) => j.id));
    times.push(...page.jobs.map((j) => j.created_at));
    cursor = page.next_cursor;
    if (cursor) expect(cursor).toBe(page.jobs[page.jobs.length - 1].created_at);
    pages++;
  } while (cursor && pages < 100);
  return { seen, times, pages };
}

describe("GET /jobs pagination", () => {
  it("walks every job exactly once, newest first, for page sizes 1, 2, 7 and 100, even when jobs were created in the same millisecond", async () => {
    const { c, ids } = await manyJobs(25);
    for (const limit of [1, 2, 7, 100]) {
      const { seen, times, pages } = await walk(c, limit);
      expect(seen).toHaveLength(25);
      expect(new Set(seen)).toEqual(new Set(ids));
      expect(pages).toBe(Math.ceil(25 / limit));
      // Strictly decreasing creation times: newest first, and no two jobs share a cursor value.
      const ms = times.map((t) => Date.parse(t));
      for (let i = 1; i < ms.length; i++) expect(ms[i]).toBeLessThan(ms[i - 1]);
    }
  });

  it("defaults to 20 per page with a next_cursor, and next_cursor is null on the last page", async () => {
    const { c } = await manyJobs(25);
    const first = await list(c);
    expect(first.jobs).toHaveLength(20);
    expect(first.next_cursor).not.toBeNull();
    const second = await list(c, `?cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.jobs).toHaveLength(5);
    expect(second.next_cursor).toBeNull();
  });

  it("newest first: the order is the reverse of creation order", async () => {
    const c = await createAccount();
    const a = await newJob(c);
    const b = await newJob(c);
    const d = await newJob(c);
    expect((await list(c)).jobs.map((j) => j.id)).toEqual([d, b, a]);
  });

  it("lists only the caller's jobs, never reserved (uncompleted) uploads, with the JobSummary fields", async () => {
    const c = await createAccount();
    const other = await createAccount();
    await newJob(other);
    const id = await newJob(c);
    await reserveAndPut(c);
    const page = await list(c);
    expect(page.jobs).toEqual([{ id, status: "queued", source: "direct", created_at: expect.any(String), completed_at: null }]);
  });
});

describe("GET /jobs status filter", () => {
  it("returns only jobs in that status, paginated", async () => {
    const c = await createAccount("internal");
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await newJob(c));
    for (const id of ids.slice(0, 3)) expect((await api(c, `/jobs/${id}`, { method: "DELETE" })).status).toBe(200);
    await advance(ids[3], "processing");
    const cancelled = await walk(c, 2, "&status=cancelled");
    expect(new Set(cancelled.seen)).toEqual(new Set(ids.slice(0, 3)));
    expect(cancelled.seen).toHaveLength(3);
    expect((await list(c, "?status=processing")).jobs.map((j) => j.id)).toEqual([ids[3]]);
    expect((await list(c, "?status=queued")).jobs.map((j) => j.id)).toEqual([ids[5], ids[4]]);
    expect((await list(c, "?status=completed")).jobs).toEqual([]);
  });
});

describe("GET /jobs errors", () => {
  it.each([
    ["?status=done", /status must be one of queued, processing, scoring, completed, failed, cancelled/],
    ["?status=reserved", /status must be one of/],
    ["?cursor=abc", /cursor must be the next_cursor date-time/],
    ["?cursor=2026-11-22", /cursor/],
    ["?cursor=2026-13-45T99:00:00Z", /cursor/],
    ["?cursor=1700000000000", /cursor/],
    ["?limit=0", /limit must be an integer from 1 to 100/],
    ["?limit=101", /limit must be an integer from 1 to 100/],
    ["?limit=abc", /limit must be an integer from 1 to 100/],
    ["?limit=1.5", /limit must be an integer from 1 to 100/],
    ["?limit=-1", /limit must be an integer from 1 to 100/],
  ])("400 for %s", async (query, message) => {
    const c = await createAccount();
    const r = await api(c, `/jobs${query}`);
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(message);
  });

  it("accepts the edges limit=1 and limit=100, and a cursor with an offset", async () => {
    const c = await createAccount();
    await newJob(c);
    expect((await list(c, "?limit=1")).jobs).toHaveLength(1);
    expect((await list(c, "?limit=100")).jobs).toHaveLength(1);
    expect((await list(c, `?cursor=${encodeURIComponent("2999-01-01T00:00:00+02:00")}`)).jobs).toHaveLength(1);
    expect((await list(c, `?cursor=${encodeURIComponent("2000-01-01T00:00:00.000Z")}`)).jobs).toHaveLength(0);
  });
});
