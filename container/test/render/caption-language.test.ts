// style caption_language (issue 26) on real speech: the job runner with real ffmpeg, the offline
// translation engine the dub uses (apertium) and a fake Worker on loopback. The clip is President
// Obama's sentence from ../shared/media, its words timed over the speech; the captions burned into
// the 1080p file are read back with tesseract, and both SRT files are checked. A re-render of the
// stored clip into French (its SRT and timeline read against the frames: the pages burned in), and
// into a language no offline engine covers, go through runRerender.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderJobSchema, type ClipReport, type RenderEvent, type RerenderEvent } from "@katto/protocol";
import { createCallbackClient } from "../../src/runtime/callback-client.js";
import { loadConfig } from "../../src/runtime/config.js";
import { createTranslator } from "../../src/engines/translate/index.js";
import type { AnalysisDeps } from "../../src/rendering/job-run.js";
import { runJob } from "../../src/work/pipeline.js";
import type { RerenderJob } from "../../src/runtime/protocol.js";
import { runRerender } from "../../src/work/rerender.js";
import type { ScoredMoment, Transcript } from "../../src/runtime/types.js";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { mediaDir, parseSrt, tmpDir } from "../helpers/media.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { callbackRecorder } from "../helpers/callback-recorder.js";

const CLIP = "video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4";
const SENTENCE = "about the very real and very serious challenges their families face every day";
const DUR = 4.8;
const work = tmpDir("katto-caption-language-");
const translator = createTranslator(loadConfig({}).dub.translator);

// the sentence as said in the recording, word by word over its speech
const words = SENTENCE.split(" ").map((word, i) => ({ word, start: +(0.05 + i * 0.27).toFixed(3), end: +(0.05 + i * 0.27 + 0.25).toFixed(3) }));
const transcript: Transcript = { lang: "en", segments: [{ start: 0.05, end: words.at(-1)!.end, text: SENTENCE }], words, engine: "test" };
const deps: AnalysisDeps = {
  transcribe: async () => transcript,
  selectMoments: () => [{ start: 0, end: DUR, text: SENTENCE, score: 90, title: "The very real challenges families face", subscores: { hook: 90, flow: 90, value: 90, trend: 90 }, justification: "fixed" } as ScoredMoment],
  scoreMoments: (ms) => ms as ScoredMoment[],
  translator,
};

let worker: FakeWorker;
beforeAll(async () => {
  worker = await startFakeWorker(mediaDir());
});
afterAll(() => worker?.close());

async function job(style: Record<string, unknown>) {
  const jobId = randomUUID();
  const parsed = RenderJobSchema.parse({
    job_id: jobId,
    source: { url: worker.mediaUrl(CLIP), kind: "url" },
    config: { aspect: "9:16", clipLength: "lt30", style, brandKit: { name: "kit", primary_color: "#FFFFFF", accent_color: "#FFD400", caption_font: "DejaVu Sans", caption_position: "bottom", default_layout: "wide", watermark_url: null } },
    callback: { base_url: worker.base, token: worker.token },
    limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 1 },
    hd: { mode: "local" },
  });
  const signal = new AbortController().signal;
  const client = createCallbackClient({ baseUrl: worker.base, token: worker.token, jobId, signal });
  const outcome = await runJob({ job: parsed, signal, client, deps, workRoot: work, renderConcurrency: 1, encoder: fastHdEncoder });
  const events = worker.events(jobId) as RenderEvent[];
  const clips = (events.find((e) => e.type === "clips") as Extract<RenderEvent, { type: "clips" }> | undefined)?.clips ?? [];
  return { jobId, outcome, events, clip: clips[0] as ClipReport | undefined };
}

/** The text tesseract reads in the caption band of a 1080x1920 frame at t, lower-cased. */
function ocrCaption(file: string, t: number): string {
  const png = join(work, `ocr-${randomUUID()}.png`);
  // the bottom caption band; grey, and only what is as bright as the captions (white, the yellow
  // spoken word) kept, dark on light: the picture behind and the outlines mostly go
  execFileSync("ffmpeg", ["-v", "error", "-y", "-ss", String(t), "-i", file, "-frames:v", "1", "-vf", "crop=1080:420:0:1160,format=gray,lutyuv=y='if(gt(val,200),0,255)'", png]);
  return execFileSync("tesseract", [png, "stdout", "--psm", "6"], { stdio: ["ignore", "pipe", "ignore"] }).toString().toLowerCase();
}

