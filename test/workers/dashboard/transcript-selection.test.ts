// Issue 22 on the job page: words of the transcript selected (server-rendered from ?sel= / ?pick=
// / ?set=, so it works without the script), the selection bar's "make a clip from this selection"
// and "set clip N to this selection", the handles moving the selection's ends, and the services'
// refusals shown as the page's notice.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { describeRange, moveEdge, pickWord, wordsInside } from "../../../src/dashboard/components/word-range";
import { SAMPLE_URL } from "../helpers";
import { sendEvent, storeClipFiles } from "../render-callbacks";
import { get, post, signedIn } from "./dashboard-helpers";

// word i from i s to i + 0.8 s: the pause after it is 0.2 s, a cut in its middle
const WORDS = Array.from({ length: 40 }, (_, i) => ({ word: `w${i}`, start: i, end: i + 0.8 }));
const SEGMENTS = Array.from({ length: 4 }, (_, k) => ({ start: k * 10, end: k * 10 + 9.8, text: WORDS.slice(k * 10, k * 10 + 10).map((w) => w.word).join(" ") }));
const clip = {
  clip_index: 0, title: "Clip", score: 70, subscores: { hook: 70, flow: 70, value: 70, trend: 70 }, justification: "j",
  start: 4.9, end: 20.9, file: "clip-0.mp4", captions_file: "clip-0.srt", hd: true, metadata: { layout: "wide" as const },
};

