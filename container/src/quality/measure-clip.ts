// Measure a rendered clip file (docs/clip-quality.md): one ffmpeg pass decodes it once and feeds
// the audio to silencedetect + ebur128 and an 8 kHz mono copy (the energy envelope), and the
// picture (an analysis decode, ffmpeg/args.ts ANALYSIS_DECODE), sampled at 2 fps and scaled down to the face detector's input, to blackdetect +
// freezedetect and to raw frames for the face detector. Everything else is pure (measures.ts).
import { aspectRatio, QUALITY_THRESHOLDS as T, type Aspect, type ClipQuality, type QualityFix } from "@katto/protocol";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createReadStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createBlazeFace } from "../engines/face/blazeface.js";
import type { FaceDetector } from "../engines/face/types.js";
import { quietThresholdDb } from "../editing/cut-plan.js";
import { LOUDNESS_TARGET_LUFS } from "../ffmpeg/loudness.js";
import { runProcess } from "../ffmpeg/spawn.js";
import { ANALYSIS_DECODE } from "../ffmpeg/args.js";
import { RawFrameParser } from "../framing/faces.js";
import type { Rect } from "../framing/panels.js";
import { clipQuality, hasSubject, isClipping } from "./flags.js";
import {
  captionOffsetMs,
  cuePhraseStarts,
  emptyFrames,
  judgedFrames,
  parseSrtCues,
  longestSilence,
  parseBlacks,
  parseEbur128,
  parseFreezes,
  parseSilences,
  phraseStarts,
  speechOnsets,
  speechShare,
  subjectInFrame,
  type Box,
  type Edges,
  type Interval,
} from "./measures.js";
import { energyEnvelope } from "../engines/speech/chunks.js";

/** Sampled frames per second of the picture checks. */
export const QUALITY_FPS = 2;
/**
 * The sampled frame of a clip of shape `aspect`: its longer side the face detector's input size
 * (BlazeFace letterboxes to 256x256), the shape kept (9:16 144x256, 1:1 256x256, 4:5 204x256,
 * 16:9 256x144), so faces are measured undistorted in every shape.
 */
export function qualityFrame(aspect: Aspect): { width: number; height: number } {
  const r = aspectRatio(aspect);
  const even = (n: number) => 2 * Math.round(n / 2);
  return r <= 1 ? { width: even(256 * r), height: 256 } : { width: 256, height: even(256 / r) };
}
const ENVELOPE_RATE = 8000;
/**
 * The silence level of the rendered clip, dBFS: the cut plan's rule (SILENCE_BELOW_SPEECH_DB under
 * the speech loudness) at the loudness every render is normalised to, so the measure and
 * `remove_silences` call the same audio silent.
 */
export const SILENCE_NOISE_DB = quietThresholdDb(LOUDNESS_TARGET_LUFS);
const ENVELOPE_FRAME_S = 0.02;

/** Pure: the arguments of the one measuring pass. */
export function measureArgs(o: { input: string; hasAudio: boolean; pcm: string; frames: string; frame: { width: number; height: number } }): string[] {
  const { width, height } = o.frame;
  const video = `[0:v:0]fps=${QUALITY_FPS},scale=${width}:${height}:flags=area,setsar=1,blackdetect=d=0:pic_th=0.98:pix_th=0.1,freezedetect=n=-60dB:d=2,format=rgb24[vo]`;
  const audio = `[0:a:0]asplit=2[a1][a2];[a1]silencedetect=noise=${SILENCE_NOISE_DB}dB:d=${T.SILENCE_MIN_S},ebur128=peak=true[ao];[a2]aresample=${ENVELOPE_RATE},aformat=sample_fmts=s16:channel_layouts=mono[ae]`;
  return [
    "-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-y",
    // frames are judged at 2 fps and 256 px: an HD file decodes in 60 % of the CPU without
    // deblocking and its B-frames (2.1 against 3.4 CPU-s for 20 s of 1080x1920 at superfast)
    ...ANALYSIS_DECODE,
    "-i", o.input,
    "-filter_complex", o.hasAudio ? `${video};${audio}` : video,
    "-map", "[vo]", "-f", "rawvideo", o.frames,
    ...(o.hasAudio ? ["-map", "[ao]", "-f", "null", "-", "-map", "[ae]", "-f", "s16le", o.pcm] : []),
  ];
}

