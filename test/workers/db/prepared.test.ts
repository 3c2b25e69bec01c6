// src/db/prepared.ts: a read whose SQL drizzle builds once gives exactly the rows drizzle's own
// select() gives (property names, booleans, numbers, nulls), for every column of the table.
import { env } from "cloudflare:test";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { preparedRead } from "../../../src/db/prepared";
import { clips, jobs } from "../../../src/db/schema";
import { createAccount } from "../helpers";

const jobRead = preparedRead(jobs, (db) => db.select().from(jobs).where(and(eq(jobs.id, sql.placeholder("id")), ne(jobs.status, "reserved"))).limit(1));
const clipsRead = preparedRead(clips, (db) => db.select().from(clips).where(eq(clips.jobId, sql.placeholder("id"))).orderBy(asc(clips.clipIndex)));

describe("preparedRead", () => {
  it("maps every column like drizzle's select(): booleans, reals, JSON text and nulls", async () => {
    const client = await createAccount();
    const db = drizzle(env.DB);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await db.insert(jobs).values({ id, accountId: client.account.id, status: "completed", progressStep: "done", progressPct: 99.5, source: "url", sourceUrl: "https://example.com/v.mp4", config: '{"clipLength":"lt30"}', hdReady: true, charged: true, createdMs: 1_700_000_000_123, updatedAt: now, completedAt: now, uploadSize: null });
    await db.insert(clips).values([1, 0].map((clipIndex) => ({ jobId: id, clipIndex, title: `clip ${clipIndex}`, score: 71.5 - clipIndex, subscores: '{"hook":80,"flow":70,"value":60,"trend":50}', startS: 10 + clipIndex, endS: 40.25 + clipIndex, videoKey: `k/${clipIndex}.mp4`, hd: clipIndex === 0, createdAt: now })));

    const [jobResult, clipsResult] = await env.DB.batch([jobRead.bind(env.DB, { id }), clipsRead.bind(env.DB, { id })]);
    const expectedJob = await db.select().from(jobs).where(eq(jobs.id, id));
    const expectedClips = await db.select().from(clips).where(eq(clips.jobId, id)).orderBy(asc(clips.clipIndex));
    expect(jobRead.rows(jobResult!)).toStrictEqual(expectedJob);
    expect(clipsRead.rows(clipsResult!)).toStrictEqual(expectedClips);
    expect(jobRead.rows(jobResult!)[0]).toMatchObject({ hdReady: true, refunded: false, progressPct: 99.5, uploadSize: null, createdMs: 1_700_000_000_123 });
    expect(clipsRead.rows(clipsResult!).map((c) => [c.clipIndex, c.hd])).toEqual([[0, true], [1, false]]);
  });

  it("binds by placeholder name, so one statement serves every request; a missing value is an error", async () => {
    expect(jobRead.rows(await jobRead.bind(env.DB, { id: crypto.randomUUID() }).all())).toEqual([]);
    expect(() => jobRead.bind(env.DB, {})).toThrow(/No value for placeholder "id"/);
  });
});
