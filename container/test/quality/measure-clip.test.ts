// Clips that check themselves (docs/clip-quality.md), on sources built to fail: each is made in the
// test with ffmpeg from the real media corpus, rendered by the real renderer (stages/render.ts, the
// pipeline's loudness and framing), then measured from the rendered file. Each flag has a source
// that triggers it and one that does not.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ClipQuality } from "@katto/protocol";
import { measureClip } from "../../src/quality/measure-clip.js";
import { measureStoredRender, readStoredClip } from "../../src/rerender.js";
import { fixPlan } from "../../src/quality/fixes.js";
import type { ClipPlan } from "../../src/clip-plan.js";
import { cropWindow, centerPath } from "../../src/reframe/crop-path.js";
import { probe } from "../../src/stages/probe.js";
import { renderClip } from "../../src/stages/render.js";
import type { Layout } from "../../src/ffmpeg/args.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-quality-");
const LIBRIVOX = "speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb";
const UTTERANCES = ["0870", "0880", "0890"];
const edges = { starts_on_sentence: true, ends_on_sentence: true, cut_word: false };

/** The utterances' words (pocketsphinx alignment in the corpus), each utterance placed at its offset. */
function wordsAt(offsets: number[]): { start: number; end: number }[] {
  return UTTERANCES.flatMap((u, i) => {
    const j = JSON.parse(readFileSync(media(`${LIBRIVOX}-${u}.pocketsphinx_words.json`), "utf8")) as { w: { b: number; d: number; t: string }[] };
    return j.w.filter((w) => !w.t.startsWith("<") && !w.t.startsWith("[")).map((w) => ({ start: offsets[i]! + w.b, end: offsets[i]! + w.b + w.d }));
  });
}

/** Speech of the three utterances with `gapS` of digital silence between them, `delayMs` late, over a picture. */
function speechSource(name: string, o: { gapS: number; delayMs?: number; volumeDb?: number; picture?: string }): { file: string; offsets: number[] } {
  const durations = [7.1, 3.0, 5.3];
  const offsets = durations.map((_, i) => durations.slice(0, i).reduce((a, d) => a + d + o.gapS, 0));
  const total = offsets[2]! + durations[2]! + 0.5;
  const inputs = UTTERANCES.flatMap((u) => ["-i", media(`${LIBRIVOX}-${u}.wav`)]);
  const gap = `anullsrc=r=16000:cl=mono:d=${o.gapS}`;
  const parts = o.gapS > 0 ? `[0:a][g1][1:a][g2][2:a]concat=n=5:v=0:a=1` : `[0:a][1:a][2:a]concat=n=3:v=0:a=1`;
  const post = [o.delayMs ? `adelay=${o.delayMs}:all=1` : "", o.volumeDb ? `volume=${o.volumeDb}dB` : "", "apad"].filter(Boolean).join(",");
  const file = path.join(dir, `${name}.mp4`);
  ffmpeg([
    ...inputs,
    "-f", "lavfi", "-i", o.picture ?? `testsrc2=s=640x360:r=25:d=${total}`,
    "-filter_complex", `${o.gapS > 0 ? `${gap}[g1];${gap}[g2];` : ""}${parts}[s];[s]${post}[a]`,
    "-map", "3:v", "-map", "[a]", "-t", String(total), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", file,
  ]);
  return { file, offsets };
}

/** Render [0, end) of `source` as the pipeline renders a preview, then measure the file. */
async function renderAndMeasure(source: string, o: { layout: Layout; words: { start: number; end: number }[]; cropPath?: ClipPlan["cropPath"]; expectSpeech?: boolean; name: string }): Promise<{ q: ClipQuality; renderMs: number }> {
  const info = await probe(source, { signal });
  const output = path.join(dir, `${o.name}-out.mp4`);
  const t0 = Date.now();
  await renderClip({ source, probe: info, start: 0, end: info.duration, layout: o.layout, cropPath: o.cropPath ?? undefined, assPath: null, output, quality: "preview" }, { signal });
  const renderMs = Date.now() - t0;
  const out = await probe(output, { signal });
  const q = await measureClip({ file: output, duration: out.duration, hasAudio: out.audio !== null, layout: o.layout, words: o.words, edges, expectSpeech: o.expectSpeech ?? true, signal });
  // the cost of measuring against the render it checks (docs/clip-quality.md "Cost")
  console.log(JSON.stringify({ clip: o.name, duration_s: out.duration, render_ms: renderMs, measured_ms: q.measured_ms, flags: q.flags.map((f) => f.name) }));
  return { q, renderMs };
}

