// A finished clip published to the Facebook, LinkedIn, X and Threads stand-ins through the API, the
// publish Queue and its runner, the way a user does it: connect, publish, read the publication.
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { connections, publications } from "../../../src/db/schema";
import { PublicationSchema } from "@katto/protocol/api";
import { api, createAccount, type Client } from "../helpers";
import { completedClip, connect, standInState } from "./helpers";
import { putFile, sendEvent } from "../render-callbacks";

type Posts = { posts: { id: string; account: string; bytes?: number }[] };

const settled = async (client: Client, id: string) => {
  await vi.waitFor(
    async () => {
      const row = await drizzle(env.DB).select({ status: publications.status }).from(publications).where(eq(publications.id, id)).get();
      if (!row || ["queued", "uploading", "processing", "scheduled"].includes(row.status)) throw new Error(`still ${row?.status}`);
    },
    { timeout: 60_000, interval: 100 },
  );
  return PublicationSchema.parse(await (await api(client, `/publications/${id}`)).json());
};

const accountOn = async (client: Client, platform: string) =>
  (await drizzle(env.DB).select().from(connections).where(and(eq(connections.accountId, client.account.id), eq(connections.platform, platform))).get())!.platformAccountId;

const cases = [
  { platform: "facebook", caption: "It clicked #reels", url: (id: string) => `https://www.facebook.com/reel/${id}` },
  { platform: "linkedin", caption: "It clicked #clips", url: (id: string) => `https://www.linkedin.com/feed/update/${id}/` },
  { platform: "threads", caption: "It clicked #clips", url: () => expect.stringMatching(/^https:\/\/www\.threads\.net\/@standin_\d+\/post\//) },
] as const;

describe("publishing to Facebook, LinkedIn and Threads through the Queue", { timeout: 90_000 }, () => {
  for (const c of cases) {
    it(`${c.platform}: connect, publish a 30 s clip, published with the post's URL and exactly one post`, async () => {
      const client = await createAccount();
      await connect(client, c.platform);
      const { jobId, size } = await completedClip(client);
      const r = await api(client, `/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform: c.platform, caption: c.caption, privacy: "public" } });
      expect(r.status).toBe(201);
      const done = await settled(client, PublicationSchema.parse(await r.json()).id);
      expect(done).toMatchObject({ status: "published", error: null });
      const account = await accountOn(client, c.platform);
      expect(done.post_url).toEqual(c.url(done.post_id!));
      const mine = (await standInState<Posts>(c.platform)).posts.filter((p) => p.account === account);
      expect(mine.map((p) => p.id)).toEqual([done.post_id]);
      if (mine[0]!.bytes !== undefined) expect(mine[0]!.bytes).toBe(size);
    });
  }
});

describe("a clip of a shape the platform does not take", { timeout: 90_000 }, () => {
  it("a 16:9 clip is refused for Facebook (Reels are 9:16) before anything is uploaded, with what to do; YouTube takes it as a regular video", async () => {
    const client = await createAccount();
    await connect(client, "facebook");
    await connect(client, "youtube");
    const { jobId } = await completedClip(client);
    await env.DB.prepare("UPDATE clips SET metadata = ?2 WHERE job_id = ?1").bind(jobId, JSON.stringify({ aspect: "16:9" })).run();
    const before = (await standInState<Posts>("facebook")).posts.length;
    const r = await api(client, `/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform: "facebook", caption: "Wide #clips", privacy: "public" } });
    expect(r.status).toBe(400);
    const { error } = (await r.json()) as { error: string };
    expect(error).toMatch(/^Facebook Page takes only 9:16 \(a Reel\); clip 0 is 16:9\. Re-render it in 9:16 \(POST \/api\/v1\/jobs\/[0-9a-f-]+\/clips\/0\/rerender with "aspect"\) and publish that version, or publish it to youtube, tiktok, instagram, linkedin, x, threads, which take 16:9\.$/);
    expect((await standInState<Posts>("facebook")).posts.length).toBe(before);
    expect(await drizzle(env.DB).select().from(publications).where(eq(publications.jobId, jobId)).all()).toEqual([]);
    const yt = await api(client, `/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform: "youtube", title: "Wide", privacy: "private" } });
    expect(yt.status).toBe(201);
  });
});

describe("publishing to X", { timeout: 90_000 }, () => {
  it("asks for the 720x1280 rendition once, stays queued until it lands, then uploads that file: one post of the rendition's bytes", async () => {
    const client = await createAccount();
    await connect(client, "x");
    const { jobId, videoKey, size } = await completedClip(client);
    const r = await api(client, `/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform: "x", caption: "It clicked", privacy: "public" } });
    expect(r.status).toBe(201);
    const created = PublicationSchema.parse(await r.json());
    expect(created.status).toBe("queued");

    // the runner asked for the rendition of the clip's file (one row per clip and size) and waits
    const rendition = async () => env.DB.prepare("SELECT source_key, video_key FROM clip_renditions WHERE job_id = ?1 AND clip_index = 0 AND width = 720 AND height = 1280").bind(jobId).first<{ source_key: string; video_key: string | null }>();
    await vi.waitFor(async () => expect(await rendition()).toEqual({ source_key: videoKey, video_key: null }), { timeout: 30_000, interval: 100 });
    const account = await accountOn(client, "x");
    expect((await standInState<Posts>("x")).posts.filter((p) => p.account === account)).toEqual([]);
    expect((await drizzle(env.DB).select({ status: publications.status }).from(publications).where(eq(publications.id, created.id)).get())!.status).toBe("queued");

    // the backend's part: the event before its file is refused as retryable, then the PUT and the event
    const ev = { type: "clip_rendition", clip_index: 0, width: 720, height: 1280, file: "clip-0-720x1280.mp4" } as const;
    const early = await sendEvent(jobId, ev);
    expect(early.status).toBe(503);
    expect(((await early.json()) as { error: string }).error).toMatch(/clip-0-720x1280\.mp4/);
    const renditionBytes = new Uint8Array(Math.floor(size / 2)).fill(7);
    expect((await putFile(jobId, "clip-0-720x1280.mp4", renditionBytes)).status).toBe(201);
    expect((await sendEvent(jobId, ev)).status).toBe(200);
    expect((await rendition())!.video_key).toMatch(new RegExp(`^clips/${jobId}/[0-9a-f]+/clip-0-720x1280\\.mp4$`));

    const done = await settled(client, created.id);
    expect(done).toMatchObject({ status: "published", error: null });
    const mine = (await standInState<Posts>("x")).posts.filter((p) => p.account === account);
    expect(mine.map((p) => ({ id: p.id, bytes: p.bytes }))).toEqual([{ id: done.post_id, bytes: renditionBytes.length }]);
    // the upload was fixed to the rendition's key
    expect((await drizzle(env.DB).select({ videoKey: publications.videoKey }).from(publications).where(eq(publications.id, created.id)).get())!.videoKey).toBe((await rendition())!.video_key);
  });
});