/** Lower case without accents (OCR often drops them), letters and spaces only. */
const plain = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z ]+/g, " ");
/** The words of four letters or more of a caption text, plain. */
const longWords = (s: string) => [...new Set(plain(s).split(/\s+/).filter((w) => w.length >= 4))];

const ENGLISH = new Set(SENTENCE.split(" ").filter((w) => w.length >= 5));

let r: Awaited<ReturnType<typeof job>>;
beforeAll(async () => {
  r = await job({ caption_language: "es", words_per_caption: 3 });
}, 240_000);

describe("caption_language es on a job", () => {
  it("reports the translated captions and the spoken-language SRT as a second file", () => {
    expect(r.outcome, JSON.stringify(r.events.filter((e) => e.type === "failed"))).toMatchObject({ status: "completed" });
    expect(r.clip).toMatchObject({ captions_file: "clip-0.srt", captions_original_file: "clip-0-original.srt" });
    const tr = r.clip!.metadata.captions_translated!;
    expect(tr).toMatchObject({ from: "en", to: "es" });
    expect(tr.words.map((w) => w.word).join(" ")).toMatch(/familias/);
    // the hook title's text goes into the captions' language too
    expect(tr.title).toMatch(/familias/i);
    // every translated word inside the time the sentence is said, in order
    for (const [i, w] of tr.words.entries()) {
      expect(w.start).toBeGreaterThanOrEqual(words[0]!.start - 1e-3);
      expect(w.end).toBeLessThanOrEqual(words.at(-1)!.end + 1e-3);
      if (i) expect(w.start).toBeGreaterThanOrEqual(tr.words[i - 1]!.end - 1e-3);
    }
    // the spoken words stay the clip's words (dubs and later re-renders start from them)
    expect(r.clip!.metadata.words!.map((w) => w.word).join(" ")).toBe(SENTENCE);
  });

  it("writes the SRT in Spanish, at most three words a cue, and keeps the English one", () => {
    const srt = parseSrt(readFileSync(worker.file(r.jobId, "clip-0.srt"), "utf8"));
    const text = srt.flatMap((c) => c.lines).join(" ");
    expect(text).toMatch(/familias/);
    expect(text).toMatch(/retos|desafíos/);
    for (const w of ENGLISH) expect(text).not.toContain(w);
    for (const c of srt) expect(c.lines.join(" ").split(" ").length).toBeLessThanOrEqual(3);
    const original = parseSrt(readFileSync(worker.file(r.jobId, "clip-0-original.srt"), "utf8"));
    expect(original.flatMap((c) => c.lines).join(" ")).toBe(SENTENCE);
    for (const c of original) expect(c.lines.join(" ").split(" ").length).toBeLessThanOrEqual(3);
  });

  it("burns the Spanish captions into the 1080p file: OCR reads the cue on screen, not the English", () => {
    // a whole frame to look at: KATTO_KEEP_FRAME=/path.png
    const hd = r.events.find((e) => e.type === "clip_hd");
    expect(hd).toBeDefined();
    const srt = parseSrt(readFileSync(worker.file(r.jobId, "clip-0.srt"), "utf8"));
    const cue = srt.find((c) => c.lines.join(" ").includes("familias"))!;
    const t = (cue.start + cue.end) / 2;
    if (process.env.KATTO_KEEP_FRAME) execFileSync("ffmpeg", ["-v", "error", "-y", "-ss", String(t), "-i", worker.file(r.jobId, "clip-0.mp4"), "-frames:v", "1", process.env.KATTO_KEEP_FRAME]);
    const read = ocrCaption(worker.file(r.jobId, "clip-0.mp4"), t);
    expect(read).toContain("familias");
    expect(read).not.toContain("families");
  });
});

const recorder = () => callbackRecorder<RerenderEvent>(work);

