import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { youtube, YOUTUBE_CHUNK_BYTES, type YouTubeState } from "../../src/services/publishing/platforms/youtube";
import type { Platform, PlatformContext } from "../../src/services/publishing/platforms/platform";
import { createYouTubeStandIn, type YouTubeStandIn } from "./stand-ins/youtube";
import { serveStandIn } from "./stand-ins/serve";
import { connect, contextFor, memoryVideo, publishToEnd } from "./harness";

const platform = youtube as Platform<unknown>;
let standIn: YouTubeStandIn;
let server: { origin: string; close(): Promise<void> };
let ctx: PlatformContext;

beforeAll(async () => {
  standIn = createYouTubeStandIn();
  server = await serveStandIn(standIn.app);
  ctx = contextFor(platform, server.origin, standIn);
});
afterAll(() => server.close());
beforeEach(() => standIn.faults.clear());

const post = { caption: "A moment worth sharing #shorts", title: "Best moment", privacy: "private" as const };
// Two and a half chunks, so the upload has a middle and a last chunk.
const size = Math.floor(YOUTUBE_CHUNK_BYTES * 2.5);

describe("YouTube adapter against its stand-in", () => {
  it("connects with PKCE and reads the channel, flagging the unaudited app's private-only uploads", async () => {
    const { tokens, account } = await connect(platform, ctx);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());
    expect(account.handle).toBe("@standin");
    expect(account.restriction).toMatch(/private/);
    const url = new URL(platform.authorizeUrl(ctx, { state: "s", codeChallenge: "c" }));
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("access_type")).toBe("offline");
  });

  it("publishes a clip in chunks and reports the Shorts URL once processed", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.videos.length;
    const video = memoryVideo(size);
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video });
    expect(run.outcome).toMatchObject({ kind: "published" });
    if (run.outcome.kind !== "published") return;
    expect(run.outcome.url).toBe(`https://www.youtube.com/shorts/${run.outcome.postId}`);
    expect(standIn.videos.length).toBe(before + 1);
    const v = standIn.videos.at(-1)!;
    expect(v).toMatchObject({ id: run.outcome.postId, title: "Best moment", privacy: "private", bytes: size });
  });

  it("publishes a landscape (16:9) clip as a regular video, linked as one; a square clip as a Short", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.videos.length;
    const landscape = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size, { width: 1920, height: 1080 }) });
    expect(landscape.outcome).toMatchObject({ kind: "published" });
    if (landscape.outcome.kind !== "published") return;
    expect(landscape.outcome.url).toBe(`https://www.youtube.com/watch?v=${landscape.outcome.postId}`);
    expect(standIn.videos.at(-1)).toMatchObject({ id: landscape.outcome.postId, bytes: size });
    const square = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size, { width: 1080, height: 1080 }) });
    expect(square.outcome.kind === "published" && square.outcome.url).toBe(`https://www.youtube.com/shorts/${square.outcome.kind === "published" ? square.outcome.postId : ""}`);
    expect(standIn.videos.length).toBe(before + 2);
  });

  it("refreshes an expired access token mid-upload and goes on", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.outcome.kind).toBe("published");
    expect(run.tokens.accessToken).not.toBe(tokens.accessToken);
  });

  it("a refused refresh ends in needs_reauth", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    standIn.faults.arm("refresh_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth" } });
  });

  it("429 is transient with the platform's Retry-After; the post still goes out once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.videos.length;
    standIn.faults.arm("rate_limited");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.errors[0]).toEqual({ kind: "transient", message: expect.any(String), retryAfterSeconds: 1 });
    expect(run.outcome.kind).toBe("published");
    expect(standIn.videos.length).toBe(before + 1);
  });

  it("the daily quota is a refusal with the reason and what to do", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("daily_quota");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/quota/), advice: expect.stringMatching(/midnight Pacific/) } });
  });

  it("a chunk that fails mid-upload resumes from the byte the session holds", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.videos.length;
    standIn.faults.arm("chunk_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.errors.map((e) => e.kind)).toEqual(["transient"]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.videos.length).toBe(before + 1);
    expect(standIn.videos.at(-1)!.bytes).toBe(size);
  });

  it("processing that fails is refused with YouTube's failure reason", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("processing_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/conversion/) } });
  });

  it("a video rejected for policy is refused with the rejection reason", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("policy_refusal");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/rejected.*inappropriate/) } });
  });

  it("a lost answer to the last chunk is reconciled from the session: one video, never a second upload", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.videos.length;
    standIn.faults.arm("publish_timeout");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    // The session status query tells that the video was created: no unknown outcome, no second upload.
    expect(run.errors).toEqual([]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.videos.length).toBe(before + 1);
  });

  it("a crash after the attempted mark resumes through reconcile, not a second upload", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.videos.length;
    const video = memoryVideo(size);
    // Stop once the last chunk is next: the runner persisted the attempted mark, then "crashed".
    const first = await publishToEnd({ platform, ctx, tokens, account, post, video, stopWhen: (p) => (p.state as YouTubeState).step === "upload" && (p.state as { offset: number }).offset + YOUTUBE_CHUNK_BYTES >= size });
    expect(first.outcome.kind).toBe("next");
    expect(standIn.videos.length).toBe(before);
    const crashed = { ...first.progress, attempted: true };
    const resumed = await publishToEnd({ platform, ctx, tokens, account, post, video, progress: crashed });
    expect(resumed.outcome.kind).toBe("published");
    expect(standIn.videos.length).toBe(before + 1);
  });

  it("checks its limits before any upload, and takes every shape (a landscape clip is a regular video)", () => {
    const facts = { durationSeconds: 200, width: 1920, height: 1080, sizeBytes: 1000, contentType: "video/mp4" };
    const v = platform.checkLimits(facts, { caption: "x", title: "t".repeat(101), privacy: "friends" });
    expect(v.map((x) => x.field).sort()).toEqual(["duration", "privacy", "title"]);
    for (const [width, height] of [[1080, 1920], [1920, 1080], [1080, 1080], [1080, 1350]]) expect(platform.checkLimits({ ...facts, durationSeconds: 30, width, height }, post)).toEqual([]);
  });

  it("revokes the grant", async () => {
    const { tokens } = await connect(platform, ctx);
    expect(await platform.revoke!(ctx, tokens)).toEqual({ ok: true, value: undefined });
    expect(await platform.refresh!(ctx, tokens)).toMatchObject({ ok: false, error: { kind: "needs_reauth" } });
  });
});

describe("the never-twice rules with YouTube", () => {
  it("a 401 that a fresh token does not cure ends in needs_reauth instead of refreshing forever", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("expired_token", 5);
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size) });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth" } });
  });
});
