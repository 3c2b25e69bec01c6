import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ASPECTS } from "@katto/protocol";
import { weightedLength, x, X_CHUNK_BYTES, X_RENDER_SIZE, type XState } from "../../src/services/publishing/platforms/x";
import type { Platform, PlatformContext } from "../../src/services/publishing/platforms/platform";
import { createXStandIn, type XStandIn } from "./stand-ins/x";
import { serveStandIn } from "./stand-ins/serve";
import { connect, contextFor, memoryVideo, publishToEnd } from "./harness";

const platform = x as Platform<unknown>;
let standIn: XStandIn;
let server: { origin: string; close(): Promise<void> };
let ctx: PlatformContext;

beforeAll(async () => {
  standIn = createXStandIn();
  server = await serveStandIn(standIn.app);
  ctx = contextFor(platform, server.origin, standIn);
});
afterAll(() => server.close());
beforeEach(() => standIn.faults.clear());

// X refuses the same text twice, so every post gets its own caption.
let n = 0;
const post = () => ({ caption: `A moment worth sharing, take ${++n}`, privacy: "public" as const });
// Two and a half segments: a first, a middle and a last APPEND.
const size = Math.floor(X_CHUNK_BYTES * 2.5);
const clip = () => memoryVideo(size, { ...X_RENDER_SIZE, durationSeconds: 45 });
const step = (p: { state: unknown }) => (p.state as XState).step;

