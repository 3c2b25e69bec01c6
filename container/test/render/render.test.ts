import { ASPECTS } from "@katto/protocol";
import { CLIP_FRAMES } from "@katto/protocol";
// Real ffmpeg renders on real and generated media, checked with ffprobe and pixels.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildAss } from "../../src/captions/ass.js";
import { resolveCaptionStyle } from "../../src/captions/styles.js";
import { liveProcessCount, ProcessError } from "../../src/ffmpeg/spawn.js";
import { probe } from "../../src/analysis/probe.js";
import { chooseLayout } from "../../src/framing/choose-layout.js";
import { renderClip } from "../../src/rendering/render.js";
import type { ProbeResult } from "../../src/runtime/types.js";
import { brightCount, ffmpeg, ffprobe, grayFrame, grayFrames, media, meanGray, tmpDir } from "../helpers/media.js";
import { words } from "../helpers/words.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-render-test-");
const OBAMA = media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4");
const ROTATED = media("video_talking/other/openmpf_new_face_video-90.mp4");
const NOAUDIO = media("video_nospeech/vtest.avi");

function writeAss(name: string, text: string, start: number, durationS: number, style = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd })!): string {
  const p = join(dir, name);
  writeFileSync(p, buildAss(words(text, start, 0.3, 0.26), style, { durationS }));
  return p;
}

function streams(file: string) {
  const info = ffprobe(file);
  return { v: info.streams.find((s) => s.codec_type === "video")!, a: info.streams.find((s) => s.codec_type === "audio")!, duration: Number(info.format.duration) };
}

describe("chooseLayout", () => {
  it("crops landscape, keeps vertical whole, honours a request", () => {
    expect(chooseLayout({ width: 1280, height: 720 }, null, false, "9:16", false)).toBe("center_crop");
    expect(chooseLayout({ width: 1280, height: 720 }, null, true, "9:16", false)).toBe("face_tracking");
    expect(chooseLayout({ width: 1080, height: 1920 }, null, false, "9:16", false)).toBe("passthrough");
    expect(chooseLayout({ width: 1080, height: 1920 }, "center_crop", false, "9:16", false)).toBe("passthrough");
    expect(chooseLayout({ width: 1280, height: 720 }, "wide", false, "9:16", false)).toBe("wide");
  });

  it("frames a picture inside the source's own bars in every shape: never kept whole with black padding (issue 41)", () => {
    // a 4:3 picture pillarboxed in 16:9 (its bars found by framing/bars.ts): passthrough would pad it with bars again
    const picture = { width: 960, height: 720 };
    for (const aspect of ASPECTS) {
      expect(chooseLayout(picture, null, false, aspect, true), aspect).toBe("center_crop");
      expect(chooseLayout(picture, null, true, aspect, true), aspect).toBe("face_tracking");
      // a request to keep it whole keeps it whole over a blur of itself, not between black bars
      expect(chooseLayout(picture, "passthrough", false, aspect, true), aspect).toBe("wide");
    }
    // the same 4:3 frame without bars: a 16:9 clip keeps it whole as before (its own shape, not the source's bars)
    expect(chooseLayout(picture, null, false, "16:9", false)).toBe("passthrough");
    // a picture inside bars that is about the shape already is kept whole: nothing to pad
    expect(chooseLayout({ width: 1080, height: 1920 }, null, false, "9:16", true)).toBe("passthrough");
    expect(chooseLayout({ width: 1280, height: 720 }, null, false, "16:9", true)).toBe("passthrough");
  });
});

