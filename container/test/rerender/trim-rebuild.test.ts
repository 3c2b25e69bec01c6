// Issue 33 cases 2 and 6 on real speech, with real ffmpeg. Source: three LibriVox sentences of
// "Sense and Sensibility" from ../shared/media, each followed by 1.6 s of generated silence, over a
// still photo. The stored clip is the whole source as a first render with `remove_silences` and
// B-roll from the library plans it (its cuts found on its audio, its cutaways on its words).
//  - case 2: a trim to an inner range rebuilds the clip for that range: the rendered file holds no
//    pause over 0.7 s, keeps every word of the range, lists only the cuts made inside it, and
//    places its cutaway on its own timeline; its edges are measured again.
//  - case 6: `{"captions": "refresh"}` on a clip with caption_language translates the corrected
//    words (apertium, the offline engine), not the stored translation of the misheard ones.
import { CLIP_FRAMES } from "@katto/protocol";
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrollAsset, ClipEdits, ClipQuality } from "@katto/protocol";
import { assetFiles, brollSource, clipCutaways } from "../../src/broll/assets.js";
import { translateCaptions } from "../../src/captions/translate.js";
import { clipReport, planClip, planEdit } from "../../src/editing/clip-plan.js";
import { loadConfig } from "../../src/runtime/config.js";
import { clipCuts, gridFps } from "../../src/editing/clip-edit.js";
import { mapWords } from "../../src/editing/timeline.js";
import { createTranslator } from "../../src/engines/translate/index.js";
import type { RerenderJob } from "../../src/runtime/protocol.js";
import { SILENCE_NOISE_DB } from "../../src/quality/measure-clip.js";
import { runRerender } from "../../src/work/rerender.js";
import { probe } from "../../src/analysis/probe.js";
import type { ProbeResult, ScoredMoment, Transcript } from "../../src/runtime/types.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { ffmpeg, media, parseSrt, rgbFrame, tmpDir } from "../helpers/media.js";
import { serveDir } from "../helpers/static-server.js";
import { callbackRecorder } from "../helpers/callback-recorder.js";

const LIBRIVOX = "speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb";
const UTTERANCES = ["0870", "0880", "0890"];
const PAUSE_S = 1.6;
const signal = new AbortController().signal;
const dir = tmpDir("katto-trim-rebuild-");

const seconds = (f: string) => Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", f]).toString());

/** Each utterance's words (pocketsphinx alignment from the corpus), placed where it starts in the source. */
function placedWords(u: string, at: number) {
  const j = JSON.parse(readFileSync(media(`${LIBRIVOX}-${u}.pocketsphinx_words.json`), "utf8")) as { w: { b: number; d: number; t: string }[] };
  return j.w.filter((w) => !w.t.startsWith("<") && !w.t.startsWith("[")).map((w) => ({ word: w.t.replace(/\(\d+\)$/, ""), start: +(at + w.b).toFixed(3), end: +(at + w.b + w.d).toFixed(3) }));
}

let sourcePath: string;
let sourceUrl: string;
let info: ProbeResult;
let close: () => Promise<void>;
/** where each sentence starts in the source, and its words */
const sentences: { at: number; end: number; words: { word: string; start: number; end: number }[] }[] = [];
let words: { word: string; start: number; end: number }[];
let library: BrollAsset[];

const recorder = () => callbackRecorder(dir);

/** The stored metadata of a first render of [start, end] with `style`, planned as the job's previews plan it (job-delivery.ts). */
async function firstRender(start: number, end: number, style: Record<string, unknown>, o: { translated?: boolean; misheard?: (w: string) => string } = {}) {
  const moment = { start, end, text: "", score: 80, title: "Mister John Dashwood", subscores: { hook: 80, flow: 80, value: 80, trend: 80 }, justification: "test" } as ScoredMoment;
  const heard = words.map((w) => ({ ...w, word: o.misheard ? o.misheard(w.word) : w.word }));
  const transcript: Transcript = { lang: "en", segments: [], words: heard, engine: "test" };
  const p = planClip(moment, 0, info, transcript, { aspect: "9:16",  style, layout: "wide" });
  p.cuts = await clipCuts({ source: sourcePath, start: p.start, end: p.end, hasAudio: true, words: p.words, style, fps: gridFps(info.video?.fps), signal });
  const e = planEdit(p, info);
  const broll = brollSource(style, { library, stock: null }, assetFiles(dir), { frame: CLIP_FRAMES.hd });
  p.broll = (await clipCutaways(mapWords(p.words, e.keep), e.durationS, broll, signal)).drawn;
  if (o.translated) p.translated = await translateCaptions({ words: p.words, to: "es", translator, signal });
  return clipReport(p, info, "test").metadata;
}

