// Issue 41 item 5: one clock in the delivered file. A recording whose audio track has timestamp gaps
// (a 20-s recording whose audio is 19 s, looped twice by stream copy: 1-s gaps at 19 s and 39 s) and
// a clip by hand across the second gap (33-47 s), rendered through the real path (runManualClip:
// framing, captions, render, quality rounds). The delivered MP4's audio, decoded as any decoder does
// (the samples one after another, the timestamps not looked at), must hold the speech after the gap
// where the source plays it, so each word is heard under its caption: before the fix the gap was
// kept as a timestamp jump in the MP4 and the words after it played 0.95 s early. The HD fan-out's
// mezzanine of the same range is decoded the same way, and the quiet a clip's silence cuts are
// planned on is measured on the same clock.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClipQuality } from "@katto/protocol";
import { ENGINE_SAMPLE_RATE, readEngineSamples } from "../../src/analysis/transcribe-wav.js";
import { energyEnvelope, ENVELOPE_FRAME_S } from "../../src/engines/speech/chunks.js";
import type { AnalysisDeps } from "../../src/rendering/job-run.js";
import { detectQuiet } from "../../src/editing/quiet.js";
import { renderMezzanine } from "../../src/rendering/mezzanine.js";
import type { ScoredMoment, Word } from "../../src/runtime/types.js";
import { runManualClip } from "../../src/work/manual-clip.js";
import { callbackRecorder } from "../helpers/callback-recorder.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";
import { librivox, type Speech } from "../helpers/librivox.js";
import { serveDir } from "../helpers/static-server.js";

const dir = tmpDir("katto-audio-gap-render-");
const signal = new AbortController().signal;
/** the recording that is looped: 20 s of picture, 19 s of sound */
const PART_S = 20;
const AUDIO_S = 19;
/** the clip by hand: 13 s of the second pass's sound, its gap at 39-40 s, 7 s of the third pass's */
const RANGE = { start: 33, end: 47 };
/** where the gap starts in the clip (clip seconds), how long it is, and where the third pass starts */
const GAP_AT = PART_S + AUDIO_S - RANGE.start;
const GAP_S = PART_S - AUDIO_S;
const THIRD_AT = 2 * PART_S - RANGE.start;

/** LibriVox sentences placed in the 19-s sound (its own seconds): two after the gap in the clip, one before it. */
const PLACED: { u: string; at: number }[] = [
  { u: "0880", at: 0.4 },
  { u: "0930", at: 3.8 },
  { u: "0890", at: 7.5 },
  { u: "0920", at: 13.1 },
];

let server: Awaited<ReturnType<typeof serveDir>>;
/** the looped recording's words on its own clock (each pass's words PART_S later than the last's) */
let words: Word[] = [];

beforeAll(async () => {
  const said = PLACED.map((p) => librivox(p.u, p.at));
  const parts = said.map((s, i) => `[${i + 1}:a]atrim=${s.from.toFixed(3)}:${s.to.toFixed(3)},asetpts=PTS-STARTPTS,aresample=48000,adelay=${Math.round(s.at * 1000)}:all=1[s${i}]`);
  const mix = `${said.map((_, i) => `[s${i}]`).join("")}amix=inputs=${said.length}:normalize=0,apad,atrim=end=${AUDIO_S}[a]`;
  ffmpeg([
    "-loop", "1", "-framerate", "10", "-i", media("photos/astronaut_eileen_collins.png"),
    ...said.flatMap((s) => ["-i", s.file]),
    "-filter_complex", `[0:v]scale=640:-2,crop=640:360:0:40,format=yuv420p,trim=duration=${PART_S}[v];${parts.join(";")};${mix}`,
    "-map", "[v]", "-map", "[a]", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", path.join(dir, "part.mp4"),
  ]);
  // looped by stream copy: each pass starts PART_S after the last, its sound a second short of that
  ffmpeg(["-stream_loop", "2", "-i", path.join(dir, "part.mp4"), "-c", "copy", path.join(dir, "looped.mp4")]);
  words = [0, 1, 2].flatMap((k) => said.flatMap((s) => s.words).map((w) => ({ ...w, start: +(w.start + k * PART_S).toFixed(3), end: +(w.end + k * PART_S).toFixed(3) })));
  server = await serveDir(dir);
});
afterAll(async () => {
  await server?.close();
});

