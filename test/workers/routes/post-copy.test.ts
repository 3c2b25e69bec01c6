// Covers and post copy on the Worker (issue 37): the backend's cover file, description and hashtags
// reach every clip as cover_url, description and hashtags (the HD file's cover replacing the
// preview's); PATCH /jobs/{id}/clips/{index} edits the copy, with the spec's {error} 400 for bad input.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ClipSchema, JobSchema } from "@katto/protocol/api";
import { api, createAccount } from "../helpers";
import { advance, clipReport, newJob, putFile, sendEvent, storeClipFiles } from "../render-callbacks";

const copy = { description: "Why a pendulum's period does not depend on its mass.", hashtags: ["#Physics", "#Pendulum"] };

async function completedJob() {
  const c = await createAccount();
  const id = await newJob(c);
  await advance(id, "scoring");
  const reports = [{ ...clipReport(0, 80), cover_file: "clip-0-preview-cover.jpg", cover_time: 2.5, ...copy }, clipReport(1, 60)];
  await storeClipFiles(id, reports);
  expect((await putFile(id, "clip-0-preview-cover.jpg", "jpeg", "image/jpeg")).status).toBe(201);
  expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);
  return { c, id };
}

const patch = (c: Awaited<ReturnType<typeof createAccount>>, path: string, json: unknown) => api(c, path, { method: "PATCH", json });

describe("covers and post copy on clips", () => {
  it("shows the backend's cover, description and hashtags; a clip without them has null and empty", async () => {
    const { c, id } = await completedJob();
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    const [first, second] = job.clips;
    expect(first).toMatchObject({ clip_index: 0, ...copy, cover_url: expect.stringMatching(/clip-0-preview-cover\.jpg/) });
    expect(second).toMatchObject({ clip_index: 1, description: "", hashtags: [], cover_url: null });
    // served like the clip's other files
    const cover = await SELF.fetch(first!.cover_url!);
    expect(cover.status).toBe(200);
    expect(await cover.text()).toBe("jpeg");

    // the HD file's cover replaces the preview's
    expect((await putFile(id, "clip-0.mp4")).status).toBe(201);
    expect((await putFile(id, "clip-0-cover.jpg", "jpeg", "image/jpeg")).status).toBe(201);
    expect((await sendEvent(id, { type: "clip_hd", clip_index: 0, file: "clip-0.mp4", captions_file: "clip-0.srt", cover_file: "clip-0-cover.jpg", cover_time: 3 })).status).toBe(200);
    const after = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(after.clips[0]!.cover_url).toMatch(/clip-0-cover\.jpg/);
  });

  it("PATCH /jobs/{id}/clips/{index} replaces the fields given and keeps the others", async () => {
    const { c, id } = await completedJob();
    const res = await patch(c, `/jobs/${id}/clips/0`, { hashtags: ["#physics", "#日本"] });
    expect(res.status).toBe(200);
    const clip = ClipSchema.parse(await res.json());
    expect(clip).toMatchObject({ clip_index: 0, description: copy.description, hashtags: ["#physics", "#日本"] });
    const desc = ClipSchema.parse(await (await patch(c, `/jobs/${id}/clips/0`, { description: "New words." })).json());
    expect(desc).toMatchObject({ description: "New words.", hashtags: ["#physics", "#日本"] });
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.clips[0]).toMatchObject({ description: "New words.", hashtags: ["#physics", "#日本"] });
  });

  it("bad input is a 400 {error} that says what to change; other accounts' jobs and missing clips are 404", async () => {
    const { c, id } = await completedJob();
    const cases: [unknown, RegExp][] = [
      [{}, /give description, hashtags or both/],
      [{ hashtags: ["physics"] }, /# followed by letters, digits or _/],
      [{ hashtags: ["#two words"] }, /# followed by letters/],
      [{ hashtags: "#physics" }, /array of strings/],
      [{ description: "x".repeat(5001) }, /at most 5000 characters/],
      [{ hashtags: Array.from({ length: 31 }, (_, i) => `#t${i}`) }, /at most 30 hashtags/],
      [{ description: "ok", hashtag: ["#x"] }, /unknown field\(s\) hashtag/],
    ];
    for (const [body, message] of cases) {
      const res = await patch(c, `/jobs/${id}/clips/0`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    expect((await patch(c, `/jobs/${id}/clips/7`, { description: "x" })).status).toBe(404);
    const other = await createAccount();
    expect((await patch(other, `/jobs/${id}/clips/0`, { description: "x" })).status).toBe(404);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.clips[0]).toMatchObject(copy);
  });
});
