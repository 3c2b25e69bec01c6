// Word-timing error of a recogniser against a timed reference: recognised words are matched to
// reference words by text and order (longest common subsequence on bare words), and each match
// gives the signed start error (recognised minus reference; positive = the recogniser is late).
import type { Word } from "../../src/runtime/types.js";
import { bareWord } from "../../src/text/normalize.js";

/** A reference word; start is null when the reference does not time it (line- or utterance-level references time only each line's first word). */
export interface TimedRefWord {
  word: string;
  start: number | null;
}

/**
 * Pure: in-order matches of hypothesis words to reference words, as signed start errors in seconds.
 * A short word matched across a stretch the recogniser got wrong may be the same word seconds away;
 * callers take the median, which such strays do not move. (Requiring a matched neighbour as well left
 * no GRID word at all: the recogniser gets two of its six words, apart.)
 */
export function signedStartErrors(ref: TimedRefWord[], hyp: Pick<Word, "word" | "start">[]): number[] {
  const a = ref.map((r) => bareWord(r.word));
  const b = hyp.map((h) => bareWord(h.word));
  const L = Array.from({ length: a.length + 1 }, () => new Int32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) L[i]![j] = a[i] === b[j] ? L[i + 1]![j + 1]! + 1 : Math.max(L[i + 1]![j]!, L[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (L[i + 1]![j]! >= L[i]![j + 1]!) i++;
    else j++;
  }
  const out: number[] = [];
  for (const [i, j] of pairs) {
    const start = ref[i]!.start;
    if (start !== null) out.push(hyp[j]!.start - start);
  }
  return out;
}

/** Pure: reference words from timed lines, only each line's first word timed. */
export function lineStartRef(lines: { start: number; words: string[] }[]): TimedRefWord[] {
  return lines.flatMap((l) => l.words.map((word, k) => ({ word, start: k === 0 ? l.start : null })));
}

export function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
