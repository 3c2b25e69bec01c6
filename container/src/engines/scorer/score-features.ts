// Pure features of a passage that the offline scorer and the moment selector read. Each takes
// words or tokens and returns a number (mostly 0..1) or a flag; scoring weights live in score.ts.
import { tokenize } from "../../text/normalize.js";
import { NUMBER_WORDS } from "../../text/numbers.js";
import {
  CLAIM_WORDS,
  CONTRAST_WORDS,
  FILLER_PHRASES,
  FILLER_WORDS,
  GENRE_WORDS,
  INTENSIFIERS,
  QUESTION_STARTERS,
  SENTIMENT,
  STOPWORDS,
} from "../../text/lexicon.js";
import { stem } from "../../text/stem.js";
import type { Word } from "../../runtime/types.js";

export interface HookFeatures {
  question: boolean;
  number: boolean;
  contrast: boolean;
  claim: boolean;
  /** the opening starts with a filler or hesitation */
  fillerStart: boolean;
}

/** The opening of a passage: its first sentence, or its first 15 tokens when longer. */
export function hookFeatures(openingText: string): HookFeatures {
  const toks = tokenize(openingText).slice(0, 15);
  const first = toks[0] ?? "";
  return {
    question: /\?/.test(openingText) || QUESTION_STARTERS.has(first),
    number: /\d/.test(openingText) || toks.some((t) => NUMBER_WORDS.has(t)),
    contrast: toks.some((t) => CONTRAST_WORDS.has(t)),
    claim: toks.some((t) => CLAIM_WORDS.has(t)),
    fillerStart: FILLER_WORDS.has(first) || (first === "so" && (toks[1] === "yeah" || toks[1] === "um")),
  };
}

/** Mean |valence| per token (0..~1), intensifiers doubling the next sentiment word. */
export function sentimentIntensity(tokens: string[]): number {
  if (tokens.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < tokens.length; i++) {
    const v = SENTIMENT[tokens[i]!];
    if (!v) continue;
    const boost = i > 0 && INTENSIFIERS.has(tokens[i - 1]!) ? 2 : 1;
    sum += (Math.abs(v) / 3) * boost;
  }
  // 1 sentiment word in 10 of full strength reads as intense
  return Math.min(1, (sum / tokens.length) * 10);
}

export interface Density {
  /** content words / all words */
  content: number;
  /** distinct content stems / content words */
  unique: number;
}

export function informationDensity(tokens: string[]): Density {
  const content = tokens.filter((t) => !STOPWORDS.has(t) && !FILLER_WORDS.has(t));
  if (tokens.length === 0) return { content: 0, unique: 0 };
  return {
    content: content.length / tokens.length,
    unique: content.length ? new Set(content.map(stem)).size / content.length : 0,
  };
}

/** Filler tokens (single words and phrases like "you know") / all tokens. */
export function fillerRate(tokens: string[]): number {
  if (tokens.length === 0) return 0;
  let n = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (FILLER_WORDS.has(tokens[i]!)) {
      n++;
      continue;
    }
    for (const p of FILLER_PHRASES) {
      if (p.every((w, k) => tokens[i + k] === w)) {
        n += p.length;
        i += p.length - 1;
        break;
      }
    }
  }
  return Math.min(1, n / tokens.length);
}

/** Words per second of the passage's span. */
export function speakingRate(words: Word[]): number {
  if (words.length < 2) return 0;
  const span = words[words.length - 1]!.end - words[0]!.start;
  return span > 0 ? words.length / span : 0;
}

/** Good band for short-form clips: conversational to brisk (2.2–3.8 words/s). */
export const RATE_BAND = { low: 2.2, high: 3.8 } as const;

/** 1 inside RATE_BAND, falling linearly to 0 one word/s outside it. */
export function rateFit(rate: number): number {
  if (rate <= 0) return 0;
  if (rate < RATE_BAND.low) return Math.max(0, 1 - (RATE_BAND.low - rate));
  if (rate > RATE_BAND.high) return Math.max(0, 1 - (rate - RATE_BAND.high));
  return 1;
}

