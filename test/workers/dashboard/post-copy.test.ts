// The job page shows each clip's cover and edits its post text (issue 37), through the same service
// as PATCH /jobs/{id}/clips/{index}; a bad hashtag comes back as the page with the reason.
import { describe, expect, it } from "vitest";
import { putFile, sendEvent } from "../render-callbacks";
import { SAMPLE_URL } from "../helpers";
import { get, post, signedIn } from "./dashboard-helpers";

const report = {
  clip_index: 0, title: "It clicked", score: 80, subscores: { hook: 80, flow: 80, value: 80, trend: 80 }, justification: "j",
  start: 2, end: 10, file: "clip-0.mp4", captions_file: "clip-0.srt", hd: true, metadata: {},
  cover_file: "clip-0-cover.jpg", cover_time: 1.5, description: "The moment it clicked.", hashtags: ["#physics"],
};

describe("job page: cover and post text", () => {
  it("shows the cover and the post text, saves an edit, and refuses a bad hashtag with the reason", async () => {
    const { cookie } = await signedIn();
    const r = await post("/dashboard/jobs", { url: SAMPLE_URL }, { cookie });
    const id = /([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
    for (const [name, type] of [["clip-0.mp4", "video/mp4"], ["clip-0.srt", "application/x-subrip"], ["clip-0-cover.jpg", "image/jpeg"]] as const) expect((await putFile(id, name, "x", type)).status).toBe(201);
    expect((await sendEvent(id, { type: "clips", clips: [report] })).status).toBe(200);

    const page = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(page).toMatch(/<img class="cover" src="[^"]*clip-0-cover\.jpg"/);
    expect(page).toContain(">The moment it clicked.</textarea>");
    expect(page).toContain('value="#physics"');

    const saved = await post(`/dashboard/jobs/${id}/clips/0/post-copy`, { description: "New words.", hashtags: "#physics, #pendulum" }, { cookie });
    expect(saved.status).toBe(200);
    const after = await saved.text();
    expect(after).toContain("Saved clip 0&#39;s post text");
    expect(after).toContain('value="#physics #pendulum"');

    const bad = await post(`/dashboard/jobs/${id}/clips/0/post-copy`, { description: "x", hashtags: "physics" }, { cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/Post text not saved: .*# followed by letters/);
  });
});
