// Metrics readings inside workerd against the YouTube stand-in: a published post is read 1 h, 24 h
// and 7 d after posting, the cron puts due readings on the publish Queue, and a rate-limited,
// forbidden or deleted read is rescheduled or stopped as docs/publishing.md "Metrics" says.
import { createScheduledController, env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import worker from "../../../src/index";
import { publicationReadings, publications } from "../../../src/db/schema";
import { PublicationListSchema, PublicationSchema } from "@katto/protocol/api";
import { platforms } from "../../../src/services/publishing/platforms";
import { metricsOnPublish } from "../../../src/services/publishing/reading-schedule";
import { dispatchDueReadings, takeReading } from "../../../src/services/publishing/readings";
import { api, createAccount, type Client } from "../helpers";
import { armFault, completedClip, connect, standInOrigin } from "./helpers";

const H = 3_600_000;
const getPub = async (client: Client, id: string) => PublicationSchema.parse(await (await api(client, `/publications/${id}`)).json());
const setStats = async (postId: string, n: Record<string, number | boolean>) => {
  const r = await fetch(`${standInOrigin("youtube")}/__stand-in/stats`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ post_id: postId, ...n }) });
  expect(r.status).toBe(200);
};
const row = async (id: string) => (await drizzle(env.DB).select().from(publications).where(eq(publications.id, id)).get())!;

