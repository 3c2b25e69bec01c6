// Every adapter's statistics read against its platform's stand-in (data-driven over the platforms
// that offer numbers): the numbers come back in one shape, and the failure modes are told apart:
// missing permission, post deleted, rate limited (with the wait the platform's headers ask for).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platforms } from "../../src/services/publishing/platforms";
import type { Platform, PlatformAccount, PlatformContext, PostRequest, TokenSet } from "../../src/services/publishing/platforms/platform";
import { rateLimitWaitSeconds, type MetricsResult } from "../../src/services/publishing/platforms/metrics";
import { secondsToPacificMidnight } from "../../src/services/publishing/platforms/youtube";
import { X_RENDER_SIZE } from "../../src/services/publishing/platforms/x";
import { standIns } from "./stand-ins/index";
import type { StandIn } from "./stand-ins/faults";
import type { PostNumbers } from "./stand-ins/stats";
import { serveStandIn } from "./stand-ins/serve";
import { connect, contextFor, memoryVideo, publishToEnd } from "./harness";

/** What each platform's post needs to go out publicly, and what its numbers read back as. */
const cases: Record<string, { post: PostRequest; facts?: Parameters<typeof memoryVideo>[1]; audited?: boolean; size?: number; expected: (n: PostNumbers) => Record<string, number | null>; waitOnRateLimit: [number, number] }> = {
  youtube: { post: { caption: "Stats please", title: "Stats", privacy: "public" }, audited: true, expected: (n) => ({ views: n.views, likes: n.likes, comments: n.comments, shares: null, avg_watch_time_s: null }), waitOnRateLimit: [1, 1] },
  tiktok: { post: { caption: "Stats please", privacy: "public" }, audited: true, expected: (n) => ({ views: n.views, likes: n.likes, comments: n.comments, shares: n.shares, avg_watch_time_s: null }), waitOnRateLimit: [1, 1] },
  instagram: { post: { caption: "Stats please", privacy: "public" }, expected: (n) => ({ views: n.views, likes: n.likes, comments: n.comments, shares: n.shares, avg_watch_time_s: n.avg_watch_ms / 1000 }), waitOnRateLimit: [120, 120] },
  facebook: { post: { caption: "Stats please", privacy: "public" }, facts: { durationSeconds: 45 }, expected: (n) => ({ views: n.views, likes: n.likes, comments: n.comments, shares: n.shares, avg_watch_time_s: n.avg_watch_ms / 1000 }), waitOnRateLimit: [120, 120] },
  x: { post: { caption: "Stats please", privacy: "public" }, facts: { ...X_RENDER_SIZE, durationSeconds: 45 }, expected: (n) => ({ views: n.views, likes: n.likes, comments: n.comments, shares: n.reposts + n.quotes, avg_watch_time_s: null }), waitOnRateLimit: [1, 2] },
  threads: { post: { caption: "Stats please", privacy: "public" }, facts: { durationSeconds: 45 }, expected: (n) => ({ views: n.views, likes: n.likes, comments: n.comments, shares: n.reposts + n.quotes + n.shares, avg_watch_time_s: null }), waitOnRateLimit: [120, 120] },
};

describe("LinkedIn", () => {
  it("says it offers this app no post statistics, and why", () => {
    const m = platforms.linkedin!.metrics;
    expect(m.offered).toBe(false);
    if (!m.offered) expect(m.reason).toMatch(/Community Management API/);
  });
});

