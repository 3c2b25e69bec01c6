// Pure measures of a rendered clip (container/src/quality/measures.ts, flags.ts, fixes.ts): each
// on hand-made inputs, so a wrong number is caught without ffmpeg.
import { buildClipTimeline, QUALITY_THRESHOLDS as T, summarizeQuality, type ClipQuality } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { quietThresholdDb } from "../../src/editing/cut-plan.js";
import { LOUDNESS_TARGET_LUFS } from "../../src/ffmpeg/loudness.js";
import { fixPlan, shiftKeyframes } from "../../src/quality/fixes.js";
import { measureArgs, qualityFrame, SILENCE_NOISE_DB } from "../../src/quality/measure-clip.js";
import { clipQuality, qualityFlags, type Measures } from "../../src/quality/flags.js";
import {
  captionOffsetMs,
  captionSyncMs,
  cuePhraseStarts,
  faceVisibleShare,
  judgedFrames,
  parseSrtCues,
  unjudgedSpans,
  timelineUnjudged,
  edgesAgainstSentences,
  emptyFrames,
  longestSilence,
  parseBlacks,
  parseEbur128,
  parseFreezes,
  parseSilences,
  phraseStarts,
  sentenceAlignedRange,
  speechOnsets,
  speechShare,
  subjectInFrame,
} from "../../src/quality/measures.js";
import { energyEnvelope } from "../../src/engines/speech/chunks.js";
import { dropReason } from "../../src/quality/job-quality.js";
import type { ClipPlan } from "../../src/editing/clip-plan.js";
import type { Word } from "../../src/runtime/types.js";

const good: Measures = {
  subject_in_frame: 1,
  empty_frames: 0,
  speech_share: 0.8,
  longest_silence: 0.6,
  audio: { lufs: -14, true_peak: -1.6, clipping: false },
  caption_sync_ms: 40,
  starts_on_sentence: true,
  ends_on_sentence: true,
  cut_word: false,
};
const names = (m: Measures, expectSpeech = true) => qualityFlags(m, { expectSpeech }).map((f) => f.name);

describe("log parsers", () => {
  it("silencedetect intervals, an open silence running to the end", () => {
    const log = "[silencedetect @ 0x1] silence_start: 2.5\n[silencedetect @ 0x1] silence_end: 6.52 | silence_duration: 4.02\n[silencedetect @ 0x1] silence_start: 9.1\n";
    expect(parseSilences(log, 10)).toEqual([{ start: 2.5, end: 6.52 }, { start: 9.1, end: 10 }]);
    expect(longestSilence(parseSilences(log, 10))).toBe(4.02);
  });
  it("freezedetect and blackdetect intervals", () => {
    expect(parseFreezes("lavfi.freezedetect.freeze_start: 1\nlavfi.freezedetect.freeze_duration: 3\nlavfi.freezedetect.freeze_end: 4\nlavfi.freezedetect.freeze_start: 8\n", 10)).toEqual([{ start: 1, end: 4 }, { start: 8, end: 10 }]);
    expect(parseBlacks("[blackdetect @ 0x2] black_start:0 black_end:2.5 black_duration:2.5")).toEqual([{ start: 0, end: 2.5 }]);
  });
  it("ebur128 summary: integrated loudness and true peak; silence is null", () => {
    const log = "Summary:\n\n  Integrated loudness:\n    I:         -13.9 LUFS\n    Threshold: -24.0 LUFS\n\n  True peak:\n    Peak:       -1.2 dBFS";
    expect(parseEbur128(log)).toEqual({ lufs: -13.9, truePeak: -1.2 });
    expect(parseEbur128("Summary:\n  Integrated loudness:\n    I:         -70.0 LUFS\n  True peak:\n    Peak:       -inf dBFS")).toEqual({ lufs: null, truePeak: null });
  });
});

describe("speech share", () => {
  it("counts audible time inside words only", () => {
    // words cover 0..4 s (padded), a silence 2..4 s: 2.25 s of 10 s is speech
    expect(speechShare(10, [{ start: 2, end: 4 }], [{ start: 0, end: 4 }])).toBeCloseTo(0.225, 3);
    expect(speechShare(10, [], [])).toBe(0);
    expect(speechShare(10, [{ start: 0, end: 10 }], [{ start: 1, end: 9 }])).toBe(0);
  });
});

