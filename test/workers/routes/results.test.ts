// Results of a job: transcript (404 until stored), clip projection (empty while processing,
// ranked by score, ties by clip_index) and the job's clips with hd / hd_ready (spec "Clip",
// "GET /jobs/{id}/transcript", "GET /jobs/{id}/clips", job states rule 5).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ErrorSchema } from "../../../src/schemas/common";
import { ClipProjectionSchema, JobSchema, TranscriptSchema } from "@katto/protocol/api";
import { api, createAccount, type Client } from "../helpers";
import { advance, clipReport, newJob, putFile, sendEvent, storeClipFiles } from "../render-callbacks";

const getJob = async (c: Client, id: string) => JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
const getClips = async (c: Client, id: string) => {
  const r = await api(c, `/jobs/${id}/clips`);
  expect(r.status).toBe(200);
  return ClipProjectionSchema.parse(await r.json());
};

describe("GET /jobs/{id}/transcript", () => {
  it("404 until the transcript is stored, then 200 with its segments", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const before = await api(c, `/jobs/${id}/transcript`);
    expect(before.status).toBe(404);
    expect(ErrorSchema.parse(await before.json()).error).toMatch(/Transcript not available yet/);
    await advance(id, "processing");
    expect((await api(c, `/jobs/${id}/transcript`)).status).toBe(404);

    const segments = [
      { start: 0, end: 2.5, text: "Welcome back to the show." },
      { start: 2.5, end: 6.25, text: "Today: pricing." },
    ];
    const ev = await sendEvent(id, { type: "transcript", lang: "en", segments, words: [{ start: 0, end: 0.4, word: "Welcome" }] });
    expect(ev.status).toBe(200);
    const r = await api(c, `/jobs/${id}/transcript`);
    expect(r.status).toBe(200);
    const t = TranscriptSchema.parse(await r.json());
    expect(t).toEqual({ job_id: id, lang: "en", segments, words: [{ text: "Welcome", start: 0, end: 0.4 }], engine: null, word_timing: "engine", revision: 0, created_at: expect.any(String) });
  });

  it("names the engine that made it, gives each word's confidence where the engine gave one, and says when word times are estimates", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const words = [
      { start: 0, end: 0.4, word: "Welcome", confidence: 0.91 },
      { start: 0.45, end: 0.8, word: "back", confidence: 0.32 },
      { start: 0.9, end: 1.2, word: "friends" },
    ];
    await sendEvent(id, { type: "transcript", lang: "en", segments: [{ start: 0, end: 1.2, text: "Welcome back friends" }], words, engine: "openai:whisper-1", word_timing: "segments" });
    const t = TranscriptSchema.parse(await (await api(c, `/jobs/${id}/transcript`)).json());
    expect(t.engine).toBe("openai:whisper-1");
    expect(t.word_timing).toBe("segments");
    expect(t.words).toEqual([
      { text: "Welcome", start: 0, end: 0.4, confidence: 0.91 },
      { text: "back", start: 0.45, end: 0.8, confidence: 0.32 },
      { text: "friends", start: 0.9, end: 1.2 },
    ]);
    // a confidence outside 0..1 is refused by the render protocol, never stored
    const bad = await sendEvent(id, { type: "transcript", lang: "en", segments: [], words: [{ start: 0, end: 1, word: "x", confidence: 1.5 }], engine: "pocketsphinx" });
    expect(bad.status).toBe(400);
  });

  it("keeps each segment's own language for a source that mixes languages, the job's lang the main one", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const segments = [
      { start: 0, end: 2, text: "wir sehen uns morgen früh", lang: "de" },
      { start: 2.5, end: 4, text: "see you tomorrow", lang: "en" },
    ];
    const words = [
      { start: 0, end: 0.4, word: "wir", lang: "de" },
      { start: 2.5, end: 2.8, word: "see", lang: "en" },
    ];
    await sendEvent(id, { type: "transcript", lang: "de", segments, words, engine: "openai:whisper-1" });
    const t = TranscriptSchema.parse(await (await api(c, `/jobs/${id}/transcript`)).json());
    expect(t.lang).toBe("de");
    expect(t.segments.map((s) => s.lang)).toEqual(["de", "en"]);
  });

  it("a transcript without a detected language has lang null", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await sendEvent(id, { type: "transcript", lang: null, segments: [], words: [] });
    expect(TranscriptSchema.parse(await (await api(c, `/jobs/${id}/transcript`)).json())).toMatchObject({ lang: null, segments: [] });
  });
});