describe("HD render of a real talking-head clip", () => {
  let out: string;
  let fractions: number[];
  beforeAll(async () => {
    const p = await probe(OBAMA, { signal });
    out = join(dir, "obama-hd.mp4");
    fractions = [];
    await renderClip(
      { aspect: "9:16", source: OBAMA, probe: p, start: 0.5, end: 3.5, layout: "center_crop", assPath: writeAss("obama.ass", "about the very real challenges that families face", 0.2, 3), output: out, quality: "hd" },
      { signal, onProgress: (f) => fractions.push(f) },
    );
  });

  it("is 1080x1920 H.264 High yuv420p at the source rate, AAC 48 kHz stereo, the range's duration", () => {
    const { v, a, duration } = streams(out);
    expect(v).toMatchObject({ codec_name: "h264", profile: "High", width: 1080, height: 1920, pix_fmt: "yuv420p", r_frame_rate: "30000/1001" });
    expect(a).toMatchObject({ codec_name: "aac", sample_rate: "48000", channels: 2 });
    expect(duration).toBeGreaterThan(2.9);
    expect(duration).toBeLessThan(3.15);
  });

  it("is encoded with the default HD settings (lean): CABAC, the 8x8 transform, deblocking and the inter partitions on", async () => {
    const { readFileSync } = await import("node:fs");
    // x264 writes its settings into the stream (an SEI message)
    const settings = /x264 - core .*?options: ([^\0]*)/.exec(readFileSync(out).toString("latin1"))?.[1] ?? "";
    for (const o of ["cabac=1", "8x8dct=1", "deblock=1:0:0", "analyse=0:0x3", "crf=21.0"]) expect(settings.split(" ")).toContain(o);
  });

  it("reports progress monotonically up to 1", () => {
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions.at(-1)).toBe(1);
    for (let i = 1; i < fractions.length; i++) expect(fractions[i]).toBeGreaterThanOrEqual(fractions[i - 1]!);
  });

  it("puts the moov atom first (faststart)", async () => {
    const { readFileSync } = await import("node:fs");
    const head = readFileSync(out).subarray(0, 64 * 1024).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(0);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat") === -1 ? Infinity : head.indexOf("mdat"));
  });

  it("the loudness is normalised to -14 LUFS with peaks under -1.5 dBFS", async () => {
    const { spawnSync } = await import("node:child_process");
    const r = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", out, "-af", "ebur128=peak=sample", "-f", "null", "-"], { encoding: "utf8" });
    const summary = r.stderr.slice(r.stderr.lastIndexOf("Summary:"));
    const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]);
    const peak = Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1]);
    // one measured gain: on target but for what the limiter takes off the peaks and the AAC encode
    expect(Math.abs(lufs - -14)).toBeLessThan(1);
    expect(peak).toBeLessThanOrEqual(-1);
  });
});