/** The first audio stream of `file` decoded as any decoder does (the samples one after another), 16 kHz mono. */
async function decoded(file: string, name: string): Promise<Int16Array> {
  const wav = path.join(dir, `${name}.wav`);
  ffmpeg(["-i", file, "-map", "0:a:0", "-ac", "1", "-ar", String(ENGINE_SAMPLE_RATE), "-c:a", "pcm_s16le", "-f", "wav", wav]);
  return readEngineSamples(wav);
}

/**
 * Where a stretch of the reference sound sits in `heard`, seconds from where it should (positive:
 * late): the lag within ±`maxS` that best lines up the level envelopes (dB, Pearson correlation) of
 * `heard` from `at` for `lengthS` and of `reference` from `refAt`. A gain (the render's loudness) does
 * not move it; speech slid by the gap does.
 */
function lagOf(heard: Int16Array, at: number, reference: Int16Array, refAt: number, lengthS: number, maxS = 1.5): number {
  const h = energyEnvelope(heard, ENGINE_SAMPLE_RATE, ENVELOPE_FRAME_S);
  const r = energyEnvelope(reference, ENGINE_SAMPLE_RATE, ENVELOPE_FRAME_S);
  const n = Math.round(lengthS / ENVELOPE_FRAME_S);
  const r0 = Math.round(refAt / ENVELOPE_FRAME_S);
  const ref = Array.from(r.slice(r0, r0 + n));
  const corr = (xs: number[], ys: number[]) => {
    const mx = xs.reduce((a, x) => a + x, 0) / xs.length;
    const my = ys.reduce((a, y) => a + y, 0) / ys.length;
    let sxy = 0, sxx = 0, syy = 0;
    xs.forEach((x, i) => {
      sxy += (x - mx) * (ys[i]! - my);
      sxx += (x - mx) ** 2;
      syy += (ys[i]! - my) ** 2;
    });
    return sxy / Math.sqrt(sxx * syy || 1);
  };
  let best = { lag: 0, c: -Infinity };
  for (let k = -Math.round(maxS / ENVELOPE_FRAME_S); k <= Math.round(maxS / ENVELOPE_FRAME_S); k++) {
    const h0 = Math.round(at / ENVELOPE_FRAME_S) + k;
    if (h0 < 0 || h0 + n > h.length) continue;
    const c = corr(Array.from(h.slice(h0, h0 + n)), ref);
    if (c > best.c) best = { lag: k * ENVELOPE_FRAME_S, c };
  }
  return best.lag;
}

const scored = (ms: Parameters<AnalysisDeps["scoreMoments"]>[0]) => ms.map((m) => ({ score: 70, subscores: { hook: 70, flow: 70, value: 70, trend: 70 }, justification: "audio gap", title: "", ...m }) as ScoredMoment);