describe("caption_language on a re-render of a stored clip", () => {
  const rerender = (id: string, style: Record<string, unknown>): RerenderJob => ({
    rerender_id: id,
    job_id: "job-caption-language",
    clip_index: 0,
    source: { url: worker.mediaUrl(CLIP), kind: "url" },
    clip: { start: r.clip!.start, end: r.clip!.end, metadata: r.clip!.metadata },
    params: { style },
    aspect: "9:16",
    brand_kit: null,
    callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" },
  });

  it("translates the spoken words (not the stored Spanish) into French, with the English SRT as the second file; without words_per_caption its SRT and timeline are the pages burned in", async () => {
    const r = recorder();
    const out = await runRerender({ job: rerender("rr_cl_fr", { caption_language: "fr" }), signal: AbortSignal.timeout(120_000), client: r.client, translator, workRoot: work, encoder: fastHdEncoder });
    expect(out, JSON.stringify(r.events)).toEqual({ status: "completed" });
    const done = r.events.at(-1) as Extract<RerenderEvent, { type: "completed" }>;
    expect(done).toMatchObject({ type: "completed", captions_file: "clip-0.srt", captions_original_file: "clip-0-original.srt", style: { caption_language: "fr" } });
    const fr = readFileSync(r.files.get("clip-0.srt")!, "utf8");
    expect(fr).toMatch(/familles/);
    expect(fr).not.toMatch(/families/);
    expect(readFileSync(r.files.get("clip-0-original.srt")!, "utf8")).toMatch(/families/);
    // one caption truth (the review found the SRT in broadcast cues beside smaller burned pages):
    // the timeline holds the SRT's cues, line for line, and through each cue (a quarter and three
    // quarters into it) the frame shows that cue's words, not another's
    const cues = parseSrt(fr);
    expect(done.timeline!.captions.map((c) => ({ text: c.text, start: c.start, end: c.end }))).toEqual(cues.map((c) => ({ text: c.lines.join("\n"), start: c.start, end: c.end })));
    expect(cues.length).toBeGreaterThanOrEqual(3);
    const mp4 = r.files.get(done.file)!;
    cues.forEach((cue, i) => {
      const own = longWords(cue.lines.join(" "));
      const others = longWords(cues.filter((_, k) => k !== i).map((c) => c.lines.join(" ")).join(" ")).filter((w) => !own.includes(w));
      if (!own.length) return;
      for (const at of [0.25, 0.75]) {
        const t = cue.start + (cue.end - cue.start) * at;
        const read = plain(ocrCaption(mp4, t));
        const seen = (ws: string[]) => ws.filter((w) => read.includes(w)).length;
        expect(seen(own) / own.length, `cue ${i + 1} "${cue.lines.join(" / ")}" at ${t.toFixed(2)} s read as "${read}"`).toBeGreaterThanOrEqual(0.75);
        expect(seen(others), `cue ${i + 1} at ${t.toFixed(2)} s read as "${read}"`).toBeLessThan(seen(own));
      }
    });
  }, 120_000);

  it("fails clearly when no engine translates the pair (Hindi offline), naming what to configure", async () => {
    const r = recorder();
    const out = await runRerender({ job: rerender("rr_cl_hi", { caption_language: "hi" }), signal: AbortSignal.timeout(60_000), client: r.client, translator, workRoot: work, encoder: fastHdEncoder });
    expect(out).toMatchObject({ status: "failed", stage: "translating captions", error: expect.stringMatching(/Hindi.*Workers AI/) });
    expect(r.events.at(-1)).toMatchObject({ type: "failed", error: expect.stringMatching(/English to Hindi/) });
    expect(r.files.size).toBe(0);
  }, 60_000);
});

describe("caption_language on a job whose pair no engine translates", () => {
  it("fails the job before any render, refunded, saying what to configure", async () => {
    const r = await job({ caption_language: "ja" });
    expect(r.outcome).toMatchObject({ status: "failed", stage: "translating captions" });
    const failed = r.events.find((e) => e.type === "failed") as Extract<RenderEvent, { type: "failed" }>;
    expect(failed).toMatchObject({ refund: true, stage: "translating captions", error: expect.stringMatching(/Japanese.*Workers AI/) });
    expect(r.events.some((e) => e.type === "clips")).toBe(false);
  }, 120_000);
});