describe("caption sync from the energy envelope", () => {
  // 20 ms frames: quiet (-60 dB) except bursts at the given seconds, each 0.4 s long
  const envelope = (bursts: number[], total = 10) => {
    const e = Array.from({ length: total / 0.02 }, () => -60);
    for (const b of bursts) for (let i = Math.round(b / 0.02); i < Math.round((b + 0.4) / 0.02) && i < e.length; i++) e[i] = -15;
    return e;
  };
  it("finds onsets after pauses only", () => {
    expect(speechOnsets(envelope([1, 3, 6]), 0.02)).toEqual([1, 3, 6]);
    // a flat envelope has none
    expect(speechOnsets(Array(500).fill(-40), 0.02)).toEqual([]);
  });
  it("an energy envelope of 16-bit samples", () => {
    const s = new Int16Array(800).fill(0);
    for (let i = 400; i < 800; i++) s[i] = 16384;
    const env = energyEnvelope(s, 8000, 0.02);
    expect(env).toHaveLength(5);
    expect(env[0]).toBe(-120);
    expect(env[4]).toBeCloseTo(-6.02, 1);
  });
  it("median distance of phrase starts to onsets: in sync and drifting", () => {
    const words = [{ start: 1, end: 1.3 }, { start: 1.35, end: 1.6 }, { start: 3, end: 3.3 }, { start: 6, end: 6.3 }];
    expect(phraseStarts(words)).toEqual([1, 3, 6]);
    expect(captionSyncMs([1, 3, 6], speechOnsets(envelope([1.04, 3.02, 6.06]), 0.02))).toBe(40);
    expect(captionSyncMs([1, 3, 6], speechOnsets(envelope([1.8, 3.8, 6.8]), 0.02))).toBe(800);
    expect(captionSyncMs([1], [1.1])).toBeNull();
  });
  it("signed: captions late or early, still right past half the spacing between phrases", () => {
    const starts = [1, 2.2, 4, 5.1, 7];
    // captions 1 s late: each caption start is nearer the next phrase's onset than its own
    const late = starts.map((s) => s - 1).filter((t) => t >= 0);
    expect(captionOffsetMs(starts, speechOnsets(envelope([0.4, ...late]), 0.02))).toBe(1000);
    expect(captionOffsetMs(starts, speechOnsets(envelope(starts.map((s) => s + 0.6)), 0.02))).toBe(-600);
    expect(captionSyncMs(starts, speechOnsets(envelope(starts.map((s) => s + 0.6)), 0.02))).toBe(600);
    expect(captionOffsetMs(starts, speechOnsets(envelope(starts.map((s) => s + 0.04)), 0.02))).toBe(-40);
  });
  it("the captions a clip ships: SRT cues, and the starts a viewer sees after a pause", () => {
    const srt = "1\n00:00:00,120 --> 00:00:01,500\nOne sentence\n\n2\n00:00:01,500 --> 00:00:02,900\nhere and\n\n3\n00:00:03,400 --> 00:00:04,000\nanother.\n";
    const cues = parseSrtCues(srt);
    expect(cues).toEqual([{ start: 0.12, end: 1.5 }, { start: 1.5, end: 2.9 }, { start: 3.4, end: 4 }]);
    expect(cuePhraseStarts(cues)).toEqual([0.12, 3.4]);
  });
});

const w = (word: string, start: number, end: number): Word => ({ word, start, end });
// two sentences: "Hello there." 1.0–1.8, "This is a test." 2.6–4.0, "Bye now." 5.0–5.6
const words = [w("Hello", 1, 1.3), w("there.", 1.35, 1.8), w("This", 2.6, 2.8), w("is", 2.85, 3), w("a", 3.05, 3.1), w("test.", 3.15, 4), w("Bye", 5, 5.2), w("now.", 5.25, 5.6)];

