// Issue 41 "Done when", through the whole local stack with the real render backend on real media:
// for one 16:9 job, a trim, a 1:1 re-render, a dub and a clip by hand, every field of GET /jobs/{id}
// and of each GET .../rerenders/{rid} agrees with ffprobe of the URL beside it (frame size, duration,
// range), so no response mixes two versions; an export names the version it holds. Lean: one job with
// one clip, four operations on it, run at once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { clipFrame, type Aspect } from "@katto/protocol";
import { JobSchema, RerenderSchema, type Job } from "@katto/protocol/api";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, newClient, pollJob, probeUrl, serveFiles } from "./helpers";

const SAMPLE = "video_misc/auto-editor_example.mp4";
/** a file's length against a record's: the encoder's last frame and audio padding, well under any range error */
const TOLERANCE_S = 0.25;
const work = mkdtempSync(path.join(tmpdir(), "katto-versions-"));
let files: Awaited<ReturnType<typeof serveFiles>>;
let client: Awaited<ReturnType<typeof newClient>>;
let id: string;
let job: Job;
const made: Record<"trim" | "square" | "dub", { id: string; record: z.infer<typeof RerenderSchema> }> = {} as never;
let trimAsked: { start: number; end: number };

beforeAll(async () => {
  files = await serveFiles({ "sample.mp4": media(SAMPLE) });
  client = await newClient("creator");
  const created = await client.call("/jobs", { method: "POST", json: { url: files.url("sample.mp4"), config: { clipLength: "lt30", max_clips: 1, aspect: "16:9" } } });
  expect(created.status).toBe(201);
  id = ((await created.json()) as { id: string }).id;
  const first = (await pollJob(client.call, id, (j) => j.status === "failed" || (j.status === "completed" && j.hd_ready === true))).job;
  expect(first.status, JSON.stringify(first.error)).toBe("completed");
  const clip = JobSchema.parse(first).clips.find((c) => c.clip_index === 0)!;

  // the four operations at once: a trim inside the clip, a 1:1 re-render, a dub, a clip by hand
  const post = async (p: string, json: object) => {
    const r = await client.call(`/jobs/${id}${p}`, { method: "POST", json });
    expect(r.status, await r.clone().text()).toBe(202);
    return (await r.json()) as { rerender_id: string; start: number; end: number; clip_index: number };
  };
  const inner = Math.min(8, (clip.end - clip.start) / 2);
  const trim = await post("/clips/0/trim", { start: clip.start + 1, end: clip.start + 1 + Math.max(4, inner) });
  trimAsked = { start: trim.start, end: trim.end };
  const square = await post("/clips/0/rerender", { aspect: "1:1" });
  const dub = await post("/clips/0/rerender", { dub: ["es"] });
  await post("/clips", { start: 2, end: 10, title: "By hand" });
  for (const [name, rid] of [["trim", trim.rerender_id], ["square", square.rerender_id], ["dub", dub.rerender_id]] as const) {
    for (const deadline = Date.now() + 280_000; ; await new Promise((r) => setTimeout(r, 2000))) {
      const record = RerenderSchema.parse(await (await client.call(`/jobs/${id}/rerenders/${rid}`)).json());
      if (record.status === "completed" || record.status === "failed" || Date.now() > deadline) {
        expect(record.status, record.error ?? "still running").toBe("completed");
        made[name] = { id: rid, record };
        break;
      }
    }
  }
  const final = (await pollJob(client.call, id, (j) => (j.manual_clips as { status: string }[]).every((m) => m.status === "completed" || m.status === "failed"), 280_000)).job;
  job = JobSchema.parse(final);
  expect(job.manual_clips.map((m) => [m.status, m.error])).toEqual([["completed", null]]);
}, 900_000);

