import { CLIP_FRAMES } from "@katto/protocol";
// Jump cuts and punch-in zooms (issue 26) rendered with real ffmpeg over real speech, under a
// picture generated here whose geometry and brightness are known: its left half is a clock the
// frames can be read by (the top quarter's grey rises 10 levels a second of the clip's range, the
// second quarter's 120 levels a second, wrapping every 200), its right half 40 px wide black and
// white stripes (a ruler a zoom stretches). The speech:
//  - pauses: the auto-editor example's voice-over (../shared/media/video_misc, 0-20 s: "Hello,
//    this is an example video ...", pauses of 0.7 and 0.8 s between sentences, quiet after 17.2 s);
//  - fillers: the MFA test recording of slow, disfluent speech (speech/en/mfa_spontaneous,
//    7.5-21.5 s: "um this is me talking really slow ... uh we're just saying some words").
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildClipTimeline, sourceTimeAt } from "@katto/protocol";
import { QUALITY_THRESHOLDS, type Style } from "@katto/protocol";
import { emojiOverlays, writeClipCaptions } from "../../src/captions/clip-captions.js";
import type { CaptionWord } from "../../src/captions/clip-words.js";
import { resolveCaptionStyle } from "../../src/captions/styles.js";
import { titleLookStyle } from "../../src/editing/clip-plan.js";
import { clipCuts, clipEdit, gridFps, type ClipEdit } from "../../src/editing/clip-edit.js";
import { KEEP_PAUSE_S, MAX_PAUSE_S, quietThresholdDb } from "../../src/editing/cut-plan.js";
import { parseSilences } from "../../src/editing/quiet.js";
import { keptDuration, mapWords } from "../../src/editing/timeline.js";
import { ZOOM_EASE_S, ZOOM_SPACING_S, zoomAt } from "../../src/editing/zoom-plan.js";
import { LOUDNESS_TARGET_LUFS, measureLoudness } from "../../src/ffmpeg/loudness.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import type { ProbeResult } from "../../src/runtime/types.js";
import { drawnPages } from "../helpers/ass-pages.js";
import { ffmpeg, ffprobe, grayFrame, grayFrames, media, parseSrt, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-cuts-");
const W = 540;
const H = 960;
/** the clock: coarse and fine grey levels per second, and the fine one's wrap */
const COARSE = 10;
const FINE = 120;
const WRAP = 200;

type Range = { name: string; audio: string; start: number; length: number; words: CaptionWord[] };
const words = (xs: readonly (readonly [string, number, number])[]) => xs.map(([text, start, end]) => ({ text, start, end }));

/** The voice-over's words, clip-relative (0-20 s of the file), as pocketsphinx (Katto's offline engine) timed them. */
const VOICE: Range = {
  name: "voice-over",
  audio: media("video_misc/auto-editor_example.mp4"),
  start: 0,
  length: 20,
  words: words([
    ["hello", 0.16, 0.64], ["this", 1.31, 1.56], ["is", 1.57, 1.74], ["an", 1.75, 1.86], ["example", 1.87, 2.53], ["video", 2.54, 2.92], ["for", 2.93, 3.22],
    ["your", 3.23, 3.37], ["convenience", 3.38, 4], ["and", 4.01, 4.25], ["pleasure", 4.26, 4.93], ["you", 5.06, 5.34], ["are", 5.35, 5.57], ["allowed", 5.58, 6.12],
    ["to", 6.13, 6.31], ["use", 6.32, 6.63], ["his", 6.64, 6.87], ["voice", 6.88, 7.29], ["for", 7.3, 7.57], ["any", 7.58, 7.76], ["purpose", 7.77, 8.35],
    ["including", 8.4, 9.11], ["commercial", 9.12, 9.84], ["users", 9.85, 10.38], ["on", 10.72, 10.87], ["the", 10.88, 10.96], ["bottom", 10.97, 11.33],
    ["right", 11.34, 11.71], ["you", 11.78, 11.93], ["can", 11.94, 12.11], ["see", 12.12, 12.42], ["the", 12.43, 12.49], ["time", 12.5, 13.01], ["when", 13.84, 14.14],
    ["the", 14.15, 14.22], ["time", 14.23, 14.55], ["reaches", 14.56, 15], ["forty", 15.01, 15.4], ["seconds", 15.41, 15.99], ["i", 16.08, 16.19], ["will", 16.2, 16.38],
    ["say", 16.39, 16.67], ["banana", 16.68, 17.21],
  ]),
};

/**
 * The disfluent range's words, clip-relative: timed by pocketsphinx on this recording, the two
 * hesitations it heard as "hello" and "a" labelled as the gold TextGrid transcript says they are
 * ("um", "uh"): a transcript with fillers where they were spoken.
 */
const DISFLUENT: Range = {
  name: "disfluent",
  audio: media("speech/en/mfa_spontaneous/michaelandsickmichael.wav"),
  start: 7.5,
  length: 14,
  words: words([
    ["um", 0.52, 0.93], ["this", 1.06, 1.27], ["is", 1.28, 1.45], ["the", 1.49, 1.71], ["dire", 1.72, 2.15], ["really", 2.16, 2.43],
    ["slow", 2.44, 3.43], ["and", 3.44, 3.62], ["slightly", 3.63, 4.25], ["up", 4.26, 4.7], ["lower", 4.87, 5.34], ["intensity", 5.35, 6.36],
    ["uh", 6.99, 7.51], ["word", 7.52, 7.7], ["to", 7.71, 7.85], ["say", 7.86, 8.36], ["is", 8.37, 8.47], ["of", 8.48, 8.73], ["words", 8.74, 9.72],
    ["and", 10.91, 11.93], ["here's", 12.13, 12.46], ["some", 12.47, 12.62], ["more", 12.63, 12.89], ["words", 12.9, 13.53], ["words", 13.71, 13.96],
  ]),
};

const sources = new Map<Range, { path: string; info: ProbeResult }>();

/** The range's speech under the generated picture (clock and stripes), as a source file. */
async function sourceFor(r: Range) {
  const have = sources.get(r);
  if (have) return have;
  const path = join(dir, `${r.name}.mp4`);
  const S = r.start + r.length + 0.5;
  ffmpeg([
    "-f", "lavfi", "-i", `color=c=black:s=16x16:r=30:d=${S},geq=lum='if(lt(Y,8),20+${COARSE}*(T-${r.start}),20+mod(${FINE}*(T-${r.start}),${WRAP}))':cb=128:cr=128,scale=320:360:flags=neighbor`,
    "-f", "lavfi", "-i", `color=c=black:s=320x360:r=30:d=${S},drawgrid=w=80:h=720:t=40:c=white`,
    "-t", String(S), "-i", r.audio,
    "-filter_complex", "[0:v][1:v]hstack=inputs=2,format=yuv420p[v]", "-map", "[v]", "-map", "2:a:0",
    "-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-c:a", "aac", "-b:a", "128k", "-t", String(S), path,
  ]);
  const made = { path, info: await probe(path, { signal }) };
  sources.set(r, made);
  return made;
}

async function render(r: Range, name: string, style: Style): Promise<{ edit: ClipEdit; output: string; srt: string }> {
  const { path: source, info } = await sourceFor(r);
  const cuts = await clipCuts({ source, start: r.start, end: r.start + r.length, hasAudio: true, words: r.words, style, fps: gridFps(info.video!.fps), signal });
  const look = resolveCaptionStyle({ canvas: CLIP_FRAMES.hd, style: "bold_pop" })!;
  const edit = clipEdit({ aspect: "9:16", words: r.words, rangeS: r.length, sourceStart: r.start, cuts, captionStyle: look, look: titleLookStyle(null, "9:16"), style, title: null, layout: "wide", picture: info.video!, openingFaces: null, cropPath: null, faceBoxes: null });
  const { assPath, srtPath } = await writeClipCaptions(edit.captions, dir, name);
  const output = join(dir, `${name}.mp4`);
  await renderClip({ aspect: "9:16", source, probe: info, start: r.start, end: r.start + r.length, layout: "wide", assPath, overlays: emojiOverlays(edit.captions.emoji, "preview", "9:16"), output, quality: "preview", keep: edit.keep, zooms: edit.zooms }, { signal });
  return { edit, output, srt: readFileSync(srtPath, "utf8") };
}

/** The pauses silencedetect hears in a rendered clip at `noiseDb`, longer than MAX_PAUSE_S. */
function pausesIn(file: string, noiseDb: number, range: { start: number; duration: number }) {
  const r = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-ss", String(range.start), "-t", String(range.duration), "-i", file, "-map", "0:a:0", "-af", `silencedetect=noise=${noiseDb}dB:d=${MAX_PAUSE_S}`, "-f", "null", "-"], { encoding: "utf8" });
  return parseSilences(r.stderr, range.duration);
}

const duration = (file: string) => Number(ffprobe(file).format.duration);
/** Mean luma (video levels, as encoded) of a box of the frame at t. */
const lumaIn = (px: Uint8Array, y0: number, y1: number) => {
  let s = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = 40; x < 220; x++) (s += px[y * W + x]!), n++;
  // the frames are read as full-range grey; the clock was written in video levels
  return ((s / n) * 219) / 255 + 16;
};
/**
 * The source time (seconds from the range's start) a frame of the clip shows, read off the clock:
 * the coarse quarter (the picture, fitted to the width, fills rows 328-632) says roughly when, the
 * fine one to about a hundredth of a second.
 */
