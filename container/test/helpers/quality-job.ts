// A job's checking step on real media (container/test/quality/*-real tests): the five consecutive
// LibriVox "Sense and Sensibility" sentences as a recording with a pause after each, their
// corpus word alignment as the transcript, fixed moments, the real face analysis, and a fake
// Worker on loopback; answers the job's `clips` event.
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { RenderJobSchema, type RenderEvent, type Style, type TaskBroll } from "@katto/protocol";
import { createCallbackClient } from "../../src/runtime/callback-client.js";
import { createBlazeFace } from "../../src/engines/face/blazeface.js";
import type { AnalysisDeps } from "../../src/rendering/job-run.js";
import { runJob } from "../../src/work/pipeline.js";
import { faceAnalysis } from "../../src/work/pipeline-deps.js";
import type { ScoredMoment, Transcript, Word } from "../../src/runtime/types.js";
import { fastHdEncoder } from "./encoder.js";
import type { FakeWorker } from "./fake-worker.js";
import { ffmpeg, media } from "./media.js";

const LIBRIVOX = "speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb";
const UTTERANCES = [["0870", 7.1], ["0880", 3.0], ["0890", 5.3], ["0920", 6.1], ["0930", 3.3]] as const;

/** The reading with `pause` seconds of silence after each sentence: where each starts, its words, its length. */
export function reading(pause: number) {
  const starts = UTTERANCES.reduce<number[]>((a, _, i) => [...a, i ? a[i - 1]! + UTTERANCES[i - 1]![1] + pause : 0], []);
  const words: Word[] = UTTERANCES.flatMap(([u], i) => {
    const j = JSON.parse(readFileSync(media(`${LIBRIVOX}-${u}.pocketsphinx_words.json`), "utf8")) as { w: { b: number; d: number; t: string }[] };
    const ws = j.w.filter((w) => !w.t.startsWith("<") && !w.t.startsWith("[")).map((w) => ({ word: w.t.replace(/\(\d+\)$/, ""), start: starts[i]! + w.b, end: starts[i]! + w.b + w.d }));
    // each utterance is a sentence
    ws[ws.length - 1]!.word += ".";
    return ws;
  });
  const total = starts.at(-1)! + UTTERANCES.at(-1)![1] + pause;
  /** sentence i's range on the recording's clock */
  const sentence = (i: number) => ({ start: starts[i]!, end: starts[i]! + UTTERANCES[i]![1] });
  /** ffmpeg inputs and the filter that makes the reading as `[a]` */
  const audio = {
    inputs: UTTERANCES.flatMap(([u]) => ["-i", media(`${LIBRIVOX}-${u}.wav`)]),
    filter: `${UTTERANCES.map(([, d], i) => `[${i}:a]apad=whole_dur=${d + pause}[a${i}]`).join(";")};${UTTERANCES.map((_, i) => `[a${i}]`).join("")}concat=n=${UTTERANCES.length}:v=0:a=1[a]`,
    count: UTTERANCES.length,
  };
  return { starts, words, total, sentence, audio };
}

/** The reading under a picture: `picture` is ffmpeg input args whose first video stream is used, looped or still. */
export function readingUnder(out: string, r: ReturnType<typeof reading>, picture: string[], videoFilter: string): string {
  ffmpeg([
    ...r.audio.inputs, ...picture,
    "-filter_complex", `${r.audio.filter};[${r.audio.count}:v]${videoFilter},format=yuv420p[v]`,
    "-map", "[v]", "-map", "[a]", "-t", String(r.total), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", out,
  ]);
  return out;
}

export const fixedMoment = (start: number, end: number, score: number): ScoredMoment =>
  ({ start, end, text: "", words: [], score, title: `Moment at ${start.toFixed(1)}`, subscores: { hook: score, flow: score, value: score, trend: score }, justification: "fixed" }) as ScoredMoment;

let detector: ReturnType<typeof createBlazeFace> | undefined;
const deps = (words: Word[], moments: ScoredMoment[]): AnalysisDeps => ({
  transcribe: async () => ({ lang: "en", segments: [], words, engine: "test" }) satisfies Transcript,
  selectMoments: () => moments,
  scoreMoments: (ms) => ms as ScoredMoment[],
  analyzeFaces: faceAnalysis(() => (detector ??= createBlazeFace())),
});

export type ClipsEvent = Extract<RenderEvent, { type: "clips" }>;

/** One job over the worker's `file` with fixed moments (HD fanned out: it ends at `clips`); answers its job id and `clips` event. */
export async function checkedClips(o: { worker: FakeWorker; workRoot: string; file: string; words: Word[]; moments: ScoredMoment[]; style: Style; broll?: TaskBroll }): Promise<{ jobId: string; ev: ClipsEvent }> {
  const jobId = randomUUID();
  const job = RenderJobSchema.parse({
    job_id: jobId,
    source: { url: o.worker.mediaUrl(o.file), kind: "url" },
    config: { aspect: "9:16", style: o.style },
    callback: { base_url: o.worker.base, token: o.worker.token },
    limits: { max_duration_s: 5400, max_bytes: 200e6, max_clips: 3 },
    hd: { mode: "fanout" },
    ...(o.broll ? { broll: o.broll } : {}),
  });
  const signal = new AbortController().signal;
  const client = createCallbackClient({ baseUrl: o.worker.base, token: o.worker.token, jobId, signal });
  const outcome = await runJob({ job, signal, client, deps: deps(o.words, o.moments), workRoot: o.workRoot, renderConcurrency: 1, encoder: fastHdEncoder });
  expect(outcome.status).toBe("completed");
  return { jobId, ev: (o.worker.events(jobId) as RenderEvent[]).find((e) => e.type === "clips") as ClipsEvent };
}

/** What a test prints of each clip (the numbers the report quotes). */
export const clipSummary = (c: ClipsEvent["clips"][number]) => ({
  range: [c.start, c.end],
  layout: c.metadata.timeline?.layout,
  sync_ms: c.quality?.caption_sync_ms,
  offset_ms: c.quality?.caption_offset_ms,
  subject: c.quality?.subject_in_frame,
  empty: c.quality?.empty_frames,
  flags: c.quality?.flags.map((f) => f.name),
  fixes: c.quality?.fixes.map((f) => f.action),
});
