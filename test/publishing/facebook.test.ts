import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { facebook, FACEBOOK_CHUNK_BYTES, type FacebookState } from "../../src/services/publishing/platforms/facebook";
import type { Platform, PlatformContext } from "../../src/services/publishing/platforms/platform";
import { createFacebookStandIn, type FacebookStandIn } from "./stand-ins/facebook";
import { serveStandIn } from "./stand-ins/serve";
import { connect, contextFor, memoryVideo, publishToEnd } from "./harness";

const platform = facebook as Platform<unknown>;
let standIn: FacebookStandIn;
let server: { origin: string; close(): Promise<void> };
let ctx: PlatformContext;

beforeAll(async () => {
  standIn = createFacebookStandIn();
  server = await serveStandIn(standIn.app);
  ctx = contextFor(platform, server.origin, standIn);
});
afterAll(() => server.close());
beforeEach(() => {
  standIn.faults.clear();
  standIn.reelsToday.clear();
});

const post = { caption: "A moment worth sharing #reels", privacy: "public" as const };
// Two and a half chunks: a first, a middle and a last one.
const size = Math.floor(FACEBOOK_CHUNK_BYTES * 2.5);
const reel = () => memoryVideo(size, { durationSeconds: 45 });
const step = (p: { state: unknown }) => (p.state as FacebookState).step;