function clockIn(px: Uint8Array): number {
  const rough = (lumaIn(px, 350, 460) - 20) / COARSE;
  const fine = (lumaIn(px, 500, 610) - 20) / FINE;
  const period = WRAP / FINE;
  return fine + period * Math.round((rough - fine) / period);
}
/** clockIn of the clip's frames at `times` (one decode of the file). */
const clocksAt = (file: string, times: number[]) => grayFrames(file, times, W, H).map(clockIn);
/** Widths of the stripes crossed by row y between x0 and x1 (edges where the grey crosses mid-level; the first and last runs are partial). */
function stripeWidths(file: string, t: number, y: number, x0: number, x1: number): number[] {
  const px = grayFrame(file, t, W, H);
  const edges: number[] = [];
  for (let x = x0 + 1; x < x1; x++) {
    const a = px[y * W + x - 1]!, b = px[y * W + x]!;
    if ((a < 128) !== (b < 128)) edges.push(x - 1 + (128 - a) / (b - a));
  }
  return edges.slice(1).map((e, i) => e - edges[i]!).slice(0, -1);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("remove_silences on real speech", () => {
  let r: Awaited<ReturnType<typeof render>>;
  beforeAll(async () => {
    r = await render(VOICE, "silences", { remove_silences: true });
  });

  it("records the pauses it shortened, in source seconds, and the clip shrinks by exactly what they say", () => {
    const cuts = r.edit.edits.cuts;
    expect(cuts.length).toBeGreaterThanOrEqual(2);
    for (const c of cuts) {
      expect(c.reason).toBe("silence");
      expect(c.source_start).toBeGreaterThanOrEqual(VOICE.start);
      expect(c.source_end).toBeLessThanOrEqual(VOICE.start + VOICE.length);
    }
    // the 0.8 s pause between "the time" and "when the time" (13.0-13.8 s) is one of them, no word touched
    expect(cuts.some((c) => c.source_start > 13.01 && c.source_end < 13.84)).toBe(true);
    const removed = cuts.reduce((s, c) => s + (c.source_end - c.source_start), 0);
    // one frame of slack: the container's duration ends on the last frame or audio packet
    expect(Math.abs(duration(r.output) - (VOICE.length - removed))).toBeLessThan(1 / 30 + 0.03);
  });

  it("leaves no pause over 0.6 s inside the rendered clip (silencedetect 25 dB under the -14 LUFS the clip is normalised to)", async () => {
    // the planner judged quiet 25 dB under the range's measured loudness; the render brought that
    // loudness to the target, so the same rule on the output is the target minus 25 dB
    const noise = LOUDNESS_TARGET_LUFS - QUALITY_THRESHOLDS.SILENCE_BELOW_SPEECH_DB;
    expect(pausesIn(r.output, noise, { start: 0, duration: duration(r.output) })).toEqual([]);
    // the uncut range has three at the same rule (under its own measured loudness): the check can fail
    const range = { start: VOICE.start, duration: VOICE.length };
    const before = quietThresholdDb(await measureLoudness(sources.get(VOICE)!.path, { signal, range }));
    expect(pausesIn(sources.get(VOICE)!.path, before, range).length).toBeGreaterThanOrEqual(3);
  });

  it("keeps every caption word, in order, inside the clip, and the SRT follows the new timeline", () => {
    const d = duration(r.output);
    const cues = parseSrt(r.srt);
    const said = cues.flatMap((c) => c.lines.join(" ").split(/\s+/));
    expect(said).toEqual(VOICE.words.map((w) => w.text));
    // the SRT's cues are the pages the render burned in (the ASS it drew), on the cut timeline too
    const burned = drawnPages(r.edit.captions.ass!);
    expect(cues.map((c) => c.lines)).toEqual(burned.map((p) => p.lines));
    cues.forEach((c, i) => expect(Math.abs(c.start - burned[i]!.start) + Math.abs(c.end - burned[i]!.end)).toBeLessThan(0.011));
    for (const c of cues) {
      expect(c.start).toBeGreaterThanOrEqual(0);
      expect(c.end).toBeLessThanOrEqual(d + 0.001);
    }
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.start).toBeGreaterThanOrEqual(cues[i - 1]!.end - 0.001);
    // the last word ("banana", 16.68 s) moved earlier by every cut before it
    const moved = mapWords(VOICE.words, r.edit.keep).at(-1)!;
    expect(moved.start).toBeCloseTo(16.68 - r.edit.edits.cuts.filter((c) => c.source_end <= 16.68).reduce((s, c) => s + (c.source_end - c.source_start), 0), 2);
    expect(cues.at(-1)!.start).toBeLessThanOrEqual(moved.start + 0.001);
  });

  it("shows at every moment the source frame its timeline says: the picture jumps at each cut by the cut's length, in step with the sound and the captions", () => {
    const keep = r.edit.keep;
    let at = 0;
    const checked: { t: number; source: number }[] = [];
    for (const span of keep) {
      const len = span.end - span.start;
      // each span's first and last frames and its middle
      for (const into of [0.05, len / 2, len - 0.1]) {
        if (into < 0 || into > len) continue;
        checked.push({ t: at + into, source: span.start + into });
      }
      at += len;
    }
    const shown = clocksAt(r.output, checked.map((c) => c.t));
    checked.forEach(({ t, source }, i) => {
      expect(shown[i], `clip ${t.toFixed(2)} s`).toBeCloseTo(source, 1);
      expect(Math.abs(shown[i]! - source)).toBeLessThan(0.05);
    });
    expect(checked.length).toBeGreaterThanOrEqual(9);
  });

  it("the clip timeline of the same edit (@katto/protocol) says which source time each moment of the rendered clip shows", async () => {
    const { info } = await sourceFor(VOICE);
    const tl = buildClipTimeline({ aspect: "9:16",
      range: { start: VOICE.start, end: VOICE.start + VOICE.length }, cuts: r.edit.edits.cuts, sourceSize: { width: info.video!.width, height: info.video!.height }, content: null, layout: "wide",
      cropWindow: null, cropPath: null, zooms: r.edit.zooms, words: VOICE.words.map((w) => ({ word: w.text, start: w.start, end: w.end })), captions: null, titleCard: null, fps: "30",
    });
    expect(tl.duration).toBeCloseTo(duration(r.output), 1);
    // each piece's first frames and middle (the clip's last tenth of a second aside: a seek there may find no frame)
    const times = tl.pieces.flatMap((p) => [p.clip_start + 0.05, (p.clip_start + p.clip_end) / 2]).filter((c) => c < tl.duration - 0.1);
    expect(times.length).toBeGreaterThanOrEqual(6);
    const shown = clocksAt(r.output, times);
    times.forEach((c, i) => expect(Math.abs(shown[i]! - (sourceTimeAt(tl, c) - VOICE.start)), `clip ${c.toFixed(2)} s`).toBeLessThan(0.05));
  });
});