describe("edges against sentences", () => {
  it("on boundaries, mid-sentence, and through a word", () => {
    expect(edgesAgainstSentences(words, 0.9, 4.1)).toEqual({ starts_on_sentence: true, ends_on_sentence: true, cut_word: false });
    expect(edgesAgainstSentences(words, 2.82, 5.7)).toEqual({ starts_on_sentence: false, ends_on_sentence: true, cut_word: false });
    expect(edgesAgainstSentences(words, 0.9, 3.5)).toMatchObject({ ends_on_sentence: false, cut_word: true });
    expect(edgesAgainstSentences([], 0, 3)).toEqual({ starts_on_sentence: null, ends_on_sentence: null, cut_word: false });
  });
  it("the nearest sentence-aligned range within the clip length", () => {
    expect(sentenceAlignedRange(words, 2.82, 5.7, { minS: 1, maxS: 10, duration: 10 })).toEqual({ start: 2.45, end: 5.75 });
    expect(sentenceAlignedRange(words, 2.82, 5.7, { minS: 8, maxS: 10, duration: 10 })).toBeNull();
  });
});

describe("picture measures", () => {
  const frame = { width: 144, height: 256 };
  it("subject in frame: the largest face with at least three quarters of it inside, no face counts as out", () => {
    const inside = [{ x: 40, y: 60, w: 60, h: 60 }];
    // the detector's box stops at the frame's edge: 34 of its 60 px width shown
    const cut = [{ x: 110, y: 60, w: 34, h: 60 }];
    // a close-up whose cheek passes the edge: 110 of 120 px shown
    const closeUp = [{ x: 34, y: 60, w: 110, h: 120 }];
    expect(faceVisibleShare(cut[0]!, frame)).toBeCloseTo(0.57, 2);
    expect(subjectInFrame([inside, inside, cut, []], frame)).toBe(0.5);
    expect(subjectInFrame([inside, inside, closeUp], frame)).toBe(1);
  });
  it("subject in frame is judged only where the source shows a whole face and nothing covers the picture", () => {
    const inside = [{ x: 40, y: 60, w: 60, h: 60 }];
    // 4 s clip, 2 frames a second; the source shows a face in seconds 0 and 2, none in 1 (landscape),
    // one reaching its own top edge in 3 (no framing can show it whole)
    const faceBoxes = [{ t: 0.5, x: 500, y: 200, w: 200, h: 200 }, { t: 2.5, x: 520, y: 200, w: 200, h: 200 }, { t: 3.5, x: 500, y: 0, w: 200, h: 160 }];
    const unjudged = unjudgedSpans({ faceBoxes, picture: { width: 1280, height: 720 }, rangeS: 4, keep: [{ start: 0, end: 4 }], overlays: [] });
    expect(unjudged).toEqual([{ start: 1, end: 2 }, { start: 3, end: 4 }]);
    const times = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5];
    const judged = judgedFrames(times, unjudged);
    expect(judged).toEqual([true, true, false, false, true, true, false, false]);
    const samples = [inside, inside, [], [], inside, [], [], []];
    // 3 of the 4 judged frames show the face; the faceless landscape does not count against the crop
    expect(subjectInFrame(samples, frame, (i) => judged[i]!)).toBe(0.75);
    expect(subjectInFrame(samples, frame)).toBe(0.375);
    expect(emptyFrames(times, { blacks: [], freezes: [], faces: samples, judged: (i) => judged[i]! })).toBe(0.125);
    // a cutaway over 0-2 s and a cut of 1-2 s (the clip plays 0-1 then 2-4): spans on the clip's clock
    const cut = unjudgedSpans({ faceBoxes, picture: { width: 1280, height: 720 }, rangeS: 4, keep: [{ start: 0, end: 1 }, { start: 2, end: 4 }], overlays: [{ start: 0, end: 0.5 }] });
    expect(cut).toEqual([{ start: 0, end: 0.5 }, { start: 2, end: 3 }]);
    // the same read from a render's timeline (issue 33): its kept pieces and the cutaway drawn over it
    const tl = buildClipTimeline({ aspect: "9:16",
      range: { start: 50, end: 54 }, cuts: [{ source_start: 51, source_end: 52, reason: "silence" }], sourceSize: { width: 1280, height: 720 }, content: null, layout: "face_tracking",
      cropWindow: { w: 404, h: 720, y: 0 }, cropPath: null, zooms: [], words: [], captions: null, titleCard: null, broll: [{ asset: "b", start: 0, end: 0.5 }], fps: "30",
    });
    expect(timelineUnjudged(tl, faceBoxes, { width: 1280, height: 720 })).toEqual(cut);
    // nothing judged: no measure
    expect(subjectInFrame(samples, frame, () => false)).toBeNull();
    // faces not analysed: every frame judged but the overlays
    expect(unjudgedSpans({ faceBoxes: null, picture: { width: 1280, height: 720 }, rangeS: 4, keep: [{ start: 0, end: 4 }], overlays: [{ start: 0, end: 2.5 }] })).toEqual([{ start: 0, end: 2.5 }]);
  });
  it("empty frames: black, frozen, or faceless where a face is expected", () => {
    const times = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5];
    expect(emptyFrames(times, { blacks: [{ start: 0, end: 0.9 }], freezes: [] })).toBe(0.25);
    expect(emptyFrames(times, { blacks: [], freezes: [{ start: 2, end: 3.5 }] })).toBe(0.5);
    expect(emptyFrames(times, { blacks: [], freezes: [], faces: times.map((_, i) => (i < 6 ? [{ x: 1, y: 1, w: 2, h: 2 }] : [])) })).toBe(0.25);
    expect(emptyFrames(times, { blacks: [], freezes: [] })).toBe(0);
  });
});

