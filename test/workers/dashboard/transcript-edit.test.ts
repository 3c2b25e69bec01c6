// Issue 22 on the dashboard's job page: an editable transcript saved with its revision (a stale
// revision shown plainly with 409), "Refresh captions" per clip, and a form moving a clip's start
// and end (seconds or word numbers).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sendEvent, storeClipFiles } from "../render-callbacks";
import { SAMPLE_URL } from "../helpers";
import { get, post, signedIn } from "./dashboard-helpers";

const WORDS = Array.from({ length: 40 }, (_, i) => ({ word: i === 7 ? "catto" : `w${i}`, start: i, end: i + 0.8, ...(i === 7 ? { confidence: 0.2 } : {}) }));
const SEGMENTS = Array.from({ length: 4 }, (_, k) => ({ start: k * 10, end: k * 10 + 9.8, text: WORDS.slice(k * 10, k * 10 + 10).map((w) => w.word).join(" ") }));
const clip = {
  clip_index: 0, title: "Clip", score: 70, subscores: { hook: 70, flow: 70, value: 70, trend: 70 }, justification: "j",
  start: 5, end: 25, file: "clip-0.mp4", captions_file: "clip-0.srt", hd: true, metadata: { layout: "wide" as const },
};

async function finishedJob(cookie: string) {
  const r = await post("/dashboard/jobs", { url: SAMPLE_URL }, { cookie });
  const id = /([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
  expect((await sendEvent(id, { type: "transcript", lang: "en", segments: SEGMENTS, words: WORDS, source_duration: 41 })).status).toBe(200);
  await storeClipFiles(id, [clip]);
  expect((await sendEvent(id, { type: "clips", clips: [clip] })).status).toBe(200);
  return id;
}

describe("job page: correcting the transcript and moving cuts", () => {
  it("shows each line as an editable form with the revision and word numbers, low-confidence words marked", async () => {
    const { cookie } = await signedIn();
    const id = await finishedJob(cookie);
    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(html).toContain('data-revision="0"');
    expect(html.match(/<form method="post" action="\/dashboard\/jobs\/[^"]+\/transcript"/g)).toHaveLength(4);
    expect(html).toMatch(/<input id="seg-0" name="text" value="w0 w1 w2 w3 w4 w5 w6 catto w8 w9"/);
    expect(html).toMatch(/#7<\/span><button [^>]*data-w="7"[^>]*><mark class="low-confidence"[^>]*>catto<\/mark><\/button>/);
    expect(html).toContain("Refresh captions");
    expect(html).toContain("Move start and end");
  });

  it("saves a corrected line at its revision, then refuses the same stale form with 409 saying someone saved first", async () => {
    const { cookie } = await signedIn();
    const id = await finishedJob(cookie);
    const form = { revision: "0", segment: "0", text: "w0 w1 w2 w3 w4 w5 w6 Katto w8 w9" };
    const ok = await post(`/dashboard/jobs/${id}/transcript`, form, { cookie });
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain("the transcript is now at revision 1");
    expect(html).toMatch(/value="w0 w1 w2 w3 w4 w5 w6 Katto w8 w9"/);
    expect(html).toContain('data-revision="1"');
    const row = await env.DB.prepare("SELECT revision, words FROM transcripts WHERE job_id = ?").bind(id).first<{ revision: number; words: string }>();
    expect(row!.revision).toBe(1);
    expect(JSON.parse(row!.words)[7]).toEqual({ word: "Katto", start: 7, end: 7.8 });

    const stale = await post(`/dashboard/jobs/${id}/transcript`, { ...form, text: "something else" }, { cookie });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toMatch(/Not saved: someone else saved a correction first\. The transcript is at revision 1, not 0\. The page now shows their text/);
  });

  it("Refresh captions queues a re-render with captions refresh; the trim form queues the snapped range or says why not", async () => {
    const { cookie } = await signedIn();
    const id = await finishedJob(cookie);
    expect((await post(`/dashboard/jobs/${id}/clips/0/rerender`, { captions: "refresh" }, { cookie })).status).toBe(303);
    const rr = await env.DB.prepare("SELECT params FROM rerenders WHERE job_id = ?1").bind(id).first<{ params: string }>();
    expect(JSON.parse(rr!.params)).toEqual({ captions: "refresh" });

    const trim = await post(`/dashboard/jobs/${id}/clips/0/trim`, { start: "5.3", end: "20.5", start_word: "", end_word: "" }, { cookie });
    expect(trim.status).toBe(202);
    expect(await trim.text()).toContain("New version queued from 4.9 s to 20.9 s");
    const byWord = await post(`/dashboard/jobs/${id}/clips/0/trim`, { start: "5", end: "25", start_word: "8", end_word: "15" }, { cookie });
    expect(await byWord.text()).toContain("New version queued from 7.9 s to 15.9 s");
    const rows = await env.DB.prepare("SELECT start_s, end_s FROM rerenders WHERE job_id = ?1 AND start_s IS NOT NULL ORDER BY start_s").bind(id).all<{ start_s: number; end_s: number }>();
    expect(rows.results).toEqual([{ start_s: 4.9, end_s: 20.9 }, { start_s: 7.9, end_s: 15.9 }]);
    expect(await (await get(`/dashboard/jobs/${id}`, cookie)).text()).toMatch(/range: 4\.9–20\.9 s/);

    const short = await post(`/dashboard/jobs/${id}/clips/0/trim`, { start: "10", end: "11", start_word: "", end_word: "" }, { cookie });
    expect(short.status).toBe(400);
    expect(await short.text()).toMatch(/a clip is at least 3 s/);
  });
});