export interface Pauses {
  /** share of the passage's span spent in gaps > 0.5 s */
  deadAir: number;
  longestS: number;
}

export function pauses(words: Word[]): Pauses {
  if (words.length < 2) return { deadAir: 0, longestS: 0 };
  let dead = 0;
  let longest = 0;
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.start - words[i - 1]!.end;
    if (gap > 0.5) dead += gap;
    longest = Math.max(longest, gap);
  }
  const span = words[words.length - 1]!.end - words[0]!.start;
  return { deadAir: span > 0 ? dead / span : 0, longestS: longest };
}

/** Content-word stems of a steering prompt (customPrompt + topics). */
export function topicKeywords(...texts: (string | undefined)[]): string[] {
  const stems = texts.flatMap((t) => tokenize(t ?? "")).filter((t) => !STOPWORDS.has(t) && t.length > 2).map(stem);
  return [...new Set(stems)];
}

/** Share of the keywords the passage mentions (0..1), and which. */
export function topicMatch(tokens: string[], keywords: string[]): { share: number; matched: string[] } {
  if (keywords.length === 0) return { share: 0, matched: [] };
  const have = new Set(tokens.map(stem));
  const matched = keywords.filter((k) => have.has(k));
  return { share: matched.length / keywords.length, matched };
}

/** Share of the genre's vocabulary mentioned, saturating at 3 distinct words. */
export function genreFit(tokens: string[], genre: string | undefined): number {
  const vocab = GENRE_WORDS[(genre ?? "").toLowerCase()];
  if (!vocab) return 0;
  const have = new Set(tokens);
  return Math.min(1, vocab.filter((w) => have.has(w)).length / 3);
}

/** Talk about the recording itself rather than its subject (issue 42): sound checks, slides, "give me a second". */
const HOUSEKEEPING_PHRASES: readonly (readonly string[])[] = [
  ["can", "you", "hear", "me"],
  ["can", "everyone", "hear", "me"],
  ["can", "you", "see", "my", "screen"],
  ["is", "this", "on"],
  ["is", "this", "thing", "on"],
  ["is", "the", "mic", "on"],
  ["testing", "testing"],
  ["sound", "check"],
  ["mic", "check"],
  ["next", "slide"],
  ["previous", "slide"],
  ["give", "me", "a", "second"],
  ["give", "me", "a", "sec"],
  ["hold", "on", "a", "second"],
  ["are", "we", "live"],
  ["hello", "hello"],
];

const isNumberToken = (t: string) => /^\d+$/.test(t) || NUMBER_WORDS.has(t);

/**
 * Share of a passage's tokens (0..1) that are housekeeping rather than content: the phrases
 * above, counting (three or more number words in a row: "one, two, three, four") and reading out
 * a list (four or more single words in a row each followed by a comma, where the recogniser
 * writes punctuation). What the offline scorer discounts, so such talk falls below the quality floor.
 */
export function housekeepingShare(words: readonly Word[]): number {
  const tokens = words.flatMap((w) => tokenize(w.word).map((t) => ({ t, comma: /,$/.test(w.word.trim()) })));
  if (tokens.length === 0) return 0;
  const marked = new Uint8Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    for (const p of HOUSEKEEPING_PHRASES) if (p.every((w, k) => tokens[i + k]?.t === w)) marked.fill(1, i, i + p.length);
  }
  const runs = (test: (k: number) => boolean, min: number) => {
    for (let i = 0; i < tokens.length; ) {
      let j = i;
      while (j < tokens.length && test(j)) j++;
      if (j - i >= min) marked.fill(1, i, j);
      i = Math.max(j, i + 1);
    }
  };
  runs((k) => isNumberToken(tokens[k]!.t), 3);
  runs((k) => tokens[k]!.comma && !STOPWORDS.has(tokens[k]!.t), 4);
  return marked.reduce((n, x) => n + x, 0) / tokens.length;
}