describe("flags: each one raised past its threshold and not before", () => {
  const cases: [string, Partial<Measures>, Partial<Measures>][] = [
    ["subject_out_of_frame", { subject_in_frame: T.SUBJECT_IN_FRAME_MIN - 0.01 }, { subject_in_frame: T.SUBJECT_IN_FRAME_MIN }],
    ["empty_frames", { empty_frames: T.EMPTY_FRAMES_MAX + 0.01 }, { empty_frames: T.EMPTY_FRAMES_MAX }],
    ["long_silence", { longest_silence: T.LONG_SILENCE_S + 0.1 }, { longest_silence: T.LONG_SILENCE_S }],
    ["no_speech", { speech_share: 0 }, { speech_share: T.NO_SPEECH_SHARE }],
    ["mostly_silent", { speech_share: T.MOSTLY_SILENT_SHARE - 0.01 }, { speech_share: T.MOSTLY_SILENT_SHARE }],
    ["captions_drift", { caption_sync_ms: T.CAPTION_DRIFT_MS + 1 }, { caption_sync_ms: T.CAPTION_DRIFT_MS }],
    ["cuts_mid_sentence", { ends_on_sentence: false }, { ends_on_sentence: null }],
    ["cuts_word", { cut_word: true }, { cut_word: false }],
    ["too_loud", { audio: { lufs: T.TOO_LOUD_LUFS + 0.5, true_peak: -1.5, clipping: false } }, { audio: { lufs: T.TOO_LOUD_LUFS, true_peak: -1.5, clipping: false } }],
    ["clipping", { audio: { lufs: -14, true_peak: 0.3, clipping: true } }, { audio: { lufs: -14, true_peak: -1, clipping: false } }],
  ];
  it.each(cases)("%s", (flag, bad, fine) => {
    expect(names({ ...good, ...bad })).toContain(flag);
    expect(names({ ...good, ...fine })).not.toContain(flag);
  });
  it("a good clip is ok; a source without speech is not flagged for lacking it", () => {
    expect(clipQuality(good, { expectSpeech: true, measuredMs: 5 })).toMatchObject({ ok: true, flags: [], fixes: [] });
    expect(names({ ...good, speech_share: 0, longest_silence: 9 }, false)).toEqual([]);
  });
  it("no_speech and mostly_silent clips are dropped, others kept", () => {
    const q = (m: Partial<Measures>) => clipQuality({ ...good, ...m }, { expectSpeech: true, measuredMs: 1 });
    expect(dropReason(q({ speech_share: 0.01 }))).toBe("no_speech");
    expect(dropReason(q({ speech_share: 0.2 }))).toBe("mostly_silent");
    expect(dropReason(q({ longest_silence: 5 }))).toBeNull();
  });
});

