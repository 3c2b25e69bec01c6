import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { linkedin, LINKEDIN_VERSION, littleText, type LinkedInState } from "../../src/services/publishing/platforms/linkedin";
import type { Platform, PlatformContext } from "../../src/services/publishing/platforms/platform";
import { createLinkedInStandIn, LINKEDIN_PART_BYTES, type LinkedInStandIn } from "./stand-ins/linkedin";
import { serveStandIn } from "./stand-ins/serve";
import { connect, contextFor, memoryVideo, publishToEnd } from "./harness";

const platform = linkedin as Platform<unknown>;
let standIn: LinkedInStandIn;
let server: { origin: string; close(): Promise<void> };
let ctx: PlatformContext;

beforeAll(async () => {
  standIn = createLinkedInStandIn();
  server = await serveStandIn(standIn.app);
  ctx = contextFor(platform, server.origin, standIn);
});
afterAll(() => server.close());
beforeEach(() => {
  standIn.faults.clear();
  standIn.refreshTokens = false;
});

// LinkedIn refuses duplicate posts, so every post gets its own caption.
let n = 0;
const post = () => ({ caption: `A moment worth sharing #clips take ${++n}`, title: "Best moment", privacy: "public" as const });
// Two and a half parts: LinkedIn's upload instructions split the file in 4 MiB byte ranges.
const size = Math.floor(LINKEDIN_PART_BYTES * 2.5);
const clip = () => memoryVideo(size, { durationSeconds: 45 });
const step = (p: { state: unknown }) => (p.state as LinkedInState).step;

describe("LinkedIn adapter against its stand-in", () => {
  it("connects without a refresh token and says when to reconnect (60 days)", async () => {
    const { tokens, account } = await connect(platform, ctx);
    expect(account).toMatchObject({ id: expect.any(String), handle: "Stand-in Member" });
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.expiresAt! - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(account.restriction).toMatch(/no refresh token.*connect it again before/);
    expect(await platform.refresh!(ctx, tokens)).toMatchObject({ ok: false, error: { kind: "needs_reauth", message: expect.stringMatching(/no refresh token/) } });
    const url = new URL(platform.authorizeUrl(ctx, { state: "s" }));
    expect(url.searchParams.get("scope")).toBe("openid profile w_member_social");
  });

  it("publishes a clip: initialize, a PUT per part with its ETag, finalize, AVAILABLE, then the post", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const p = post();
    const run = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip() });
    expect(run.outcome).toMatchObject({ kind: "published" });
    if (run.outcome.kind !== "published") return;
    expect(run.outcome.url).toBe(`https://www.linkedin.com/feed/update/${run.outcome.postId}/`);
    expect(standIn.posts.length).toBe(before + 1);
    expect(standIn.posts.at(-1)).toMatchObject({ urn: run.outcome.postId, author: `urn:li:person:${account.id}`, visibility: "PUBLIC", title: "Best moment", bytes: size, commentary: littleText(p.caption) });
    // Every /rest call named the API version.
    expect([...standIn.versions]).toEqual([LINKEDIN_VERSION]);
  });

  it("an expired access token is refreshed where LinkedIn issued a refresh token, and the upload goes on", async () => {
    standIn.refreshTokens = true;
    const { tokens, account } = await connect(platform, ctx);
    expect(account.restriction).toBeUndefined();
    standIn.faults.arm("expired_token");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome.kind).toBe("published");
    expect(run.tokens.accessToken).not.toBe(tokens.accessToken);
    expect(run.tokens.refreshToken).toBe(tokens.refreshToken);
  });

  it("an expired token without a refresh token ends in needs_reauth; a refused refresh too", async () => {
    const plain = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    const run = await publishToEnd({ platform, ctx, ...plain, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth" } });

    standIn.refreshTokens = true;
    const refreshable = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    standIn.faults.arm("refresh_fails");
    const refused = await publishToEnd({ platform, ctx, ...refreshable, post: post(), video: clip() });
    expect(refused.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth", message: expect.stringMatching(/refused the refresh token/) } });
  });

  it("a 429 throttle is transient and the post still goes out once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("rate_limited");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.errors).toEqual([{ kind: "transient", message: expect.stringMatching(/throttling/) }]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("the member's daily limit is a refusal that names midnight UTC", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("daily_quota");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/MEMBER DAY limit/), advice: expect.stringMatching(/midnight UTC/) } });
  });

  it("a part that fails is PUT again; finalize gets every ETag and one post goes out", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("chunk_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.errors.map((e) => e.kind)).toEqual(["transient"]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
    expect(standIn.posts.at(-1)!.bytes).toBe(size);
  });

  it("processing that fails is refused with LinkedIn's processingFailureReason", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("processing_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/Video format is not supported/) } });
    expect(standIn.posts.length).toBe(before);
  });

  it("a post refused for policy carries LinkedIn's message", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("policy_refusal");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/Professional Community Policies/) } });
  });

  it("a lost answer to POST /rest/posts is unconfirmed with advice, and resuming never posts again", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("publish_timeout");
    const p = post();
    const run = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "unknown_outcome" } });
    const resumed = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip(), progress: run.progress });
    expect(resumed.outcome).toMatchObject({ kind: "error", error: { kind: "unknown_outcome", message: expect.stringMatching(/check the profile/) } });
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("a crash between upload and post resumes at the post step (not a second upload) and posts once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const video = clip();
    const p = post();
    const first = await publishToEnd({ platform, ctx, tokens, account, post: p, video, stopWhen: (pr) => step(pr) === "post" });
    expect(first.outcome.kind).toBe("next");
    expect(standIn.posts.length).toBe(before);
    const resumed = await publishToEnd({ platform, ctx, tokens, account, post: p, video, progress: first.progress });
    expect(resumed.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
    // Redelivered after the attempted mark: reconcile, which never posts.
    const again = await publishToEnd({ platform, ctx, tokens, account, post: p, video, progress: { ...first.progress, attempted: true } });
    expect(again.outcome).toMatchObject({ kind: "error", error: { kind: "unknown_outcome" } });
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("checks LinkedIn's limits before any upload", () => {
    const facts = { durationSeconds: 45, width: 1080, height: 1920, sizeBytes: 10_000_000, contentType: "video/mp4" };
    expect(platform.checkLimits(facts, post())).toEqual([]);
    expect(platform.checkLimits({ ...facts, durationSeconds: 2, sizeBytes: 50_000 }, post()).map((v) => v.field).sort()).toEqual(["duration", "size"]);
    expect(platform.checkLimits({ ...facts, width: 400, height: 1920 }, { caption: "x".repeat(3001), privacy: "private" }).map((v) => v.field).sort()).toEqual(["aspect", "caption", "privacy"]);
  });

  it("writes commentary in little text: reserved characters escaped, #words as hashtags", () => {
    expect(littleText("Clip (part 1) by @me #AI_tools")).toBe("Clip \\(part 1\\) by \\@me {hashtag|\\#|AI\\_tools}");
  });

  it("revokes the token", async () => {
    const { tokens, account } = await connect(platform, ctx);
    expect(await platform.revoke!(ctx, tokens)).toEqual({ ok: true, value: undefined });
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth" } });
  });
});