const translator = createTranslator(loadConfig({}).dub.translator);

beforeAll(async () => {
  let at = 0;
  const inputs: string[] = [];
  for (const u of UTTERANCES) {
    const wav = media(`${LIBRIVOX}-${u}.wav`);
    const d = seconds(wav);
    sentences.push({ at, end: at + d, words: placedWords(u, at) });
    inputs.push("-i", wav);
    at += d + PAUSE_S;
  }
  words = sentences.flatMap((s) => s.words);
  sourcePath = path.join(dir, "source.mp4");
  const pads = UTTERANCES.map((_, i) => `[${i + 1}:a]aresample=48000,apad=pad_dur=${PAUSE_S}[a${i}]`).join(";");
  ffmpeg([
    "-loop", "1", "-framerate", "25", "-i", media("photos/grace_hopper.jpg"), ...inputs,
    "-filter_complex", `[0:v]scale=640:360:force_original_aspect_ratio=increase,crop=640:360,format=yuv420p[v];${pads};${UTTERANCES.map((_, i) => `[a${i}]`).join("")}concat=n=${UTTERANCES.length}:v=0:a=1[a]`,
    "-map", "[v]", "-map", "[a]", "-t", at.toFixed(3), "-c:v", "libx264", "-preset", "ultrafast", "-tune", "stillimage", "-c:a", "aac", sourcePath,
  ]);
  info = await probe(sourcePath, { signal });
  // a library still the words "selfish" call for (sentence 0890)
  ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF00FF:s=800x600", "-frames:v", "1", path.join(dir, "magenta.png")]);
  const server = await serveDir(dir);
  close = server.close;
  sourceUrl = `${server.url}/source.mp4`;
  library = [{ id: "magenta", kind: "image", url: `${server.url}/magenta.png`, keywords: ["selfish"] }];
}, 120_000);

afterAll(() => close?.());

