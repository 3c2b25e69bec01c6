// End to end, offline: an English clip (flite speech over a test pattern) re-rendered with `dub`
// through runRerender, apertium + espeak-ng, and real ffmpeg. The Worker side is a recording double.
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallbackClient } from "../../src/runtime/callback-client.js";
import { parseSrt, type DubLanguage } from "@katto/protocol";
import type { RerenderJob } from "../../src/runtime/protocol.js";
import { runRerender } from "../../src/work/rerender.js";
import { createDub } from "../../src/work/dub.js";
import { dubMixArgs } from "../../src/captions/dub-plan.js";
import { loadConfig } from "../../src/runtime/config.js";
import { ffmpeg, tmpDir } from "../helpers/media.js";
import { fastHdEncoder } from "../helpers/encoder.js";

const PHRASES = [
  { text: "The economy is getting stronger every day.", at: 0.3 },
  { text: "We have created millions of new jobs.", at: 3.0 },
];
const CLIP_S = 5.5;
/** the gap recording's length (gapSource) */
let gapS = 0;
let gapWords: { word: string; start: number; end: number }[] = [];

let dir: string;
let server: Server;
let sourceUrl: string;
let words: { word: string; start: number; end: number }[] = [];

const wavSeconds = (f: string) => Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", f]).toString());

