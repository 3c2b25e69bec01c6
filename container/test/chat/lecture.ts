// Real speech with times for the chat-model tests: Walter Lewin's MIT lecture (203 s, one speaker,
// /work/shared/media speech/en/physicsworks_lecture), its words as Whisper-medium timed them
// (silver, with punctuation), and helpers that plant moments on its sentences.
import { readFileSync } from "node:fs";
import type { Transcript, Word } from "../../src/runtime/types.js";
import { sentenceRanges } from "../../src/text/sentences.js";
import { media } from "../helpers/media.js";

export const LECTURE_AUDIO = "speech/en/physicsworks_lecture/physicsworks_audio.webm";
export const LECTURE_S = 203.3;

export function lectureWords(): Word[] {
  const j = JSON.parse(readFileSync(media("speech/en/physicsworks_lecture/physicsworks.whisper_medium_words.silver.json"), "utf8")) as { segments: { words: { word: string; time_interval: { start: number; end: number } }[] }[] };
  return j.segments.flatMap((s) => s.words.map((w) => ({ word: w.word.trim(), start: w.time_interval.start, end: w.time_interval.end }))).filter((w) => w.word && w.end > w.start);
}

export const lectureTranscript = (): Transcript => ({ lang: "en", segments: [], words: lectureWords(), engine: "test:whisper-medium-silver" });

/** Sentence k..m of the lecture as a range (first word's start, last word's end). */
export function sentencesRange(words: Word[], k: number, m: number): { start: number; end: number; text: string } {
  const s = sentenceRanges(words);
  const a = words[s[k]!.from]!;
  const b = words[s[m]!.to - 1]!;
  return { start: a.start, end: b.end, text: words.slice(s[k]!.from, s[m]!.to).map((w) => w.word).join(" ") };
}

/** The first run of whole sentences from sentence k lasting at least minS (and at most maxS). */
export function runFrom(words: Word[], k: number, minS: number, maxS: number): { start: number; end: number; text: string } {
  const s = sentenceRanges(words);
  for (let m = k; m < s.length; m++) {
    const r = sentencesRange(words, k, m);
    if (r.end - r.start >= minS) {
      if (r.end - r.start > maxS) break;
      return r;
    }
  }
  throw new Error(`no run of ${minS}-${maxS} s from sentence ${k}`);
}

/** A planted moment with every field, as a model would answer. */
export function planted(range: { start: number; end: number }, n: number, o: { score?: number } = {}) {
  const s = o.score ?? 80;
  return {
    start: range.start,
    end: range.end,
    reason: `Planted moment ${n}: opens on a question and pays it off.`,
    hook: s,
    flow: s,
    value: s,
    trend: s,
    title: `Planted title ${n}`,
    hook_title: `Hook ${n}`,
    description: `Planted description ${n} of the lecture.`,
    hashtags: [`#Physics${n}`, "#Lecture"],
    emphasis: ["energy", "pendulum"],
    emoji: "🔥",
    broll: ["pendulum swing"],
  };
}
