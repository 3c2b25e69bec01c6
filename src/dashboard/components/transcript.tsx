// The transcript on a job's page: which engine made it, said plainly when it is the rough offline
// one, and its lines with the words the engine was unsure of marked.
import { lowConfidenceThreshold } from "@katto/protocol";
import type { Transcript } from "@katto/protocol/api";

const OFFLINE_ENGINE = "pocketsphinx";

export function TranscriptSource({ transcript }: { transcript: Transcript }) {
  const engines = transcript.engine?.split("+") ?? [];
  const offline = engines.includes(OFFLINE_ENGINE);
  return (
    <p class={offline ? "notice warn" : "muted"} data-engine={transcript.engine ?? ""}>
      {offline
        ? "Rough offline transcript (pocketsphinx): correct it below (a re-render or \"Refresh captions\" then uses your words), or have the operator configure a speech engine: KATTO_SPEECH_ENGINE in the README's Configuration (an OpenAI-compatible server, Workers AI or local Whisper)."
        : `Transcribed by ${transcript.engine ?? "an unnamed engine"}.`}
      {transcript.word_timing === "segments" ? " Word times are estimates: the engine timed whole segments only." : ""}
    </p>
  );
}

export interface TranscriptLine {
  start: number;
  /** `index`: the word's index in the transcript's words (what a trim's start_word/end_word names); `start`/`end`: its times in the source, seconds */
  words: { text: string; confidence?: number; low: boolean; index?: number; start?: number; end?: number }[];
}

/** Each segment's words (by time), so confidence can be shown per word; a segment without words keeps its text. */
export function transcriptLines(t: Transcript): TranscriptLine[] {
  let i = 0;
  // below this confidence a word is marked for a second look: the engine's calibrated threshold
  const low = lowConfidenceThreshold(t.engine);
  return t.segments.map((s, k) => {
    const last = k === t.segments.length - 1;
    const words: TranscriptLine["words"] = [];
    while (i < t.words.length && (last || t.words[i]!.start < s.end)) {
      const index = i;
      const w = t.words[i++]!;
      words.push({ text: w.text, confidence: w.confidence, low: w.confidence !== undefined && w.confidence < low, index, start: w.start, end: w.end });
    }
    return { start: s.start, words: words.length > 0 ? words : [{ text: s.text, low: false }] };
  });
}
