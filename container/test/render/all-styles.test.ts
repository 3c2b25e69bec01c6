// Issue 26, done when: one job with every style option on gives a clip that shows each of them.
// The job runner with real ffmpeg, the offline translator and a fake Worker on loopback; the
// source is a Spanish LibriVox reading from ../shared/media over a test picture, with a 1.6 s pause
// put into it (the picture held), its gold words spread over the reading and an "um" in the pause,
// captioned in English, and a one-asset B-roll library served on loopback. The clip's recorded edits name each option's work, and the file is
// as long as the cut timeline says.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderJobSchema, type ClipReport, type RenderEvent } from "@katto/protocol";
import { createCallbackClient } from "../../src/runtime/callback-client.js";
import { loadConfig } from "../../src/runtime/config.js";
import { createTranslator } from "../../src/engines/translate/index.js";
import type { AnalysisDeps } from "../../src/rendering/job-run.js";
import { runJob } from "../../src/work/pipeline.js";
import type { ScoredMoment, Transcript } from "../../src/runtime/types.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { ffmpeg, ffprobe, media, parseSrt, tmpDir } from "../helpers/media.js";
import { serveDir } from "../helpers/static-server.js";

const SPEECH = "speech/es/mls_es_13697_11991_000000.opus";
const SENTENCE = readFileSync(media(SPEECH.replace(/\.opus$/, ".txt")), "utf8").trim();
const SPEECH_S = 14.9;
const SPLIT = 7.0; // where the pause goes in
const PAUSE = 1.6;
const work = tmpDir("katto-all-styles-");

// the gold words spread over the reading (the corpus gives no word times), the ones after SPLIT
// moved by the pause, and an "um" in it
const said = SENTENCE.split(/\s+/).map((word, i, all) => {
  const step = (SPEECH_S - 0.6) / all.length;
  return { word, start: +(0.3 + i * step).toFixed(3), end: +(0.3 + i * step + step * 0.85).toFixed(3) };
});
const words = [
  ...said.filter((w) => w.end <= SPLIT),
  { word: "um", start: SPLIT + 0.7, end: SPLIT + 0.9 },
  ...said.filter((w) => w.end > SPLIT).map((w) => ({ ...w, start: +(w.start + PAUSE).toFixed(3), end: +(w.end + PAUSE).toFixed(3) })),
];
const DUR = SPEECH_S + PAUSE;
const transcript: Transcript = { lang: "es", segments: [{ start: 0.3, end: words.at(-1)!.end, text: words.map((w) => w.word).join(" ") }], words, engine: "test" };
const deps: AnalysisDeps = {
  transcribe: async () => transcript,
  selectMoments: () => [{ start: 0, end: DUR, text: SENTENCE, score: 90, title: "La sorpresa de Wentworth", subscores: { hook: 90, flow: 90, value: 90, trend: 90 }, justification: "fixed" } as ScoredMoment],
  scoreMoments: (ms) => ms as ScoredMoment[],
  translator: createTranslator(loadConfig({}).dub.translator),
};

const EVERY_OPTION = { words_per_caption: 3, caption_lines: 1, emphasis: "keywords", emoji: true, hook_title: true, zoom: "punch_in", remove_silences: true, remove_fillers: true, broll: "library", caption_language: "en" } as const;

