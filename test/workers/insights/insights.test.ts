// GET /api/v1/insights inside workerd: a generated account whose true weights are known, stored as
// published clips with 7-day readings, gets them back within the stated uncertainty; below 10
// posts it is told how many are needed instead.
import { env, SELF } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { InsightsSchema } from "@katto/protocol/api";
import { clips, jobs, publicationReadings, publications } from "../../../src/db/schema";
import { api, createAccount, type Client } from "../helpers";
import { generateAccount, truthInFitUnits, type GeneratedPost } from "./generated";

/** Stores each generated post as a completed job's clip, published to YouTube, with its 7-day reading. */
export async function storePublishedPosts(client: Client, posts: GeneratedPost[], opts: { window?: string } = {}) {
  const db = drizzle(env.DB);
  const now = new Date().toISOString();
  const jobId = crypto.randomUUID();
  const base = Date.now() - 30 * 86_400_000;
  await db.insert(jobs).values({ id: jobId, accountId: client.account.id, status: "completed", progressStep: "done", progressPct: 100, source: "url", sourceUrl: "https://example.com/v.mp4", createdMs: base, updatedAt: now, completedAt: now });
  const ids: string[] = [];
  for (const [i, p] of posts.entries()) {
    await db.insert(clips).values({ jobId, clipIndex: i, title: `Clip ${i}`, score: 50, subscores: JSON.stringify(p.subscores), startS: 0, endS: p.duration, videoKey: `clips/${jobId}/${i}.mp4`, metadata: JSON.stringify({ layout: "speaker", style: p.emoji ? { emoji: true } : {} }), createdAt: now });
    const id = `pub_${crypto.randomUUID()}`;
    ids.push(id);
    await db.insert(publications).values({ id, accountId: client.account.id, connectionId: "conn-test", platform: "youtube", jobId, clipIndex: i, status: "published", caption: "c", privacy: "public", postId: `v${i}`, createdMs: base + i, updatedAt: now, publishedAt: new Date(base + i).toISOString(), metricsStatus: "complete" });
    await db.insert(publicationReadings).values({ publicationId: id, accountId: client.account.id, window: opts.window ?? "7d", fetchedAt: now, views: p.views, likes: 0, comments: 0, shares: null });
  }
  return { jobId, ids };
}

const getInsights = async (client: Client) => {
  const r = await api(client, "/insights");
  expect(r.status).toBe(200);
  return InsightsSchema.parse(await r.json());
};

describe("GET /insights", { timeout: 60_000 }, () => {
  it("below 10 published clips with 7-day numbers: insufficient_data with how many are needed", async () => {
    const client = await createAccount();
    expect(await getInsights(client)).toEqual({ status: "insufficient_data", posts_with_metrics: 0, needed: 10 });
    await storePublishedPosts(client, generateAccount(9, 1));
    // 24-hour readings do not count: the fit rests on 7-day numbers only
    await storePublishedPosts(client, generateAccount(5, 2), { window: "24h" });
    expect(await getInsights(client)).toEqual({ status: "insufficient_data", posts_with_metrics: 9, needed: 10 });
  });

  it("recovers a generated account's true weights within the stated 95 % intervals (seed 3, 80 posts), and names the best and worst clips", async () => {
    const client = await createAccount();
    // another account's posts are not this account's audience
    await storePublishedPosts(await createAccount(), generateAccount(20, 9));
    const posts = generateAccount(80, 3);
    posts[17] = { ...posts[17], views: posts[17].views * 30 + 30 };
    posts[42] = { ...posts[42], views: 0 };
    const { ids } = await storePublishedPosts(client, posts);
    const r = await getInsights(client);
    if (r.status !== "fitted") throw new Error(`not fitted: ${JSON.stringify(r)}`);
    expect(r.posts_with_metrics).toBe(80);
    const truth = truthInFitUnits(posts.map((p) => ({ ...p, options: p.emoji ? ["style:emoji"] : [] })));
    expect(r.weights.map((w) => w.feature).sort()).toEqual(Object.keys(truth).sort());
    for (const w of r.weights) {
      expect(w.ci95[0], w.feature).toBeLessThanOrEqual(truth[w.feature] + 1e-3);
      expect(w.ci95[1], w.feature).toBeGreaterThanOrEqual(truth[w.feature] - 1e-3);
    }
    expect(r.best[0]).toMatchObject({ publication_id: ids[17], clip_index: 17, views_7d: posts[17].views });
    expect(r.worst[0]).toMatchObject({ publication_id: ids[42], clip_index: 42, views_7d: 0 });
    expect(r.best[0].residual).toBeGreaterThan(0);
    expect(r.worst[0].residual).toBeLessThan(0);
    // hook helped most, trend hurt: the ranking weights follow
    expect(r.score_weights.hook).toBeGreaterThan(r.score_weights.value);
    expect(r.score_weights.trend).toBe(0);
    expect(r.score_weights.hook + r.score_weights.flow + r.score_weights.value + r.score_weights.trend).toBeCloseTo(1, 2);
  });

  it("needs a key: 401 without one", async () => {
    const res = await SELF.fetch("http://127.0.0.1:8787/api/v1/insights");
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  });
});
