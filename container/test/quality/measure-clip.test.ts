// Clips that check themselves (docs/clip-quality.md), on sources built to fail: each is made in the
// test with ffmpeg from the real media corpus, rendered by the real renderer (rendering/render.ts, the
// pipeline's loudness and framing), then measured from the rendered file. Each flag has a file
// built to raise it and a counterpart that does not.
// Cheap by design: one speech source (`talk`) serves every speech, edge and picture case as short
// ranges (a few seconds each, preview size), and a render two tests share is made once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FALLBACK_LAYOUT, type ClipQuality } from "@katto/protocol";
import { measureClip } from "../../src/quality/measure-clip.js";
import { edgesAgainstSentences } from "../../src/quality/measures.js";
import { readStoredClip } from "../../src/delivery/stored-clip.js";
import { measureStoredRender } from "../../src/delivery/stored-render.js";
import { fixPlan } from "../../src/quality/fixes.js";
import type { ClipPlan } from "../../src/editing/clip-plan.js";
import { cropWindow, centerPath } from "../../src/framing/crop-path.js";
import { probe } from "../../src/analysis/probe.js";
import { renderClip } from "../../src/rendering/render.js";
import type { Layout } from "../../src/ffmpeg/args.js";
import type { Word } from "../../src/runtime/types.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-quality-");
const LIBRIVOX = "speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb";
const edges = { starts_on_sentence: true, ends_on_sentence: true, cut_word: false };

/**
 * The talk source: utterances of the corpus (each a sentence) at these offsets, digital silence
 * between them: 0880 (3.0 s) at 0, 0890 (5.3 s) at 3.8, 0870 (7.1 s) at 9.9, then 5 s of silence
 * and 0880 again at 22.0. Picture: testsrc2 (moving, never black or frozen).
 */
const TALK = [["0880", 0, 3.0], ["0890", 3.8, 5.3], ["0870", 9.9, 7.1], ["0880", 22.0, 3.0]] as const;
const TALK_S = 25.5;

/** The talk's words (the corpus's pocketsphinx alignment), source seconds, each utterance ending with a full stop. */
const talkWords: Word[] = TALK.flatMap(([u, at]) => {
  const j = JSON.parse(readFileSync(media(`${LIBRIVOX}-${u}.pocketsphinx_words.json`), "utf8")) as { w: { b: number; d: number; t: string }[] };
  const ws = j.w.filter((w) => !w.t.startsWith("<") && !w.t.startsWith("[")).map((w) => ({ word: w.t.replace(/\(\d+\)$/, ""), start: at + w.b, end: at + w.b + w.d }));
  ws[ws.length - 1]!.word += ".";
  return ws;
});

/** Caption words of [start, end) of the talk, clip seconds. */
const wordsIn = (start: number, end: number) => talkWords.filter((w) => w.end > start && w.start < end).map((w) => ({ start: Math.max(0, w.start - start), end: Math.min(end, w.end) - start }));

let talkFile: string | undefined;
/** The talk source, built once (`picture`/`audio`: other lavfi picture or audio filters, as another file). */
function talk(o: { name?: string; picture?: string; audio?: string; start?: number; end?: number } = {}): string {
  const name = o.name ?? "talk";
  if (name === "talk" && talkFile) return talkFile;
  const file = path.join(dir, `${name}.mp4`);
  const inputs = TALK.flatMap(([u]) => ["-i", media(`${LIBRIVOX}-${u}.wav`)]);
  const delays = TALK.map(([, at], i) => `[${i}:a]adelay=${Math.round(at * 1000)}:all=1,apad=whole_dur=${TALK_S}[d${i}]`).join(";");
  const mix = `${delays};${TALK.map((_, i) => `[d${i}]`).join("")}amix=inputs=${TALK.length}:normalize=0:duration=longest${o.audio ? `,${o.audio}` : ""}[a]`;
  const start = o.start ?? 0;
  const end = o.end ?? TALK_S;
  ffmpeg([
    ...inputs,
    "-f", "lavfi", "-i", o.picture ?? `testsrc2=s=640x360:r=25:d=${TALK_S}`,
    "-filter_complex", `${mix};[a]atrim=${start}:${end},asetpts=PTS-STARTPTS[ac];[${TALK.length}:v]trim=${start}:${end},setpts=PTS-STARTPTS[v]`,
    "-map", "[v]", "-map", "[ac]", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", file,
  ]);
  if (name === "talk") talkFile = file;
  return file;
}

interface Measured {
  q: ClipQuality;
  renderMs: number;
}
const rendered = new Map<string, Promise<Measured>>();

