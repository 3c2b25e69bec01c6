// The job page's left-out candidates with "make a clip", and "make a clip from this selection"
// (issue 22), over the same services as the API.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SAMPLE_URL } from "../helpers";
import { clipReport, sendEvent, storeClipFiles } from "../render-callbacks";
import { get, post, signedIn } from "./dashboard-helpers";

const WORDS = Array.from({ length: 100 }, (_, i) => ({ start: 1 + i * 0.6, end: 1.5 + i * 0.6, word: `w${i}` }));
const sub = (n: number) => ({ hook: n, flow: n, value: n, trend: n });

async function completedDashboardJob(cookie: string) {
  const r = await post("/dashboard/jobs", { url: SAMPLE_URL }, { cookie });
  const id = /([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
  expect((await sendEvent(id, { type: "transcript", lang: "en", segments: [{ start: 1, end: 60, text: "w" }], words: WORDS })).status).toBe(200);
  const clips = [clipReport(0, 70)];
  await storeClipFiles(id, clips);
  const candidates = [
    { start: 30.9, end: 45.95, score: 64, subscores: sub(64), reason: "below_cutoff" as const },
    { start: 2, end: 9, score: 50, subscores: sub(50), reason: "overlap" as const },
    { start: 58, end: 59.5, score: 40, subscores: sub(40), reason: "too_short" as const },
  ];
  expect((await sendEvent(id, { type: "clips", clips, candidates, source_duration: 62 })).status).toBe(200);
  return id;
}

describe("job page: clips made by hand", () => {
  it("lists the left-out candidates with why, and makes one a clip (none under 3 s); a second try shows the API's message", async () => {
    const { cookie } = await signedIn();
    const id = await completedDashboardJob(cookie);
    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(html).toMatch(/<h2 id="left-h">Left out<\/h2>/);
    const rows = [...html.matchAll(/<tr data-candidate="(cand_[0-9a-f]+)"><td>([^<]+)<\/td><td>(\d+)<\/td><td>([^<]+)<\/td>/g)].map((m) => [m[2], m[3], m[4]]);
    expect(rows).toEqual([
      ["30.9 s–46.0 s", "64", "Scored below the clips chosen"],
      ["2.0 s–9.0 s", "50", "Overlaps a clip"],
      ["58.0 s–59.5 s", "40", "Shorter than the clip length asked"],
    ]);
    // one under 3 s cannot be promoted (the API answers 400): no button, but how to make it a clip
    const short = html.slice(html.lastIndexOf("<tr data-candidate="));
    expect(short).toContain("Under 3 s: select more words in the transcript to make a clip");
    expect(short.slice(0, short.indexOf("</tr>"))).not.toContain("Make a clip</button>");
    const cid = /<tr data-candidate="(cand_[0-9a-f]+)"/.exec(html)![1]!;
    const made = await post(`/dashboard/jobs/${id}/candidates/${cid}/promote`, {}, { cookie });
    expect(made.status).toBe(202);
    const page = await made.text();
    expect(page).toContain("Clip 1 is being made from this moment.");
    expect(page).toMatch(/<li data-manual-clip="1">Clip 1: 30\.9 s–46\.0 s/);
    expect(page).toContain("<span class=\"muted\">Clip 1</span>");
    const again = await post(`/dashboard/jobs/${id}/candidates/${cid}/promote`, {}, { cookie });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already made into clip 1");
  });

  it("makes a clip from start and end fields, snapped to pauses; a range too short shows why; the clip shows as made by hand once it lands", async () => {
    const { cookie } = await signedIn();
    const id = await completedDashboardJob(cookie);
    const form = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(form).toContain(`<form method="post" action="/dashboard/jobs/${id}/clips">`);
    const short = await post(`/dashboard/jobs/${id}/clips`, { start: "10", end: "11", layout_mode: "", title: "" }, { cookie });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("A clip lasts at least 3 seconds");
    // 10.2 lies in w15 [10.0, 10.5] near its start: snapped to 9.95
    // the form carries the style too (issue 41): sent as the request's style, over the job's field by field
    for (const name of ["style.hook_title", "style.broll", "style.words_per_caption"]) expect(form).toMatch(new RegExp(`data-make-clip[\\s\\S]*name="${name.replace(".", "\\.")}"`));
    const r = await post(`/dashboard/jobs/${id}/clips`, { start: "10.2", end: "20", layout_mode: "wide", title: "Mine", "style.hook_title": "true", "style.words_per_caption": "2" }, { cookie });
    expect(r.status).toBe(202);
    const params = await env.DB.prepare("SELECT params FROM manual_clips WHERE job_id = ?1 AND clip_index = 1").bind(id).first<{ params: string }>();
    expect(JSON.parse(params!.params)).toMatchObject({ layout_mode: "wide", title: "Mine", style: { hook_title: true, words_per_caption: 2 } });
    expect(await r.text()).toContain("Clip 1 is being made from 9.95 s to");
    const report = { ...clipReport(1, 66, true), start: 9.95, end: 20.05, title: "Mine" };
    await storeClipFiles(id, [report]);
    expect((await sendEvent(id, { type: "manual_clip", clip: report })).status).toBe(200);
    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(html).toMatch(/<p class="muted" data-origin="manual">Made by hand · 9\.9 s–20\.1 s<\/p>/);
  });
});
