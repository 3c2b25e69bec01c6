// HD fan-out through the whole local stack (docs/render-protocol.md "HD fan-out"): a second stack
// with HD_FANOUT=true. The job's backend stores previews and mezzanines and ends at `clips`; the
// Worker enqueues one render_hd per clip, the consumer POSTs /v1/clips/hd (locally the same
// backend process; in production one container per clip), each task fetches its mezzanine from the
// Worker and reports clip_hd; hd_ready turns true.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without types
import { startIsolatedStack } from "../../scripts/lib/stack.mjs";
import { ffprobe, media, newClient, pollJob, serveFiles } from "./helpers";

const adminToken = "system-test-fanout-admin-token";
let stack: { baseUrl: string; stop: () => Promise<void>; output: () => string };
let files: Awaited<ReturnType<typeof serveFiles>>;

beforeAll(async () => {
  stack = await startIsolatedStack({ adminToken, appSecret: "system-test-fanout-secret-0123456789", vars: { HD_FANOUT: "true" }, prefix: "katto-system-fanout-" });
  files = await serveFiles({ "talk.mp4": media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4") });
});
afterAll(async () => {
  await files?.close();
  await stack?.stop();
});

describe("HD fan-out (HD_FANOUT=true)", () => {
  it("completes with previews, then each clip's HD task lands its 1080p file and hd_ready turns true", async () => {
    const client = await newClient("creator", ["read", "write"], { baseUrl: stack.baseUrl, adminToken });
    const created = await client.call("/jobs", { method: "POST", json: { url: files.url("talk.mp4") } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const { job } = await pollJob(client.call, id, (j) => j.status === "failed" || (j.status === "completed" && j.hd_ready === true));
    expect(job.error).toBeNull();
    expect(job).toMatchObject({ status: "completed", hd_ready: true });
    const clips = job.clips as { url: string; hd: boolean }[];
    expect(clips.length).toBeGreaterThanOrEqual(1);
    for (const c of clips) {
      expect(c.hd).toBe(true);
      const dir = mkdtempSync(path.join(tmpdir(), "katto-fanout-clip-"));
      const file = path.join(dir, "clip.mp4");
      const res = await fetch(c.url);
      expect(res.status).toBe(200);
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      expect(ffprobe(file).streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 1080, height: 1920 });
      rmSync(dir, { recursive: true, force: true });
    }
    // the HD files came from HD tasks, not from the job's own run
    const log = stack.output();
    expect(log).toContain("job completed; HD fanned out");
    expect(log.match(/hd clip completed/g)?.length).toBe(clips.length);
  });
});