describe("remove_fillers, remove_silences and punch-in zooms together", () => {
  let r: Awaited<ReturnType<typeof render>>;
  beforeAll(async () => {
    r = await render(DISFLUENT, "all", { remove_silences: true, remove_fillers: true, zoom: "punch_in", emphasis: "keywords" });
  });

  it("cuts the fillers the transcript has, with their hesitation, and the captions no longer show them", () => {
    const fillers = r.edit.edits.cuts.filter((c) => c.reason === "filler");
    expect(fillers).toHaveLength(2);
    for (const w of DISFLUENT.words.filter((x) => x.text === "um" || x.text === "uh")) {
      expect(fillers.some((c) => c.source_start <= DISFLUENT.start + w.start + 0.04 && c.source_end >= DISFLUENT.start + w.end - 0.04), w.text).toBe(true);
    }
    const said = parseSrt(r.srt).flatMap((c) => c.lines.join(" ").split(/\s+/));
    expect(said).toEqual(DISFLUENT.words.filter((w) => w.text !== "um" && w.text !== "uh").map((w) => w.text));
    const removed = r.edit.edits.cuts.reduce((s, c) => s + (c.source_end - c.source_start), 0);
    expect(Math.abs(duration(r.output) - (DISFLUENT.length - removed))).toBeLessThan(1 / 30 + 0.03);
    // edits.cuts are the cuts made, in milliseconds (each edge rounded by at most half of one)
    expect(Math.abs(keptDuration(r.edit.keep) - (DISFLUENT.length - removed))).toBeLessThanOrEqual(r.edit.edits.cuts.length * 0.0005 + 1e-9);
    // what is left where a filler was is a short pause, never longer than the limit
    expect(KEEP_PAUSE_S).toBeLessThan(MAX_PAUSE_S);
  });

  it("punches in at least 4 s apart, and the frames show the recorded scale (the stripes measured wider by it)", () => {
    const zooms = r.edit.edits.zooms;
    expect(zooms.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < zooms.length; i++) expect(zooms[i]!.start - zooms[i - 1]!.start).toBeGreaterThanOrEqual(ZOOM_SPACING_S);
    // the stripes (x 300-520 of the frame, rows inside the picture) at rest: 40 px of 640 fitted to 540
    const plain = median(stripeWidths(r.output, Math.max(0, zooms[0]!.start - 0.5), 480, 300, 530));
    expect(plain).toBeCloseTo((40 * W) / 640, 0);
    for (const z of zooms) {
      const held = z.start + (z.end - z.start) / 2;
      const expected = zoomAt(r.edit.zooms, held).scale;
      expect(expected).toBeCloseTo(z.scale, 6);
      const width = median(stripeWidths(r.output, held, 480, 300, 530));
      expect(width / plain, `zoom at ${z.start}`).toBeCloseTo(z.scale, 1);
      expect(Math.abs(width / plain - z.scale)).toBeLessThan(0.03);
      // half way into the ease the zoom is part way
      const easing = median(stripeWidths(r.output, z.start + ZOOM_EASE_S / 2, 480, 300, 530)) / plain;
      if (z.start > 0.05) {
        expect(easing).toBeGreaterThan(1.01);
        expect(easing).toBeLessThan(z.scale - 0.01);
      }
    }
  });
});