describe("a clip spanning an audio timestamp gap keeps the source's clock in the delivered file (issue 41)", () => {
  it("the looped recording really has the gaps: its audio packets jump a second at 19 s and 39 s", () => {
    const pts = execFileSync("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", path.join(dir, "looped.mp4")], { encoding: "utf8" }).trim().split("\n").map(Number);
    const jumps = pts.slice(1).map((t, k) => ({ at: pts[k]!, by: t - pts[k]! - 1024 / 48000 })).filter((j) => j.by > 0.1);
    expect(jumps.map((j) => Math.round(j.at))).toEqual([AUDIO_S, PART_S + AUDIO_S]);
    for (const j of jumps) expect(j.by).toBeCloseTo(GAP_S, 1);
  });

  it("a clip by hand at 33-47 s: its words after the gap are heard where the source plays them, and its caption sync reads small", async () => {
    const r = callbackRecorder(dir);
    const out = await runManualClip({
      task: {
        job_id: "00000000-0000-4000-8000-00000000a41d",
        clip_index: 1,
        source: { url: `${server.url}/looped.mp4`, kind: "url" },
        range: RANGE,
        transcript: { lang: "en", words: words.filter((w) => w.end > RANGE.start - 5 && w.start < RANGE.end + 5), engine: "test" },
        config: { aspect: "9:16" },
        params: { layout_mode: "wide", title: "Across the gap" },
        callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" },
      },
      signal,
      client: r.client,
      deps: { transcribe: async () => { throw new Error("a clip by hand reads the job's transcript"); }, selectMoments: () => [], scoreMoments: scored },
      workRoot: dir,
      encoder: fastHdEncoder,
    });
    expect(out, JSON.stringify(r.events)).toEqual({ status: "completed" });
    const clip = (r.events.at(-1) as { type: "manual_clip"; clip: { file: string; start: number; end: number; quality?: ClipQuality } }).clip;
    expect([clip.start, clip.end]).toEqual([RANGE.start, RANGE.end]);
    const heard = await decoded(r.files.get(clip.file)!, "clip");
    const reference = await decoded(path.join(dir, "part.mp4"), "part");
    // before the gap: the second pass's sound from 13 s; after it: the third pass's from 0 s (7 s in the clip)
    const before = lagOf(heard, 0.5, reference, RANGE.start - PART_S + 0.5, GAP_AT - 1);
    const after = lagOf(heard, THIRD_AT + 0.2, reference, 0.2, 5);
    expect(Math.abs(before), `before the gap: ${before} s`).toBeLessThan(0.3);
    expect(Math.abs(after), `after the gap: ${after} s (closed up, the gap makes it -${GAP_S} s)`).toBeLessThan(0.3);
    // the whole range is heard: the gap is a second of silence in the samples, not closed up
    expect(Math.abs(heard.length / ENGINE_SAMPLE_RATE - (RANGE.end - RANGE.start))).toBeLessThan(0.1);
    // the clip's own measure of its captions against the speech heard in its file
    expect(clip.quality?.caption_sync_ms, JSON.stringify(clip.quality)).not.toBeNull();
    expect(clip.quality!.caption_sync_ms!).toBeLessThan(150);
  });

  it("the HD fan-out's mezzanine of the range holds the gap as silence too", async () => {
    const out = path.join(dir, "mezzanine.mp4");
    await renderMezzanine({ input: path.join(dir, "looped.mp4"), output: out, start: RANGE.start, end: RANGE.end, hasAudio: true }, { signal });
    const heard = await decoded(out, "mezzanine");
    const reference = await decoded(path.join(dir, "part.mp4"), "part-m");
    const after = lagOf(heard, THIRD_AT + 0.2, reference, 0.2, 5);
    expect(Math.abs(after), `after the gap: ${after} s`).toBeLessThan(0.3);
    expect(Math.abs(heard.length / ENGINE_SAMPLE_RATE - (RANGE.end - RANGE.start))).toBeLessThan(0.1);
  });

  it("the quiet that remove_silences cuts is found on the same clock: the pause around the gap starts where the speech before it ends", async () => {
    const { quiet } = await detectQuiet(path.join(dir, "looped.mp4"), { start: RANGE.start, duration: RANGE.end - RANGE.start }, signal);
    const spoken = words.filter((w) => w.start >= RANGE.start && w.end <= RANGE.end).map((w) => ({ start: w.start - RANGE.start, end: w.end - RANGE.start }));
    const lastBefore = spoken.filter((w) => w.end <= GAP_AT).at(-1)!;
    const firstAfter = spoken.find((w) => w.start >= THIRD_AT)!;
    const pause = quiet.find((q) => q.start <= GAP_AT && q.end >= THIRD_AT);
    // counted in samples with the gap closed up, the pause began a second late (at 6.8 s, not 5.9)
    expect(pause, JSON.stringify(quiet)).toBeDefined();
    expect(Math.abs(pause!.start - lastBefore.end), JSON.stringify({ pause, lastBefore })).toBeLessThan(0.3);
    expect(Math.abs(pause!.end - firstAfter.start), JSON.stringify({ pause, firstAfter })).toBeLessThan(0.3);
  });
});
