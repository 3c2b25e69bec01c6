// Issue 22 on the render backend, with real ffmpeg: a re-render task that carries the transcript's
// corrected words burns the corrected word into the picture and writes it in the SRT; a trim task
// (clip.start/end moved, metadata_start the old start) renders exactly the new range with the
// captions of that range. Source: flite speech over a plain picture (so OCR reads the captions); the Worker is a recording double.
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallbackClient } from "../../src/runtime/callback-client.js";
import type { RerenderJob } from "../../src/runtime/protocol.js";
import { runRerender } from "../../src/work/rerender.js";
import { moveStoredClip, readStoredClip } from "../../src/delivery/stored-clip.js";
import { shiftPath } from "../../src/framing/crop-path.js";
import { ffmpeg, tmpDir } from "../helpers/media.js";
import { fastHdEncoder } from "../helpers/encoder.js";
import { ClipTimelineSchema } from "@katto/protocol";

const PHRASES = [
  { text: "The quick brown fox jumps over the lazy dog.", at: 0.3 },
  { text: "We have created millions of new jobs.", at: 3.4 },
];
const SOURCE_S = 6.5;

let dir: string;
let server: Server;
let sourceUrl: string;
const words: { word: string; start: number; end: number }[] = [];

const seconds = (f: string) => Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", f]).toString());