describe("X adapter against its stand-in", () => {
  it("connects with PKCE (S256) and the offline.access and media.write scopes", async () => {
    const { tokens, account } = await connect(platform, ctx);
    expect(account).toMatchObject({ id: expect.stringMatching(/^\d+$/), handle: expect.stringMatching(/^@standin_\d+$/) });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());
    expect(tokens.scopes).toEqual(expect.arrayContaining(["tweet.write", "media.write", "offline.access"]));
    const url = new URL(platform.authorizeUrl(ctx, { state: "s", codeChallenge: "c" }));
    expect(url.pathname).toBe("/i/oauth2/authorize");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("publishes a clip: INIT, APPEND segments, FINALIZE, STATUS until succeeded, then the post with its URL", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const p = post();
    const run = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip() });
    expect(run.outcome).toMatchObject({ kind: "published" });
    if (run.outcome.kind !== "published") return;
    expect(run.outcome.url).toBe(`https://x.com/${account.handle.slice(1)}/status/${run.outcome.postId}`);
    expect(standIn.posts.length).toBe(before + 1);
    expect(standIn.posts.at(-1)).toMatchObject({ id: run.outcome.postId, author: account.id, text: p.caption, bytes: size });
  });

  it("refreshes an expired access token (the refresh token rotates) and goes on", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome.kind).toBe("published");
    expect(run.tokens.accessToken).not.toBe(tokens.accessToken);
    expect(run.tokens.refreshToken).not.toBe(tokens.refreshToken);
    // The used refresh token no longer works: keeping the rotated one is what keeps the connection alive.
    expect(await platform.refresh!(ctx, tokens)).toMatchObject({ ok: false, error: { kind: "needs_reauth" } });
  });

  it("a refused refresh (X's 400 invalid_request) ends in needs_reauth", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("expired_token");
    standIn.faults.arm("refresh_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "needs_reauth" } });
  });

  it("a 429 is transient until x-rate-limit-reset; the post still goes out once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("rate_limited");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.errors).toEqual([{ kind: "transient", message: expect.stringMatching(/rate limiting/), retryAfterSeconds: expect.any(Number) }]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("the 24-hour posting cap is a refusal with the cap and its reset time", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("daily_quota");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/24-hour posting limit \(17 posts\)/), advice: expect.stringMatching(/resets at \d{4}-/) } });
  });

  it("a segment that fails is sent again with the same segment_index; one post with every byte", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("chunk_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.errors.map((e) => e.kind)).toEqual(["transient"]);
    expect(run.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
    expect(standIn.posts.at(-1)!.bytes).toBe(size);
  });

  it("processing that fails is refused with X's reason", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("processing_fails");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/UnsupportedMedia/), advice: expect.stringMatching(/Re-render/) } });
    expect(standIn.posts.length).toBe(before);
  });

  it("a post refused for policy carries X's own words", async () => {
    const { tokens, account } = await connect(platform, ctx);
    standIn.faults.arm("policy_refusal");
    const run = await publishToEnd({ platform, ctx, tokens, account, post: post(), video: clip() });
    expect(run.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/looks like it might be automated/) } });
  });

  it("a duplicate caption is refused with advice to change it", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const p = post();
    expect((await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip() })).outcome.kind).toBe("published");
    const again = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip() });
    expect(again.outcome).toMatchObject({ kind: "error", error: { kind: "refused", reason: expect.stringMatching(/duplicate content/), advice: expect.stringMatching(/change the caption/) } });
  });

  it("a lost answer to POST /2/tweets is reconciled from the account's posts by media key: one post", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    standIn.faults.arm("publish_timeout");
    const p = post();
    const run = await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip() });
    // The runner reconciles at once or on the next delivery; either way the post is found, not created again.
    const settled = run.outcome.kind === "published" ? run : await publishToEnd({ platform, ctx, tokens, account, post: p, video: clip(), progress: run.progress });
    expect(settled.outcome).toMatchObject({ kind: "published", postId: standIn.posts.at(-1)!.id });
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("a crash between upload and post resumes from the stored step: the post is created once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const video = clip();
    const p = post();
    const first = await publishToEnd({ platform, ctx, tokens, account, post: p, video, stopWhen: (pr) => step(pr) === "post" });
    expect(first.outcome.kind).toBe("next");
    expect(standIn.posts.length).toBe(before);
    // Crashed after the attempted mark but before the call: reconcile finds no post with our media and posts once.
    const resumed = await publishToEnd({ platform, ctx, tokens, account, post: p, video, progress: { ...first.progress, attempted: true } });
    expect(resumed.outcome.kind).toBe("published");
    expect(standIn.posts.length).toBe(before + 1);
    // Redelivered again after that: reconcile finds the post and never posts a second time.
    const again = await publishToEnd({ platform, ctx, tokens, account, post: p, video, progress: { ...first.progress, attempted: true } });
    expect(again.outcome).toEqual(resumed.outcome);
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("a token that expires exactly at the post step is refreshed; reconcile finds no post, and it is posted once", async () => {
    const { tokens, account } = await connect(platform, ctx);
    const before = standIn.posts.length;
    const video = clip();
    const p = post();
    const first = await publishToEnd({ platform, ctx, tokens, account, post: p, video, stopWhen: (pr) => step(pr) === "post" });
    standIn.faults.arm("expired_token");
    const resumed = await publishToEnd({ platform, ctx, tokens: first.tokens, account, post: p, video, progress: first.progress });
    expect(resumed.outcome.kind).toBe("published");
    expect(resumed.tokens.accessToken).not.toBe(first.tokens.accessToken);
    expect(standIn.posts.length).toBe(before + 1);
  });

  it("checks X's limits before any upload: 1080x1920 is over the 1200x1900 cap, the 720x1280 rendition fits; every shape's rendition keeps its shape", () => {
    const facts = { durationSeconds: 45, width: 1080, height: 1920, sizeBytes: 1000, contentType: "video/mp4" };
    const over = platform.checkLimits(facts, post());
    expect(over).toEqual([{ field: "dimensions", message: expect.stringMatching(/up to 1200x1900.*720x1280/) }]);
    expect(ASPECTS.map((a) => platform.limits.renderAt!(a))).toEqual([{ width: 720, height: 1280 }, { width: 720, height: 720 }, { width: 720, height: 900 }, { width: 1280, height: 720 }]);
    for (const a of ASPECTS) expect(platform.checkLimits({ ...facts, ...platform.limits.renderAt!(a) }, post()), a).toEqual([]);
    expect(platform.checkLimits({ ...facts, ...X_RENDER_SIZE }, post())).toEqual([]);
    expect(platform.checkLimits({ ...facts, ...X_RENDER_SIZE, durationSeconds: 141 }, post()).map((v) => v.field)).toEqual(["duration"]);
    expect(platform.checkLimits({ ...facts, width: 300, height: 1000 }, { caption: "x", privacy: "private" }).map((v) => v.field).sort()).toEqual(["aspect", "privacy"]);
  });

  it("counts captions the way X does: links count 23, emoji and CJK count 2", () => {
    expect(weightedLength("hello")).toBe(5);
    expect(weightedLength(`see https://example.com/${"a".repeat(100)}`)).toBe(4 + 23);
    expect(weightedLength("日本")).toBe(4);
    expect(weightedLength("👩‍👩‍👧")).toBe(2);
    const facts = { durationSeconds: 45, ...X_RENDER_SIZE, sizeBytes: 1000, contentType: "video/mp4" };
    // 150 CJK characters weigh 300: over the limit although only 150 code points.
    expect(platform.checkLimits(facts, { caption: "字".repeat(150), privacy: "public" }).map((v) => v.field)).toEqual(["caption"]);
    // A 300-character link weighs 23: within the limit although 300 code points.
    expect(platform.checkLimits(facts, { caption: `https://example.com/${"a".repeat(280)}`, privacy: "public" })).toEqual([]);
  });

  it("revokes the refresh token", async () => {
    const { tokens } = await connect(platform, ctx);
    expect(await platform.revoke!(ctx, tokens)).toEqual({ ok: true, value: undefined });
    expect(await platform.refresh!(ctx, tokens)).toMatchObject({ ok: false, error: { kind: "needs_reauth" } });
  });
});