async function finishedJob(cookie: string) {
  const r = await post("/dashboard/jobs", { url: SAMPLE_URL }, { cookie });
  const id = /([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")![1]!;
  expect((await sendEvent(id, { type: "transcript", lang: "en", segments: SEGMENTS, words: WORDS, source_duration: 41 })).status).toBe(200);
  await storeClipFiles(id, [clip]);
  expect((await sendEvent(id, { type: "clips", clips: [clip], source_duration: 41 })).status).toBe(200);
  return id;
}

/** The indexes of the words shown selected (aria-pressed="true"). */
const pressed = (html: string) => [...html.matchAll(/<button [^>]*data-w="(\d+)"[^>]*aria-pressed="true"/g)].map((m) => Number(m[1]));
const handle = (html: string, edge: string, move: string) => new RegExp(`<button type="submit" form="sel-nav" name="set" value="([^"]*)"( disabled="")? data-edge="${edge}" data-move="${move}"`).exec(html);

describe("word selection rules (word-range.ts, also served to the browser)", () => {
  it("picks, stretches, clears and moves a range; says it in words and refuses under 3 s or over 180 s", () => {
    expect(pickWord(null, 8, false)).toEqual({ from: 8, to: 8 });
    expect(pickWord({ from: 8, to: 8 }, 15, false)).toEqual({ from: 8, to: 15 });
    expect(pickWord({ from: 8, to: 8 }, 3, false)).toEqual({ from: 3, to: 8 });
    expect(pickWord({ from: 8, to: 8 }, 8, false)).toBeNull();
    expect(pickWord({ from: 8, to: 15 }, 20, false)).toEqual({ from: 20, to: 20 });
    expect(pickWord({ from: 8, to: 15 }, 20, true)).toEqual({ from: 8, to: 20 });
    expect(moveEdge({ from: 0, to: 5 }, "start", -1, 40)).toEqual({ from: 0, to: 5 });
    expect(moveEdge({ from: 5, to: 5 }, "start", 1, 40)).toEqual({ from: 5, to: 5 });
    expect(moveEdge({ from: 5, to: 39 }, "end", 1, 40)).toEqual({ from: 5, to: 39 });
    expect(moveEdge({ from: 5, to: 9 }, "end", -1, 40)).toEqual({ from: 5, to: 8 });
    expect(describeRange({ from: 12, to: 40 }, 5.2, 21.8, 3, 180)).toEqual({ label: "words 12–40, 0:05.2–0:21.8, 16.6 s", problem: null });
    expect(describeRange({ from: 3, to: 3 }, 62, 63.5, 3, 180).problem).toBe("This selection lasts 1.5 s; a clip lasts at least 3 s. Select more words.");
    expect(describeRange({ from: 0, to: 900 }, 0, 200, 3, 180).problem).toBe("This selection lasts 200.0 s; a clip lasts at most 180 s. Select fewer words.");
    expect(wordsInside(WORDS, 4.9, 20.9)).toEqual({ from: 5, to: 20 });
    expect(wordsInside(WORDS, 100, 120)).toBeNull();
  });
});

describe("job page: selecting words of the transcript", () => {
  it("renders each word as a button with its index and times, the selection bar's forms, and 'Show on transcript' with the clip's words", async () => {
    const { cookie } = await signedIn();
    const id = await finishedJob(cookie);
    const html = await (await get(`/dashboard/jobs/${id}`, cookie)).text();
    expect(html).toContain('<button type="submit" form="sel-nav" name="pick" value="12" class="w" data-w="12" data-s="12" data-e="12.8" aria-pressed="false">w12</button>');
    expect(html.match(/data-w="\d+"/g)).toHaveLength(40);
    expect(html).toContain(`<form id="sel-nav" method="get" action="/dashboard/jobs/${id}#selection">`);
    // nothing selected yet: the bar says how, its buttons wait, the handles are hidden
    expect(html).toMatch(/<p data-sel-label="true" aria-live="polite">Select words to make a clip/);
    expect(html).toContain(`<form method="post" action="/dashboard/jobs/${id}/clips" data-sel-form="true"><input type="hidden" name="start_word" value=""/><input type="hidden" name="end_word" value=""/>`);
    expect(html).toContain('<button type="submit" class="btn primary" data-make-selection="true" disabled="">Make a clip from this selection</button>');
    expect(html).toContain(`<button type="submit" class="btn" formaction="/dashboard/jobs/${id}/clips/0/trim" data-set-clip="0" disabled="">Set clip 0 to this selection</button>`);
    expect(html).toMatch(/<span class="handle start" data-handle="start" id="sel-start" hidden=""/);
    expect(pressed(html)).toEqual([]);
    expect(html).toContain(`href="/dashboard/jobs/${id}?sel=5-20&amp;clip=0#selection" data-show-clip="0" data-from="5" data-to="20">Show on transcript</a>`);
  });

  it("without the script: a word then another selects the run between, the handles move its ends, a clip's range is shown for its trim", async () => {
    const { cookie } = await signedIn();
    const id = await finishedJob(cookie);
    const first = await (await get(`/dashboard/jobs/${id}?sel=&clip=&pick=8`, cookie)).text();
    expect(pressed(first)).toEqual([8]);
    const run = await (await get(`/dashboard/jobs/${id}?sel=8-8&clip=&pick=15`, cookie)).text();
    expect(pressed(run)).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
    expect(run).toContain("<strong>Selected:</strong> words 8–15, 0:08.0–0:15.8, 7.8 s");
    expect(run).toContain('<input type="hidden" name="start_word" value="8"/><input type="hidden" name="end_word" value="15"/>');
    expect(run).toContain('data-make-selection="true">Make a clip from this selection</button>');
    // the handles sit just before the first word and just after the last, each step one word
    expect(run).toMatch(/<span class="handle start"[^>]*>(<button[^>]*>.<\/button>){2}<\/span><span class="muted mono word-index">#8<\/span><button type="submit" form="sel-nav" name="pick" value="8"/);
    expect(run).toMatch(/value="15"[^>]*>w15<\/button><span class="handle end"/);
    expect([handle(run, "start", "-1")![1], handle(run, "start", "1")![1], handle(run, "end", "-1")![1], handle(run, "end", "1")![1]]).toEqual(["7-15", "9-15", "8-14", "8-16"]);
    const moved = await (await get(`/dashboard/jobs/${id}?sel=8-15&clip=&set=8-16`, cookie)).text();
    expect(pressed(moved)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
    // at the transcript's first word the start cannot move earlier
    expect(handle(await (await get(`/dashboard/jobs/${id}?sel=0-5`, cookie)).text(), "start", "-1")![2]).toBe(' disabled=""');
    // a clip shown: its words, and its trim button says so
    const shown = await (await get(`/dashboard/jobs/${id}?sel=5-20&clip=0`, cookie)).text();
    expect(pressed(shown)).toEqual(Array.from({ length: 16 }, (_, i) => 5 + i));
    expect(shown).toContain("words 5–20, 0:05.0–0:20.8, 15.8 s (clip 0&#39;s cuts: move them with the handles ◂ ▸ around the words)");
    expect(shown).toContain('data-set-clip="0">Save trim of clip 0</button>');
    expect(shown).toContain('<input type="hidden" name="clip" value="0"/>');
    // a range outside the transcript or a clip that is not there is ignored
    const junk = await (await get(`/dashboard/jobs/${id}?sel=30-99&clip=7`, cookie)).text();
    expect(pressed(junk)).toEqual([]);
    expect(junk).toContain('<input type="hidden" name="clip" value=""/>');
  });

  it("makes a clip from the selection, cut in the pauses around its words, and keeps the selection shown", async () => {
    const { cookie } = await signedIn();
    const id = await finishedJob(cookie);
    const r = await post(`/dashboard/jobs/${id}/clips`, { start_word: "8", end_word: "15" }, { cookie });
    expect(r.status).toBe(202);
    const html = await r.text();
    expect(html).toContain("Clip 1 is being made from 7.90 s to 15.90 s (snapped to pauses).");
    expect(pressed(html)).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
    const row = await env.DB.prepare("SELECT clip_index, start_s, end_s, status FROM manual_clips WHERE job_id = ?").bind(id).first();
    expect(row).toEqual({ clip_index: 1, start_s: 7.9, end_s: 15.9, status: "queued" });
  });

  it("sets a clip to the selection: a trim by word indexes makes a new version", async () => {
    const { cookie } = await signedIn();
    const id = await finishedJob(cookie);
    const r = await post(`/dashboard/jobs/${id}/clips/0/trim`, { start_word: "6", end_word: "22" }, { cookie });
    expect(r.status).toBe(202);
    const html = await r.text();
    expect(html).toContain("New version queued from 5.9 s to 22.9 s (moved to the nearest pauses) for clip 0");
    expect(html).toContain('data-set-clip="0">Save trim of clip 0</button>');
    const rr = await env.DB.prepare("SELECT params, start_s, end_s, status FROM rerenders WHERE job_id = ?").bind(id).first<{ params: string; start_s: number; end_s: number; status: string }>();
    expect(rr).toMatchObject({ start_s: 5.9, end_s: 22.9, status: "queued" });
    expect(JSON.parse(rr!.params)).toEqual({ trim: true });
    expect(await (await get(`/dashboard/jobs/${id}`, cookie)).text()).toMatch(/range: 5\.9–22\.9 s/);
  });

  it("shows the service's refusal as the page's notice, the selection kept; refuses a post from another site", async () => {
    const { cookie } = await signedIn();
    const id = await finishedJob(cookie);
    const short = await post(`/dashboard/jobs/${id}/clips`, { start_word: "8", end_word: "9" }, { cookie });
    expect(short.status).toBe(400);
    const shortHtml = await short.text();
    expect(shortHtml).toMatch(/<p class="alert" role="alert">The clip would be 2 s long \(snapped to pauses: 7\.9–9\.9 s\); a clip is at least 3 s\.<\/p>/);
    expect(pressed(shortHtml)).toEqual([8, 9]);
    const trimShort = await post(`/dashboard/jobs/${id}/clips/0/trim`, { start_word: "8", end_word: "9" }, { cookie });
    expect(trimShort.status).toBe(400);
    expect(await trimShort.text()).toContain('<p class="alert" role="alert">The clip would be 2 s long');
    const outside = await post(`/dashboard/jobs/${id}/clips`, { start_word: "8", end_word: "99" }, { cookie });
    expect(outside.status).toBe(400);
    expect(await outside.text()).toContain("end_word 99 is out of range: the transcript has 40 words (indexes 0 to 39).");
    const half = await post(`/dashboard/jobs/${id}/clips`, { start_word: "8", end_word: "" }, { cookie });
    expect(half.status).toBe(400);
    expect(await half.text()).toContain("Send exactly one of end (seconds) or end_word (a word index).");
    const cross = await post(`/dashboard/jobs/${id}/clips`, { start_word: "8", end_word: "15" }, { cookie, origin: "https://evil.example", site: "cross-site" });
    expect(cross.status).toBe(403);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM manual_clips WHERE job_id = ?").bind(id).first("n")).toBe(0);
  });
});
