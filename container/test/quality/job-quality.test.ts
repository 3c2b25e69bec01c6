// The job runner's checking step (container/src/quality/job-quality.ts) on a source built to fail: real
// speech from the corpus with 8 s of silence in the middle, a fake Worker on loopback, analysis
// injected (the corpus's word alignment, three fixed moments). One moment ends mid-word (it is
// moved to the sentence's end and rendered again, the fix recorded), one is only the silence (it
// is dropped and reported with its reason), one is fine (delivered as planned).
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderJobSchema, type RenderEvent } from "@katto/protocol";
import { createCallbackClient } from "../../src/runtime/callback-client.js";
import type { AnalysisDeps } from "../../src/rendering/job-run.js";
import { runJob } from "../../src/work/pipeline.js";
import type { ScoredMoment, Transcript, Word } from "../../src/runtime/types.js";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { ffmpeg, ffprobe, media, tmpDir } from "../helpers/media.js";

const dir = tmpDir("katto-job-quality-media-");
const work = tmpDir("katto-job-quality-work-");
const LIBRIVOX = "speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb";
// 0870 (7.1 s) at 0, 8 s of silence, 0880 (3.0 s) at 15.1, 0890 (5.3 s) at 18.1
const PARTS = [["0870", 0], ["0880", 15.1], ["0890", 18.1]] as const;
let worker: FakeWorker;

/** The corpus's word alignment, each utterance a sentence (its last word ends with a full stop). */
function corpusWords(): Word[] {
  return PARTS.flatMap(([u, at]) => {
    const j = JSON.parse(readFileSync(media(`${LIBRIVOX}-${u}.pocketsphinx_words.json`), "utf8")) as { w: { b: number; d: number; t: string }[] };
    const ws = j.w.filter((w) => !w.t.startsWith("<") && !w.t.startsWith("[")).map((w) => ({ word: w.t.replace(/\(\d+\)$/, ""), start: at + w.b, end: at + w.b + w.d }));
    ws[ws.length - 1]!.word += ".";
    return ws;
  });
}

beforeAll(async () => {
  const a = (u: string) => ["-i", media(`${LIBRIVOX}-${u}.wav`)];
  ffmpeg([
    ...a("0870"), ...a("0880"), ...a("0890"),
    "-f", "lavfi", "-i", "testsrc2=s=640x360:r=25:d=24",
    "-filter_complex", "anullsrc=r=16000:cl=mono:d=8[g];[0:a][g][1:a][2:a]concat=n=4:v=0:a=1,apad[a]",
    "-map", "3:v", "-map", "[a]", "-t", "24", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", `${dir}/talk.mp4`,
  ]);
  worker = await startFakeWorker(dir);
});
afterAll(() => worker?.close());

const words = corpusWords();
const transcript: Transcript = { lang: "en", segments: [], words, engine: "test" };
const moment = (start: number, end: number, score: number): ScoredMoment =>
  ({ start, end, text: "", words: [], score, title: `Moment at ${start}`, subscores: { hook: score, flow: score, value: score, trend: score }, justification: "fixed" }) as ScoredMoment;
// 0870's last word ends at 6.8 s: a clip ending at 5.3 s cuts its sentence, and its word
// "prudently" (4.94-5.46 s)
const midSentence = moment(0, 5.3, 90);
const silenceOnly = moment(7.6, 14.6, 80);
const fine = moment(15, 23.5, 70);

const deps: AnalysisDeps = {
  transcribe: async () => transcript,
  selectMoments: () => [midSentence, silenceOnly, fine],
  scoreMoments: (ms) => ms as ScoredMoment[],
};

describe("clips check themselves before delivery", () => {
  it("moves an edge that cuts a sentence to the sentence's end, drops the clip with no speech, and reports both", async () => {
    const jobId = randomUUID();
    const job = RenderJobSchema.parse({
      job_id: jobId,
      source: { url: worker.mediaUrl("talk.mp4"), kind: "url" },
      // no clipLength bucket: a fix keeps the clip within ±40 % of its length (lt30's 8 s minimum
      // would only allow a range over the silence, which the re-measure refuses)
      config: { aspect: "9:16" },
      callback: { base_url: worker.base, token: worker.token },
      limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 3 },
      hd: { mode: "fanout" },
    });
    const signal = new AbortController().signal;
    const client = createCallbackClient({ baseUrl: worker.base, token: worker.token, jobId, signal });
    const outcome = await runJob({ job, signal, client, deps, workRoot: work, renderConcurrency: 1 });
    expect(outcome.status).toBe("completed");
    const ev = (worker.events(jobId) as RenderEvent[]).find((e) => e.type === "clips") as Extract<RenderEvent, { type: "clips" }>;

    // the silent moment is dropped, with its score and reason
    expect(ev.dropped).toEqual([expect.objectContaining({ start: 7.6, end: 14.6, score: 80, reason: "no_speech" })]);
    expect(ev.clips).toHaveLength(2);

    // the first clip's end moved to its sentence's end (0870's last word), and it was rendered so
    const fixed = ev.clips[0]!;
    const lastOf0870 = words.filter((w) => w.start < 8).at(-1)!;
    expect(fixed.end).toBeGreaterThanOrEqual(lastOf0870.end);
    expect(fixed.end).toBeLessThan(lastOf0870.end + 0.3);
    // both flags the first render had, fixed by the one move and recorded
    expect(fixed.quality!.fixes.map((f) => f.flag).sort()).toEqual(["cuts_mid_sentence", "cuts_word"]);
    expect(fixed.quality!.ends_on_sentence).toBe(true);
    expect(fixed.quality!.cut_word).toBe(false);
    expect(fixed.quality!.flags.map((f) => f.name)).not.toContain("cuts_mid_sentence");
    expect(fixed.quality!.flags.map((f) => f.name)).not.toContain("cuts_word");
    const preview = ffprobe(`${worker.filesDir}/${jobId}--${fixed.file}`);
    expect(Number(preview.format.duration)).toBeCloseTo(fixed.end - fixed.start, 0);

    // the fine clip is delivered as planned, renumbered after the drop, with nothing fixed
    expect(ev.clips[1]).toMatchObject({ clip_index: 1, start: 15, end: 23.5, file: "clip-1-preview.mp4" });
    expect(ev.clips[1]!.quality!.fixes).toEqual([]);
    expect(ev.clips[1]!.quality!.speech_share).toBeGreaterThan(0.5);
  });
});