/**
 * Render [start, end) of `source` as the pipeline renders a preview, then measure the file. The
 * edges are checked against the talk's sentences at the rendered length (as the job does), unless
 * given. Memoised by name: a counterpart several tests share is rendered once.
 */
function renderAndMeasure(source: string, o: { name: string; layout: Layout; start?: number; end?: number; words: { start: number; end: number }[]; cropPath?: ClipPlan["cropPath"]; expectSpeech?: boolean; edges?: typeof edges; subject?: boolean }): Promise<Measured> {
  const done = rendered.get(o.name);
  if (done) return done;
  const job = (async () => {
    const info = await probe(source, { signal });
    const start = o.start ?? 0;
    const output = path.join(dir, `${o.name}-out.mp4`);
    const t0 = Date.now();
    await renderClip({ aspect: "9:16", source, probe: info, start, end: o.end ?? info.duration, layout: o.layout, cropPath: o.cropPath ?? undefined, assPath: null, output, quality: "preview" }, { signal });
    const renderMs = Date.now() - t0;
    const out = await probe(output, { signal });
    const clipEdges = o.edges ?? edgesAgainstSentences(talkWords, start, start + out.duration);
    const q = await measureClip({ aspect: "9:16", file: output, duration: out.duration, hasAudio: out.audio !== null, layout: o.layout, subject: o.subject, words: o.words, edges: clipEdges, expectSpeech: o.expectSpeech ?? true, signal });
    // the cost of measuring against the render it checks (docs/clip-quality.md "Cost")
    console.log(JSON.stringify({ clip: o.name, duration_s: out.duration, render_ms: renderMs, measured_ms: q.measured_ms, flags: q.flags.map((f) => f.name) }));
    return { q, renderMs };
  })();
  rendered.set(o.name, job);
  return job;
}

/** A range of the talk, rendered centre-cropped. */
const talkRange = (name: string, start: number, end: number) => renderAndMeasure(talk(), { name, layout: "center_crop", start, end, words: wordsIn(start, end) });
/** The counterpart of the speech and edge cases: the first sentence alone (0880, ending in the pause after it). */
const tight = () => talkRange("tight", 0, 3.4);

const flagNames = (q: ClipQuality) => q.flags.map((f) => f.name);

describe("speech and silence", () => {
  it("a 5 s silence between sentences is a long_silence (the clip still mostly speech); a clip of one sentence is not", async () => {
    // 0870's end, 5 s of silence, 0880: a long silence inside a clip that is otherwise speech
    const { q } = await talkRange("gap", 15, 25);
    expect(q.longest_silence).toBeGreaterThan(4);
    expect(q.longest_silence).toBeLessThan(6);
    expect(flagNames(q)).toContain("long_silence");
    expect(flagNames(q)).not.toContain("mostly_silent");
    expect(q.speech_share).toBeGreaterThan(0.35);
    expect(q.subject_in_frame).toBeNull();

    const { q: ok } = await tight();
    expect(ok.longest_silence).toBeLessThan(2);
    expect(flagNames(ok)).not.toContain("long_silence");
    expect(flagNames(ok)).not.toContain("no_speech");
    expect(ok.speech_share).toBeGreaterThan(0.7);
  });

  it("a clip that is mostly the silence between two sentences is mostly_silent (not no_speech); a clip of one sentence is not", async () => {
    // the last words of 0870 and the first of 0880 around the 5 s silence: about 1 s of speech in 6.4 s
    const { q } = await talkRange("pause", 16.3, 22.7);
    expect(q.speech_share).toBeGreaterThanOrEqual(0.05);
    expect(q.speech_share).toBeLessThan(0.35);
    expect(flagNames(q)).toContain("mostly_silent");
    expect(flagNames(q)).not.toContain("no_speech");

    const { q: ok } = await tight();
    expect(flagNames(ok)).not.toContain("mostly_silent");
  });

  it("a clip whose audio is silent has no_speech (its captions say words were there)", async () => {
    const silent = path.join(dir, "silent.mp4");
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=640x360:r=25:d=4", "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo:d=4", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", silent]);
    const { q } = await renderAndMeasure(silent, { layout: "center_crop", words: [{ start: 1, end: 1.5 }, { start: 3, end: 3.4 }], edges, name: "silent" });
    expect(q.speech_share).toBe(0);
    expect(flagNames(q)).toContain("no_speech");
    expect(q.audio.lufs).toBeNull();
  });
});

