import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { instagram } from "../../src/services/publishing/platforms/instagram";
import type { Platform, PlatformContext } from "../../src/services/publishing/platforms/platform";
import { createInstagramStandIn, type InstagramStandIn } from "./stand-ins/instagram";
import { serveStandIn } from "./stand-ins/serve";
import { connect, contextFor, memoryVideo, publishToEnd } from "./harness";

const platform = instagram as Platform<unknown>;
let standIn: InstagramStandIn;
let server: { origin: string; close(): Promise<void> };
let files: { origin: string; close(): Promise<void> };
let ctx: PlatformContext;
const clip = memoryVideo(2 * 1024 * 1024);

beforeAll(async () => {
  // Meta fetches the clip from its public URL: serve it like the Worker's /files/ route does.
  files = await serveStandIn(new Hono().get("/files/clip.mp4", () => new Response(clip.bytes, { headers: { "content-type": "video/mp4" } })));
  standIn = createInstagramStandIn({ fetchMedia: true });
  server = await serveStandIn(standIn.app);
  ctx = contextFor(platform, server.origin, standIn);
});
afterAll(async () => {
  await server.close();
  await files.close();
});
beforeEach(() => standIn.faults.clear());

const post = { caption: "It clicked #reels", privacy: "public" as const };
const video = () => ({ ...clip, publicUrl: `${files.origin}/files/clip.mp4` });
const postsOf = (account: string) => standIn.posts.filter((p) => p.account === account);

describe("Instagram adapter against its stand-in", () => {
  it("connects: code → short-lived token → 60-day token that renews itself; reads the professional account", async () => {
    const { tokens, account } = await connect(platform, ctx);
    expect(tokens.expiresAt).toBeGreaterThan(Date.now() + 50 * 86_400_000);
    expect(tokens.refreshToken).toBe(tokens.accessToken);
    expect(account.handle).toMatch(/^@standin_\d+$/);
    const renewed = await platform.refresh!(ctx, tokens);
    expect(renewed).toMatchObject({ ok: true, value: { accessToken: expect.not.stringMatching(tokens.accessToken) } });
  });

  it("publishes a Reel: quota check → container from the public clip URL → FINISHED → media_publish → permalink", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: video() });
    expect(run.outcome).toMatchObject({ kind: "published" });
    if (run.outcome.kind !== "published") return;
    expect(run.outcome.url).toBe(`https://www.instagram.com/reel/${run.outcome.postId}/`);
    // Meta fetched the whole clip from the URL we gave.
    expect(postsOf(account.id)).toEqual([expect.objectContaining({ id: run.outcome.postId, caption: post.caption, bytes: clip.sizeBytes })]);
  });

  it("an expired token is renewed and the post goes on; a refused renewal is needs_reauth", async () => {
    const first = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    const run = await publishToEnd({ platform, ctx, ...first, post, video: video() });
    expect(run.outcome.kind).toBe("published");
    standIn.faults.arm("expired_token");
    standIn.faults.arm("refresh_fails");
    const again = await publishToEnd({ platform, ctx, tokens: run.tokens, account: first.account, post, video: video() });
    expect(again.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth" } });
  });

  it("a rate limit is transient; the 24-hour publishing limit is a refusal before any container", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("rate_limited");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: video() });
    expect(run.errors[0]).toMatchObject({ kind: "transient" });
    expect(run.outcome.kind).toBe("published");
    standIn.faults.arm("daily_quota");
    const capped = await publishToEnd({ platform, ctx, tokens, account, post, video: video() });
    expect(capped.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/100 API-published posts/) } });
  });

  it("a container whose processing fails is refused with Instagram's status", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("processing_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: video() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/2207026/) } });
    expect(postsOf(account.id)).toEqual([]);
  });

  it("a Reel refused for policy is failed with Instagram's own words", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("policy_refusal");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: video() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/Community Guidelines/) } });
  });

  it("a lost media_publish answer is reconciled from the container (PUBLISHED) and recent media: one Reel", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("publish_timeout");
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video: video() });
    expect(run.errors).toEqual([]);
    expect(run.outcome).toMatchObject({ kind: "published", postId: postsOf(account.id)[0].id });
    expect(postsOf(account.id).length).toBe(1);
  });

  it("a crash after the attempted mark never calls media_publish again", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const first = await publishToEnd({ platform, ctx, tokens, account, post, video: video(), stopWhen: (p) => (p.state as { step: string }).step === "publish" });
    expect(first.outcome.kind).toBe("next");
    // Crashed before media_publish was sent: reconcile sees FINISHED, so publishing goes on once.
    const resumed = await publishToEnd({ platform, ctx, tokens, account, post, video: video(), progress: { ...first.progress, attempted: true } });
    expect(resumed.outcome.kind).toBe("published");
    // And a second resume from the same stored mark finds it PUBLISHED: no second Reel.
    const again = await publishToEnd({ platform, ctx, tokens, account, post, video: video(), progress: { ...first.progress, attempted: true } });
    expect(again.outcome.kind).toBe("published");
    expect(postsOf(account.id).length).toBe(1);
  });

  it("checks Reels limits: 3 s to 15 min, 30 hashtags, public only", () => {
    const facts = { durationSeconds: 1000, width: 1080, height: 1920, sizeBytes: 1000, contentType: "video/mp4" };
    const tags = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(" ");
    expect(platform.checkLimits(facts, { caption: tags, privacy: "private" }).map((v) => v.field).sort()).toEqual(["duration", "hashtags", "privacy"]);
    expect(platform.checkLimits({ ...facts, durationSeconds: 30 }, post)).toEqual([]);
    expect(platform.revoke).toBeUndefined();
  });
});
