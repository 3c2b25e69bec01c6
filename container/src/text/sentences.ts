// Sentence-like groups of timed words: a new group starts after a pause or sentence-final punctuation.
import type { Segment, Word } from "../runtime/types.js";

/** A pause longer than this ends a sentence even without punctuation (recognisers like pocketsphinx emit none). */
export const SENTENCE_PAUSE_S = 0.6;
/** A group longer than this is split at its widest inner pause, so unpunctuated speech still has units. */
export const MAX_SENTENCE_S = 20;

export interface WordRange {
  /** index of the first word */
  from: number;
  /** index one past the last word */
  to: number;
}

export function endsWithTerminalPunctuation(word: string): boolean {
  return /[.?!\u3002\uff1f\uff01]["'\u201d\u2019)]*$/.test(word);
}

/** Splits words into sentence ranges at pauses > pauseS and at terminal punctuation. */
export function sentenceRanges(words: Word[], opts: { pauseS?: number; maxS?: number } = {}): WordRange[] {
  const pauseS = opts.pauseS ?? SENTENCE_PAUSE_S;
  const maxS = opts.maxS ?? MAX_SENTENCE_S;
  const out: WordRange[] = [];
  let from = 0;
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1];
    const brk = !next || next.start - words[i]!.end > pauseS || endsWithTerminalPunctuation(words[i]!.word);
    if (brk) {
      out.push(...splitLong(words, { from, to: i + 1 }, maxS));
      from = i + 1;
    }
  }
  return out;
}

function splitLong(words: Word[], r: WordRange, maxS: number): WordRange[] {
  if (r.to - r.from < 2 || words[r.to - 1]!.end - words[r.from]!.start <= maxS) return [r];
  let best = r.from + 1;
  let bestGap = -Infinity;
  const mid = (words[r.from]!.start + words[r.to - 1]!.end) / 2;
  for (let k = r.from + 1; k < r.to; k++) {
    // widest gap, ties toward the middle
    const gap = words[k]!.start - words[k - 1]!.end - Math.abs(words[k]!.start - mid) * 1e-3;
    if (gap > bestGap) {
      bestGap = gap;
      best = k;
    }
  }
  return [...splitLong(words, { from: r.from, to: best }, maxS), ...splitLong(words, { from: best, to: r.to }, maxS)];
}

export function joinWords(words: Word[]): string {
  return words.map((w) => w.word).join(" ").replace(/\s+([,.?!;:])/g, "$1");
}

export function segmentsFromWords(words: Word[], opts: { pauseS?: number; maxS?: number } = {}): Segment[] {
  return sentenceRanges(words, opts).map((r) => {
    const ws = words.slice(r.from, r.to);
    return { start: ws[0]!.start, end: ws[ws.length - 1]!.end, text: joinWords(ws) };
  });
}