describe("clips", () => {
  // Unordered scores with a tie: ranking is score desc, then clip_index asc.
  const reports = [clipReport(0, 40), clipReport(1, 90), clipReport(2, 75), clipReport(3, 90), clipReport(4, 12.5)];
  const rankedIndexes = [1, 3, 2, 0, 4];

  it("the projection is empty while the job runs, then ranked by score (ties by clip_index)", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    expect(await getClips(c, id)).toEqual({ job_id: id, status: "queued", clips: [] });
    await advance(id, "scoring");
    expect(await getClips(c, id)).toEqual({ job_id: id, status: "scoring", clips: [] });

    for (const r of reports) {
      expect((await putFile(id, r.file, `preview ${r.clip_index}`)).status).toBe(201);
      expect((await putFile(id, r.captions_file, `1\n00:00:00,000 --> 00:00:01,000\nclip ${r.clip_index}\n`, "application/x-subrip")).status).toBe(201);
    }
    expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);

    const projection = await getClips(c, id);
    expect(projection.status).toBe("completed");
    expect(projection.clips.map((x) => x.title)).toEqual(rankedIndexes.map((i) => `Clip ${i}`));
    expect(projection.clips.map((x) => x.score)).toEqual([90, 90, 75, 40, 12.5]);
    // The URLs serve what the backend uploaded, without an API key.
    const file = await SELF.fetch(projection.clips[0].url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("preview 1");
    const srt = await SELF.fetch(projection.clips[0].captions_url!);
    expect(await srt.text()).toContain("clip 1");
  });

  it("the job's clips are ranked likewise; hd turns true per clip, hd_ready when all are hd, and HD URLs differ from previews", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    await storeClipFiles(id, reports);
    expect((await sendEvent(id, { type: "clips", clips: reports })).status).toBe(200);

    const done = await getJob(c, id);
    expect(done).toMatchObject({ status: "completed", hd_ready: false, progress: { step: "done", pct: 100 }, error: null });
    expect(done.completed_at).not.toBeNull();
    expect(done.clips.map((x) => x.clip_index)).toEqual(rankedIndexes);
    expect(done.clips.every((x) => x.hd === false)).toBe(true);
    const previewUrls = new Map(done.clips.map((x) => [x.clip_index, x.url]));

    // HD files land one by one after `completed` (the backend may still PUT files then).
    for (const [n, i] of [0, 1, 2, 3, 4].entries()) {
      expect((await putFile(id, `clip-${i}-hd.mp4`, `hd ${i}`)).status).toBe(201);
      expect((await sendEvent(id, { type: "clip_hd", clip_index: i, file: `clip-${i}-hd.mp4`, captions_file: `clip-${i}.srt` })).status).toBe(200);
      const job = await getJob(c, id);
      expect(job.clips.find((x) => x.clip_index === i)?.hd).toBe(true);
      expect(job.clips.filter((x) => x.hd)).toHaveLength(n + 1);
      expect(job.hd_ready).toBe(n === 4);
    }
    const final = await getJob(c, id);
    expect(final.clips.map((x) => x.clip_index)).toEqual(rankedIndexes);
    for (const clip of final.clips) {
      expect(clip.url).not.toBe(previewUrls.get(clip.clip_index));
      expect(await (await SELF.fetch(clip.url)).text()).toBe(`hd ${clip.clip_index}`);
    }
    expect((await getClips(c, id)).clips.map((x) => x.url)).toEqual(final.clips.map((x) => x.url));
  });

  it("a clips event with every clip already hd completes with hd_ready true at once", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    const clips = [clipReport(0, 50, true), clipReport(1, 70, true)];
    await storeClipFiles(id, clips);
    expect((await sendEvent(id, { type: "clips", clips })).status).toBe(200);
    const job = await getJob(c, id);
    expect(job).toMatchObject({ status: "completed", hd_ready: true });
    expect(job.clips.map((x) => [x.clip_index, x.hd])).toEqual([[1, true], [0, true]]);
  });

  it("the job shows the warnings sent with its clips (a clip left out, one framed more simply); none is an empty list", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    expect((await getJob(c, id)).warnings).toEqual([]);
    const clips = [clipReport(0, 80), clipReport(1, 60)];
    await storeClipFiles(id, clips);
    const warnings = [
      { code: "clip_framing_simplified", clip_index: 1, start: 40, end: 95.5, message: "Clip 1 (40.0–95.5 s): The planned face_tracking framing failed to render, so the clip was rendered with a still centre crop." },
      { code: "clip_left_out", clip_index: null, start: 120, end: 190, message: "The clip at 120.0–190.0 s (score 71) could not be rendered, even with a simpler framing, and was left out: rendering a clip failed." },
    ] as const;
    // a warning the protocol does not know is refused like any bad event
    const bad = await sendEvent(id, { type: "clips", clips, warnings: [{ ...warnings[0], code: "something_else" }] } as never);
    expect(bad.status).toBe(400);
    expect((await getJob(c, id)).status).toBe("queued");
    expect((await sendEvent(id, { type: "clips", clips, warnings: [...warnings] })).status).toBe(200);
    const job = await getJob(c, id);
    expect(job.status).toBe("completed");
    expect(job.warnings).toEqual(warnings);

    // a backend from before warnings sends none: the job's list is empty, not missing
    const old = await newJob(c);
    await storeClipFiles(old, clips);
    expect((await sendEvent(old, { type: "clips", clips })).status).toBe(200);
    expect((await getJob(c, old)).warnings).toEqual([]);
  });

  it("a clips or clip_hd event naming a file that is not in R2 is refused with 503 and changes nothing", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    const clips = [clipReport(0, 80), clipReport(1, 60)];
    // clip 1's video never landed (a PUT that failed): the event must not complete the job
    expect((await putFile(id, clips[0].file)).status).toBe(201);
    for (const cl of clips) expect((await putFile(id, cl.captions_file, "1\n00:00:00,000 --> 00:00:01,000\nhi\n", "application/x-subrip")).status).toBe(201);
    const refused = await sendEvent(id, { type: "clips", clips });
    expect(refused.status).toBe(503);
    expect(ErrorSchema.parse(await refused.json()).error).toBe(
      "Files not in storage: clip-1-preview.mp4. PUT each file to /internal/v1/jobs/{id}/files/{name}, then send the event again.",
    );
    expect(await getJob(c, id)).toMatchObject({ status: "scoring", clips: [] });
    // the backend retries after the PUT: now it completes
    expect((await putFile(id, clips[1].file)).status).toBe(201);
    expect((await sendEvent(id, { type: "clips", clips })).status).toBe(200);
    expect((await getJob(c, id)).status).toBe("completed");

    const hd = await sendEvent(id, { type: "clip_hd", clip_index: 0, file: "clip-0-hd.mp4", captions_file: "clip-0.srt" });
    expect(hd.status).toBe(503);
    expect(ErrorSchema.parse(await hd.json()).error).toMatch(/^Files not in storage: clip-0-hd\.mp4\./);
    expect((await getJob(c, id)).clips.find((x) => x.clip_index === 0)?.hd).toBe(false);
  });

  it("a failed job shows its error and no clips", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "processing");
    await sendEvent(id, { type: "failed", error: "The source video is longer than 90 minutes.", stage: "probing", refund: true });
    expect(await getJob(c, id)).toMatchObject({ status: "failed", error: "The source video is longer than 90 minutes.", clips: [], completed_at: null });
    expect(await getClips(c, id)).toEqual({ job_id: id, status: "failed", clips: [] });
  });
});