describe("edges against the transcript, at the rendered length", () => {
  it("a clip that ends inside a word is cuts_word and cuts_mid_sentence; one that ends after its sentence is neither", async () => {
    // 0880 to 1.8 s: "disposed" runs 1.48-2.11 s
    const { q } = await talkRange("cut-word", 0, 1.8);
    expect(q.cut_word).toBe(true);
    expect(q.ends_on_sentence).toBe(false);
    expect(flagNames(q)).toEqual(expect.arrayContaining(["cuts_word", "cuts_mid_sentence"]));

    const { q: ok } = await tight();
    expect(ok).toMatchObject({ cut_word: false, starts_on_sentence: true, ends_on_sentence: true });
    expect(flagNames(ok)).not.toContain("cuts_word");
    expect(flagNames(ok)).not.toContain("cuts_mid_sentence");
  });

  it("a clip that starts between two words of a sentence is cuts_mid_sentence without cuts_word; one that starts with its sentence is not", async () => {
    // 0880 from "not" (0.56 s, right after "was"): no word is cut, the sentence is
    const { q } = await talkRange("mid-sentence", 0.56, 3.4);
    expect(q.cut_word).toBe(false);
    expect(q.starts_on_sentence).toBe(false);
    expect(q.ends_on_sentence).toBe(true);
    expect(flagNames(q)).toContain("cuts_mid_sentence");
    expect(flagNames(q)).not.toContain("cuts_word");

    const { q: ok } = await tight();
    expect(flagNames(ok)).not.toContain("cuts_mid_sentence");
  });
});

describe("captions against the clip's own audio", () => {
  it("audio delayed 1 s against its captions is captions_drift; in sync it is not", async () => {
    const late = talk({ name: "late", audio: "adelay=1000:all=1", end: 12.5 });
    const { q } = await renderAndMeasure(late, { layout: "center_crop", words: wordsIn(0, 12.5), edges, name: "late" });
    expect(q.caption_sync_ms).toBeGreaterThan(700);
    expect(flagNames(q)).toContain("captions_drift");

    const { q: ok } = await talkRange("in-sync", 0, 12.5);
    expect(ok.caption_sync_ms).not.toBeNull();
    expect(ok.caption_sync_ms!).toBeLessThan(250);
    expect(flagNames(ok)).not.toContain("captions_drift");
  });
});

describe("loudness", () => {
  it("a file 30 dB too hot is too_loud and clipping; the renderer's own output of the same source is neither", async () => {
    const hot = talk({ name: "hot", audio: "volume=30dB", end: 3.4 });
    const words = wordsIn(0, 3.4);
    const info = await probe(hot, { signal });
    // measured as delivered by something that does not normalise: the file itself
    const q = await measureClip({ aspect: "9:16", file: hot, duration: info.duration, hasAudio: true, layout: "center_crop", words, edges, expectSpeech: true, signal });
    expect(q.audio.lufs!).toBeGreaterThan(-9);
    expect(q.audio.true_peak!).toBeGreaterThan(-0.1);
    expect(q.audio.clipping).toBe(true);
    expect(flagNames(q)).toEqual(expect.arrayContaining(["too_loud", "clipping"]));

    const { q: out } = await renderAndMeasure(hot, { layout: "center_crop", words, edges, name: "hot" });
    // brought down towards the -14 LUFS target (a hard-clipped source measures a little under it after the limiter)
    expect(out.audio.lufs!).toBeGreaterThan(-20);
    expect(out.audio.lufs!).toBeLessThan(-12);
    expect(out.audio.clipping).toBe(false);
    expect(flagNames(out)).not.toContain("too_loud");
    expect(flagNames(out)).not.toContain("clipping");
  });
});