const flagNames = (q: ClipQuality) => q.flags.map((f) => f.name);

describe("speech and silence", () => {
  it("a 4 s silence between sentences is a long_silence; the same speech without it is not", async () => {
    const gap = speechSource("gap", { gapS: 4 });
    const { q } = await renderAndMeasure(gap.file, { layout: "center_crop", words: wordsAt(gap.offsets), name: "gap" });
    expect(q.longest_silence).toBeGreaterThan(3.5);
    expect(q.longest_silence).toBeLessThan(5);
    expect(flagNames(q)).toContain("long_silence");
    expect(q.speech_share).toBeGreaterThan(0.5);
    expect(q.subject_in_frame).toBeNull();

    const tight = speechSource("tight", { gapS: 0.4 });
    const { q: ok } = await renderAndMeasure(tight.file, { layout: "center_crop", words: wordsAt(tight.offsets), name: "tight" });
    expect(ok.longest_silence).toBeLessThan(2);
    expect(flagNames(ok)).not.toContain("long_silence");
    expect(flagNames(ok)).not.toContain("no_speech");
    expect(ok.speech_share).toBeGreaterThan(0.7);
  });

  it("a clip whose audio is silent has no_speech (its captions say words were there)", async () => {
    const silent = path.join(dir, "silent.mp4");
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=640x360:r=25:d=8", "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo:d=8", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", silent]);
    const { q } = await renderAndMeasure(silent, { layout: "center_crop", words: [{ start: 1, end: 1.5 }, { start: 3, end: 3.4 }], name: "silent" });
    expect(q.speech_share).toBe(0);
    expect(flagNames(q)).toContain("no_speech");
    expect(q.audio.lufs).toBeNull();
  });
});

describe("captions against the clip's own audio", () => {
  it("audio delayed 1 s against its captions is captions_drift; in sync it is not", async () => {
    const late = speechSource("late", { gapS: 0.8, delayMs: 1000 });
    const { q } = await renderAndMeasure(late.file, { layout: "center_crop", words: wordsAt(late.offsets), name: "late" });
    expect(q.caption_sync_ms).toBeGreaterThan(700);
    expect(flagNames(q)).toContain("captions_drift");

    const inSync = speechSource("in-sync", { gapS: 0.8 });
    const { q: ok } = await renderAndMeasure(inSync.file, { layout: "center_crop", words: wordsAt(inSync.offsets), name: "in-sync" });
    expect(ok.caption_sync_ms).not.toBeNull();
    expect(ok.caption_sync_ms!).toBeLessThan(250);
    expect(flagNames(ok)).not.toContain("captions_drift");
  });
});

describe("loudness", () => {
  it("a file 30 dB too hot is too_loud and clipping; the renderer's own output of the same source is neither", async () => {
    const hot = speechSource("hot", { gapS: 0.4, volumeDb: 30 });
    const words = wordsAt(hot.offsets);
    const info = await probe(hot.file, { signal });
    // measured as delivered by something that does not normalise: the file itself
    const q = await measureClip({ file: hot.file, duration: info.duration, hasAudio: true, layout: "center_crop", words, edges, expectSpeech: true, signal });
    expect(q.audio.lufs!).toBeGreaterThan(-9);
    expect(q.audio.true_peak!).toBeGreaterThan(-0.1);
    expect(q.audio.clipping).toBe(true);
    expect(flagNames(q)).toEqual(expect.arrayContaining(["too_loud", "clipping"]));

    const { q: rendered } = await renderAndMeasure(hot.file, { layout: "center_crop", words, name: "hot" });
    // brought down towards the -14 LUFS target (a hard-clipped source measures a little under it after the limiter)
    expect(rendered.audio.lufs!).toBeGreaterThan(-20);
    expect(rendered.audio.lufs!).toBeLessThan(-12);
    expect(rendered.audio.clipping).toBe(false);
    expect(flagNames(rendered)).not.toContain("too_loud");
    expect(flagNames(rendered)).not.toContain("clipping");
  });
});

