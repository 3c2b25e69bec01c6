// LibriVox sentences from the shared corpus, with their words aligned on the medium's clock: the
// speech of the tests that build a recording from corpus sentences (the combination matrix, the
// audio timestamp-gap render test).
import { readFileSync } from "node:fs";
import type { Word } from "../../src/runtime/types.js";
import { media } from "./media.js";

export const LIBRIVOX = "speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb";

/** A stretch of corpus speech: `file` from `from` to `to` placed at `at` seconds of the medium, with its aligned words. */
export interface Speech {
  file: string;
  from: number;
  to: number;
  at: number;
  words: Word[];
}

/** One LibriVox sentence (pocketsphinx alignment from the corpus), without the file's own lead-in and tail, placed at `at`. */
export function librivox(u: string, at: number): Speech {
  const j = JSON.parse(readFileSync(media(`${LIBRIVOX}-${u}.pocketsphinx_words.json`), "utf8")) as { w: { b: number; d: number; t: string }[] };
  const ws = j.w.filter((w) => !w.t.startsWith("<") && !w.t.startsWith("["));
  const from = Math.max(0, ws[0]!.b - 0.12);
  const to = ws.at(-1)!.b + ws.at(-1)!.d + 0.1;
  const words = ws.map((w) => ({ word: w.t.replace(/\(\d+\)$/, ""), start: +(at + w.b - from).toFixed(3), end: +(at + w.b + w.d - from).toFixed(3) }));
  // each utterance is a sentence
  words[words.length - 1]!.word += ".";
  return { file: media(`${LIBRIVOX}-${u}.wav`), from, to, at, words };
}