describe("picture", () => {
  // a face (a real photograph) over a plain 1280x720 background, 4 s; `x`: its left edge over time
  function faceSource(name: string, x: string, width = 240): string {
    const file = path.join(dir, `${name}.mp4`);
    ffmpeg([
      "-f", "lavfi", "-i", "color=c=0x445566:s=1280x720:r=25:d=4.5", "-loop", "1", "-i", media("photos/grace_hopper.jpg"),
      "-i", media(`${LIBRIVOX}-0870.wav`),
      "-filter_complex", `[1:v]scale=${width}:-2[f];[0:v]noise=alls=6:allf=t[bg];[bg][f]overlay=x='${x}':y=150:shortest=1,format=yuv420p[v]`,
      "-map", "[v]", "-map", "2:a", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", file,
    ]);
    return file;
  }
  const win = cropWindow(1280, 720, 9 / 16);

  it("a face that walks out of the tracked crop is subject_out_of_frame (and never re-framed wide); one that stays is not", async () => {
    const words = wordsIn(0, 4).filter((w) => w.end < 4);
    // the crop stays centred (x 437..842) while the face walks right to x 1000: out of it from 0.7 s
    const walking = faceSource("walk", "if(lt(t,0.5),520,min(1000,520+(t-0.5)*400))");
    const { q } = await renderAndMeasure(walking, { layout: "face_tracking", cropPath: centerPath(win), words, edges, name: "walk" });
    expect(q.subject_in_frame!).toBeLessThan(0.6);
    expect(flagNames(q)).toContain("subject_out_of_frame");
    expect(flagNames(q)).toContain("empty_frames");

    // no face boxes to say a narrower framing keeps the speaker: no fix, the clip is delivered with
    // its flag (the letterboxed whole picture is not a fix for a 9:16 clip of a person)
    const plan = { index: 0, aspect: "9:16", start: 0, end: 4, layout: "face_tracking", cropWindow: win, cropPath: centerPath(win), panels: null, faceCam: null, content: null, words: [] } as unknown as ClipPlan;
    expect(fixPlan(plan, q.flags, { words: [], duration: 4, picture: { width: 1280, height: 720 } })).toBeNull();

    const staying = faceSource("stay", "520+10*sin(t*3)");
    const { q: ok } = await renderAndMeasure(staying, { layout: "face_tracking", cropPath: centerPath(win), words, edges, name: "stay" });
    expect(ok.subject_in_frame!).toBeGreaterThanOrEqual(0.9);
    expect(flagNames(ok)).not.toContain("subject_out_of_frame");
    expect(flagNames(ok)).not.toContain("empty_frames");
  });

  it("a selfie the crop lost is re-framed to a steady centre crop, not wide, and the re-framed render keeps the speaker in frame", async () => {
    const words = wordsIn(0, 4).filter((w) => w.end < 4);
    // a close-up: the photograph 300x352, swaying 30 px around x 490 (inside the centre crop, x 438..842)
    const selfie = faceSource("selfie", "490+30*sin(t*2)", 300);
    // the tracked crop went to the left edge (x 0..404): the face is out of it
    const lost = [{ t: 0, x: 0 }];
    const { q } = await renderAndMeasure(selfie, { layout: "face_tracking", cropPath: lost, words, edges, name: "selfie-lost" });
    expect(flagNames(q)).toContain("subject_out_of_frame");

    // the analysis's face boxes (here the photograph's bounds each second, which hold the face)
    const faceBoxes = [0.5, 1.5, 2.5, 3.5].map((t) => ({ t, x: Math.round(490 + 30 * Math.sin(t * 2)), y: 150, w: 300, h: 352 }));
    const plan = { index: 0, aspect: "9:16", start: 0, end: 4, layout: "face_tracking", cropWindow: win, cropPath: lost, panels: null, faceCam: null, content: null, words: [], faceBoxes } as unknown as ClipPlan;
    const fix = fixPlan(plan, q.flags, { words: [], duration: 4, picture: { width: 1280, height: 720 } })!;
    expect(fix.plan.layout).toBe(FALLBACK_LAYOUT);
    const out = await renderAndMeasure(selfie, { layout: fix.plan.layout, cropPath: fix.plan.cropPath, words, edges, name: "selfie-centre", subject: true });
    expect(out.q.subject_in_frame!).toBeGreaterThanOrEqual(0.8);
    expect(flagNames(out.q)).not.toContain("subject_out_of_frame");
  });

  it("a black picture is empty_frames; a moving one is not", async () => {
    const black = talk({ name: "black", picture: `color=c=black:s=640x360:r=25:d=${TALK_S}`, end: 3.4 });
    const { q } = await renderAndMeasure(black, { layout: "center_crop", words: wordsIn(0, 3.4), edges, name: "black" });
    expect(q.empty_frames).toBeGreaterThan(0.9);
    expect(flagNames(q)).toContain("empty_frames");
    const { q: ok } = await tight();
    expect(ok.empty_frames).toBeLessThan(0.1);
    expect(flagNames(ok)).not.toContain("empty_frames");
  });
});

describe("a measure that fails", () => {
  it("leaves the rendered file deliverable, unmeasured (quality absent), instead of failing its render", async () => {
    const broken = path.join(dir, "not-a-video.mp4");
    ffmpeg(["-f", "lavfi", "-i", "anullsrc=d=1", "-f", "wav", broken]);
    await expect(measureStoredRender({ aspect: "9:16", output: broken, layout: "wide", words: [], stored: readStoredClip({}), signal })).resolves.toBeUndefined();
  });
});
