// Issue 22 "Done when", through the whole local stack: a left-out candidate promoted becomes a
// clip, and a clip made by hand plays with the asked boundaries snapped to the pauses between words
// (ffprobe duration), rendered by the real backend; min_clips gives the clips or says why not.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { snapToPauses } from "@katto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, newClient, pollJob, probeUrl, serveFiles } from "./helpers";

const SAMPLE = "video_misc/auto-editor_example.mp4";
const work = mkdtempSync(path.join(tmpdir(), "katto-manual-"));
let files: Awaited<ReturnType<typeof serveFiles>>;

beforeAll(async () => {
  files = await serveFiles({ "sample.mp4": media(SAMPLE) });
});
afterAll(async () => {
  await files?.close();
  rmSync(work, { recursive: true, force: true });
});

type Clip = { clip_index: number; url: string; start: number; end: number; origin: string; hd: boolean; title: string | null; score: number | null; quality: { ok: boolean; flags: unknown[] } | null };
type Job = { status: string; clips: Clip[]; warnings: { code: string; message: string }[]; manual_clips: { clip_index: number; status: string; error: string | null }[] };

async function durationOf(url: string, name: string) {
  const p = await probeUrl(url, path.join(work, name));
  expect([p.width, p.height]).toEqual([1080, 1920]);
  return p.duration;
}

describe("clips made by hand and left-out candidates", () => {
  it("promotes a left-out candidate and makes a clip from a range snapped to pauses; both play with those boundaries", async () => {
    const client = await newClient("creator");
    const created = await client.call("/jobs", { method: "POST", json: { url: files.url("sample.mp4"), config: { clipLength: "lt30", min_clips: 2 } } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const done = (await pollJob(client.call, id, (j) => j.status === "failed" || (j.status === "completed" && j.hd_ready === true))).job as unknown as Job;
    expect(done.status).toBe("completed");
    const auto = done.clips.length;
    // min_clips 2: two clips, or the job says why not
    if (auto < 2) expect(done.warnings.find((w) => w.code === "fewer_clips")?.message).toMatch(/min_clips asked for at least 2 clips; this video gave 1\. ./);
    expect(done.clips.every((c) => c.origin === "auto")).toBe(true);

    // what was left out
    const listed = await client.call(`/jobs/${id}/candidates`);
    expect(listed.status).toBe(200);
    const { candidates } = (await listed.json()) as { candidates: { id: string; start: number; end: number; reason: string; score: number }[] };
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(["overlap", "below_cutoff", "too_short", "max_clips"]).toContain(c.reason);
    const pick = candidates.find((c) => c.end - c.start >= 3)!;
    expect(pick).toBeDefined();
    const promoted = await client.call(`/jobs/${id}/candidates/${pick.id}/promote`, { method: "POST" });
    expect(promoted.status, await promoted.clone().text()).toBe(202);
    const p = (await promoted.json()) as { clip_index: number; start: number; end: number };
    expect(p.clip_index).toBe(auto);

    // a clip by hand: start inside a word near its start, end inside a later word near its end
    const { words } = (await (await client.call(`/jobs/${id}/transcript`)).json()) as { words: { text: string; start: number; end: number }[] };
    expect(words.length).toBeGreaterThan(10);
    const w1 = words.find((w) => w.start >= 2 && w.end - w.start > 0.15)!;
    const w2 = words.find((w) => w.start >= w1.start + 5 && w.end - w.start > 0.15)!;
    const asked = { start: w1.start + 0.25 * (w1.end - w1.start), end: w2.end - 0.25 * (w2.end - w2.start) };
    const expected = snapToPauses(words, asked.start, asked.end);
    expect(expected.start).toBeLessThan(asked.start);
    expect(expected.end).toBeGreaterThan(asked.end);
    const made = await client.call(`/jobs/${id}/clips`, { method: "POST", json: { ...asked, title: "By hand" } });
    expect(made.status, await made.clone().text()).toBe(202);
    const m = (await made.json()) as { clip_index: number; status: string; status_url: string; start: number; end: number };
    expect(m).toMatchObject({ clip_index: auto + 1, status: "queued", start: expected.start, end: expected.end });
    expect(m.status_url).toMatch(new RegExp(`/api/v1/jobs/${id}$`));

    const final = (await pollJob(client.call, id, (j) => (j as unknown as Job).manual_clips.every((x) => x.status === "completed" || x.status === "failed"), 300_000)).job as unknown as Job;
    expect(final.status).toBe("completed");
    expect(final.manual_clips.map((x) => [x.clip_index, x.status, x.error])).toEqual([
      [auto, "completed", null],
      [auto + 1, "completed", null],
    ]);
    const fromCandidate = final.clips.find((c) => c.clip_index === auto)!;
    expect(fromCandidate).toMatchObject({ origin: "manual", hd: true, start: pick.start, end: pick.end });
    expect(fromCandidate.score).toEqual(expect.any(Number));
    expect(fromCandidate.title).toEqual(expect.any(String));
    expect(Math.abs((await durationOf(fromCandidate.url, "promoted.mp4")) - (pick.end - pick.start))).toBeLessThan(0.1);

    const byHand = final.clips.find((c) => c.clip_index === auto + 1)!;
    expect(byHand).toMatchObject({ origin: "manual", hd: true, start: expected.start, end: expected.end, title: "By hand" });
    expect(Math.abs((await durationOf(byHand.url, "by-hand.mp4")) - (expected.end - expected.start))).toBeLessThan(0.1);
    // neither boundary falls inside a word
    for (const t of [byHand.start, byHand.end]) expect(words.some((w) => w.start + 1e-3 < t && t < w.end - 1e-3)).toBe(false);
    // both measured on their files as the job's own clips are (issue 33 case 5)
    for (const c of [fromCandidate, byHand]) expect(c.quality, JSON.stringify(c)).toMatchObject({ ok: expect.any(Boolean), flags: expect.any(Array) });
    // the job's clips: the automatic ones untouched, the new ones after them
    expect(final.clips.filter((c) => c.origin === "auto")).toEqual(done.clips);
  });
});
