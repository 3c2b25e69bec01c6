// Issue 22: correcting the transcript (PATCH /jobs/{id}/transcript, with a revision), re-captioning
// a clip with the corrected words ({"captions": "refresh"}), and moving a clip's cuts (POST
// /jobs/{id}/clips/{index}/trim). The render backend is played by signed callbacks; what it would
// be asked to render is read from the re-render's task.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RerenderSchema, TranscriptSchema, TrimCreatedSchema } from "@katto/protocol/api";
import { RerenderTaskSchema } from "@katto/protocol";
import { rerenderTask } from "../../../src/services/rerenders/task";
import { api, createAccount, type Client } from "../helpers";
import { newJob, sendEvent, storeClipFiles } from "../render-callbacks";

// 60 words, one a second (0.8 s long, then a 0.2 s pause), in 6 segments of 10; a 61 s source.
const WORDS = Array.from({ length: 60 }, (_, i) => ({ word: i === 12 ? "catto" : `w${i}`, start: i, end: i + 0.8, confidence: i === 12 ? 0.3 : 0.9 }));
const SEGMENTS = Array.from({ length: 6 }, (_, k) => ({ start: k * 10, end: k * 10 + 9.8, text: WORDS.slice(k * 10, k * 10 + 10).map((w) => w.word).join(" ") }));

const clip = (i: number) => ({
  clip_index: i, title: `Clip ${i}`, score: 80 - i, subscores: { hook: 50, flow: 50, value: 50, trend: 50 }, justification: "j",
  start: 10, end: 30, file: `clip-${i}.mp4`, captions_file: `clip-${i}.srt`, hd: true,
  metadata: { layout: "wide" as const, caption_style: "bold_pop" as const, words: WORDS.slice(10, 30).map((w) => ({ word: w.word, start: w.start - 10, end: w.end - 10 })) },
});

async function jobWithTranscript(c: Client, opts: { complete?: boolean } = {}) {
  const id = await newJob(c);
  expect((await sendEvent(id, { type: "transcript", lang: "en", segments: SEGMENTS, words: WORDS, engine: "pocketsphinx", word_timing: "engine", source_duration: 61 })).status).toBe(200);
  if (opts.complete !== false) {
    await storeClipFiles(id, [clip(0)]);
    expect((await sendEvent(id, { type: "clips", clips: [clip(0)] })).status).toBe(200);
  }
  return id;
}

const patch = (c: Client, id: string, json: unknown) => api(c, `/jobs/${id}/transcript`, { method: "PATCH", json });
const errorOf = async (r: Response) => ((await r.json()) as { error: string }).error;