function task(id: string, clip: RerenderJob["clip"], over: Partial<RerenderJob> = {}): RerenderJob {
  return { rerender_id: id, job_id: "job-trim-rebuild", clip_index: 0, source: { url: sourceUrl, kind: "url" }, clip, params: {}, aspect: "9:16", brand_kit: null, callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" }, ...over };
}

/** The pauses ffmpeg hears in a rendered file: silencedetect at the quality measure's threshold, 0.7 s or longer. */
function pauses(file: string): { start: number; end: number }[] {
  const err = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-af", `silencedetect=noise=${SILENCE_NOISE_DB}dB:d=0.7`, "-f", "null", "-"], { encoding: "utf8" }).stderr;
  const starts = [...err.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...err.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((s, i) => ({ start: s, end: ends[i] ?? seconds(file) }));
}

describe("a trim of a clip with silences removed and B-roll (issue 33 case 2)", () => {
  // from the pause after the first sentence to the pause after the third
  let start: number;
  let end: number;
  let r: ReturnType<typeof recorder>;
  let completed: { duration: number; edits: ClipEdits; quality?: ClipQuality };
  beforeAll(async () => {
    const total = info.duration;
    const metadata = await firstRender(0, total, { remove_silences: true, broll: "library" });
    // the first render cut every pause between sentences
    expect((metadata.edits?.cuts ?? []).length).toBeGreaterThanOrEqual(2);
    start = +(sentences[1]!.at - 0.5).toFixed(3);
    end = +(sentences[2]!.end + 0.6).toFixed(3);
    r = recorder();
    const out = await runRerender({
      job: task("rr_trim_cuts", { start, end, metadata }, { params: {}, metadata_start: 0, words: words.filter((w) => w.end > start - 5 && w.start < end + 5), broll: { library, stock: null } }),
      signal,
      client: r.client,
      workRoot: dir,
      encoder: fastHdEncoder,
    });
    expect(out, JSON.stringify(r.events)).toEqual({ status: "completed" });
    completed = r.events.at(-1) as never;
  }, 240_000);

  it("holds no pause over 0.7 s, and lists only the cuts it made, all inside the new range", () => {
    const mp4 = r.files.get("clip-0.mp4")!;
    expect(pauses(mp4)).toEqual([]);
    const cuts = completed.edits.cuts;
    expect(cuts.length).toBeGreaterThanOrEqual(2);
    for (const c of cuts) {
      expect(c.source_start).toBeGreaterThanOrEqual(start - 0.001);
      expect(c.source_end).toBeLessThanOrEqual(end + 0.001);
    }
    // the long pause between the two sentences is one of them
    const gap = { start: sentences[1]!.words.at(-1)!.end, end: sentences[2]!.words[0]!.start };
    expect(cuts.some((c) => c.source_start >= gap.start - 0.3 && c.source_end <= gap.end + 0.3 && c.source_end - c.source_start > 1)).toBe(true);
  });

  it("is as long as the range less its cuts, and keeps every word of the range", () => {
    const mp4 = r.files.get("clip-0.mp4")!;
    const cut = completed.edits.cuts.reduce((s, c) => s + (c.source_end - c.source_start), 0);
    expect(Math.abs(seconds(mp4) - completed.duration)).toBeLessThan(0.1);
    expect(Math.abs(completed.duration - (end - start - cut))).toBeLessThan(0.1);
    // no speech went: the two sentences' spoken time fits, and both pauses (1.6 s and more) went
    const spoken = sentences.slice(1, 3).reduce((s, x) => s + (x.words.at(-1)!.end - x.words[0]!.start), 0);
    expect(completed.duration).toBeGreaterThan(spoken - 0.1);
    expect(completed.duration).toBeLessThan(end - start - 1.5);
    const srt = parseSrt(readFileSync(r.files.get("clip-0.srt")!, "utf8"));
    const shown = srt.flatMap((c) => c.lines.join(" ").toLowerCase().split(/\s+/)).filter(Boolean);
    const inRange = words.filter((w) => w.start >= start && w.end <= end).map((w) => w.word.toLowerCase());
    expect(shown).toEqual(inRange);
    expect(srt.at(-1)!.end).toBeLessThanOrEqual(completed.duration + 0.05);
  });

  it("places its cutaway on its own timeline, where 'selfish' is heard, and draws it", () => {
    const broll = completed.edits.broll;
    expect(broll).toHaveLength(1);
    const selfish = words.find((w) => w.word === "selfish")!;
    const cutBefore = completed.edits.cuts.filter((c) => c.source_end <= selfish.start).reduce((s, c) => s + (c.source_end - c.source_start), 0);
    expect(Math.abs(broll[0]!.start - (selfish.start - start - cutBefore))).toBeLessThan(0.05);
    const px = rgbFrame(r.files.get("clip-0.mp4")!, (broll[0]!.start + broll[0]!.end) / 2, 54, 96);
    // the middle of the frame is the magenta still
    const i = (48 * 54 + 27) * 3;
    expect(px[i]!).toBeGreaterThan(200);
    expect(px[i + 1]!).toBeLessThan(60);
    expect(px[i + 2]!).toBeGreaterThan(200);
  });

  it("measures its own edges: it starts and ends on a sentence", () => {
    expect(completed.quality).toBeDefined();
    expect(completed.quality).toMatchObject({ starts_on_sentence: true, ends_on_sentence: true, cut_word: false });
  });
});

describe('captions refresh with caption_language (issue 33 case 6)', () => {
  it("translates the corrected words, not the stored translation of the misheard ones", async () => {
    // the second sentence alone: "he was not an ill disposed young man", "man" misheard as "moon"
    const s = sentences[1]!;
    const start = +(s.at - 0.3).toFixed(3);
    const end = +(s.end + 0.3).toFixed(3);
    const misheard = (w: string) => (w === "man" ? "moon" : w);
    const metadata = await firstRender(start, end, { caption_language: "es" }, { translated: true, misheard });
    const stored = (metadata.captions_translated?.words ?? []).map((w) => w.word.toLowerCase()).join(" ");
    expect(stored).toMatch(/luna/);
    const r = recorder();
    const out = await runRerender({ job: task("rr_refresh_es", { start, end, metadata }, { words: words.filter((w) => w.end > start && w.start < end) }), signal, client: r.client, workRoot: dir, encoder: fastHdEncoder, translator });
    expect(out, JSON.stringify(r.events)).toEqual({ status: "completed" });
    const shown = parseSrt(readFileSync(r.files.get("clip-0.srt")!, "utf8")).flatMap((c) => c.lines).join(" ").toLowerCase();
    expect(shown).toMatch(/hombre/);
    expect(shown).not.toMatch(/luna/);
    const original = readFileSync(r.files.get("clip-0-original.srt")!, "utf8").toLowerCase();
    expect(original).toMatch(/\bman\b/);
  }, 120_000);
});
