// What each rendered clip measured about itself (issue 23, docs/clip-quality.md): the backend
// measures the rendered file after every render (preview, HD, re-render version) and reports a
// ClipQuality with the clip; the Worker stores it and shows it in every door. One schema here, used
// by the render protocol (events) and the public API (protocol/src/api/job.ts) alike.
import { z } from "zod";
import { Num } from "./common.js";

/** Named problems a clip can have; each has a threshold in QUALITY_THRESHOLDS and a test. */
export const QUALITY_FLAGS = [
  "subject_out_of_frame",
  "empty_frames",
  "long_silence",
  "no_speech",
  "mostly_silent",
  "captions_drift",
  "cuts_mid_sentence",
  "cuts_word",
  "too_loud",
  "clipping",
] as const;
export type QualityFlagName = (typeof QUALITY_FLAGS)[number];

/** Why a rendered clip was dropped from a job's results (merges into the left-out candidates' reasons). */
export const DROP_REASONS = ["no_speech", "mostly_silent"] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/**
 * The thresholds behind each flag, with their reasoning in docs/clip-quality.md (a test checks
 * that every one is written down there).
 */
export const QUALITY_THRESHOLDS = {
  /** subject_out_of_frame: the speaker's face fully inside the frame in fewer than this share of sampled frames */
  SUBJECT_IN_FRAME_MIN: 0.8,
  /** empty_frames: more than this share of sampled frames black, frozen or without the expected face */
  EMPTY_FRAMES_MAX: 0.25,
  /** long_silence: a silence in the rendered audio longer than this, seconds */
  LONG_SILENCE_S: 3,
  /** no_speech: speech in less than this share of the clip */
  NO_SPEECH_SHARE: 0.05,
  /** mostly_silent: speech in less than this share of the clip */
  MOSTLY_SILENT_SHARE: 0.35,
  /** captions_drift: caption word starts and measured speech onsets further apart than this (median), ms */
  CAPTION_DRIFT_MS: 400,
  /** an edge within this many seconds of a sentence boundary falls on it */
  SENTENCE_EDGE_TOLERANCE_S: 0.25,
  /** a word cut by less than this at an edge is not counted as cut, seconds */
  WORD_CUT_TOLERANCE_S: 0.08,
  /** too_loud: integrated loudness above this, LUFS (the render targets -14) */
  TOO_LOUD_LUFS: -9,
  /** clipping: a true peak at or above this, dBTP */
  CLIPPING_TRUE_PEAK_DBTP: -0.1,
  /**
   * Audio this many dB under the speech's own integrated loudness is silence: the one silence
   * level of the quality measure (the rendered clip, normalised to -14 LUFS, so -39 dBFS) and of
   * the cut plan's `remove_silences` (the clip's measured loudness minus this)
   */
  SILENCE_BELOW_SPEECH_DB: 25,
  /** silencedetect's shortest silence, seconds (shorter pauses are part of speech) */
  SILENCE_MIN_S: 0.5,
} as const;

export const QualityFlagSchema = z.object({
  name: z.enum(QUALITY_FLAGS).meta({ description: `The problem: ${QUALITY_FLAGS.join(", ")} (thresholds in docs/clip-quality.md).` }),
  message: z.string().min(1).max(300).meta({ description: "One line saying what was measured and what it means for the clip." }),
});
export type QualityFlag = z.output<typeof QualityFlagSchema>;

export const QualityFixSchema = z.object({
  flag: z.enum(QUALITY_FLAGS).meta({ description: "The flag the first render had." }),
  action: z.string().min(1).max(300).meta({ description: "What was changed before delivery (the clip was then rendered and measured again)." }),
});
export type QualityFix = z.output<typeof QualityFixSchema>;

const Share = Num.min(0).max(1);

