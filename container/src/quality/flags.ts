// Pure: a rendered clip's measures -> its named flags (thresholds: QUALITY_THRESHOLDS in
// @katto/protocol, reasoning in docs/clip-quality.md).
import { QUALITY_THRESHOLDS as T, SUBJECT_LAYOUTS, type ClipQuality, type QualityFix, type QualityFlag } from "@katto/protocol";

/** Layouts that frame a person: their frames are expected to show a face. */
export const hasSubject = (layout: string) => (SUBJECT_LAYOUTS as readonly string[]).includes(layout);

export type Measures = Omit<ClipQuality, "flags" | "ok" | "fixes" | "measured_ms">;

const pct = (x: number) => `${Math.round(x * 100)} %`;

/**
 * The flags of a clip's measures. `expectSpeech`: false for a source without any transcribed
 * speech (music, B-roll), whose clips are not flagged for lacking it.
 */
export function qualityFlags(m: Measures, o: { expectSpeech: boolean }): QualityFlag[] {
  const flags: QualityFlag[] = [];
  const add = (name: QualityFlag["name"], message: string) => flags.push({ name, message });
  if (m.subject_in_frame !== null && m.subject_in_frame < T.SUBJECT_IN_FRAME_MIN) {
    add("subject_out_of_frame", `The speaker's face is in the frame in only ${pct(m.subject_in_frame)} of the sampled frames where the source shows it (at least ${pct(T.SUBJECT_IN_FRAME_MIN)} expected).`);
  }
  if (m.empty_frames > T.EMPTY_FRAMES_MAX) {
    add("empty_frames", `${pct(m.empty_frames)} of the sampled frames are black, frozen (the source moving) or show no face where the layout and the source have one.`);
  }
  if (o.expectSpeech) {
    if (m.speech_share < T.NO_SPEECH_SHARE) add("no_speech", `No speech was heard in the rendered clip (speech in ${pct(m.speech_share)} of it).`);
    else if (m.speech_share < T.MOSTLY_SILENT_SHARE) add("mostly_silent", `Speech fills only ${pct(m.speech_share)} of the clip (at least ${pct(T.MOSTLY_SILENT_SHARE)} expected).`);
    if (m.longest_silence > T.LONG_SILENCE_S) add("long_silence", `The clip has a silence of ${m.longest_silence.toFixed(1)} s (more than ${T.LONG_SILENCE_S} s loses viewers).`);
  }
  if (m.caption_sync_ms !== null && m.caption_sync_ms > T.CAPTION_DRIFT_MS) {
    const way = m.caption_offset_ms ? (m.caption_offset_ms > 0 ? " late, after the speech they show" : " early, before the speech they show") : " away from the speech they show";
    add("captions_drift", `Captions start ${m.caption_sync_ms} ms${way} (median; more than ${T.CAPTION_DRIFT_MS} ms is visibly out of sync).`);
  }
  if (m.starts_on_sentence === false || m.ends_on_sentence === false) {
    const which = m.starts_on_sentence === false && m.ends_on_sentence === false ? "starts and ends" : m.starts_on_sentence === false ? "starts" : "ends";
    add("cuts_mid_sentence", `The clip ${which} in the middle of a sentence.`);
  }
  if (m.cut_word) add("cuts_word", "An edge of the clip cuts through a word.");
  if (m.audio.lufs !== null && m.audio.lufs > T.TOO_LOUD_LUFS) {
    add("too_loud", `Integrated loudness is ${m.audio.lufs.toFixed(1)} LUFS (above ${T.TOO_LOUD_LUFS}; platforms turn it down and it sounds harsh).`);
  }
  if (m.audio.clipping) add("clipping", `The audio reaches full scale (true peak ${m.audio.true_peak?.toFixed(1)} dBTP): it clips and distorts.`);
  return flags;
}

/** The quality object: measures, their flags, and the fixes made before this render. */
export function clipQuality(m: Measures, o: { expectSpeech: boolean; fixes?: readonly QualityFix[]; measuredMs: number }): ClipQuality {
  const flags = qualityFlags(m, o);
  return { ...m, flags, ok: flags.length === 0, fixes: [...(o.fixes ?? [])], measured_ms: Math.max(0, Math.round(o.measuredMs)) };
}

export const isClipping = (truePeak: number | null) => truePeak !== null && truePeak >= T.CLIPPING_TRUE_PEAK_DBTP;