/** A published YouTube post of a fresh account, through the real publish Queue. */
async function published(client?: Client) {
  client ??= await createAccount();
  if (!client.account.id) throw new Error("no account");
  const { jobId } = await completedClip(client, { size: 512 * 1024 });
  const r = await api(client, `/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform: "youtube", caption: "Numbers please", title: "Numbers", privacy: "public" } });
  expect(r.status).toBe(201);
  const { id } = PublicationSchema.parse(await r.json());
  await vi.waitFor(
    async () => {
      if ((await row(id)).status !== "published") throw new Error("not yet");
    },
    { timeout: 60_000, interval: 100 },
  );
  const p = await getPub(client, id);
  return { client, id, postId: p.post_id!, at: Date.parse(p.published_at!) };
}

describe("metrics readings", { timeout: 120_000 }, () => {
  it("a published post is read 1 h, 24 h and 7 d after posting, and GET /publications(/id) shows each reading with its fetched_at", async () => {
    const client = await createAccount();
    await connect(client, "youtube");
    const { id, postId, at } = await published(client);
    const fresh = await getPub(client, id);
    expect(fresh.metrics).toEqual({ status: "scheduled", reason: null, next_reading: { at: "1h", due_at: new Date(at + H).toISOString() }, readings: [] });

    // not due yet: nothing is read
    expect(await takeReading(env, id, { now: () => at + H - 60_000 })).toBe("not_due");
    await setStats(postId, { views: 120, likes: 9, comments: 2 });
    expect(await takeReading(env, id, { now: () => at + H })).toBe("read");
    // a duplicate message for the same reading reads nothing more
    expect(await takeReading(env, id, { now: () => at + H + 1000 })).toBe("not_due");
    await setStats(postId, { views: 3400, likes: 210, comments: 31 });
    expect(await takeReading(env, id, { now: () => at + 24 * H })).toBe("read");
    await setStats(postId, { views: 9100, likes: 505, comments: 77 });
    expect(await takeReading(env, id, { now: () => at + 168 * H })).toBe("read");

    const done = await getPub(client, id);
    expect(done.metrics).toEqual({
      status: "complete",
      reason: null,
      next_reading: null,
      readings: [
        { at: "1h", fetched_at: new Date(at + H).toISOString(), views: 120, likes: 9, comments: 2, shares: null, avg_watch_time_s: null, retention: null },
        { at: "24h", fetched_at: new Date(at + 24 * H).toISOString(), views: 3400, likes: 210, comments: 31, shares: null, avg_watch_time_s: null, retention: null },
        { at: "7d", fetched_at: new Date(at + 168 * H).toISOString(), views: 9100, likes: 505, comments: 77, shares: null, avg_watch_time_s: null, retention: null },
      ],
    });
    const list = PublicationListSchema.parse(await (await api(client, `/publications?limit=5`)).json());
    expect(list.publications.find((p) => p.id === id)?.metrics?.readings.map((r) => r.views)).toEqual([120, 3400, 9100]);
  });

  it("the cron sweep puts a due reading on the publish Queue and its consumer takes it", async () => {
    const client = await createAccount();
    await connect(client, "youtube");
    const { id, postId } = await published(client);
    await setStats(postId, { views: 77 });
    // due a second ago (as if an hour had passed)
    await drizzle(env.DB).update(publications).set({ metricsDueMs: Date.now() - 1000 }).where(eq(publications.id, id));
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env);
    expect((await row(id)).metricsDispatchedMs).not.toBeNull();
    await vi.waitFor(
      async () => {
        const got = await drizzle(env.DB).select().from(publicationReadings).where(eq(publicationReadings.publicationId, id)).all();
        if (!got.length) throw new Error("no reading yet");
        expect(got).toEqual([expect.objectContaining({ window: "1h", views: 77, accountId: client.account.id })]);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect((await getPub(client, id)).metrics?.next_reading?.at).toBe("24h");
    // a second sweep finds nothing due for it
    expect((await row(id)).metricsDispatchedMs).toBeNull();
  });

  it("rate limited: the reading is rescheduled after the platform's Retry-After, never dropped, and the connection's other due readings wait too", async () => {
    const client = await createAccount();
    await connect(client, "youtube");
    const first = await published(client);
    const second = await published(client);
    const t = Math.max(first.at, second.at) + H;
    await armFault("youtube", "rate_limited");
    expect(await takeReading(env, first.id, { now: () => t })).toBe("rescheduled");
    const held = await row(first.id);
    expect(held).toMatchObject({ metricsStatus: "scheduled", metricsNext: "1h", metricsDueMs: t + 1000, metricsTries: 1 });
    expect(held.metricsReason).toMatch(/rate-limited/);
    expect((await getPub(client, first.id)).metrics).toMatchObject({ status: "scheduled", next_reading: { at: "1h", due_at: new Date(t + 1000).toISOString() }, readings: [] });
    // the same connection's other reading, due before then, waits for the same moment
    expect((await row(second.id)).metricsDueMs).toBe(t + 1000);
    // the sweep sends it when due (a dispatch sweep at t finds both)
    expect(await dispatchDueReadings(env, t)).toBeGreaterThanOrEqual(2);
    expect(await takeReading(env, first.id, { now: () => t + 1000 })).toBe("read");
    expect((await getPub(client, first.id)).metrics?.readings).toHaveLength(1);
  });

  it("a grant without the statistics permission waits for a reconnect; a deleted post stops the readings", async () => {
    const client = await createAccount();
    await connect(client, "youtube");
    const { id, postId, at } = await published(client);
    await armFault("youtube", "metrics_forbidden");
    expect(await takeReading(env, id, { now: () => at + H })).toBe("rescheduled");
    const waiting = (await getPub(client, id)).metrics!;
    expect(waiting).toMatchObject({ status: "missing_permission", next_reading: { at: "1h", due_at: new Date(at + 7 * H).toISOString() } });
    expect(waiting.reason).toMatch(/Connect the YouTube account again/);

    await setStats(postId, { deleted: true });
    expect(await takeReading(env, id, { now: () => at + 7 * H })).toBe("stopped");
    const gone = (await getPub(client, id)).metrics!;
    expect(gone).toMatchObject({ status: "post_deleted", next_reading: null, readings: [] });
    expect(gone.reason).toMatch(/no longer lists this video/);
  });

  it("a platform that gives the app no numbers says so on the publication (LinkedIn)", () => {
    expect(metricsOnPublish(platforms.linkedin!, 0)).toMatchObject({ metricsStatus: "not_offered", metricsReason: expect.stringMatching(/LinkedIn shares a post's views/), metricsDueMs: null });
    expect(metricsOnPublish(platforms.youtube!, 1000)).toMatchObject({ metricsStatus: "scheduled", metricsNext: "1h", metricsDueMs: 1000 + H });
  });
});
