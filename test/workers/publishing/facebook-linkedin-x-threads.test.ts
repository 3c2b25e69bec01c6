// A finished clip published to the Facebook, LinkedIn, X and Threads stand-ins through the API, the
// publish Queue and its runner, the way a user does it: connect, publish, read the publication.
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { connections, publications } from "../../../src/db/schema";
import { PublicationSchema } from "../../../src/schemas/publication";
import { api, createAccount, type Client } from "../helpers";
import { completedClip, connect, standInState } from "./helpers";

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

describe("publishing to X", () => {
  it("refuses the 1080x1920 clip before any upload and names the 720x1280 rendition X needs", async () => {
    const client = await createAccount();
    await connect(client, "x");
    const { jobId } = await completedClip(client);
    const r = await api(client, `/jobs/${jobId}/clips/0/publications`, { method: "POST", json: { platform: "x", caption: "It clicked", privacy: "public" } });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(/1200x1900.*720x1280/);
    const account = await accountOn(client, "x");
    expect((await standInState<Posts>("x")).posts.filter((p) => p.account === account)).toEqual([]);
  });
});