for (const [id, c] of Object.entries(cases)) {
  describe(`${id} statistics read against its stand-in`, () => {
    const platform = platforms[id as keyof typeof platforms] as Platform<unknown>;
    let standIn: StandIn;
    let server: { origin: string; close(): Promise<void> };
    let ctx: PlatformContext;
    let tokens: TokenSet;
    let account: PlatformAccount;
    let postId: string;
    const read = (pid = postId): Promise<MetricsResult> => (platform.metrics.offered ? platform.metrics.read(ctx, { tokens, account, postId: pid }) : Promise.reject(new Error("not offered")));

    beforeAll(async () => {
      const create = standIns[id as keyof typeof standIns]! as (o?: { audited?: boolean }) => StandIn;
      standIn = create(c.audited ? { audited: true } : {});
      server = await serveStandIn(standIn.app);
      ctx = contextFor(platform, server.origin, standIn, c.audited ?? false);
      ({ tokens, account } = await connect(platform, ctx));
      const run = await publishToEnd({ platform, ctx, tokens, account, post: c.post, video: memoryVideo(c.size ?? 3 * 1024 * 1024, c.facts ?? {}, "https://katto.example/files/clip.mp4?sig=abc") });
      if (run.outcome.kind !== "published") throw new Error(`publish failed: ${JSON.stringify(run.outcome)}`);
      postId = run.outcome.postId;
      tokens = run.tokens;
    });
    afterAll(() => server.close());

    it("reads the post's numbers in the one shape every platform maps to", async () => {
      const n: PostNumbers = { views: 1234, likes: 56, comments: 7, shares: 8, avg_watch_ms: 12_340, reposts: 3, quotes: 2, saved: 4 };
      standIn.stats.set(postId, n);
      const r = await read();
      expect(r).toEqual({ ok: true, value: c.expected(n) });
    });

    it("a grant without the statistics permission is missing_permission with what to do", async () => {
      standIn.faults.arm("metrics_forbidden");
      const r = await read();
      expect(r).toMatchObject({ ok: false, error: { kind: "missing_permission", advice: expect.stringMatching(/Connect the .* again/) } });
    });

    it("a deleted post is post_deleted", async () => {
      standIn.faults.arm("post_deleted");
      expect(await read()).toMatchObject({ ok: false, error: { kind: "post_deleted" } });
      expect(await read()).toMatchObject({ ok: true });
    });

    it("rate limited: a transient error that waits as long as the platform's headers say", async () => {
      standIn.faults.arm("rate_limited");
      const r = await read();
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe("transient");
      const wait = (r.error as { retryAfterSeconds?: number }).retryAfterSeconds ?? -1;
      expect(wait).toBeGreaterThanOrEqual(c.waitOnRateLimit[0]);
      expect(wait).toBeLessThanOrEqual(c.waitOnRateLimit[1]);
      expect(await read()).toMatchObject({ ok: true });
    });

    it("an expired token is needs_reauth, so the reader refreshes first", async () => {
      standIn.faults.arm("expired_token");
      expect(await read()).toMatchObject({ ok: false, error: { kind: "needs_reauth" } });
    });
  });
}

describe("rate-limit headers", () => {
  const now = Date.parse("2026-11-26T00:00:00Z");
  it("Retry-After in seconds or as an HTTP-date, X's x-rate-limit-reset, Meta's estimated_time_to_regain_access", () => {
    expect(rateLimitWaitSeconds(new Headers({ "retry-after": "90" }), now)).toBe(90);
    expect(rateLimitWaitSeconds(new Headers({ "retry-after": new Date(now + 30_000).toUTCString() }), now)).toBe(30);
    expect(rateLimitWaitSeconds(new Headers({ "x-rate-limit-reset": String(now / 1000 + 600) }), now)).toBe(600);
    expect(rateLimitWaitSeconds(new Headers({ "x-app-usage": JSON.stringify({ call_count: 100, estimated_time_to_regain_access: 5 }) }), now)).toBe(300);
    expect(rateLimitWaitSeconds(new Headers({ "x-business-use-case-usage": JSON.stringify({ "123": [{ estimated_time_to_regain_access: 0 }, { estimated_time_to_regain_access: 3 }] }) }), now)).toBe(180);
    expect(rateLimitWaitSeconds(new Headers({ "x-business-use-case-usage": "not json" }), now)).toBeUndefined();
    expect(rateLimitWaitSeconds(new Headers(), now)).toBeUndefined();
  });
  it("YouTube's spent daily quota comes back at midnight Pacific (08:00 UTC)", () => {
    expect(secondsToPacificMidnight(Date.parse("2026-11-26T07:00:00Z"))).toBe(3600);
    expect(secondsToPacificMidnight(Date.parse("2026-11-26T09:00:00Z"))).toBe(23 * 3600);
  });
});