let sharedDetector: Promise<FaceDetector> | undefined;
/** The pipeline's face detector (BlazeFace), loaded once per process. */
export const qualityFaceDetector = (): Promise<FaceDetector> => (sharedDetector ??= createBlazeFace());

export interface MeasureClipInput {
  /** the rendered clip */
  file: string;
  /** its length, seconds, and whether it has audio (its probe) */
  duration: number;
  hasAudio: boolean;
  layout: string;
  /** the clip's shape (issue 37): frames are sampled in it */
  aspect: Aspect;
  /**
   * whether the frame is expected to show the speaker: by default when the layout frames a person;
   * also for a crop layout a clip was re-framed to so that its speaker stays in (quality/fixes.ts)
   */
  subject?: boolean;
  /** caption words, clip seconds (what the captions show when `captions` is not given) */
  words: readonly { start: number; end: number }[];
  /**
   * the SRT the clip ships (its text, clip time): caption sync and speech are measured against its
   * cues, what a viewer sees, rather than against words on another clock
   */
  captions?: string;
  /** stretches (clip seconds) whose frames are not judged for the speaker (measures.ts unjudgedSpans) */
  unjudged?: readonly Interval[];
  /**
   * the source range the clip shows (seconds of `path`): a clip whose source picture does not
   * change there (one photo over speech) is still by nature, so its frozen frames are not empty
   */
  source?: { path: string; start: number; end: number };
  /** the edges against the transcript (measures.ts edgesAgainstSentences), or carried from the first render */
  edges: Edges;
  /** false for a source with no transcribed speech at all: no speech flags */
  expectSpeech: boolean;
  fixes?: readonly QualityFix[];
  signal: AbortSignal;
  detector?: FaceDetector;
  /**
   * where in the frame the speaker is (fractions of it): the screen layout's camera panel
   * (framing/screen-panels.ts screenCamPanel); faces elsewhere (on the screen) are not the speaker.
   * Null or absent: anywhere in the frame.
   */
  subjectPanel?: Rect | null;
}