afterAll(async () => {
  await files?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The file at `url` as ffprobe reads it: its frame and length. */
const probed = (url: string, name: string) => probeUrl(url, path.join(work, name));

type Facts = { aspect: Aspect; hd: boolean; start: number; end: number; duration: number | null; timeline: Job["clips"][number]["timeline"]; cuts: number };

/** Every field of a record against its own file: frame, length, range, and its timeline's. */
function agrees(f: Facts, file: { width: number; height: number; duration: number }, what: string) {
  expect(file, `${what}: its frame is its aspect's ${f.hd ? "HD" : "preview"} frame`).toMatchObject(clipFrame(f.aspect, f.hd ? "hd" : "preview"));
  expect(Math.abs(file.duration - f.duration!), `${what}: duration ${f.duration} vs the file's ${file.duration}`).toBeLessThanOrEqual(TOLERANCE_S);
  // the range it names, less its cuts, is what the file plays
  expect(Math.abs(file.duration - (f.end - f.start - f.cuts)), `${what}: range ${f.start}-${f.end} less ${f.cuts} s of cuts vs the file's ${file.duration}`).toBeLessThanOrEqual(TOLERANCE_S);
  expect(f.timeline, `${what}: has its timeline`).not.toBeNull();
  const tl = f.timeline!;
  expect(tl.aspect, `${what}: timeline.aspect`).toBe(f.aspect);
  expect(tl.frame, `${what}: timeline.frame`).toEqual(clipFrame(f.aspect, "hd"));
  expect([tl.source.start, tl.source.end], `${what}: timeline's range`).toEqual([f.start, f.end]);
  expect(Math.abs(tl.duration - file.duration), `${what}: timeline.duration ${tl.duration} vs the file's ${file.duration}`).toBeLessThanOrEqual(TOLERANCE_S);
}

const cutsOf = (tl: Facts["timeline"]) => (tl ? tl.cuts.reduce((s, c) => s + (c.source_end - c.source_start), 0) : 0);

describe("every version is a whole record of its own file (issue 41)", () => {
  it("GET /jobs/{id}: each clip (the first render, the clip by hand) agrees with its url; it is its original, listing its versions", async () => {
    expect(job.clips.map((c) => c.origin).sort()).toEqual(["auto", "manual"]);
    for (const c of job.clips) {
      const file = await probed(c.url, `clip-${c.clip_index}.mp4`);
      agrees({ aspect: c.aspect, hd: c.hd, start: c.start, end: c.end, duration: c.duration, timeline: c.timeline, cuts: cutsOf(c.timeline) }, file, `clip ${c.clip_index}`);
      expect(c.layout, `clip ${c.clip_index}: layout`).toBe(c.timeline!.layout);
      expect(c.versions[0]).toMatchObject({ id: "original", status: "completed", url: c.url });
    }
    const clip0 = job.clips.find((c) => c.clip_index === 0)!;
    expect(clip0.aspect).toBe("16:9");
    // in the order they were asked for (created_at, then id)
    const asked = Object.values(made).sort((a, b) => a.record.created_at.localeCompare(b.record.created_at) || a.id.localeCompare(b.id));
    expect(clip0.versions.map((v) => [v.id, v.changes, v.url])).toEqual([["original", [], clip0.url], ...asked.map((m) => [m.id, m.record.changes, m.record.clip_url])]);
    expect(Object.fromEntries(Object.entries(made).map(([k, m]) => [k, m.record.changes]))).toEqual({ trim: ["trim"], square: ["aspect"], dub: ["dub"] });
  });

  it.each(["trim", "square", "dub"] as const)("GET .../rerenders/{rid} of the %s agrees with its clip_url", async (name) => {
    const r = made[name].record;
    expect(r).toMatchObject({ status: "completed", hd: true, clip_index: 0, error: null });
    const file = await probed(r.clip_url!, `${name}.mp4`);
    agrees({ aspect: r.aspect, hd: r.hd, start: r.start, end: r.end, duration: r.duration, timeline: r.timeline, cuts: cutsOf(r.timeline) }, file, name);
    expect(r.layout).toBe(r.timeline!.layout);
    expect(r.completed_at).not.toBeNull();
    const clip0 = job.clips.find((c) => c.clip_index === 0)!;
    if (name === "trim") expect([r.start, r.end, r.aspect]).toEqual([trimAsked.start, trimAsked.end, "16:9"]);
    if (name === "square") expect([r.start, r.end, r.aspect, file.width, file.height]).toEqual([clip0.start, clip0.end, "1:1", 1080, 1080]);
    if (name === "dub") expect([r.start, r.end, r.aspect, r.request.dub]).toEqual([clip0.start, clip0.end, "16:9", ["es"]]);
  });

  it("an export names the version it holds: the 1:1 version's MLT project is 1080x1080, the original's 1920x1080", async () => {
    const profile = async (version: string) => {
      const r = await client.call(`/jobs/${id}/clips/0/export?format=mlt&source=file&version=${version}`);
      expect(r.status).toBe(200);
      expect(r.headers.get("katto-version")).toBe(version);
      return /<profile [^>]*width="(\d+)" height="(\d+)"/.exec(await r.text())!.slice(1).map(Number);
    };
    expect(await profile(made.square.id)).toEqual([1080, 1080]);
    expect(await profile("original")).toEqual([1920, 1080]);
  });
});
