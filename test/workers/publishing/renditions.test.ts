// The rendition a publication waits for (src/services/publishing/renditions.ts): asked once per clip version
// and size, ready once clip_rendition stored its key, failed after the wait, asked anew later; a clip's
// rendition has the clip's own shape (a 1:1 clip's is 720x720).
import { env } from "cloudflare:test";
import { renditionFrame } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { RENDITION_WAIT_MS, versionToPost } from "../../../src/services/publishing/renditions";
import { clipFacts, clipVersionToPost } from "../../../src/services/publishing/clip-versions";
import type { PlatformLimits } from "../../../src/services/publishing/platforms/platform";
import { createAccount } from "../helpers";
import { completedClip } from "./helpers";

// X's: the rendition of the clip's shape
const limits = { renderAt: renditionFrame } as PlatformLimits;
const rowOf = (jobId: string, size = { width: 720, height: 1280 }) =>
  env.DB.prepare("SELECT source_key, video_key, requested_ms FROM clip_renditions WHERE job_id = ?1 AND clip_index = 0 AND width = ?2 AND height = ?3")
    .bind(jobId, size.width, size.height)
    .first<{ source_key: string; video_key: string | null; requested_ms: number }>();

describe("the rendition a publication waits for", () => {
  it("is asked for once, ready once stored, failed after the wait, asked anew by a later publication and for a newer clip version", async () => {
    const client = await createAccount();
    const { jobId, videoKey } = await completedClip(client);
    const latest = { id: "original", key: videoKey, durationSeconds: 30, cover: { key: `clips/${jobId}/t/clip-0-cover.jpg`, timeSeconds: 2.5 }, aspect: "9:16" as const };
    const t0 = Date.now();
    const pub = { jobId, clipIndex: 0, since: t0, platform: "X" };

    expect(await versionToPost(env, pub, limits, latest, t0)).toEqual({ kind: "waiting", seconds: 10 });
    expect(await rowOf(jobId)).toEqual({ source_key: videoKey, video_key: null, requested_ms: t0 });
    // a second delivery (or a second publication) does not ask again
    expect(await versionToPost(env, pub, limits, latest, t0 + 5_000)).toEqual({ kind: "waiting", seconds: 10 });
    expect((await rowOf(jobId))!.requested_ms).toBe(t0);

    // never made: this publication has waited long enough
    const late = t0 + RENDITION_WAIT_MS + 1;
    const failed = await versionToPost(env, pub, limits, latest, late);
    expect(failed).toMatchObject({ kind: "failed", reason: "The 720x1280 rendition X needs was not made within 20 minutes.", advice: expect.stringMatching(/^Publish again/) });
    // a publication created after that asks anew
    expect(await versionToPost(env, { ...pub, since: late }, limits, latest, late)).toEqual({ kind: "waiting", seconds: 10 });
    expect((await rowOf(jobId))!.requested_ms).toBe(late);

    // the backend's clip_rendition stored its key: ready, with that file, the clip's duration and its cover
    await env.DB.prepare("UPDATE clip_renditions SET video_key = ?2 WHERE job_id = ?1").bind(jobId, `clips/${jobId}/t/clip-0-720x1280.mp4`).run();
    expect(await versionToPost(env, { ...pub, since: late }, limits, latest, late + 1)).toEqual({ kind: "ready", version: { id: "original", key: `clips/${jobId}/t/clip-0-720x1280.mp4`, durationSeconds: 30, cover: latest.cover, aspect: "9:16" } });

    // a newer clip version (HD landed, or a re-render) is asked for again
    const newer = { id: "rr_1", key: `clips/${jobId}/t/rr_1-clip-0.mp4`, durationSeconds: 30, cover: null, aspect: "9:16" as const };
    expect(await versionToPost(env, { ...pub, since: late }, limits, newer, late + 2)).toEqual({ kind: "waiting", seconds: 10 });
    expect(await rowOf(jobId)).toEqual({ source_key: newer.key, video_key: null, requested_ms: late + 2 });
  });

  it("asks for the rendition of the clip's own shape: 720x720, 720x900 and 1280x720 for a 1:1, 4:5 and 16:9 version, never 9:16", async () => {
    const client = await createAccount();
    const { jobId } = await completedClip(client);
    const t0 = Date.now();
    const sizes = { "1:1": { width: 720, height: 720 }, "4:5": { width: 720, height: 900 }, "16:9": { width: 1280, height: 720 } } as const;
    for (const [aspect, size] of Object.entries(sizes) as [keyof typeof sizes, (typeof sizes)[keyof typeof sizes]][]) {
      const version = { id: "rr_x", key: `clips/${jobId}/t/rr_${aspect.replace(":", "x")}-clip-0.mp4`, durationSeconds: 30, cover: null, aspect };
      expect(await versionToPost(env, { jobId, clipIndex: 0, since: t0, platform: "X" }, limits, version, t0)).toEqual({ kind: "waiting", seconds: 10 });
      expect(await rowOf(jobId, size)).toEqual({ source_key: version.key, video_key: null, requested_ms: t0 });
    }
    const nine = await env.DB.prepare("SELECT COUNT(*) AS n FROM clip_renditions WHERE job_id = ?1 AND width = 720 AND height = 1280").bind(jobId).first<{ n: number }>();
    expect(nine!.n).toBe(0);
  });

  it("uploads the clip as it is for a platform without renderAt, and refuses a size the backend does not make", async () => {
    const latest = { id: "original", key: "clips/j/t/clip-0.mp4", durationSeconds: 30, cover: null, aspect: "9:16" as const };
    const pub = { jobId: crypto.randomUUID(), clipIndex: 0, since: Date.now(), platform: "Example" };
    expect(await versionToPost(env, pub, {} as PlatformLimits, latest, Date.now())).toEqual({ kind: "ready", version: latest });
    const odd = await versionToPost(env, pub, { renderAt: () => ({ width: 1000, height: 1000 }) } as unknown as PlatformLimits, latest, Date.now());
    expect(odd).toMatchObject({ kind: "failed", reason: "Example needs a 1000x1000 rendition, which the render backend does not make (it makes 720x1280, 720x720, 720x900, 1280x720)." });
  });

  it("reads a version's shape from the clip's metadata and a re-render's params: the facts checked are that shape's frame", async () => {
    const client = await createAccount();
    const { jobId } = await completedClip(client);
    await env.DB.prepare("UPDATE clips SET metadata = ?2 WHERE job_id = ?1").bind(jobId, JSON.stringify({ aspect: "4:5" })).run();
    const clip = (await clipVersionToPost(env, jobId, 0))!;
    expect(clip.aspect).toBe("4:5");
    expect(await clipFacts(env, clip)).toMatchObject({ width: 1080, height: 1350 });

    const rrKey = `clips/${jobId}/t/rr_1-clip-0.mp4`;
    await env.FILES.put(rrKey, new Uint8Array(10));
    const now = new Date().toISOString();
    await env.DB.prepare("INSERT INTO rerenders (id, job_id, clip_index, status, params, video_key, created_at, updated_at) VALUES ('rr_1', ?1, 0, 'completed', ?2, ?3, ?4, ?4)")
      .bind(jobId, JSON.stringify({ aspect: "16:9" }), rrKey, now)
      .run();
    const rr = (await clipVersionToPost(env, jobId, 0))!;
    expect(rr).toMatchObject({ key: rrKey, aspect: "16:9" });
    expect(await clipFacts(env, rr)).toMatchObject({ width: 1920, height: 1080 });
  });
});
