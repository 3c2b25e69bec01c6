// Covers and post copy reach the platforms (issue 37): each adapter whose API takes a cover gets
// the clip's (YouTube thumbnails.set, Instagram cover_url, Facebook's Reel thumbnail, TikTok's
// cover frame time), checked on its stand-in; and every platform's default post text, made from a
// clip's post copy, passes that platform's own limit check.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashtagsOf, POST_TEXT_LIMITS } from "@katto/protocol";
import { platforms } from "../../src/services/publishing/platforms";
import type { CoverImage, Platform, VideoSource } from "../../src/services/publishing/platforms/platform";
import { withPostDefaults } from "../../src/services/publishing/post-text";
import { createFacebookStandIn } from "./stand-ins/facebook";
import { createInstagramStandIn } from "./stand-ins/instagram";
import { serveStandIn } from "./stand-ins/serve";
import { createTikTokStandIn } from "./stand-ins/tiktok";
import { createYouTubeStandIn } from "./stand-ins/youtube";
import { connect, contextFor, memoryVideo, publishToEnd } from "./harness";

// a real JPEG, as the render backend stores covers
const jpegPath = path.join(os.tmpdir(), `katto-cover-${process.pid}.jpg`);
execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=270x480:d=1", "-frames:v", "1", jpegPath]);
const jpeg = new Uint8Array(readFileSync(jpegPath));

let files: { origin: string; close(): Promise<void> };
const clip = memoryVideo(2 * 1024 * 1024, { durationSeconds: 45 });
const withCover = (video: VideoSource, origin: string): VideoSource => {
  const cover: CoverImage = { contentType: "image/jpeg", publicUrl: `${origin}/files/cover.jpg`, read: async () => jpeg, timeSeconds: 2.5 };
  return { ...video, cover };
};

beforeAll(async () => {
  // Meta fetches the clip and its cover from their public URLs, as from the Worker's /files/ route
  files = await serveStandIn(
    new Hono()
      .get("/files/clip.mp4", () => new Response(clip.bytes, { headers: { "content-type": "video/mp4" } }))
      .get("/files/cover.jpg", () => new Response(jpeg, { headers: { "content-type": "image/jpeg" } })),
  );
});
afterAll(() => files.close());

async function publishWith<S extends { app: Hono; clientId: string; clientSecret: string }>(platform: Platform<unknown>, standIn: S, post: { caption: string; title?: string; privacy: "public" | "private" }) {
  const server = await serveStandIn(standIn.app);
  try {
    const ctx = contextFor(platform, server.origin, standIn);
    const { tokens, account } = await connect(platform, ctx);
    const video = withCover({ ...clip, publicUrl: `${files.origin}/files/clip.mp4` }, files.origin);
    const run = await publishToEnd({ platform, ctx, tokens, account, post, video });
    expect(run.outcome.kind).toBe("published");
  } finally {
    await server.close();
  }
}

describe("the cover reaches every platform that takes one", () => {
  it("YouTube: thumbnails.set with the cover's bytes", async () => {
    const standIn = createYouTubeStandIn();
    await publishWith(platforms.youtube!, standIn, { caption: "c", title: "t", privacy: "private" });
    expect([...standIn.thumbnails.values()]).toEqual([jpeg]);
  });
  it("Instagram: the Reels container's cover_url", async () => {
    const standIn = createInstagramStandIn({ fetchMedia: true });
    await publishWith(platforms.instagram!, standIn, { caption: "c", privacy: "public" });
    expect(standIn.posts.at(-1)!.coverUrl).toBe(`${files.origin}/files/cover.jpg`);
  });
  it("Facebook: the Reel's preferred thumbnail, set before it is published", async () => {
    const standIn = createFacebookStandIn();
    await publishWith(platforms.facebook!, standIn, { caption: "c", privacy: "public" });
    const reel = standIn.posts.at(-1)!;
    expect(reel.kind).toBe("reel");
    expect(standIn.thumbnails.get(reel.videoId)).toEqual(jpeg);
  });
  it("TikTok: the cover's frame time (its API takes no image)", async () => {
    const standIn = createTikTokStandIn();
    await publishWith(platforms.tiktok!, standIn, { caption: "c", privacy: "private" });
    expect(standIn.posts.at(-1)!.coverMs).toBe(2500);
  });
});

describe("the default post text fits every platform", () => {
  const long = {
    title: "Why the pendulum's period does not depend on its mass, and what that tells us about gravity itself, in one short demonstration",
    copy: {
      description: "Walter Lewin swings a bowling ball on a rope and stands where it comes back. ".repeat(60).trim(),
      hashtags: Array.from({ length: 30 }, (_, i) => `#Physics${i}`),
    },
  };
  it.each(Object.keys(POST_TEXT_LIMITS))("%s: the default post text passes the platform's own limits", (id) => {
    const platform = platforms[id as keyof typeof platforms]!;
    const facts = { durationSeconds: 30, width: 1080, height: 1920, sizeBytes: 1e6, contentType: "video/mp4" };
    const privacy = platform.privacyOptions[0]!;
    const post = withPostDefaults(platform, facts, { privacy }, long);
    expect(platform.checkLimits(facts, post).filter((v) => ["caption", "title", "hashtags"].includes(v.field))).toEqual([]);
    expect(post.caption.startsWith("Walter Lewin swings")).toBe(true);
    const lim = POST_TEXT_LIMITS[id as keyof typeof POST_TEXT_LIMITS];
    if ("maxHashtags" in lim) expect(hashtagsOf(post.caption)).toBeLessThanOrEqual(lim.maxHashtags);
    if (platform.hasTitle) expect(post.title && [...post.title].length).toBeLessThanOrEqual(lim.titleMaxChars ?? 100);
    // a short copy goes out whole: the description and its hashtags
    const short = withPostDefaults(platform, facts, { privacy }, { title: "It clicked", copy: { description: "The moment it clicked.", hashtags: ["#physics"] } });
    expect(short.caption).toBe("The moment it clicked.\n\n#physics");
    // a caption the caller gives is posted as it is
    expect(withPostDefaults(platform, facts, { privacy, caption: "mine" }, long).caption).toBe("mine");
  });
});