describe("picture", () => {
  // a face (a real photograph) over a plain 1280x720 background; `move`: its x over time
  function faceSource(name: string, x: string): string {
    const file = path.join(dir, `${name}.mp4`);
    ffmpeg([
      "-f", "lavfi", "-i", "color=c=0x445566:s=1280x720:r=25:d=8", "-loop", "1", "-i", media("photos/grace_hopper.jpg"),
      "-i", media(`${LIBRIVOX}-0870.wav`),
      "-filter_complex", `[1:v]scale=240:-2[f];[0:v]noise=alls=6:allf=t[bg];[bg][f]overlay=x='${x}':y=150:shortest=1,format=yuv420p[v]`,
      "-map", "[v]", "-map", "2:a", "-t", "7", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", file,
    ]);
    return file;
  }
  const win = cropWindow(1280, 720);

  it("a face that walks out of the tracked crop is subject_out_of_frame (fixed by re-framing wide); one that stays is not", async () => {
    const words = wordsAt([0, 100, 200]).filter((w) => w.end < 7);
    // the crop stays centred (x 437..842) while the face walks right to x 1000
    const walking = faceSource("walk", "if(lt(t,2),520,min(1000,520+(t-2)*240))");
    const { q } = await renderAndMeasure(walking, { layout: "face_tracking", cropPath: centerPath(win), words, name: "walk" });
    expect(q.subject_in_frame!).toBeLessThan(0.6);
    expect(flagNames(q)).toContain("subject_out_of_frame");
    expect(flagNames(q)).toContain("empty_frames");

    // the known fix: the whole picture
    const plan = { index: 0, start: 0, end: 7, layout: "face_tracking", cropWindow: win, cropPath: centerPath(win), panels: null, faceCam: null, content: null, words: [] } as unknown as ClipPlan;
    const fix = fixPlan(plan, q.flags, { words: [], duration: 7, picture: { width: 1280, height: 720 } })!;
    expect(fix.plan.layout).toBe("wide");
    const { q: fixed } = await renderAndMeasure(walking, { layout: fix.plan.layout, words, name: "walk-wide" });
    expect(fixed.subject_in_frame).toBeNull();
    expect(flagNames(fixed)).not.toContain("subject_out_of_frame");

    const staying = faceSource("stay", "520+10*sin(t*3)");
    const { q: ok } = await renderAndMeasure(staying, { layout: "face_tracking", cropPath: centerPath(win), words, name: "stay" });
    expect(ok.subject_in_frame!).toBeGreaterThanOrEqual(0.9);
    expect(flagNames(ok)).not.toContain("subject_out_of_frame");
    expect(flagNames(ok)).not.toContain("empty_frames");
  });

  it("a black picture is empty_frames; a moving one is not", async () => {
    const tight = speechSource("black", { gapS: 0.4, picture: "color=c=black:s=640x360:r=25:d=20" });
    const { q } = await renderAndMeasure(tight.file, { layout: "center_crop", words: wordsAt(tight.offsets), name: "black" });
    expect(q.empty_frames).toBeGreaterThan(0.9);
    expect(flagNames(q)).toContain("empty_frames");
    const moving = speechSource("moving", { gapS: 0.4 });
    const { q: ok } = await renderAndMeasure(moving.file, { layout: "center_crop", words: wordsAt(moving.offsets), name: "moving" });
    expect(ok.empty_frames).toBeLessThan(0.1);
    expect(flagNames(ok)).not.toContain("empty_frames");
  });
});

describe("a measure that fails", () => {
  it("leaves the rendered file deliverable, unmeasured (quality absent), instead of failing its render", async () => {
    const broken = path.join(dir, "not-a-video.mp4");
    ffmpeg(["-f", "lavfi", "-i", "anullsrc=d=1", "-f", "wav", broken]);
    await expect(measureStoredRender({ output: broken, layout: "wide", words: [], stored: readStoredClip({}), signal })).resolves.toBeUndefined();
  });
});
