import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import worker from "../../../src/index";
import { connections, jobs, publications } from "../../../src/db/schema";
import { runPublication } from "../../../src/services/publishing/runner";
import { PublicationListSchema, PublicationSchema } from "@katto/protocol/api";
import { api, createAccount, type Client } from "../helpers";
import { armFault, completedClip, connect, standInState } from "./helpers";

type Videos = { videos: { id: string; channel: string; bytes: number; privacy: string }[] };
const channelOf = async (client: Client) => (await drizzle(env.DB).select().from(connections).where(eq(connections.accountId, client.account.id)).get())!.platformAccountId;
const videosOf = async (client: Client) => {
  const channel = await channelOf(client);
  return (await standInState<Videos>("youtube")).videos.filter((v) => v.channel === channel);
};
const getPub = async (client: Client, id: string) => PublicationSchema.parse(await (await api(client, `/publications/${id}`)).json());
const publish = (client: Client, jobId: string, json: Record<string, unknown>, headers: Record<string, string> = {}) => api(client, `/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform: "youtube", caption: "It clicked #shorts", title: "It clicked", ...json }, headers });
/**
 * Waits for the real publish Queue consumer (watching the row, so polling does not spend the API's
 * rate limits), then reads the publication through the API. The bound only fails a stuck test.
 */
const settled = async (client: Client, id: string) => {
  await vi.waitFor(
    async () => {
      const row = await drizzle(env.DB).select({ status: publications.status }).from(publications).where(eq(publications.id, id)).get();
      if (!row || ["queued", "uploading", "processing", "scheduled"].includes(row.status)) throw new Error(`still ${row?.status}`);
    },
    { timeout: 60_000, interval: 100 },
  );
  return getPub(client, id);
};

async function ready() {
  const client = await createAccount();
  await connect(client, "youtube");
  return { client, ...(await completedClip(client)) };
}

describe("publications", { timeout: 90_000 }, () => {
  it("publishes a finished clip through the publish Queue: queued → published with the Shorts URL, exactly one video", async () => {
    const { client, jobId, size } = await ready();
    const r = await publish(client, jobId, { privacy: "private" });
    expect(r.status).toBe(201);
    const created = PublicationSchema.parse(await r.json());
    expect(created).toMatchObject({ status: "queued", platform: "youtube", job_id: jobId, clip_index: 0, privacy: "private", post_url: null });
    const done = await settled(client, created.id);
    expect(done).toMatchObject({ status: "published", post_url: `https://www.youtube.com/shorts/${done.post_id}`, error: null });
    const videos = await videosOf(client);
    expect(videos).toEqual([expect.objectContaining({ id: done.post_id, bytes: size, privacy: "private" })]);
  });

  it("honours Idempotency-Key: the replay returns the same publication and nothing is posted again", async () => {
    const { client, jobId } = await ready();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = PublicationSchema.parse(await (await publish(client, jobId, {}, headers)).json());
    const again = await publish(client, jobId, {}, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: first.id, idempotent_replay: true });
    await settled(client, first.id);
    expect((await videosOf(client)).length).toBe(1);
  });

  it("checks the platform's limits before accepting: a 200 s clip is too long for Shorts", async () => {
    const client = await createAccount();
    await connect(client, "youtube");
    const { jobId } = await completedClip(client, { seconds: 200 });
    const r = await publish(client, jobId, {});
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(/at most 180 s/);
  });

  it("answers 404 for an upload reservation and another account's job alike, as GET /jobs/{id} does", async () => {
    const { client, jobId } = await ready();
    await drizzle(env.DB).update(jobs).set({ status: "reserved" }).where(eq(jobs.id, jobId));
    for (const [who, id] of [[client, jobId], [await createAccount(), (await completedClip(client)).jobId]] as const) {
      const r = await publish(who, id, {});
      expect(r.status).toBe(404);
      expect(((await r.json()) as { error: string }).error).toBe("Job not found. Check the id; jobs of other accounts are not visible.");
    }
    expect((await api(client, `/jobs/${jobId}`)).status).toBe(404);
  });

  it("needs a connection, and refuses a platform privacy it does not offer", async () => {
    const client = await createAccount();
    const { jobId } = await completedClip(client);
    const r = await publish(client, jobId, {});
    expect(r.status).toBe(409);
    expect(((await r.json()) as { error: string }).error).toMatch(/Connect one first/);
    await connect(client, "youtube");
    const bad = await publish(client, jobId, { privacy: "friends" });
    expect(bad.status).toBe(400);
  });

  it("lists newest first with a keyset cursor, filtered by job, and hides other accounts' posts", async () => {
    const { client, jobId } = await ready();
    const far = new Date(Date.now() + 24 * 3600_000).toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(PublicationSchema.parse(await (await publish(client, jobId, { scheduled_at: far })).json()).id);
    const page1 = PublicationListSchema.parse(await (await api(client, `/publications?limit=2&job_id=${jobId}`)).json());
    expect(page1.publications.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    const page2 = PublicationListSchema.parse(await (await api(client, `/publications?limit=2&job_id=${jobId}&cursor=${encodeURIComponent(page1.next_cursor!)}`)).json());
    expect(page2.publications.map((p) => p.id)).toEqual([ids[0]]);
    expect(page2.next_cursor).toBeNull();
    const other = await createAccount();
    expect((await api(other, `/publications/${ids[0]}`)).status).toBe(404);
    // nor can it cancel them: 404 as for an unknown id, and the post stays scheduled
    expect((await api(other, `/publications/${ids[0]}/cancel`, { method: "POST" })).status).toBe(404);
    expect((await getPub(client, ids[0])).status).toBe("scheduled");
  });

  it("cancels while scheduled; a published post cannot be cancelled", async () => {
    const { client, jobId } = await ready();
    const far = new Date(Date.now() + 24 * 3600_000).toISOString();
    const sched = PublicationSchema.parse(await (await publish(client, jobId, { scheduled_at: far })).json());
    expect(sched.status).toBe("scheduled");
    const c = await api(client, `/publications/${sched.id}/cancel`, { method: "POST" });
    expect(c.status).toBe(200);
    expect(PublicationSchema.parse(await c.json()).status).toBe("cancelled");
    const now = PublicationSchema.parse(await (await publish(client, jobId, {})).json());
    await settled(client, now.id);
    expect((await api(client, `/publications/${now.id}/cancel`, { method: "POST" })).status).toBe(409);
  });

  it("a scheduled post fires once: its delayed message, two cron sweeps and a duplicate message make one video", async () => {
    const { client, jobId } = await ready();
    const at = new Date(Date.now() + 8_000).toISOString();
    const p = PublicationSchema.parse(await (await publish(client, jobId, { scheduled_at: at })).json());
    expect(p.status).toBe("scheduled");
    // Make the sweep treat the first dispatch as lost, so it sends its own message too.
    await drizzle(env.DB).update(publications).set({ dispatchedMs: 0 }).where(eq(publications.id, p.id));
    for (let i = 0; i < 2; i++) await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env);
    await env.PUBLISH_QUEUE.send({ kind: "publish", publication_id: p.id });
    const done = await settled(client, p.id);
    expect(done.status).toBe("published");
    expect(Date.parse(done.published_at!)).toBeGreaterThanOrEqual(Date.parse(at));
    expect((await videosOf(client)).length).toBe(1);
  });

  it("a crash between the last chunk and storing its answer does not post twice: the redelivery reconciles from the upload session", async () => {
    const { client, jobId } = await ready();
    const far = new Date(Date.now() + 24 * 3600_000).toISOString();
    const p = PublicationSchema.parse(await (await publish(client, jobId, { scheduled_at: far })).json());
    // Due now, run by hand: the first delivery's last chunk reaches the platform, then the
    // delivery never hears back (the Worker died); the lease runs out.
    await drizzle(env.DB).update(publications).set({ scheduledMs: Date.now() - 1000 }).where(eq(publications.id, p.id));
    let crash!: (e: Error) => void;
    const dead = new Promise<never>((_, reject) => (crash = reject));
    let lastChunkSent = false;
    const dying: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (init?.method === "PUT" && /bytes \d+-(\d+)\/(\d+)/.test(String(new Headers(init.headers).get("content-range")))) {
        const [, end, total] = /bytes \d+-(\d+)\/(\d+)/.exec(new Headers(init.headers).get("content-range")!)!;
        if (Number(end) + 1 === Number(total)) {
          lastChunkSent = true;
          return dead;
        }
      }
      return res;
    };
    const first = runPublication(env, p.id, { fetch: dying }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(lastChunkSent).toBe(true), { timeout: 30_000 });
    const stored = (await drizzle(env.DB).select().from(publications).where(eq(publications.id, p.id)).get())!;
    expect(stored).toMatchObject({ status: "uploading", attempted: true });
    expect((await videosOf(client)).length).toBe(1);
    await drizzle(env.DB).update(publications).set({ leaseUntilMs: Date.now() - 1 }).where(eq(publications.id, p.id));

    // Redelivery through the Worker's queue handler.
    const batch = createMessageBatch("katto-publish", [{ id: "redelivered", timestamp: new Date(), attempts: 2, body: { kind: "publish", publication_id: p.id } }]);
    const qctx = createExecutionContext();
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, qctx)).explicitAcks).toEqual(["redelivered"]);
    const done = await settled(client, p.id);
    expect(done.status).toBe("published");
    expect((await videosOf(client)).map((v) => v.id)).toEqual([done.post_id]);
    crash(new Error("the first delivery's Worker is gone"));
    expect(await first).toBeInstanceOf(Error);
  });

  it("a cancel while queued wins over a delivery already under way: nothing is uploaded after it", async () => {
    const { client, jobId } = await ready();
    const far = new Date(Date.now() + 24 * 3600_000).toISOString();
    const p = PublicationSchema.parse(await (await publish(client, jobId, { scheduled_at: far })).json());
    await drizzle(env.DB).update(publications).set({ scheduledMs: Date.now() - 1000 }).where(eq(publications.id, p.id));
    let cancelled = 0;
    // The person cancels while the delivery is starting the platform's upload session.
    const cancelling: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!cancelled++) expect((await api(client, `/publications/${p.id}/cancel`, { method: "POST" })).status).toBe(200);
      return res;
    };
    await expect(runPublication(env, p.id, { fetch: cancelling })).rejects.toThrow(/cancelled/);
    expect(await getPub(client, p.id)).toMatchObject({ status: "cancelled" });
    expect(await videosOf(client)).toEqual([]);
    // A redelivery finds it cancelled and does nothing.
    await runPublication(env, p.id);
    expect(await videosOf(client)).toEqual([]);
  });

  it("a refresh the platform refuses marks the connection needs_reauth and fails the waiting posts with the reason", async () => {
    const { client, jobId } = await ready();
    const far = new Date(Date.now() + 24 * 3600_000).toISOString();
    const p = PublicationSchema.parse(await (await publish(client, jobId, { scheduled_at: far })).json());
    // The access token is about to expire; the cron sweep refreshes it and the platform says no.
    await drizzle(env.DB).update(connections).set({ expiresMs: Date.now() + 60_000 }).where(eq(connections.accountId, client.account.id));
    await armFault("youtube", "refresh_fails");
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env);
    const conn = (await (await api(client, "/connections")).json()) as { platforms: { platform: string; connection: { status: string; status_reason: string } | null }[] };
    expect(conn.platforms.find((x) => x.platform === "youtube")!.connection).toMatchObject({ status: "needs_reauth", status_reason: expect.stringMatching(/refused the refresh token/) });
    expect(await getPub(client, p.id)).toMatchObject({ status: "failed", error: expect.stringMatching(/needs to be connected again/), advice: expect.stringMatching(/Reconnect/) });
    // New posts are refused until the account is connected again.
    expect((await publish(client, jobId, {})).status).toBe(409);
    await connect(client, "youtube");
    expect((await publish(client, jobId, {})).status).toBe(201);
  });
});
