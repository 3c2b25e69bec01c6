// Pure: the language of each segment of a transcript that may mix languages (issue 24). Engines
// report a language per request (OpenAI-compatible servers, Workers AI) and, when the audio is long,
// per chunk; a chunk can still hold two languages, and one request covers a whole job when it fits.
// So a segment takes the language its own text is in when that text is long enough to tell
// (franc, ../text/lang.ts) and the engine said one language for all of the audio, else the
// language the engine reported for the words in it: where the engine told chunks apart, its
// per-chunk report is trusted over the text (a look-alike language it chose stays chosen). Words
// then carry their segment's language, which is what captions and titles read.
import type { Segment, Word } from "../runtime/types.js";
import { detectLanguage } from "./lang.js";

/**
 * Below this many words franc's guess is unreliable, so a short segment keeps the engine's
 * language. Measured on the first n words of the 50 FLEURS sentences in ../shared/media (de, en,
 * fr, es, pt): 4 words 40/50 right, 6 words 44/50, 8 words 47/50, 10 words 48/50.
 */
export const MIN_WORDS_TO_DETECT = 8;

/** Most frequent value, ties to the first seen; undefined for none. */
function majority(values: (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  let n = 0;
  for (const [v, c] of counts) if (c > n) [best, n] = [v, c];
  return best;
}

export interface SegmentLanguages {
  segments: Segment[];
  /** the words, each with its segment's language */
  words: Word[];
  /** the main language: the one spoken longest; undefined when no segment has one */
  main: string | undefined;
}

/**
 * `readText`: a segment's own text may name its language, which holds when the engine recognises
 * any language and reported one for all of the audio (a single-language engine such as pocketsphinx
 * is trusted as it is: its words are in its language whatever they sound like).
 */
export function segmentLanguages(segments: readonly Segment[], words: readonly Word[], opts: { readText: boolean; fallback: string | null }): SegmentLanguages {
  const out: Segment[] = [];
  const tagged: Word[] = words.map((w) => ({ ...w }));
  let wi = 0;
  const spoken = new Map<string, number>(); // seconds of speech per language
  for (const seg of segments) {
    const inside: Word[] = [];
    while (wi < tagged.length && tagged[wi]!.start < seg.end + 1e-6) {
      if (tagged[wi]!.end > seg.start - 1e-6) inside.push(tagged[wi]!);
      wi++;
    }
    const reported = majority(inside.map((w) => w.lang)) ?? opts.fallback ?? undefined;
    const heard = opts.readText && inside.length >= MIN_WORDS_TO_DETECT ? detectLanguage(seg.text) ?? undefined : undefined;
    const lang = heard ?? reported;
    for (const w of inside) {
      if (lang) w.lang = lang;
      else delete w.lang;
    }
    if (lang) spoken.set(lang, (spoken.get(lang) ?? 0) + (seg.end - seg.start));
    out.push(lang ? { ...seg, lang } : { ...seg });
  }
  let main: string | undefined;
  let most = 0;
  for (const [l, n] of spoken) if (n > most) [main, most] = [l, n];
  return { segments: out, words: tagged, main };
}

/** The language most of these words are in (a clip's own language); undefined when none is known. */
export const languageOfWords = (words: readonly Pick<Word, "lang">[]): string | undefined => majority(words.map((w) => w.lang));