beforeAll(() => {
  dir = tmpDir("katto-trim-");
  PHRASES.forEach((p, i) => {
    const wav = path.join(dir, `p${i}.wav`);
    execFileSync("flite", ["-voice", "slt", "-t", p.text, "-o", wav]);
    const d = seconds(wav);
    const ws = p.text.split(" ");
    ws.forEach((w, k) => words.push({ word: w, start: +(p.at + (d * k) / ws.length).toFixed(3), end: +(p.at + (d * (k + 1)) / ws.length).toFixed(3) }));
  });
  const src = path.join(dir, "source.mp4");
  ffmpeg([
    "-f", "lavfi", "-i", `color=c=0x204060:s=640x360:r=25:d=${SOURCE_S}`,
    "-i", path.join(dir, "p0.wav"), "-i", path.join(dir, "p1.wav"),
    "-filter_complex", `[1:a]adelay=300|300[a1];[2:a]adelay=3400|3400[a2];[a1][a2]amix=inputs=2:normalize=0,apad,atrim=end=${SOURCE_S}[a]`,
    "-map", "0:v", "-map", "[a]", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-t", String(SOURCE_S), src,
  ]);
  server = createServer((_req, res) => {
    const body = readFileSync(src);
    res.writeHead(200, { "content-type": "video/mp4", "content-length": body.length }).end(body);
  });
  return new Promise<void>((r) => server.listen(0, "127.0.0.1", () => {
    sourceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/source.mp4`;
    r();
  }));
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The engine misheard "brown" as "brawn": the stored caption words (clip-relative) say so. */
const misheard = () => words.map((w) => ({ ...w, word: w.word === "brown" ? "brawn" : w.word }));

function job(id: string, over: Partial<RerenderJob> = {}): RerenderJob {
  return {
    rerender_id: id,
    job_id: "job-trim",
    clip_index: 0,
    source: { url: sourceUrl, kind: "url" },
    clip: { start: 0, end: SOURCE_S, metadata: { layout: "wide", caption_style: "boxed", words: misheard() } },
    params: {},
    aspect: "9:16",
    brand_kit: null,
    callback: { base_url: "http://127.0.0.1:9/internal/v1", token: "t" },
    ...over,
  };
}

function recorder(outDir: string) {
  const events: { type: string; [k: string]: unknown }[] = [];
  const files = new Map<string, string>();
  const client: CallbackClient = {
    event: async (e) => void events.push(e as never),
    putFile: async (name, p) => {
      const dest = path.join(outDir, `${events.length}-${Math.random().toString(36).slice(2)}-${name}`);
      copyFileSync(p, dest);
      files.set(name, dest);
      return {};
    },
  };
  return { client, events, files };
}

/** tesseract's reading of the frame at `t` seconds (grey, inverted: dark text on light reads best), upper-cased. */
function ocrAt(mp4: string, t: number): string {
  const png = process.env.KATTO_KEEP_FRAME ?? `${mp4}-${t}.png`;
  ffmpeg(["-ss", String(t), "-i", mp4, "-frames:v", "1", "-vf", "format=gray,negate", png]);
  return execFileSync("tesseract", [png, "-", "--psm", "11"], { stdio: ["ignore", "pipe", "ignore"] }).toString().toUpperCase();
}

describe("re-render with corrected words and moved cuts (issue 22)", () => {
  it("burns the corrected word into the picture and the SRT; without the transcript's words the stored (misheard) one stays", async () => {
    const corrected = words.map((w) => ({ ...w, word: w.word === "brown" ? "purple" : w.word }));
    const brown = words.find((w) => w.word === "brown")!;
    const fixed = recorder(dir);
    const out = await runRerender({ job: job("rr_fixed", { words: corrected }), signal: AbortSignal.timeout(60_000), client: fixed.client, workRoot: dir, encoder: fastHdEncoder });
    expect(out, JSON.stringify(fixed.events)).toEqual({ status: "completed" });
    const srt = readFileSync(fixed.files.get("clip-0.srt")!, "utf8");
    expect(srt).toMatch(/purple/);
    expect(srt).not.toMatch(/brawn/);
    expect(ocrAt(fixed.files.get("clip-0.mp4")!, (brown.start + brown.end) / 2)).toMatch(/PURPLE/);

    const stale = recorder(dir);
    expect(await runRerender({ job: job("rr_stale"), signal: AbortSignal.timeout(60_000), client: stale.client, workRoot: dir, encoder: fastHdEncoder })).toEqual({ status: "completed" });
    expect(readFileSync(stale.files.get("clip-0.srt")!, "utf8")).toMatch(/brawn/);
    expect(ocrAt(stale.files.get("clip-0.mp4")!, (brown.start + brown.end) / 2)).not.toMatch(/PURPLE/);
  });

  it("a trim renders the new range: its duration, and captions from that range re-timed to its start", async () => {
    const r = recorder(dir);
    // the pause between the phrases, as the Worker snaps a trim
    const dog = words.find((w) => w.word === "dog.")!;
    const we = words.find((w) => w.word === "We")!;
    const start = +((dog.end + we.start) / 2).toFixed(3);
    const end = 6.4;
    const out = await runRerender({
      job: job("rr_trim", { clip: { start, end, metadata: { layout: "wide", caption_style: "boxed", words: misheard() } }, metadata_start: 0, words: words.filter((w) => w.end > start && w.start < end) }),
      signal: AbortSignal.timeout(60_000),
      client: r.client,
      workRoot: dir,
      encoder: fastHdEncoder,
    });
    expect(out, JSON.stringify(r.events)).toEqual({ status: "completed" });
    const mp4 = r.files.get("clip-0.mp4")!;
    expect(Math.abs(seconds(mp4) - (end - start))).toBeLessThan(0.1);
    expect(r.events.at(-1)).toMatchObject({ type: "completed", duration: end - start });
    const srt = readFileSync(r.files.get("clip-0.srt")!, "utf8");
    expect(srt).toMatch(/millions/);
    expect(srt).not.toMatch(/fox|dog/);
    // the first caption starts when "We" is spoken, re-timed to the trimmed clip's start
    const first = /(\d\d):(\d\d):(\d\d),(\d\d\d) -->/.exec(srt)!;
    expect(Math.abs(Number(first[3]) + Number(first[4]) / 1000 - (we.start - start))).toBeLessThan(0.05);
    // the version's clip timeline (issue 33): the trimmed range, its words and the SRT's pages on the clip's own timeline
    const tl = ClipTimelineSchema.parse(r.events.at(-1)!.timeline);
    expect([tl.source.start, tl.source.end]).toEqual([start, end]);
    expect(tl.duration).toBeCloseTo(end - start, 3);
    expect(tl.words[0]!.word).toBe("We");
    expect(tl.words[0]!.start).toBeCloseTo(we.start - start, 2);
    expect(tl.captions[0]!.start).toBeCloseTo(Number(first[3]) + Number(first[4]) / 1000, 3);
  });
});

describe("moving a stored clip onto another range (a trim)", () => {
  it("moves crop path keyframes, face boxes and caption words, holding the path's value at the new start; leaves cuts, cutaways, translation and edges to be made anew", () => {
    expect(shiftPath([{ t: 0, x: 100 }, { t: 4, x: 300 }, { t: 8, x: 300 }], 2)).toEqual([{ t: 0, x: 200 }, { t: 2, x: 300 }, { t: 6, x: 300 }]);
    expect(shiftPath([{ t: 0, x: 100 }, { t: 4, x: 300 }], -1)).toEqual([{ t: 1, x: 100 }, { t: 5, x: 300 }]);
    const stored = readStoredClip({
      layout: "face_tracking",
      crop_path: [{ t: 0, x: 100 }, { t: 4, x: 300 }],
      words: [{ word: "a", start: 0.5, end: 1 }, { word: "b", start: 2.5, end: 3 }],
      face_boxes: [{ t: 1, x: 0, y: 0, w: 10, h: 10 }, { t: 3, x: 5, y: 0, w: 10, h: 10 }],
      source_range: { start: 10, end: 16 },
      edits: { cuts: [{ source_start: 11.5, source_end: 12, reason: "silence" }] },
      quality_edges: { starts_on_sentence: false, ends_on_sentence: true, cut_word: false },
      quality_fixes: [{ flag: "cuts_mid_sentence", action: "moved" }, { flag: "subject_out_of_frame", action: "re-framed" }],
    });
    expect(stored.cuts).toEqual([{ start: 1.5, end: 2, reason: "silence" }]);
    // the clip now starts 2 s later in the source (12 instead of 10) and ends at 15
    const moved = moveStoredClip(stored, 10, 12, 15);
    expect(moved.cropPath).toEqual([{ t: 0, x: 200 }, { t: 2, x: 300 }]);
    expect(moved.words).toEqual([{ text: "b", start: 0.5, end: 1 }]);
    expect(moved.faceBoxes).toEqual([{ t: 1, x: 5, y: 0, w: 10, h: 10 }]);
    expect(moved).toMatchObject({ cuts: null, broll: null, captionsTranslated: null, qualityEdges: null, sourceStart: 12 });
    expect(moved.qualityFixes.map((f) => f.flag)).toEqual(["subject_out_of_frame"]);
  });
});
