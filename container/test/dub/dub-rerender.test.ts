// End to end, offline: an English clip (flite speech over a test pattern) re-rendered with `dub`
// through runRerender, apertium + espeak-ng, and real ffmpeg. The Worker side is a recording double.
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallbackClient } from "../../src/runtime/callback-client.js";
import type { DubLanguage } from "@katto/protocol";
import type { RerenderJob } from "../../src/runtime/protocol.js";
import { runRerender } from "../../src/work/rerender.js";
import { createDub } from "../../src/work/dub.js";
import { loadConfig } from "../../src/runtime/config.js";
import { ffmpeg, tmpDir } from "../helpers/media.js";
import { fastHdEncoder } from "../helpers/encoder.js";

const PHRASES = [
  { text: "The economy is getting stronger every day.", at: 0.3 },
  { text: "We have created millions of new jobs.", at: 3.0 },
];
const CLIP_S = 5.5;

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
  server = createServer((req, res) => {
    const body = readFileSync(src);
    res.writeHead(200, { "content-type": "video/mp4", "content-length": body.length }).end(body);
  });
  return new Promise<void>((r) => server.listen(0, "127.0.0.1", () => {
    sourceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/source.mp4`;
    r();
  }));
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

function job(dub: DubLanguage[], id: string): RerenderJob {
  return {
    rerender_id: id,
    job_id: "job-dub",
    clip_index: 0,
    source: { url: sourceUrl, kind: "url" },
    clip: { start: 0, end: CLIP_S, metadata: { layout: "wide", caption_style: "karaoke", words } },
    params: { dub },
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

  it("a language with no offline engine fails with a clear message", async () => {
    const r = recorder(dir);
    const out = await runRerender({ job: job(["es", "hi"], "rr_dub_hi"), signal: AbortSignal.timeout(30_000), client: r.client, dub, workRoot: dir, encoder: fastHdEncoder });
    expect(out).toMatchObject({ status: "failed", error: expect.stringMatching(/Hindi \(hi\).*Workers AI/) });
    expect(r.events.at(-1)).toMatchObject({ type: "failed", error: expect.stringMatching(/Hindi/) });
  });
});