describe("PATCH /jobs/{id}/transcript", () => {
  it("starts at revision 0; replaces, deletes and re-aligns a segment, answering the transcript at revision 1", async () => {
    const c = await createAccount();
    const id = await jobWithTranscript(c);
    const before = TranscriptSchema.parse(await (await api(c, `/jobs/${id}/transcript`)).json());
    expect(before.revision).toBe(0);
    const r = await patch(c, id, { revision: 0, edits: [{ index: 12, text: "Katto" }, { index: 13, text: "" }, { segment: 3, text: "w30 w31 brand new w33" }] });
    expect(r.status).toBe(200);
    const after = TranscriptSchema.parse(await r.json());
    expect(after.revision).toBe(1);
    expect(after.words[12]).toEqual({ text: "Katto", start: 12, end: 12.8 });
    expect(after.words[13]).toMatchObject({ text: "w14", start: 14 });
    expect(after.segments[1]!.text).toBe("w10 w11 Katto w14 w15 w16 w17 w18 w19");
    // segment 3: w32 became "brand new" sharing its time, the others keep theirs
    const seg3 = after.words.filter((w) => w.start >= 30 && w.start < 40).map((w) => [w.text, w.start, w.end]);
    expect(seg3.slice(0, 5)).toEqual([["w30", 30, 30.8], ["w31", 31, 31.8], ["brand", 32, 32.5], ["new", 32.5, 32.8], ["w33", 33, 33.8]]);
    expect(seg3).toHaveLength(5);
    expect(after.segments[3]!.text).toBe("w30 w31 brand new w33");
    expect(after.segments[0]).toEqual(before.segments[0]);
    // GET shows the same
    expect(TranscriptSchema.parse(await (await api(c, `/jobs/${id}/transcript`)).json())).toEqual(after);
  });

  it("409 when another edit landed first: of two edits made on the same revision exactly one lands", async () => {
    const c = await createAccount();
    const id = await jobWithTranscript(c);
    const [a, b] = await Promise.all([patch(c, id, { revision: 0, edits: [{ index: 1, text: "one" }] }), patch(c, id, { revision: 0, edits: [{ index: 2, text: "two" }] })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await errorOf(loser)).toMatch(/at revision 1, not 0: another edit landed first/);
    const t = TranscriptSchema.parse(await (await api(c, `/jobs/${id}/transcript`)).json());
    expect(t.revision).toBe(1);
    expect([t.words[1]!.text, t.words[2]!.text].filter((x) => x === "one" || x === "two")).toHaveLength(1);
    expect((await patch(c, id, { revision: 1, edits: [{ index: 3, text: "three" }] })).status).toBe(200);
  });

  it.each([
    [{ revision: 0, edits: [{ index: 60, text: "x" }] }, /edits\[0\]\.index 60 is out of range: the transcript has 60 words \(indexes 0 to 59\)/],
    [{ revision: 0, edits: [{ segment: 6, text: "x" }] }, /segment 6 is out of range/],
    [{ revision: 0, edits: [{ index: 1, text: "a" }, { index: 1, text: "b" }] }, /word 1 a second time/],
    [{ revision: 0, edits: [] }, /at least one edit/],
    [{ revision: 0, edits: [{ index: -1, text: "x" }] }, /./],
    [{ revision: 0, edits: [{ index: 1, word: "x" }] }, /./],
    [{ edits: [{ index: 1, text: "x" }] }, /revision/],
    [{ revision: 0, edits: [{ index: 1, text: "x" }], extra: 1 }, /extra/],
  ])("400 for %j", async (body, message) => {
    const c = await createAccount();
    const id = await jobWithTranscript(c);
    const r = await patch(c, id, body);
    expect(r.status).toBe(400);
    expect(await errorOf(r)).toMatch(message);
    expect(TranscriptSchema.parse(await (await api(c, `/jobs/${id}/transcript`)).json()).revision).toBe(0);
  });

  it("404 before the transcript is stored and for other accounts' jobs, 403 without the write scope", async () => {
    const c = await createAccount();
    const early = await newJob(c);
    expect((await patch(c, early, { revision: 0, edits: [{ index: 0, text: "x" }] })).status).toBe(404);
    const id = await jobWithTranscript(c);
    const other = await createAccount();
    expect((await patch(other, id, { revision: 0, edits: [{ index: 0, text: "x" }] })).status).toBe(404);
    const ro = await createAccount("creator", ["read"]);
    expect((await patch(ro, id, { revision: 0, edits: [{ index: 0, text: "x" }] })).status).toBe(403);
  });
});

describe('POST /jobs/{id}/clips/{index}/rerender {"captions": "refresh"}', () => {
  it("re-captions with the corrected words of the clip's range; the old version's URL and bytes stay as they were", async () => {
    const c = await createAccount();
    const id = await jobWithTranscript(c);
    const job = (await (await api(c, `/jobs/${id}`)).json()) as { clips: { url: string }[] };
    const oldUrl = job.clips[0]!.url;
    const oldRow = await env.DB.prepare("SELECT video_key, captions_key FROM clips WHERE job_id = ?").bind(id).first<{ video_key: string; captions_key: string }>();
    const oldBytes = await (await env.FILES.get(oldRow!.video_key))!.text();

    expect((await patch(c, id, { revision: 0, edits: [{ index: 12, text: "Katto" }] })).status).toBe(200);
    const r = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { captions: "refresh" } });
    expect(r.status).toBe(202);
    const { rerender_id } = (await r.json()) as { rerender_id: string };
    const task = RerenderTaskSchema.parse((await rerenderTask(env, rerender_id))!.body);
    expect(task.clip).toMatchObject({ start: 10, end: 30 });
    expect(task.metadata_start).toBeUndefined();
    // the transcript's language, which captions are translated from (a few words can mislead telling it)
    expect(task.lang).toBe("en");
    expect(task.words!.map((w) => w.word)).toContain("Katto");
    expect(task.words!.map((w) => w.word)).not.toContain("catto");
    expect(task.words!.every((w) => w.end > 10 && w.start < 30)).toBe(true);
    expect(task.params).toEqual({});

    const after = (await (await api(c, `/jobs/${id}`)).json()) as { clips: { url: string }[] };
    expect(after.clips[0]!.url).toBe(oldUrl);
    const row = await env.DB.prepare("SELECT video_key, captions_key FROM clips WHERE job_id = ?").bind(id).first<{ video_key: string; captions_key: string }>();
    expect(row).toEqual(oldRow);
    expect(await (await env.FILES.get(oldRow!.video_key))!.text()).toBe(oldBytes);
    expect(await (await SELF.fetch(oldUrl)).text()).toBe(oldBytes);
  });

  it("combines with other fields; without a correction or refresh the stored caption words are used", async () => {
    const c = await createAccount();
    const id = await jobWithTranscript(c);
    const plain = (await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } })).json()) as { rerender_id: string };
    expect(RerenderTaskSchema.parse((await rerenderTask(env, plain.rerender_id))!.body).words).toBeUndefined();
    const both = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { caption_style: "karaoke", captions: "refresh" } });
    expect(both.status).toBe(202);
    const task = RerenderTaskSchema.parse((await rerenderTask(env, ((await both.json()) as { rerender_id: string }).rerender_id))!.body);
    expect(task.params).toEqual({ caption_style: "karaoke" });
    expect(task.words!.length).toBeGreaterThan(0);
    const bad = await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { captions: "redo" } });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatch(/captions must be "refresh"/);
  });
});