describe("Facebook adapter against its stand-in", () => {
  it("connects through the manual login flow: long-lived user token, the Page and its token", async () => {
    const { tokens, account } = await connect(platform, ctx);
    expect(account).toMatchObject({ id: expect.any(String), handle: "Stand-in Page" });
    expect(account.restriction).toBeUndefined();
    // The Page token does not expire; the refresh credential names the Page.
    expect(tokens.expiresAt).toBeUndefined();
    expect(tokens.refreshToken?.startsWith(`${account.id}:`)).toBe(true);
    expect(tokens.scopes).toEqual(expect.arrayContaining(["pages_manage_posts", "pages_show_list", "pages_read_engagement"]));
    const url = new URL(platform.authorizeUrl(ctx, { state: "s" }));
    expect(url.pathname).toBe("/v24.0/dialog/oauth");
    expect(url.searchParams.get("scope")).toBe("pages_show_list,pages_read_engagement,pages_manage_posts,read_insights");
  });

  it("publishes a 45 s clip as a Reel: start, chunks at offsets, finish, processing, the reel URL", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: reel() });
    expect(run.outcome).toMatchObject({ kind: "published" });
    if (run.outcome.kind !== "published") return;
    expect(run.outcome.url).toBe(`https://www.facebook.com/reel/${run.outcome.postId}`);
    expect(standIn.posts.length).toBe(before + 1);
    expect(standIn.posts.at(-1)).toMatchObject({ videoId: run.outcome.postId, pageId: account.id, kind: "reel", description: post.caption, bytes: size });
  });

  it("publishes a 2-minute clip as a Page video through the resumable upload API", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const run = await publishToEnd({ platform, ctx, tokens, account, post: { ...post, title: "Long cut" }, video: memoryVideo(size, { durationSeconds: 120 }) });
    expect(run.outcome).toMatchObject({ kind: "published" });
    if (run.outcome.kind !== "published") return;
    expect(run.outcome.url).toBe(`https://www.facebook.com/${account.id}/videos/${run.outcome.postId}`);
    expect(standIn.posts.length).toBe(before + 1);
    expect(standIn.posts.at(-1)).toMatchObject({ kind: "page_video", title: "Long cut", bytes: size });
  });

  it("an invalidated Page token is re-read with the user token and the upload goes on", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: reel() });
    expect(run.outcome.kind).toBe("published");
    expect(run.tokens.accessToken).not.toBe(tokens.accessToken);
    expect(run.tokens.refreshToken).not.toBe(tokens.refreshToken);
  });

  it("a refused renewal ends in needs_reauth", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    standIn.faults.arm("refresh_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: reel() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth" } });
  });

  it("throttling (code 4) is transient and never disconnects; the Reel still goes out once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("rate_limited");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: reel() });
    expect(run.errors).toEqual([{ kind: "transient", message: expect.stringMatching(/throttling/), retryAfterSeconds: 300 }]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("the 30-Reels-a-day cap is a refusal with Facebook's reason and what to do", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.reelsToday.set(account.id, 30);
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: reel() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/30 API-published posts/), advice: expect.stringMatching(/Schedule/) } });
    expect(platform.limits.dailyPosts).toBe(30);
  });

  it("a chunk that fails mid-upload resumes from bytes_transferred", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("chunk_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: reel() });
    expect(run.errors.map((e) => e.kind)).toEqual(["transient"]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
    expect(standIn.posts.at(-1)!.bytes).toBe(size);
  });

  it("a Page-video chunk that fails resumes from the session's file_offset", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("chunk_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size, { durationSeconds: 120 }) });
    expect(run.errors.map((e) => e.kind)).toEqual(["transient"]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.posts.at(-1)).toMatchObject({ kind: "page_video", bytes: size });
  });

  it("processing that fails is refused with Facebook's processing error", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("processing_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: reel() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/audio stream could not be decoded/), advice: expect.stringMatching(/Re-render/) } });
  });

  it("a Reel blocked for policy is refused with Facebook's message", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("policy_refusal");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: reel() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/policy.*Community Standards/) } });
  });

  it("a lost answer to finish is reconciled from the video's publishing phase: one Reel", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("publish_timeout");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: reel() });
    // The runner reconciles at once or on the next delivery; either way the Reel is found, not finished again.
    const settled = run.outcome.kind === "published" ? run : await publishToEnd({ platform, ctx, tokens, account, post, video: reel(), progress: run.progress });
    expect(settled.outcome).toMatchObject({ kind: "published", postId: standIn.posts.at(-1)!.videoId });
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("a crash between upload and finish resumes from the stored step: finish runs once, one Reel", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const video = reel();
    const first = await publishToEnd({ platform, ctx, tokens, account, post, video, stopWhen: (p) => step(p) === "reel_finish" });
    expect(first.outcome.kind).toBe("next");
    expect(standIn.posts.length).toBe(before);
    // Crashed before finish was attempted: the stored state resumes at finish, not at start.
    const resumed = await publishToEnd({ platform, ctx, tokens, account, post, video, progress: first.progress });
    expect(resumed.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
    // Crashed after the attempted mark: reconcile reads the video, sees it published, and never finishes again.
    const again = await publishToEnd({ platform, ctx, tokens, account, post, video, progress: { ...first.progress, attempted: true } });
    expect(again.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("a lost answer to a Page video's publish is unconfirmed, never a second post", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("publish_timeout");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size, { durationSeconds: 120 }) });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "unknown_outcome" } });
    const resumed = await publishToEnd({ platform, ctx, tokens, account, post, video: memoryVideo(size, { durationSeconds: 120 }), progress: run.progress });
    expect(resumed.outcome).toMatchObject({ kind: "error", error: { kind: "unknown_outcome", message: expect.stringMatching(/check the Page/) } });
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("checks Reel limits before any upload; longer clips are Page videos", () => {
    const facts = { durationSeconds: 45, width: 1920, height: 1080, sizeBytes: 1000, contentType: "video/mp4" };
    expect(platform.checkLimits(facts, { caption: "x", privacy: "private" }).map((x) => x.field).sort()).toEqual(["aspect", "privacy"]);
    expect(platform.checkLimits({ ...facts, width: 360, height: 640 }, post).map((x) => x.field)).toEqual(["dimensions"]);
    expect(platform.checkLimits({ ...facts, width: 1080, height: 1920 }, post)).toEqual([]);
    expect(platform.checkLimits({ ...facts, durationSeconds: 300 }, post)).toEqual([]);
    expect(platform.publish.start({ post, video: { ...facts, durationSeconds: 90 }, account: { id: "p", handle: "h" } })).toEqual({ step: "reel_start" });
    expect(platform.publish.start({ post, video: { ...facts, durationSeconds: 91 }, account: { id: "p", handle: "h" } })).toEqual({ step: "video_start" });
    expect(platform.publish.start({ post, video: { ...facts, durationSeconds: 2 }, account: { id: "p", handle: "h" } })).toEqual({ step: "video_start" });
  });

  it("revokes the app's permissions", async () => {
    const { tokens } = await connect(platform, ctx);
    expect(await platform.revoke!(ctx, tokens)).toEqual({ ok: true, value: undefined });
    expect(await platform.refresh!(ctx, tokens)).toMatchObject({ ok: false, error: { kind: "needs_reauth" } });
  });
});
