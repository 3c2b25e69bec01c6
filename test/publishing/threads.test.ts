import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { threads, threadsLength, type ThreadsState } from "../../src/services/publishing/platforms/threads";
import type { Platform, PlatformContext } from "../../src/services/publishing/platforms/platform";
import { createThreadsStandIn, type ThreadsStandIn } from "./stand-ins/threads";
import { serveStandIn } from "./stand-ins/serve";
import { connect, contextFor, memoryVideo, publishToEnd } from "./harness";

const platform = threads as Platform<unknown>;
let standIn: ThreadsStandIn;
let server: { origin: string; close(): Promise<void> };
let ctx: PlatformContext;

beforeAll(async () => {
  standIn = createThreadsStandIn();
  server = await serveStandIn(standIn.app);
  ctx = contextFor(platform, server.origin, standIn);
});
afterAll(() => server.close());
beforeEach(() => {
  standIn.faults.clear();
  standIn.quotaUsage.clear();
});

let n = 0;
const post = () => ({ caption: `A moment worth sharing #clips take ${++n}`, privacy: "public" as const });
// Threads pulls the clip from a short-lived signed URL; no bytes go through the adapter.
const clip = () => memoryVideo(1_000_000, { durationSeconds: 45 }, "https://katto.example/files/clip.mp4?sig=abc");
const step = (p: { state: unknown }) => (p.state as ThreadsState).step;

describe("Threads adapter against its stand-in", () => {
  it("connects: code → short-lived token → 60-day token (its own refresh credential) → profile", async () => {
    const { tokens, account } = await connect(platform, ctx);
    expect(account).toMatchObject({ id: expect.stringMatching(/^\d+$/), handle: expect.stringMatching(/^@standin_\d+$/) });
    expect(tokens.expiresAt! - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(tokens.refreshToken).toBe(tokens.accessToken);
    const url = new URL(platform.authorizeUrl(ctx, { state: "s" }));
    expect(url.pathname).toBe("/oauth/authorize");
    expect(url.searchParams.get("scope")).toBe("threads_basic,threads_content_publish,threads_manage_insights");
  });

  it("publishes a clip: container from the public URL, status until FINISHED, quota read, publish, permalink", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const p = post();
    const run = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip() });
    expect(run.outcome).toMatchObject({ kind: "published" });
    if (run.outcome.kind !== "published") return;
    expect(standIn.posts.length).toBe(before + 1);
    expect(standIn.posts.at(-1)).toMatchObject({ id: run.outcome.postId, user: account.id, text: p.caption, videoUrl: "https://katto.example/files/clip.mp4?sig=abc", permalink: run.outcome.url });
    expect(standIn.quotaUsage.get(account.id)).toBe(1);
  });

  it("refreshes an expired token with th_refresh_token and goes on", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome.kind).toBe("published");
    expect(run.tokens.accessToken).not.toBe(tokens.accessToken);
    expect(run.tokens.refreshToken).toBe(run.tokens.accessToken);
  });

  it("a refused refresh ends in needs_reauth", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    standIn.faults.arm("refresh_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth" } });
  });

  it("throttling (code 4) is transient and the post still goes out once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("rate_limited");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.errors).toEqual([{ kind: "transient", message: expect.stringMatching(/throttling/), retryAfterSeconds: 300 }]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("the 250-posts-a-day cap is read before publishing and refused with what to do", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.quotaUsage.set(account.id, 250);
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/250 of 250/), advice: expect.stringMatching(/Schedule/) } });
    expect(run.progress.attempted).toBe(false);
    expect(standIn.posts.length).toBe(before);
  });

  it("the cap enforced by threads_publish itself is a refusal too", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("daily_quota");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/maximum number of posts/), advice: expect.stringMatching(/250 posts/) } });
  });

  it("a download of the clip that breaks mid-transfer is fetched again through a new container: one post", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = { posts: standIn.posts.length, containers: standIn.containers.length };
    standIn.faults.arm("chunk_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome.kind).toBe("published");
    expect(standIn.containers.length).toBe(before.containers + 2);
    expect(standIn.posts.length).toBe(before.posts + 1);
  });

  it("processing that fails is refused with Threads' error and what to do", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("processing_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/FAILED_PROCESSING_VIDEO/), advice: expect.stringMatching(/Re-render/) } });
  });

  it("a post blocked for policy carries Threads' message", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("policy_refusal");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/restrict certain activity/) } });
  });

  it("a lost answer to threads_publish is reconciled from the container (PUBLISHED): one post, found by its text", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("publish_timeout");
    const p = post();
    const run = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip() });
    // The runner reconciles at once or on the next delivery; either way the post is found, not published again.
    const settled = run.outcome.kind === "published" ? run : await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip(), progress: run.progress });
    expect(settled.outcome).toMatchObject({ kind: "published", postId: standIn.posts.at(-1)!.id, url: standIn.posts.at(-1)!.permalink });
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("a crash between the container and the publish resumes from the stored container: published once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = { posts: standIn.posts.length, containers: standIn.containers.length };
    const p = post();
    const first = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip(), stopWhen: (pr) => step(pr) === "publish" });
    expect(first.outcome.kind).toBe("next");
    expect(standIn.posts.length).toBe(before.posts);
    // Crashed after the attempted mark but before the call: the container still reads FINISHED, so publish it once.
    const resumed = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip(), progress: { ...first.progress, attempted: true } });
    expect(resumed.outcome.kind).toBe("published");
    // Redelivered once more: the container reads PUBLISHED and nothing is published again.
    const again = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip(), progress: { ...first.progress, attempted: true } });
    expect(again.outcome).toMatchObject({ kind: "published", postId: standIn.posts.at(-1)!.id });
    expect(standIn.posts.length).toBe(before.posts + 1);
    expect(standIn.containers.length).toBe(before.containers + 1);
  });

  it("a token that expires exactly at the publish step is refreshed; the container still reads FINISHED, so it is published once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const p = post();
    const first = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip(), stopWhen: (pr) => step(pr) === "publish" });
    standIn.faults.arm("expired_token");
    const resumed = await publishToEnd({ platform, ctx, tokens: first.tokens, account, post: p, video: clip(), progress: first.progress });
    expect(resumed.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("checks Threads' limits before anything is sent", () => {
    const facts = { durationSeconds: 45, width: 1080, height: 1920, sizeBytes: 1000, contentType: "video/mp4" };
    expect(platform.checkLimits(facts, post())).toEqual([]);
    expect(platform.checkLimits({ ...facts, durationSeconds: 301 }, { caption: "#one #two", privacy: "public" }).map((v) => v.field).sort()).toEqual(["duration", "hashtags"]);
    // 450 letters and 15 emoji of 4 UTF-8 bytes: 510 by Threads' count.
    expect(threadsLength(`${"a".repeat(450)}${"😀".repeat(15)}`)).toBe(510);
    expect(platform.checkLimits(facts, { caption: `${"a".repeat(450)}${"😀".repeat(15)}`, privacy: "public" }).map((v) => v.field)).toEqual(["caption"]);
    expect(platform.checkLimits(facts, { caption: Array.from({ length: 6 }, (_, i) => `https://e.example/${i}`).join(" "), privacy: "followers" }).map((v) => v.field).sort()).toEqual(["caption", "privacy"]);
  });
});