describe("POST /jobs/{id}/clips/{index}/trim", () => {
  it("snaps start and end to pauses, answers 202 with them like a re-render, and renders the new range in the clip's layout", async () => {
    const c = await createAccount();
    const id = await jobWithTranscript(c);
    const r = await api(c, `/jobs/${id}/clips/0/trim`, { method: "POST", json: { start: 5.3, end: 20.5 } });
    expect(r.status).toBe(202);
    const created = TrimCreatedSchema.parse(await r.json());
    // 5.3 is inside w5 (5.0-5.8), nearer its start: half way into the pause before it; 20.5 likewise after w20
    expect(created).toMatchObject({ status: "queued", start: 4.9, end: 20.9 });
    expect(created.status_url).toMatch(new RegExp(`/api/v1/jobs/${id}/rerenders/${created.rerender_id}$`));
    const polled = RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${created.rerender_id}`)).json());
    expect(polled).toMatchObject({ status: "queued", start: 4.9, end: 20.9, clip_url: null });
    const task = RerenderTaskSchema.parse((await rerenderTask(env, created.rerender_id))!.body);
    expect(task.clip).toMatchObject({ start: 4.9, end: 20.9, metadata: { layout: "wide" } });
    expect(task.metadata_start).toBe(10);
    expect(task.params).toEqual({});
    // the words of the range and 5 s around it: the backend captions the range and measures its edges against the sentences around
    expect(task.words![0]).toMatchObject({ word: "w0", start: 0 });
    expect(task.words!.at(-1)).toMatchObject({ word: "w25" });
    // no B-roll asked by the clip's style: no assets to place
    expect(task.broll).toBeUndefined();
    // a plain re-render's range is the clip's own
    const rr = (await (await api(c, `/jobs/${id}/clips/0/rerender`, { method: "POST", json: { layout_mode: "wide" } })).json()) as { rerender_id: string };
    expect(RerenderSchema.parse(await (await api(c, `/jobs/${id}/rerenders/${rr.rerender_id}`)).json())).toMatchObject({ start: 10, end: 30 });
  });

  it("takes word indexes: from the pause before start_word to the pause after end_word", async () => {
    const c = await createAccount();
    const id = await jobWithTranscript(c);
    const r = await api(c, `/jobs/${id}/clips/0/trim`, { method: "POST", json: { start_word: 12, end_word: 19 } });
    expect(r.status).toBe(202);
    expect(TrimCreatedSchema.parse(await r.json())).toMatchObject({ start: 11.9, end: 19.9 });
  });

  it.each([
    [{ start: 58, end: 70 }, /outside the source, which is 61 s long/],
    [{ start: 10, end: 12 }, /at least 3 s/],
    [{ start: 0, end: 200 }, /outside the source/],
    [{ start: 20, end: 10 }, /end \(10\) must be after start \(20\)/],
    [{ start: 10 }, /exactly one of end \(seconds\) or end_word/],
    [{ start: 10, start_word: 3, end: 20 }, /exactly one of start \(seconds\) or start_word/],
    [{ start_word: 70, end_word: 80 }, /start_word 70 is out of range: the transcript has 60 words/],
    [{ start: -1, end: 20 }, /start must be 0 or more/],
  ])("400 for %j, saying why", async (body, message) => {
    const c = await createAccount();
    const id = await jobWithTranscript(c);
    const r = await api(c, `/jobs/${id}/clips/0/trim`, { method: "POST", json: body });
    expect(r.status).toBe(400);
    expect(await errorOf(r)).toMatch(message);
  });

  it("refuses a range longer than 180 s", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const long = Array.from({ length: 300 }, (_, i) => ({ word: `w${i}`, start: i, end: i + 0.8 }));
    await sendEvent(id, { type: "transcript", lang: "en", segments: [], words: long, source_duration: 300 });
    await storeClipFiles(id, [clip(0)]);
    await sendEvent(id, { type: "clips", clips: [clip(0)] });
    const r = await api(c, `/jobs/${id}/clips/0/trim`, { method: "POST", json: { start: 10, end: 201 } });
    expect(r.status).toBe(400);
    expect(await errorOf(r)).toMatch(/would be 191 s long.*at most 180 s/);
  });

  it("409 before the job is completed, 404 for a missing clip, 403 without the write scope", async () => {
    const c = await createAccount();
    const running = await jobWithTranscript(c, { complete: false });
    expect((await api(c, `/jobs/${running}/clips/0/trim`, { method: "POST", json: { start: 10, end: 20 } })).status).toBe(409);
    const id = await jobWithTranscript(c);
    expect((await api(c, `/jobs/${id}/clips/4/trim`, { method: "POST", json: { start: 10, end: 20 } })).status).toBe(404);
    const ro = await createAccount("creator", ["read"]);
    expect((await api(ro, `/jobs/${id}/clips/0/trim`, { method: "POST", json: { start: 10, end: 20 } })).status).toBe(403);
  });
});
