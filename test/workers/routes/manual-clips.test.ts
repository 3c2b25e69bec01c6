// Clips made by hand and left-out candidates (issue 22): POST /jobs/{id}/clips,
// GET /jobs/{id}/candidates, POST /jobs/{id}/candidates/{candidate_id}/promote, and the backend's
// manual_clip / manual_clip_failed events, played as the render backend sends them.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CandidateListSchema, ClipCreatedSchema, ClipProjectionSchema, JobSchema } from "@katto/protocol/api";
import { ManualClipTaskSchema, parseWith, SNAP_PAD_S, type ClipQuality } from "@katto/protocol";
import { STOCK_UNAVAILABLE } from "../../../src/services/broll/task";
import { manualClipTask } from "../../../src/services/clips/task";
import { ADMIN, api, BASE, createAccount, type Client } from "../helpers";
import { SELF } from "cloudflare:test";
import { clipReport, newJob, putFile, sendEvent, storeClipFiles, usageOf } from "../render-callbacks";

// words of 0.5 s every 0.6 s from 1 s to about 119 s: a pause of 0.1 s between each
const WORDS = Array.from({ length: 198 }, (_, i) => ({ start: 1 + i * 0.6, end: 1.5 + i * 0.6, word: `w${i}` }));
const SOURCE_S = 120;
const sub = (n: number) => ({ hook: n, flow: n, value: n, trend: n });
const CANDIDATES = [
  { start: 40.9, end: 60.95, score: 71, subscores: sub(71), reason: "below_cutoff" },
  { start: 70.9, end: 72.05, score: 40, subscores: sub(40), reason: "too_short" },
  { start: 2, end: 20, score: 65, subscores: sub(65), reason: "overlap" },
] as const;

/** A completed job with a transcript, one clip (0-8 s) and three left-out candidates. */
async function completedJob(c: Client, clips = [clipReport(0, 80)]) {
  const id = await newJob(c);
  expect((await sendEvent(id, { type: "transcript", lang: "en", segments: [], words: WORDS, engine: "pocketsphinx" })).status).toBe(200);
  await storeClipFiles(id, clips);
  const r = await sendEvent(id, { type: "clips", clips, candidates: [...CANDIDATES], source_duration: SOURCE_S });
  expect(r.status, await r.clone().text()).toBe(200);
  return id;
}

const getJob = async (c: Client, id: string) => JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());

/** The backend's side of a manual clip: files PUT, then `manual_clip`. */
async function landManualClip(id: string, clip_index: number, start: number, end: number) {
  const report = { ...clipReport(clip_index, 66, true), start, end, title: "Made by hand" };
  await storeClipFiles(id, [report]);
  return sendEvent(id, { type: "manual_clip", clip: report });
}

describe("GET /jobs/{id}/candidates", () => {
  it("lists the moments left out with an id, range, score, subscores and reason, in the backend's order", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const r = await api(c, `/jobs/${id}/candidates`);
    expect(r.status).toBe(200);
    const list = CandidateListSchema.parse(await r.json());
    expect(list.candidates.map(({ start, end, score, reason }) => ({ start, end, score, reason }))).toEqual(CANDIDATES.map(({ start, end, score, reason }) => ({ start, end, score, reason })));
    expect(list.candidates[0]!.subscores).toEqual(sub(71));
    expect(new Set(list.candidates.map((x) => x.id)).size).toBe(3);
    expect(list.candidates.every((x) => x.promoted_clip_index === null)).toBe(true);
  });

  it("is empty while the job runs, 404 for another account's job", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    expect(CandidateListSchema.parse(await (await api(c, `/jobs/${id}/candidates`)).json()).candidates).toEqual([]);
    const other = await createAccount();
    expect((await api(other, `/jobs/${id}/candidates`)).status).toBe(404);
  });
});