export const ClipQualitySchema = z.object({
  subject_in_frame: Share.meta({ description: "Share of the judged sampled frames (2 per second) in which the speaker's face is in the 9:16 frame (at least three quarters of it; in the screen layout, a face in its camera panel). Frames in which the source itself shows no whole face, and B-roll cutaways and the title card, are not judged. Null for layouts without a subject (wide, center_crop, passthrough) unless the clip was re-framed from a face layout, and when no frame is judged." }).nullable(),
  empty_frames: Share.meta({ description: "Share of sampled frames that are black, frozen, or show no face where the layout expects one." }),
  speech_share: Share.meta({ description: "Share of the clip with speech: audible in the rendered audio and inside a transcribed word." }),
  longest_silence: Num.min(0).meta({ description: "The longest silence in the rendered audio, seconds." }),
  audio: z.object({
    lufs: Num.meta({ description: "Integrated loudness (EBU R 128), LUFS; null for silent audio." }).nullable(),
    true_peak: Num.meta({ description: "True peak, dBTP; null for silent audio." }).nullable(),
    clipping: z.boolean().meta({ description: "True when the true peak reaches full scale." }),
  }),
  caption_sync_ms: Num.min(0).meta({ description: "How far the captions the clip ships (its SRT, clip time) start from the speech onsets measured in the rendered audio, ms (the size of caption_offset_ms); null when the clip has too few of either." }).nullable(),
  caption_offset_ms: Num.meta({ description: "The same, signed: positive when the captions come late (after the speech is heard), negative when early. Absent on clips measured before it existed." }).nullable().optional(),
  starts_on_sentence: z.boolean().meta({ description: "Whether the clip starts on a sentence boundary of the transcript; null without a transcript." }).nullable(),
  ends_on_sentence: z.boolean().meta({ description: "Whether the clip ends on a sentence boundary of the transcript; null without a transcript." }).nullable(),
  cut_word: z.boolean().meta({ description: "Whether an edge of the clip cuts through a word." }),
  flags: z.array(QualityFlagSchema).meta({ description: "The problems still present in the delivered file; empty when none." }),
  ok: z.boolean().meta({ description: "True when `flags` is empty." }),
  fixes: z.array(QualityFixSchema).meta({ description: "What was fixed before delivery; empty when nothing was." }),
  measured_ms: z.int().min(0).meta({ description: "Wall time the measuring took, ms." }),
});
export type ClipQuality = z.output<typeof ClipQualitySchema>;

/** A rendered clip dropped from the job's results, with why (shape of the job's left-out candidates). */
export const DroppedClipSchema = z.object({
  start: Num.min(0).meta({ description: "Where the clip would have started in the source, seconds." }),
  end: Num.min(0).meta({ description: "Where it would have ended, seconds." }),
  score: Num.min(0).max(100).meta({ description: "Its virality score, 0 to 100." }),
  subscores: z.object({ hook: Num.min(0).max(100), flow: Num.min(0).max(100), value: Num.min(0).max(100), trend: Num.min(0).max(100) }),
  reason: z.enum(DROP_REASONS).meta({ description: "no_speech: no speech was measured in the rendered clip; mostly_silent: speech in less than 35 % of it." }),
  message: z.string().min(1).max(300).meta({ description: "One line with what was measured." }),
});
export type DroppedClip = z.output<typeof DroppedClipSchema>;

/** The job-level summary, derived from its clips' quality and its dropped clips. */
export const JobQualitySchema = z.object({
  clips_delivered: z.int().min(0),
  clips_fixed: z.int().min(0).meta({ description: "Delivered clips with at least one fix recorded." }),
  clips_dropped: z.int().min(0),
  clips_flagged: z.int().min(0).meta({ description: "Delivered clips that still have flags." }),
  flags: z.record(z.string(), z.int().min(0)).meta({ description: "How many delivered clips carry each flag, by flag name (only flags present)." }),
});
export type JobQuality = z.output<typeof JobQualitySchema>;

/** Pure: the job summary from its delivered clips' quality (null where unmeasured) and its dropped count. */
export function summarizeQuality(clips: readonly (ClipQuality | null)[], dropped: number): JobQuality {
  const flags: Record<string, number> = {};
  let fixed = 0;
  let flagged = 0;
  for (const q of clips) {
    if (!q) continue;
    if (q.fixes.length) fixed++;
    if (q.flags.length) flagged++;
    for (const name of new Set(q.flags.map((f) => f.name))) flags[name] = (flags[name] ?? 0) + 1;
  }
  return { clips_delivered: clips.length, clips_fixed: fixed, clips_flagged: flagged, clips_dropped: dropped, flags };
}