/** Measure one rendered clip and answer its quality. */
export async function measureClip(o: MeasureClipInput): Promise<ClipQuality> {
  const t0 = Date.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), "katto-quality-"));
  try {
    const frame = qualityFrame(o.aspect);
    const pcm = path.join(dir, "audio.pcm");
    const frames = path.join(dir, "frames.rgb");
    const { stderrTail: log } = await runProcess("ffmpeg", measureArgs({ input: o.file, hasAudio: o.hasAudio, pcm, frames, frame }), { stage: "checking", signal: o.signal, stderrTailBytes: 1 << 20 });
    const subject = o.subject ?? hasSubject(o.layout);
    const found = await detectFaces(frames, frame, subject ? (o.detector ?? (await qualityFaceDetector())) : null, o.signal);
    const faces = o.subjectPanel ? found.map((fs) => fs.filter((f) => centreIn(f, o.subjectPanel!, frame))) : found;
    const times = faces.map((_, i) => i / QUALITY_FPS);
    const judged = judgedFrames(times, o.unjudged ?? []);
    const isJudged = (i: number) => judged[i] ?? true;
    const freezes = parseFreezes(log, o.duration);
    const still = freezes.length > 0 && o.source ? await sourceIsStill(o.source, o.signal) : false;
    const silences = o.hasAudio ? parseSilences(log, o.duration) : [{ start: 0, end: o.duration }];
    const cues = o.captions === undefined ? null : parseSrtCues(o.captions);
    const shown = cues ?? o.words;
    const loud = o.hasAudio ? parseEbur128(log) : { lufs: null, truePeak: null };
    let offset: number | null = null;
    if (o.hasAudio) {
      const raw = await readFile(pcm);
      const samples = new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.byteLength / 2));
      offset = captionOffsetMs(cues ? cuePhraseStarts(cues) : phraseStarts(o.words), speechOnsets(energyEnvelope(samples, ENVELOPE_RATE, ENVELOPE_FRAME_S), ENVELOPE_FRAME_S));
    }
    return clipQuality(
      {
        subject_in_frame: subject ? subjectInFrame(faces, frame, isJudged) : null,
        empty_frames: emptyFrames(times, { blacks: parseBlacks(log), freezes: still ? [] : freezes, faces: subject ? faces : undefined, judged: isJudged }),
        speech_share: speechShare(o.duration, silences, shown),
        longest_silence: longestSilence(silences),
        audio: { lufs: loud.lufs === null ? null : round1(loud.lufs), true_peak: loud.truePeak === null ? null : round1(loud.truePeak), clipping: isClipping(loud.truePeak) },
        caption_sync_ms: offset === null ? null : Math.abs(offset),
        caption_offset_ms: offset,
        ...o.edges,
      },
      { expectSpeech: o.expectSpeech, fixes: o.fixes, measuredMs: Date.now() - t0 },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Whether a face's centre lies in `panel` (fractions of the frame). */
const centreIn = (f: Box, panel: Rect, frame: { width: number; height: number }) => {
  const x = (f.x + f.w / 2) / frame.width;
  const y = (f.y + f.h / 2) / frame.height;
  return x >= panel.x && x <= panel.x + panel.w && y >= panel.y && y <= panel.y + panel.h;
};

/** A source picture is still over a range when it is frozen for this share of it (freezedetect needs 2 s to call a freeze). */
const STILL_SHARE = 0.9;

/** Pure: the arguments of the stillness check: the source range at 2 fps, small, through freezedetect. */
export const stillArgs = (o: { path: string; start: number; end: number }) => [
  "-hide_banner", "-nostdin", "-nostats", "-loglevel", "info",
  "-ss", String(o.start), "-t", String(Math.max(0.1, o.end - o.start)), "-i", o.path,
  "-map", "0:v:0", "-vf", `fps=${QUALITY_FPS},scale=64:-2:flags=area,freezedetect=n=-60dB:d=2`, "-f", "null", "-",
];

/** Whether the source's picture does not change over the range (one photo over speech). */
export async function sourceIsStill(o: { path: string; start: number; end: number }, signal: AbortSignal): Promise<boolean> {
  const { stderrTail: log } = await runProcess("ffmpeg", stillArgs(o), { stage: "checking", signal, stderrTailBytes: 1 << 18 });
  const span = o.end - o.start;
  const frozen = parseFreezes(log, span).reduce((a, f) => a + Math.max(0, Math.min(span, f.end) - Math.max(0, f.start)), 0);
  return span > 0 && frozen >= STILL_SHARE * span;
}

/** Faces in each sampled frame (output-frame pixels); empty lists without a detector (frames are still counted). */
async function detectFaces(file: string, frame: { width: number; height: number }, detector: FaceDetector | null, signal: AbortSignal): Promise<Box[][]> {
  const { width, height } = frame;
  const parser = new RawFrameParser(width * height * 3);
  const out: Box[][] = [];
  for await (const bytes of createReadStream(file, { highWaterMark: 1 << 20 })) {
    for (const rgb of parser.push(bytes as Buffer)) {
      signal.throwIfAborted();
      out.push(detector ? (await detector.detect({ width, height, rgb })).map(({ x, y, w, h }) => ({ x, y, w, h })) : []);
    }
  }
  return out;
}