beforeAll(() => {
  dir = tmpDir("katto-dub-");
  // speech: each phrase spoken by flite at a known time; words spread evenly over it
  PHRASES.forEach((p, i) => {
    const wav = path.join(dir, `p${i}.wav`);
    execFileSync("flite", ["-voice", "slt", "-t", p.text, "-o", wav]);
    const d = wavSeconds(wav);
    const ws = p.text.split(" ");
    ws.forEach((w, k) => words.push({ word: w, start: +(p.at + (d * k) / ws.length).toFixed(3), end: +(p.at + (d * (k + 1)) / ws.length).toFixed(3) }));
  });
  const src = path.join(dir, "source.mp4");
  ffmpeg([
    "-f", "lavfi", "-i", `testsrc2=s=640x360:r=25:d=${CLIP_S}`,
    "-i", path.join(dir, "p0.wav"), "-i", path.join(dir, "p1.wav"),
    "-filter_complex", `[1:a]adelay=300|300[a1];[2:a]adelay=3000|3000[a2];[a1][a2]amix=inputs=2:normalize=0,apad,atrim=end=${CLIP_S}[a]`,
    "-map", "0:v", "-map", "[a]", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-t", String(CLIP_S), src,
  ]);
  gapSource();
  server = createServer((req, res) => {
    const body = readFileSync(req.url === "/gap.mp4" ? path.join(dir, "gap.mp4") : src);
    res.writeHead(200, { "content-type": "video/mp4", "content-length": body.length }).end(body);
  });
  return new Promise<void>((r) => server.listen(0, "127.0.0.1", () => {
    sourceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/source.mp4`;
    r();
  }));
});

/**
 * A recording whose audio has a timestamp gap (two parts joined with `-c copy`, the first's audio
 * 0.5 s shorter than its picture, issue 33 case 9) and a long pause: phrase 0 at 0.3 s (spoken fast,
 * to 2.0 s), the gap at 2.9-3.4 s, phrase 1 at 4.6 s, then phrase 0 again after a 0.5-s pause (kept:
 * a caption phrase whose onset can be heard after the cut); its words on the source's clock.
 */
function gapSource() {
  const part = (name: string, speech: [string, number][], videoS: number, audioS: number) => {
    const mix = speech.map(([, at], i) => `[${i + 1}:a]adelay=${Math.round(at * 1000)}|${Math.round(at * 1000)}[s${i}]`).join(";");
    ffmpeg([
      "-f", "lavfi", "-i", `testsrc2=s=640x360:r=25:d=${videoS}`, ...speech.flatMap(([wav]) => ["-i", path.join(dir, wav)]),
      "-filter_complex", `${mix};${speech.map((_, i) => `[s${i}]`).join("")}amix=inputs=${speech.length}:normalize=0,apad,atrim=end=${audioS}[a]`,
      "-map", "0:v", "-map", "[a]", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-t", String(videoS), path.join(dir, name),
    ]);
  };
  // the first phrase spoken fast (1.7 s), so its Spanish dub runs over the pause the cut takes
  execFileSync("flite", ["-voice", "slt", "--setf", "duration_stretch=0.65", "-t", PHRASES[0]!.text, "-o", path.join(dir, "g0.wav")]);
  const fast = wavSeconds(path.join(dir, "g0.wav"));
  const [d0, d1] = [wavSeconds(path.join(dir, "p0.wav")), wavSeconds(path.join(dir, "p1.wav"))];
  const third = +(4.6 + d1 + 0.5).toFixed(3);
  gapS = +(third + d0 + 0.3).toFixed(3);
  part("gap-1.mp4", [["g0.wav", 0.3]], 3.4, 2.9);
  part("gap-2.mp4", [["p1.wav", 1.2], ["p0.wav", third - 3.4]], gapS - 3.4, gapS - 3.4);
  const list = path.join(dir, "gap.txt");
  writeFileSync(list, "file 'gap-1.mp4'\nfile 'gap-2.mp4'\n");
  ffmpeg(["-f", "concat", "-safe", "0", "-i", list, "-c", "copy", path.join(dir, "gap.mp4")]);
  const timed = (text: string, at: number, d: number) => text.split(" ").map((word, k, ws) => ({ word, start: +(at + (d * k) / ws.length).toFixed(3), end: +(at + (d * (k + 1)) / ws.length).toFixed(3) }));
  gapWords = [...timed(PHRASES[0]!.text, 0.3, fast), ...timed(PHRASES[1]!.text, 4.6, d1), ...timed(PHRASES[0]!.text, third, d0)];
}

afterAll(() => new Promise<void>((r) => server.close(() => r())));

function job(dub: DubLanguage[], id: string): RerenderJob {
  return {
    rerender_id: id,
    job_id: "job-dub",
    clip_index: 0,
    source: { url: sourceUrl, kind: "url" },
    clip: { start: 0, end: CLIP_S, metadata: { layout: "wide", caption_style: "karaoke", words } },
    params: { dub },
    aspect: "9:16",
    brand_kit: null,
    callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" },
  };
}

/** The Worker's side: records events, keeps uploaded files. */
function recorder(outDir: string) {
  const events: { type: string; [k: string]: unknown }[] = [];
  const files = new Map<string, string>();
  const client: CallbackClient = {
    event: async (e) => void events.push(e as never),
    putFile: async (name, p) => {
      const dest = path.join(outDir, `${events.length}-${name}`);
      copyFileSync(p, dest);
      files.set(name, dest);
      return {};
    },
  };
  return { client, events, files };
}

function audioStreams(file: string) {
  const j = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", file]).toString());
  return { streams: (j.streams as { codec_type: string; codec_name: string; sample_rate: string; channels: number; duration: string; tags?: { language?: string }; disposition?: { default: number } }[]).filter((s) => s.codec_type === "audio"), duration: Number(j.format.duration) };
}

/** mean volume (dB) of audio stream n */
function meanVolume(file: string, n: number): number {
  const err = execFileSync("sh", ["-c", `ffmpeg -hide_banner -nostats -i "${file}" -map 0:a:${n} -af volumedetect -f null - 2>&1`]).toString();
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(err)![1]);
}

describe("dubbed re-render (offline engines)", () => {
  const dub = createDub(loadConfig({}).dub);

  it("dubs English into Spanish: one spa track with speech over the clip, Spanish captions", async () => {
    const r = recorder(dir);
    const out = await runRerender({ job: job(["es"], "rr_dub_es"), signal: AbortSignal.timeout(60_000), client: r.client, dub, workRoot: dir, encoder: fastHdEncoder });
    expect(out, JSON.stringify(r.events)).toEqual({ status: "completed" });
    // the new version measured itself (docs/clip-quality.md): the dubbed audio, against the dubbed captions
    const done = (r.events as { type: string; quality?: { audio: { lufs: number | null }; speech_share: number } }[]).find((e) => e.type === "completed")!;
    expect(done.quality!.audio.lufs).not.toBeNull();
    expect(done.quality!.speech_share).toBeGreaterThan(0);
    const mp4 = r.files.get("clip-0.mp4")!;
    const a = audioStreams(mp4);
    expect(a.streams).toHaveLength(1);
    expect(a.streams[0]).toMatchObject({ codec_name: "aac", sample_rate: "48000", channels: 2, tags: { language: "spa" }, disposition: { default: 1 } });
    expect(Math.abs(Number(a.streams[0]!.duration) - CLIP_S)).toBeLessThan(0.15);
    expect(meanVolume(mp4, 0)).toBeGreaterThan(-40);
    const srt = readFileSync(r.files.get("clip-0.srt")!, "utf8");
    expect(srt).toMatch(/economía/);
    expect(srt).toMatch(/millones/);
    expect(srt).not.toMatch(/economy|millions/);
  });

  it("dubs into Spanish and French: two tagged tracks in one MP4, captions in the first language", async () => {
    const r = recorder(dir);
    const out = await runRerender({ job: job(["es", "fr"], "rr_dub_esfr"), signal: AbortSignal.timeout(60_000), client: r.client, dub, workRoot: dir, encoder: fastHdEncoder });
    expect(out, JSON.stringify(r.events)).toEqual({ status: "completed" });
    const mp4 = r.files.get("clip-0.mp4")!;
    const a = audioStreams(mp4);
    expect(a.streams.map((s) => s.tags?.language)).toEqual(["spa", "fra"]);
    expect(a.streams.map((s) => s.disposition?.default)).toEqual([1, 0]);
    expect(meanVolume(mp4, 1)).toBeGreaterThan(-40);
    expect(readFileSync(r.files.get("clip-0.srt")!, "utf8")).toMatch(/millones/);
  });

  it("dubs a clip whose silence is cut, from a recording with an audio timestamp gap: the voice and the original under it on the cut clip, the captions in sync with the voice measured from the file", async () => {
    const r = recorder(dir);
    const gap: RerenderJob = { ...job(["es"], "rr_dub_cut"), source: { url: sourceUrl.replace("source.mp4", "gap.mp4"), kind: "url" }, clip: { start: 0, end: gapS, metadata: { layout: "wide", caption_style: "karaoke", words: gapWords } }, params: { dub: ["es"], style: { remove_silences: true } } };
    const out = await runRerender({ job: gap, signal: AbortSignal.timeout(90_000), client: r.client, dub, workRoot: dir, encoder: fastHdEncoder });
    expect(out, JSON.stringify(r.events)).toEqual({ status: "completed" });
    const done = r.events.find((e) => e.type === "completed") as unknown as { timeline: { duration: number; cuts: { source_start: number; source_end: number }[] } };
    // the pause between the phrases was cut, and the dubbed track is as long as the cut clip
    const cut = done.timeline.cuts.reduce((s, c) => s + (c.source_end - c.source_start), 0);
    expect(done.timeline.cuts.some((c) => c.source_start < 4.5 && c.source_end > 3.4), JSON.stringify(done.timeline)).toBe(true);
    const mp4 = r.files.get("clip-0.mp4")!;
    const a = audioStreams(mp4);
    expect(Math.abs(Number(a.streams[0]!.duration) - (gapS - cut))).toBeLessThan(0.15);
    // caption phrases against the speech heard in the file (its onsets after a quiet, 16 dB under the -14 LUFS target)
    const err = execFileSync("sh", ["-c", `ffmpeg -hide_banner -nostats -i "${mp4}" -map 0:a:0 -af silencedetect=noise=-30dB:d=0.12 -f null - 2>&1`]).toString();
    const onsets = [...err.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
    const cues = parseSrt(readFileSync(r.files.get("clip-0.srt")!, "utf8"));
    // the first phrase's dub runs longer than its English: voiced on the cut clip, none of it falls in the cut, so every word is shown
    const shown = cues.map((c) => c.text).join(" ");
    expect(shown).toMatch(/economía .*días\. Tenemos .*nuevos\. La economía .*días\.$/s);
    // (a cue is held until the next one starts, so every cue start is a phrase's; one with no onset within 0.6 s starts inside running speech)
    const diffs = cues.flatMap((c) => {
      const near = onsets.reduce((b, o) => (Math.abs(o - c.start) < Math.abs(b - c.start) ? o : b), Infinity);
      return Math.abs(near - c.start) <= 0.6 ? [Math.round((c.start - near) * 1000)] : [];
    });
    expect(diffs.length, JSON.stringify({ cues, onsets })).toBeGreaterThanOrEqual(2);
    for (const d of diffs) expect(Math.abs(d), JSON.stringify({ diffs, cues, onsets })).toBeLessThanOrEqual(150);
  });

  it("keeps the original under the voice on the source's clock across an audio timestamp gap", () => {
    // the gap recording's own sound under a dub: its second phrase as far after the first as the
    // source has it (4.6 - 0.3 s; flite's own lead moves both alike), not about 0.4 s early as when
    // the gap is closed up (the 354 ms the combination matrix measured)
    const out = path.join(dir, "bed.wav");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...dubMixArgs({ phrases: [], clipS: gapS, output: out, original: { path: path.join(dir, "gap.mp4"), start: 0, gainDb: 0 } })]);
    const err = execFileSync("sh", ["-c", `ffmpeg -hide_banner -nostats -i "${out}" -af silencedetect=noise=-35dB:d=0.3 -f null - 2>&1`]).toString();
    const onsets = [...err.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(onsets.length, JSON.stringify(onsets)).toBeGreaterThanOrEqual(2);
    expect(Math.abs(onsets[1]! - onsets[0]! - (4.6 - 0.3)), JSON.stringify(onsets)).toBeLessThan(0.1);
  });

  it("a language with no offline engine fails with a clear message", async () => {
    const r = recorder(dir);
    const out = await runRerender({ job: job(["es", "hi"], "rr_dub_hi"), signal: AbortSignal.timeout(30_000), client: r.client, dub, workRoot: dir, encoder: fastHdEncoder });
    expect(out).toMatchObject({ status: "failed", error: expect.stringMatching(/Hindi \(hi\).*Workers AI/) });
    expect(r.events.at(-1)).toMatchObject({ type: "failed", error: expect.stringMatching(/Hindi/) });
  });
});
