// Generated posts stored as an account's published clips with their readings (Worker tests).
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { clips, jobs, publicationReadings, publications } from "../../../src/db/schema";
import type { Client } from "../helpers";
import type { GeneratedPost } from "./generated";

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

