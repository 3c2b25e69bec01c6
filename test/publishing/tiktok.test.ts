import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chunkPlan, tiktok, TIKTOK_CHUNK_BYTES, type TikTokState } from "../../src/services/publishing/platforms/tiktok";
import type { Platform, PlatformContext } from "../../src/services/publishing/platforms/platform";
import { createTikTokStandIn, type TikTokStandIn } from "./stand-ins/tiktok";
import { serveStandIn } from "./stand-ins/serve";
import { connect, contextFor, memoryVideo, publishToEnd } from "./harness";

const platform = tiktok as Platform<unknown>;
const MB = 1024 * 1024;
let standIn: TikTokStandIn;
let server: { origin: string; close(): Promise<void> };
let ctx: PlatformContext;

beforeAll(async () => {
  standIn = createTikTokStandIn();
  server = await serveStandIn(standIn.app);
  ctx = contextFor(platform, server.origin, standIn);
});
afterAll(() => server.close());
beforeEach(() => standIn.faults.clear());

const post = { caption: "It clicked #fyp", privacy: "private" as const };
// Two full chunks and a remainder that the last chunk takes.
const size = Math.floor(TIKTOK_CHUNK_BYTES * 2.4);
const postsOf = (account: string) => standIn.posts.filter((p) => p.account === account);

describe("TikTok adapter against its stand-in", () => {
  it("plans chunks as the media transfer guide says", () => {
    expect(chunkPlan(3 * MB)).toEqual({ chunkSize: 3 * MB, chunks: 1 });
    expect(chunkPlan(size)).toEqual({ chunkSize: TIKTOK_CHUNK_BYTES, chunks: 2 });
    expect(chunkPlan(TIKTOK_CHUNK_BYTES * 3)).toEqual({ chunkSize: TIKTOK_CHUNK_BYTES, chunks: 3 });
  });

  it("connects (state, no PKCE on web), reads the creator, and says an unaudited app posts only privately", async () => {
    const { tokens, account } = await connect(platform, ctx);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.refreshTokenExpiresAt).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(account.handle).toMatch(/^@standin_\d+$/);
    expect(account.restriction).toMatch(/SELF_ONLY/);
    expect(platform.privacyRequired).toBe(true);
  });

  it("posts in chunks: creator info → init → chunks → status → PUBLISH_COMPLETE, once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.outcome).toMatchObject({ kind: "published", url: `https://www.tiktok.com/@${account.extra!.username}` });
    expect(postsOf(account.extra!.username)).toEqual([expect.objectContaining({ privacy: "SELF_ONLY", title: post.caption, bytes: size })]);
  });

  it("a public post of an audited app links to the video with its exact int64 id", async () => {
    const audited = createTikTokStandIn({ audited: true });
    const s = await serveStandIn(audited.app);
    try {
      const actx = contextFor(platform, s.origin, audited, true);
      const { tokens, account } = await connect(platform, actx);
      expect(account.restriction).toBeUndefined();
      const run = await publishToEnd({ platform, ctx: actx, tokens, account, post: { ...post, privacy: "public" }, video: memoryVideo(3 * MB) });
      const id = audited.posts[0].id;
      expect(id.length).toBeGreaterThanOrEqual(19);
      expect(run.outcome).toEqual({ kind: "published", postId: id, url: `https://www.tiktok.com/@${account.extra!.username}/video/${id}` });
    } finally {
      await s.close();
    }
  });

  it("an unaudited app's public post is refused with TikTok's reason and what to do", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const run = await publishToEnd({ platform, ctx, tokens, account, post: { ...post, privacy: "public" }, video: memoryVideo(3 * MB) });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/not audited/), advice: expect.stringMatching(/private/) } });
  });

  it("refreshes an expired access token and goes on; a refused refresh is needs_reauth", async () => {
    const first = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    const run = await publishToEnd({ platform, ctx, ...first, post, video: memoryVideo(3 * MB) });
    expect(run.outcome.kind).toBe("published");
    expect(run.tokens.accessToken).not.toBe(first.tokens.accessToken);
    standIn.faults.arm("expired_token");
    standIn.faults.arm("refresh_fails");
    const second = await publishToEnd({ platform, ctx, ...first, post, video: memoryVideo(3 * MB) });
    expect(second.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth" } });
  });

  it("429 is transient with Retry-After; the daily cap is a refusal", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("rate_limited");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(3 * MB) });
    expect(run.errors[0]).toMatchObject({ kind: "transient", retryAfterSeconds: 1 });
    expect(run.outcome.kind).toBe("published");
    standIn.faults.arm("daily_quota");
    const capped = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(3 * MB) });
    expect(capped.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/daily posting cap/) } });
  });

  it("a chunk that fails mid-upload resumes from the bytes TikTok reports; one post", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("chunk_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.errors.map((e) => e.kind)).toEqual(["transient"]);
    expect(run.outcome.kind).toBe("published");
    expect(postsOf(account.extra!.username)).toEqual([expect.objectContaining({ bytes: size })]);
  });

  it("processing that fails is refused with TikTok's fail_reason; a banned account's post is refused for policy", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("processing_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(3 * MB) });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/file_format_check_failed/) } });
    standIn.faults.arm("policy_refusal");
    const banned = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(3 * MB) });
    expect(banned.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/banned/) } });
  });

  it("a lost answer to the last chunk is reconciled through status/fetch: one post, never a second upload", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("publish_timeout");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.errors).toEqual([]);
    expect(run.outcome.kind).toBe("published");
    expect(postsOf(account.extra!.username).length).toBe(1);
  });

  it("a crash after the attempted mark resumes through reconcile with the stored publish_id", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const video = memoryVideo(size);
    const first = await publishToEnd({ platform, ctx, tokens, account, post, video, stopWhen: (p) => (p.state as TikTokState).step === "upload" && (p.state as { chunk: number }).chunk === 1 });
    expect(first.outcome.kind).toBe("next");
    const resumed = await publishToEnd({ platform, ctx, tokens, account, post, video, progress: { ...first.progress, attempted: true } });
    expect(resumed.outcome.kind).toBe("published");
    expect(postsOf(account.extra!.username).length).toBe(1);
  });

  it("checks TikTok's limits: privacy must be one it offers, 3-600 s", () => {
    const facts = { durationSeconds: 2, width: 1080, height: 1920, sizeBytes: 1000, contentType: "video/mp4" };
    expect(platform.checkLimits(facts, { caption: "x", privacy: "unlisted" }).map((v) => v.field).sort()).toEqual(["duration", "privacy"]);
    expect(platform.checkLimits({ ...facts, durationSeconds: 30 }, post)).toEqual([]);
  });

  it("revokes the grant", async () => {
    const { tokens } = await connect(platform, ctx);
    expect(await platform.revoke!(ctx, tokens)).toEqual({ ok: true, value: undefined });
    expect(await platform.refresh!(ctx, tokens)).toMatchObject({ ok: false, error: { kind: "needs_reauth" } });
  });
});