describe("captions on a dark generated source (pixels)", () => {
  let out: string;
  const W = 540;
  const H = 960;
  beforeAll(async () => {
    const src = join(dir, "dark.mp4");
    ffmpeg(["-f", "lavfi", "-i", "color=c=0x101820:s=1280x720:r=25:d=5", "-f", "lavfi", "-i", "sine=f=300:d=5", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", src]);
    const p = await probe(src, { signal });
    out = join(dir, "dark-preview.mp4");
    // words from 1.0 s to ~3.4 s of the clip; the page hold ends before 4 s
    const ass = writeAss("dark.ass", "Wow, this is the most wonderful thing we made", 1.0, 5);
    await renderClip({ aspect: "9:16", source: src, probe: p, start: 0, end: 5, layout: "center_crop", assPath: ass, output: out, quality: "preview" }, { signal });
  });

  const band = { x0: 0, y0: Math.round(0.55 * H), x1: W, y1: Math.round(0.85 * H) };

  it("bright text in the caption band while a caption is active", () => {
    const times = [1.2, 2.0, 3.0];
    grayFrames(out, times, W, H).forEach((px, i) => expect(brightCount(px, W, band), `t=${times[i]}`).toBeGreaterThan(300));
  });

  it("no caption before the first word or after the last", () => {
    const times = [0.4, 4.6];
    grayFrames(out, times, W, H).forEach((px, i) => expect(brightCount(px, W, band), `t=${times[i]}`).toBe(0));
  });

  it("text stays inside the safe area: 25%-80% of the height, clear of the right-side buttons", () => {
    for (const px of grayFrames(out, [1.2, 1.6, 2.0, 2.4, 2.8, 3.2], W, H)) {
      expect(px.byteLength).toBe(W * H);
      expect(brightCount(px, W, { x0: 0, y0: 0, x1: W, y1: Math.round(0.25 * H) })).toBe(0);
      expect(brightCount(px, W, { x0: 0, y0: Math.round(0.8 * H), x1: W, y1: H })).toBe(0);
      expect(brightCount(px, W, { x0: Math.round(W * (1 - 140 / 1080)), y0: 0, x1: W, y1: H })).toBe(0);
    }
  });
});

describe("layouts and odd sources", () => {
  it("wide: the centre band is the whole source frame, no black borders", async () => {
    const p = await probe(OBAMA, { signal });
    const out = join(dir, "wide.mp4");
    await renderClip({ aspect: "9:16", source: OBAMA, probe: p, start: 1, end: 3, layout: "wide", assPath: null, output: out, quality: "preview" }, { signal });
    const W = 540;
    const H = 960;
    const px = grayFrame(out, 1.0, W, H);
    const fgH = Math.round((W * 720) / 1280); // 304
    const top = Math.round((H - fgH) / 2);
    // the blurred background is not black
    expect(meanGray(px, W, { x0: 0, y0: 0, x1: W, y1: top - 4 })).toBeGreaterThan(20);
    expect(meanGray(px, W, { x0: 0, y0: top + fgH + 4, x1: W, y1: H })).toBeGreaterThan(20);
    // the centre band matches the source frame at the same time
    const src = grayFrame(OBAMA, 2.0, W, fgH);
    let diff = 0;
    for (let y = 4; y < fgH - 4; y++) for (let x = 0; x < W; x++) diff += Math.abs(px[(top + y) * W + x]! - src[y * W + x]!);
    expect(diff / ((fgH - 8) * W)).toBeLessThan(12);
  });

  it("a rotated phone video comes out upright", async () => {
    const p = await probe(ROTATED, { signal });
    const out = join(dir, "rotated.mp4");
    await renderClip({ aspect: "9:16", source: ROTATED, probe: p, start: 2, end: 4, layout: "wide", assPath: null, output: out, quality: "preview" }, { signal });
    const { v } = streams(out);
    expect([v.width, v.height]).toEqual([540, 960]);
    const W = 540;
    const fgH = Math.round((W * 480) / 640); // 405
    const top = Math.round((960 - fgH) / 2);
    const px = grayFrame(out, 1.0, W, 960);
    const mad = (ref: Uint8Array) => {
      let d = 0;
      for (let y = 4; y < fgH - 4; y++) for (let x = 0; x < W; x++) d += Math.abs(px[(top + y) * W + x]! - ref[y * W + x]!);
      return d / ((fgH - 8) * W);
    };
    const upright = grayFrame(ROTATED, 3.0, W, fgH); // ffmpeg autorotates when decoding
    const { execFileSync } = await import("node:child_process");
    const raw = execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-noautorotate", "-ss", "3", "-i", ROTATED, "-frames:v", "1", "-vf", `scale=${W}:${fgH}`, "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"]);
    expect(mad(upright)).toBeLessThan(15);
    expect(mad(upright)).toBeLessThan(mad(new Uint8Array(raw)) / 2);
  });

  it("a source without audio gets a silent AAC 48 kHz stereo track; 10 fps stays 10 fps", async () => {
    const p: ProbeResult = await probe(NOAUDIO, { signal });
    const out = join(dir, "noaudio.mp4");
    await renderClip({ aspect: "9:16", source: NOAUDIO, probe: p, start: 10, end: 12, layout: "center_crop", assPath: null, output: out, quality: "preview" }, { signal });
    const { v, a, duration } = streams(out);
    expect(v.r_frame_rate).toBe("10/1");
    expect(a).toMatchObject({ codec_name: "aac", sample_rate: "48000", channels: 2 });
    expect(duration).toBeCloseTo(2, 0);
  });

  it("caption paths with filtergraph special characters work", async () => {
    const odd = join(dir, "it's, [odd]; dir: x");
    mkdirSync(odd);
    const src = join(dir, "gen.mp4");
    ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=640x360:r=25:d=2", "-f", "lavfi", "-i", "sine=d=2", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", src]);
    const assPath = join(odd, "c.ass");
    writeFileSync(assPath, buildAss(words("hello world", 0.2, 0.4, 0.35), resolveCaptionStyle({ canvas: CLIP_FRAMES.hd })!, { durationS: 2 }));
    const out = join(odd, "out.mp4");
    await renderClip({ aspect: "9:16", source: src, probe: await probe(src, { signal }), start: 0, end: 2, layout: "passthrough", assPath, output: out, quality: "preview" }, { signal });
    expect(brightCount(grayFrame(out, 0.5, 540, 960), 540, { x0: 0, y0: 480, x1: 540, y1: 860 })).toBeGreaterThan(100);
  });

  it("abort kills a running ffmpeg and rejects with an aborted ProcessError", async () => {
    const p = await probe(NOAUDIO, { signal });
    const ac = new AbortController();
    const run = renderClip({ aspect: "9:16", source: NOAUDIO, probe: p, start: 0, end: 79, layout: "wide", assPath: null, output: join(dir, "aborted.mp4"), quality: "hd" }, { signal: ac.signal });
    const settled = run.then(() => "finished", () => "rejected");
    // Abort once ffmpeg runs (an event, not a delay); had it finished first, the test fails below.
    await vi.waitFor(() => expect(liveProcessCount()).toBeGreaterThan(0), { timeout: 60_000, interval: 10 });
    ac.abort("cancelled");
    const err = await run.catch((e: unknown) => e);
    expect(await settled).toBe("rejected");
    expect(err).toBeInstanceOf(ProcessError);
    expect((err as ProcessError).failure).toBe("aborted");
    expect(liveProcessCount()).toBe(0);
  });
});