let worker: FakeWorker;
let closeAssets: () => Promise<void>;
let clip: ClipReport;
let jobId: string;
beforeAll(async () => {
  // the source: the recording with a held picture and silence for PAUSE seconds at SPLIT
  const src = join(work, "src");
  const { mkdirSync } = await import("node:fs");
  mkdirSync(src, { recursive: true });
  ffmpeg([
    "-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=25:duration=${SPEECH_S}`, "-i", media(SPEECH),
    "-filter_complex",
    `[0:v]trim=0:${SPLIT},setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop_duration=${PAUSE}[v1];[0:v]trim=${SPLIT},setpts=PTS-STARTPTS[v2];[v1][v2]concat=n=2:v=1:a=0[v];` +
      `[1:a]aresample=48000,atrim=0:${SPLIT},asetpts=PTS-STARTPTS,apad=pad_dur=${PAUSE}[a1];[1:a]aresample=48000,atrim=${SPLIT},asetpts=PTS-STARTPTS[a2];[a1][a2]concat=n=2:v=0:a=1[a]`,
    "-map", "[v]", "-map", "[a]", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-y", join(src, "paused.mp4"),
  ]);
  worker = await startFakeWorker(src);
  const assets = tmpDir("katto-all-styles-assets-");
  ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF00FF:s=800x600", "-frames:v", "1", join(assets, "gesture.png")]);
  const served = await serveDir(assets);
  closeAssets = served.close;
  jobId = randomUUID();
  const job = RenderJobSchema.parse({
    job_id: jobId,
    source: { url: worker.mediaUrl("paused.mp4"), kind: "url" },
    config: { aspect: "9:16", clipLength: "lt30", style: EVERY_OPTION, brandKit: { name: "kit", primary_color: "#FFFFFF", accent_color: "#FFD400", caption_font: "DejaVu Sans", caption_position: "bottom", default_layout: "face_tracking", watermark_url: null } },
    callback: { base_url: worker.base, token: worker.token },
    limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 1 },
    hd: { mode: "local" },
    broll: { library: [{ id: "fam", kind: "image", url: `${served.url}/gesture.png`, keywords: ["gesto"] }], stock: null },
  });
  const signal = new AbortController().signal;
  const client = createCallbackClient({ baseUrl: worker.base, token: worker.token, jobId, signal });
  // HD at ultrafast (helpers/encoder.ts): this test checks what the clip shows and how long it is;
  // the default preset's encode is test/render/render.test.ts's
  await runJob({ job, signal, client, deps, workRoot: work, renderConcurrency: 1, encoder: fastHdEncoder });
  const events = worker.events(jobId) as RenderEvent[];
  const failed = events.find((e) => e.type === "failed");
  if (failed) throw new Error(`job failed: ${JSON.stringify(failed)}`);
  clip = (events.find((e) => e.type === "clips") as Extract<RenderEvent, { type: "clips" }>).clips[0]!;
}, 400_000);
afterAll(async () => {
  await closeAssets?.();
  await worker?.close();
});

describe("a job with every style option on", () => {
  it("records the resolved style and each option's work in the clip's edits", () => {
    expect(clip.metadata.style).toMatchObject(EVERY_OPTION);
    const e = clip.metadata.edits!;
    expect(e.title_card?.text).toBeTruthy(); // hook_title
    expect(e.emphasis.length).toBeGreaterThan(0); // emphasis: keywords
    expect(e.emoji.length).toBeGreaterThan(0); // emoji
    expect(e.zooms.length).toBeGreaterThan(0); // zoom: punch_in
    for (const z of e.zooms) expect(z.scale).toBeGreaterThanOrEqual(1.1);
    expect(e.cuts.map((c) => c.reason)).toContain("filler"); // remove_fillers: the "um" in the pause goes with it
    for (const c of e.cuts) expect(c.source_end - c.source_start).toBeGreaterThan(0.3);
    expect(e.broll).toEqual([expect.objectContaining({ asset: "fam" })]); // broll: library, over "gesto"
    for (const b of e.broll) expect(b.end - b.start).toBeGreaterThanOrEqual(1.5);
  });

  it("is as long as its range less its cuts, with the captions in English and the spoken (Spanish) SRT kept", () => {
    const cut = clip.metadata.edits!.cuts.reduce((s, c) => s + (c.source_end - c.source_start), 0);
    const file = worker.file(jobId, clip.file);
    expect(Number(ffprobe(file).format.duration)).toBeCloseTo(DUR - cut, 0);
    const en = parseSrt(readFileSync(worker.file(jobId, clip.captions_file), "utf8"));
    const spoken = parseSrt(readFileSync(worker.file(jobId, clip.captions_original_file!), "utf8"));
    const text = (cues: typeof en) => cues.map((c) => c.lines.join(" ")).join(" ").toLowerCase();
    expect(text(spoken)).toContain("sorpresa");
    expect(text(en)).not.toContain("sorpresa");
    expect(text(en)).toMatch(/surprise/);
    for (const c of en) expect(c.lines.join(" ").split(/\s+/).length).toBeLessThanOrEqual(3); // words_per_caption 3, one line
    expect(text(spoken)).not.toMatch(/\bum\b/); // the filler is gone from the captions too
  });
});