describe("POST /jobs/{id}/clips", () => {
  it("snaps the range to pauses, answers 202 with the next index and the job's URL, keeps the job completed, and adds the clip as manual when it lands, free", async () => {
    const c = await createAccount("free");
    const id = await completedJob(c);
    const before = await getJob(c, id);
    const used = (await usageOf(c)).videos_used;
    // 30.2 lies inside w48 [29.8, 30.3] near its end; 45.0 inside w73 [44.8, 45.3] near its start
    const r = await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 30.2, end: 45, title: "Mine" } });
    expect(r.status, await r.clone().text()).toBe(202);
    const created = ClipCreatedSchema.parse(await r.json());
    expect(created).toEqual({ clip_index: 1, status: "queued", status_url: `${BASE}/api/v1/jobs/${id}`, start: 30.35, end: 44.75 });
    expect(SNAP_PAD_S).toBeGreaterThan(0.05);

    // meanwhile: the job stays completed with the same clips, and manual_clips follows the request
    const during = await getJob(c, id);
    expect(during.status).toBe("completed");
    expect(during.clips).toEqual(before.clips);
    expect(during.manual_clips).toHaveLength(1);
    expect(during.manual_clips[0]).toMatchObject({ clip_index: 1, start: 30.35, end: 44.75, candidate_id: null, error: null });
    expect(["queued", "rendering"]).toContain(during.manual_clips[0]!.status);

    expect((await landManualClip(id, 1, 30.35, 44.75)).status).toBe(200);
    const after = await getJob(c, id);
    expect(after.status).toBe("completed");
    expect(after.manual_clips[0]).toMatchObject({ clip_index: 1, status: "completed" });
    const manual = after.clips.find((x) => x.clip_index === 1)!;
    expect(manual).toMatchObject({ origin: "manual", hd: true, start: 30.35, end: 44.75, title: "Made by hand" });
    expect(after.clips.find((x) => x.clip_index === 0)!.origin).toBe("auto");
    const projection = ClipProjectionSchema.parse(await (await api(c, `/jobs/${id}/clips`)).json());
    expect(projection.clips.map((x) => x.origin).sort()).toEqual(["auto", "manual"]);
    expect((await usageOf(c)).videos_used).toBe(used);
    // the event repeated (its answer lost) is accepted again, and adds nothing
    expect((await landManualClip(id, 1, 30.35, 44.75)).status).toBe(200);
    expect((await getJob(c, id)).clips).toHaveLength(2);
  });

  it("builds the backend's task from the snapped range, the words around it and the job's callback", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const r = await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 10, end: 20, layout_mode: "stacked" } });
    expect(r.status).toBe(202);
    const { clip_index } = ClipCreatedSchema.parse(await r.json());
    // the queue consumer may have taken it already; put it back to queued to read its task
    await env.DB.prepare("UPDATE manual_clips SET status = 'queued' WHERE job_id = ? AND clip_index = ?").bind(id, clip_index).run();
    const task = await manualClipTask(env, id, clip_index);
    expect(task?.kind).toBe("manual");
    const parsed = parseWith(ManualClipTaskSchema, task!.body);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.range.start).toBeLessThanOrEqual(10);
    expect(parsed.value.params).toEqual({ layout_mode: "stacked" });
    // a range given by hand keeps its edges (no `candidate`): the quality fixes measure them, not move them
    expect(parsed.value.candidate).toBeUndefined();
    expect(parsed.value.transcript.words.length).toBeGreaterThan(10);
    // the clip records the engine that made the job's transcript (its metadata.transcript_engine)
    expect(parsed.value.transcript.engine).toBe("pocketsphinx");
    expect(parsed.value.transcript.words.every((w) => w.end > 10 - 5.5 && w.start < 20 + 5.5)).toBe(true);
    expect(parsed.value.callback.base_url).toMatch(/\/internal\/v1$/);
  });

  it.each([
    [{ start: 10, end: 12 }, 400, /at least 3 seconds/],
    [{ start: 0, end: 200 }, 400, /at most 180 seconds/],
    [{ start: 20, end: 10 }, 400, /end must be after start/],
    [{ start: 100, end: 130 }, 400, /end \(130 s\) is past the end of the source \(120 s\)/],
    [{ start: 125, end: 140 }, 400, /start \(125 s\) is past the end of the source/],
    [{ start: "ten", end: 20 }, 400, /start must be a number of seconds/],
    [{ start: 1, end: 9, extra: true }, 400, /extra/],
  ])("refuses %j with %i and a message", async (body, status, message) => {
    const c = await createAccount();
    const id = await completedJob(c);
    const r = await api(c, `/jobs/${id}/clips`, { method: "POST", json: body });
    expect(r.status).toBe(status);
    expect(((await r.json()) as { error: string }).error).toMatch(message);
  });

  it("a clip by hand and a promoted candidate take their job's shape, not the account's brand kit's made since (issue 41)", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const kit = { name: "Landscape", primary_color: "#FFFFFF", accent_color: "#FFD400", caption_font: "Noto Sans", caption_position: "bottom", default_layout: "wide", watermark_url: null, aspect: "16:9" };
    expect((await SELF.fetch(`${BASE}/admin/v1/accounts/${c.account.id}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify(kit) })).status).toBe(201);
    const byHand = ClipCreatedSchema.parse(await (await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 10, end: 20 } })).json());
    const candidate = CandidateListSchema.parse(await (await api(c, `/jobs/${id}/candidates`)).json()).candidates[0]!;
    const promoted = ClipCreatedSchema.parse(await (await api(c, `/jobs/${id}/candidates/${candidate.id}/promote`, { method: "POST" })).json());
    for (const { clip_index } of [byHand, promoted]) {
      await env.DB.prepare("UPDATE manual_clips SET status = 'queued' WHERE job_id = ? AND clip_index = ?").bind(id, clip_index).run();
      const task = ManualClipTaskSchema.parse((await manualClipTask(env, id, clip_index))!.body);
      expect(task.config.aspect, `clip ${clip_index}`).toBe("9:16");
      expect(task.config.brandKit?.aspect).toBe("16:9");
    }
  });

  it("409 before the job completes, 404 for an unknown job, 403 without the write scope", async () => {
    const c = await createAccount();
    const running = await newJob(c);
    const r = await api(c, `/jobs/${running}/clips`, { method: "POST", json: { start: 1, end: 9 } });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { error: string }).error).toMatch(/once the job is completed/);
    expect((await api(c, `/jobs/${crypto.randomUUID()}/clips`, { method: "POST", json: { start: 1, end: 9 } })).status).toBe(404);
    const id = await completedJob(c);
    const reader = await createAccount("creator", ["read"]);
    expect((await api(reader, `/jobs/${id}/clips`, { method: "POST", json: { start: 1, end: 9 } })).status).toBe(403);
  });

  it("409 once the job holds 10 clips; a failed manual clip says why and frees its index", async () => {
    const c = await createAccount();
    const id = await completedJob(c, Array.from({ length: 9 }, (_, i) => clipReport(i, 90 - i)));
    const r = await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 100, end: 110 } });
    expect(ClipCreatedSchema.parse(await r.json()).clip_index).toBe(9);
    const full = await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 100, end: 110 } });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string }).error).toMatch(/already has 10 clips/);
    expect((await sendEvent(id, { type: "manual_clip_failed", clip_index: 9, error: "rendering the clip failed", stage: "rendering" })).status).toBe(200);
    const job = await getJob(c, id);
    expect(job.manual_clips[0]).toMatchObject({ clip_index: 9, status: "failed", error: "The clip could not be made: rendering the clip failed." });
    expect(job.status).toBe("completed");
    const again = await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 100, end: 110 } });
    expect(again.status).toBe(202);
    expect(ClipCreatedSchema.parse(await again.json()).clip_index).toBe(9);
  });

  it("a manual_clip nobody asked for is refused with 409", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    expect((await landManualClip(id, 5, 10, 20)).status).toBe(409);
  });
});

describe("POST /jobs/{id}/candidates/{candidate_id}/promote", () => {
  it("makes a left-out candidate a manual clip with its range; a second promotion is 409 naming the clip", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const { candidates } = CandidateListSchema.parse(await (await api(c, `/jobs/${id}/candidates`)).json());
    const best = candidates[0]!;
    const r = await api(c, `/jobs/${id}/candidates/${best.id}/promote`, { method: "POST" });
    expect(r.status, await r.clone().text()).toBe(202);
    expect(ClipCreatedSchema.parse(await r.json())).toEqual({ clip_index: 1, status: "queued", status_url: `${BASE}/api/v1/jobs/${id}`, start: best.start, end: best.end });
    const twice = await api(c, `/jobs/${id}/candidates/${best.id}/promote`, { method: "POST" });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: string }).error).toMatch(/already made into clip 1/);
    const listed = CandidateListSchema.parse(await (await api(c, `/jobs/${id}/candidates`)).json()).candidates.find((x) => x.id === best.id)!;
    expect(listed.promoted_clip_index).toBe(1);
    expect((await getJob(c, id)).manual_clips[0]).toMatchObject({ clip_index: 1, candidate_id: best.id });
    // the backend hears it is Katto's own range: its edges may be fixed as a job's clips' are
    await env.DB.prepare("UPDATE manual_clips SET status = 'queued' WHERE job_id = ? AND clip_index = 1").bind(id).run();
    expect(ManualClipTaskSchema.parse((await manualClipTask(env, id, 1))!.body).candidate).toBe(true);
    expect((await landManualClip(id, 1, best.start, best.end)).status).toBe(200);
    expect((await getJob(c, id)).clips.find((x) => x.clip_index === 1)).toMatchObject({ origin: "manual", start: best.start, end: best.end });
  });

  it("a candidate whose clip failed can be promoted again; one shorter than 3 s is 400; an unknown one 404", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const { candidates } = CandidateListSchema.parse(await (await api(c, `/jobs/${id}/candidates`)).json());
    const best = candidates[0]!;
    expect((await api(c, `/jobs/${id}/candidates/${best.id}/promote`, { method: "POST" })).status).toBe(202);
    expect((await sendEvent(id, { type: "manual_clip_failed", clip_index: 1, error: "x", stage: "rendering" })).status).toBe(200);
    expect((await api(c, `/jobs/${id}/candidates/${best.id}/promote`, { method: "POST" })).status).toBe(202);
    const short = candidates.find((x) => x.reason === "too_short")!;
    const r = await api(c, `/jobs/${id}/candidates/${short.id}/promote`, { method: "POST" });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(/at least 3 seconds.*POST \/api\/v1\/jobs\/\{id\}\/clips/);
    expect((await api(c, `/jobs/${id}/candidates/cand_nope/promote`, { method: "POST" })).status).toBe(404);
  });
});

describe("config.min_clips", () => {
  it.each([
    [{ min_clips: 11 }, /min_clips must be an integer from 0 to 10/],
    [{ min_clips: 1.5 }, /min_clips must be an integer/],
    [{ min_clips: 5, max_clips: 3 }, /min_clips \(5\) must not be more than max_clips \(3\)/],
    [{ max_clips: 0 }, /max_clips must be an integer from 1 to 10/],
  ])("POST /jobs refuses config %j with 400 and a message", async (config, message) => {
    const c = await createAccount();
    const r = await api(c, "/jobs", { method: "POST", json: { url: "http://127.0.0.1:9/sample.mp4", config } });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(message);
  });

  it("is accepted with max_clips and reaches the render task; the job shows a fewer_clips warning the backend sends", async () => {
    const c = await createAccount();
    const id = await newJob(c, { url: "http://127.0.0.1:9/sample.mp4", config: { min_clips: 4, max_clips: 6 } });
    const warning = { code: "fewer_clips" as const, clip_index: null, start: 0, end: 120, message: "min_clips asked for at least 4 clips; this video gave 1. The 2 minutes of speech hold only 1 non-overlapping passages of 8–30 s." };
    await storeClipFiles(id, [clipReport(0, 80)]);
    expect((await sendEvent(id, { type: "clips", clips: [clipReport(0, 80)], warnings: [warning] })).status).toBe(200);
    expect((await getJob(c, id)).warnings).toEqual([warning]);
    const row = await env.DB.prepare("SELECT config FROM jobs WHERE id = ?").bind(id).first<{ config: string }>();
    expect(JSON.parse(row!.config)).toMatchObject({ min_clips: 4, max_clips: 6 });
  });
});


describe("clips by hand render and measure every option (issue 33 case 5)", () => {
  const measured: ClipQuality = {
    subject_in_frame: null, empty_frames: 0, speech_share: 0.9, longest_silence: 0.4, audio: { lufs: -14, true_peak: -1.5, clipping: false },
    caption_sync_ms: 40, starts_on_sentence: true, ends_on_sentence: false, cut_word: false,
    flags: [{ name: "cuts_mid_sentence", message: "The clip ends mid-sentence." }], ok: false, fixes: [], measured_ms: 700,
  };

  it("a landed clip by hand keeps its measured quality and its spoken-language SRT: GET /jobs/{id} shows both, and the job's summary counts it", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    expect((await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 30, end: 45, style: { caption_language: "es" } } })).status).toBe(202);
    const report = { ...clipReport(1, 66, true), start: 30.35, end: 44.75, title: "Made by hand", captions_original_file: "clip-1-original.srt", quality: measured };
    await storeClipFiles(id, [report]);
    expect((await putFile(id, "clip-1-original.srt", "1\n00:00:00,000 --> 00:00:01,000\nhi\n", "application/x-subrip")).status).toBe(201);
    const r = await sendEvent(id, { type: "manual_clip", clip: report });
    expect(r.status, await r.clone().text()).toBe(200);
    const job = await getJob(c, id);
    const manual = job.clips.find((x) => x.clip_index === 1)!;
    expect(manual.origin).toBe("manual");
    expect(manual.quality).toMatchObject({ ok: false, ends_on_sentence: false, flags: [{ name: "cuts_mid_sentence" }] });
    expect(manual.captions_original_url).toMatch(/^http/);
    expect(job.quality?.clips_flagged).toBe(1);
  });

  it("a manual_clip naming a spoken-language SRT not in storage is 503, nothing applied", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    expect((await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 30, end: 45 } })).status).toBe(202);
    const report = { ...clipReport(1, 66, true), start: 30.35, end: 44.75, captions_original_file: "clip-1-original.srt" };
    await storeClipFiles(id, [report]);
    expect((await sendEvent(id, { type: "manual_clip", clip: report })).status).toBe(503);
    expect((await getJob(c, id)).clips).toHaveLength(1);
  });

  it("the task carries the resolved caption_language and B-roll style; stock B-roll without a stock provider is refused with 400 before anything is queued, for a clip by hand and a promotion alike", async () => {
    const c = await createAccount();
    const id = await completedJob(c);
    const r = await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 10, end: 20, style: { caption_language: "fr", remove_silences: true } } });
    expect(r.status).toBe(202);
    const { clip_index } = ClipCreatedSchema.parse(await r.json());
    await env.DB.prepare("UPDATE manual_clips SET status = 'queued' WHERE job_id = ? AND clip_index = ?").bind(id, clip_index).run();
    const task = ManualClipTaskSchema.parse((await manualClipTask(env, id, clip_index))!.body);
    expect(task.config.style).toMatchObject({ caption_language: "fr", remove_silences: true });
    expect(task.broll).toBeUndefined();

    const stock = await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 30, end: 45, style: { broll: "stock" } } });
    expect(stock.status).toBe(400);
    expect(((await stock.json()) as { error: string }).error).toBe(STOCK_UNAVAILABLE);
    // a job whose own style asks for stock (the operator removed the provider since): its promotions are refused too
    await env.DB.prepare(`UPDATE jobs SET config = '{"style":{"broll":"stock"}}' WHERE id = ?`).bind(id).run();
    const { candidates } = CandidateListSchema.parse(await (await api(c, `/jobs/${id}/candidates`)).json());
    const promote = await api(c, `/jobs/${id}/candidates/${candidates[0]!.id}/promote`, { method: "POST" });
    expect(promote.status).toBe(400);
    expect(((await promote.json()) as { error: string }).error).toBe(STOCK_UNAVAILABLE);
    // a clip by hand that turns it off is made
    expect((await api(c, `/jobs/${id}/clips`, { method: "POST", json: { start: 30, end: 45, style: { broll: "none" } } })).status).toBe(202);
    expect((await getJob(c, id)).manual_clips.map((m) => m.clip_index)).toEqual([clip_index, clip_index + 1]);
  });
});
