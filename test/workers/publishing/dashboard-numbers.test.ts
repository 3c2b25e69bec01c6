// The publications page's "Numbers" column (src/dashboard/pages/publishing.tsx): each publication's
// metrics readings as stored (publication_readings), the latest shown with what comes next, a
// platform that offers no numbers saying so, and a post not yet published showing none.
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { publicationReadings, publications } from "../../../src/db/schema";
import { get, signedIn } from "../dashboard/dashboard-helpers";
import { completedClip } from "./helpers";

const H = 3_600_000;

/** The page's cell of one publication: what its `data-metrics` cell holds. */
const cell = (page: string, id: string) => {
  const at = page.indexOf(`data-metrics="${id}"`);
  expect(at, `cell of ${id}`).toBeGreaterThan(-1);
  return page.slice(at, page.indexOf("</td>", at));
};

describe("publications page: Numbers", () => {
  it("shows each publication's latest reading with the next one due, says when a platform offers none, and shows none before publishing", async () => {
    const { account, cookie } = await signedIn();
    const { jobId } = await completedClip({ account });
    const db = drizzle(env.DB);
    const publishedMs = Date.parse("2026-03-02T10:00:00.000Z");
    const base = { accountId: account.id, connectionId: "c-test", jobId, clipIndex: 0, caption: "Numbers", privacy: "public", updatedAt: new Date(publishedMs).toISOString() };
    const read = { id: crypto.randomUUID(), platform: "youtube", status: "published", postId: "p1", postUrl: "https://youtube.com/shorts/p1", publishedAt: new Date(publishedMs).toISOString(), metricsStatus: "scheduled", metricsNext: "7d", metricsDueMs: publishedMs + 168 * H };
    const none = { id: crypto.randomUUID(), platform: "threads", status: "published", postId: "p2", publishedAt: new Date(publishedMs).toISOString(), metricsStatus: "not_offered", metricsReason: "Threads gives no numbers for this post to the app." };
    const waiting = { id: crypto.randomUUID(), platform: "tiktok", status: "scheduled", scheduledMs: publishedMs + 48 * H };
    await db.insert(publications).values([
      { ...base, ...read, createdMs: publishedMs },
      { ...base, ...none, createdMs: publishedMs + 1 },
      { ...base, ...waiting, createdMs: publishedMs + 2 },
    ]);
    // two readings of the first post, stored out of order: the page shows the latest window (24 h)
    await db.insert(publicationReadings).values([
      { publicationId: read.id, accountId: account.id, window: "24h", fetchedAt: new Date(publishedMs + 24 * H).toISOString(), views: 3400, likes: 210, comments: 31, shares: 12, avgWatchTimeS: 14.25, retention: 0.5 },
      { publicationId: read.id, accountId: account.id, window: "1h", fetchedAt: new Date(publishedMs + H).toISOString(), views: 120, likes: 9, comments: 2, shares: null, avgWatchTimeS: null, retention: null },
    ]);

    const r = await get("/dashboard/publications", cookie);
    expect(r.status).toBe(200);
    const page = await r.text();
    expect(page).toContain("<th>Numbers</th>");

    const numbers = cell(page, read.id);
    expect(numbers).toContain("24h: 3.4K views · 210 likes · 31 comments · 12 shares");
    expect(numbers).toContain("14.3 s watched");
    expect(numbers).not.toContain("120 views");
    expect(numbers).toMatch(/Next: 7d reading at /);

    const offered = cell(page, none.id);
    expect(offered).toContain("No reading yet.");
    expect(offered).toContain("Threads gives no numbers for this post to the app.");
    expect(offered).not.toContain("Next:");

    // not published: no metrics at all
    expect(cell(page, waiting.id)).toMatch(/class="muted">-</);
  });
});