describe("fixes", () => {
  const plan = {
    index: 0, start: 2.82, end: 5.7, layout: "face_tracking", words: [], cropWindow: { w: 300, h: 540, y: 0 },
    cropPath: [{ t: 0, x: 100 }, { t: 2, x: 300 }], panels: null, faceCam: null, content: null, layoutReason: null,
  } as unknown as ClipPlan;
  it("an edge mid-sentence moves to sentence boundaries, the crop path shifted with it", () => {
    const r = fixPlan(plan, [{ name: "cuts_mid_sentence", message: "x" }], { words, duration: 10, clipLength: undefined, picture: { width: 1280, height: 720 } })!;
    expect(r.plan.start).toBe(2.45);
    expect(r.plan.end).toBe(5.75);
    expect(r.plan.words.map((x) => x.text)).toEqual(["This", "is", "a", "test.", "Bye", "now."]);
    expect(r.plan.cropPath![0]).toEqual({ t: 0, x: 100 });
    expect(r.fixes.map((f) => f.flag)).toEqual(["cuts_mid_sentence"]);
  });
  it("a subject out of frame with no framing that keeps it is never re-framed wide; other flags have no fix", () => {
    expect(fixPlan(plan, [{ name: "subject_out_of_frame", message: "x" }], { words, duration: 10, picture: { width: 1280, height: 720 } })).toBeNull();
    expect(fixPlan(plan, [{ name: "too_loud", message: "x" }], { words, duration: 10, picture: { width: 1280, height: 720 } })).toBeNull();
    // a layout the job asked for is kept, with its flag
    expect(fixPlan(plan, [{ name: "subject_out_of_frame", message: "x" }], { words, duration: 10, picture: { width: 1280, height: 720 }, layoutRequested: true })).toBeNull();
  });
  it("keyframes seen from a later start", () => {
    expect(shiftKeyframes([{ t: 0, x: 0 }, { t: 4, x: 400 }], 1, 2)).toEqual([{ t: 0, x: 100 }, { t: 2, x: 300 }]);
  });
});

describe("one silence level", () => {
  it("the quality measure and remove_silences call the same audio silent: SILENCE_BELOW_SPEECH_DB under the speech loudness", () => {
    // the rendered clip is normalised to the loudness target, so its silence level is the cut plan's at that loudness
    expect(SILENCE_NOISE_DB).toBe(quietThresholdDb(LOUDNESS_TARGET_LUFS));
    expect(SILENCE_NOISE_DB).toBe(LOUDNESS_TARGET_LUFS - T.SILENCE_BELOW_SPEECH_DB);
    const args = measureArgs({ input: "in.mp4", hasAudio: true, pcm: "a.pcm", frames: "f.rgb", frame: qualityFrame("9:16") }).join(" ");
    expect(args).toContain(`silencedetect=noise=${LOUDNESS_TARGET_LUFS - T.SILENCE_BELOW_SPEECH_DB}dB:d=${T.SILENCE_MIN_S}`);
  });
});

describe("job summary", () => {
  it("counts delivered, fixed, flagged and dropped clips and flags by name", () => {
    const q = (flags: string[], fixes = 0) => ({ ...clipQuality(good, { expectSpeech: true, measuredMs: 1 }), flags: flags.map((name) => ({ name, message: "m" })), ok: !flags.length, fixes: Array.from({ length: fixes }, () => ({ flag: "cuts_word", action: "a" })) }) as ClipQuality;
    expect(summarizeQuality([q(["long_silence", "too_loud"]), q(["long_silence"], 1), q([]), null], 2)).toEqual({
      clips_delivered: 4, clips_fixed: 1, clips_flagged: 2, clips_dropped: 2, flags: { long_silence: 2, too_loud: 1 },
    });
  });
});
