// Pure: the key words of a clip's captions, from the part-of-speech tags and entities of wink-nlp's
// English model (../text/pos.ts, the NLP the headline already uses): numbers and named things
// first, then strong verbs and adjectives; other content nouns only anchor an emoji. Tagged over
// the clip's whole text, so a word's tag has its sentence around it.
import { STOPWORDS } from "../text/lexicon.js";
import { tagAll, type Tok } from "../text/pos.js";
import type { CaptionWord } from "./clip-words.js";

/** 3: a number or a named thing; 2: a strong verb or adjective; 1: another content noun; 0: none. */
export type KeyRank = 0 | 1 | 2 | 3;

/** Entity types that are numbers (dates and times are not key words on their own). */
const NUMBER_ENTITIES = new Set(["CARDINAL", "MONEY", "PERCENT", "QUANTITY", "ORDINAL", "DURATION"]);
const NOT_NAMED = new Set([...NUMBER_ENTITIES, "DATE", "TIME", "EMAIL", "URL", "HASHTAG", "MENTION", "EMOTICON", "EMOJI"]);
/** Verbs and adjectives too common to carry a caption ("get", "good"). */
const WEAK = new Set(
  ("be have do get go say said says make made take took come came see saw look know knew think thought want mean let put need use like try tell told give gave " +
    "keep seem feel felt call find found show work goes going gets got doing done being having " +
    "good bad other same own sure able real little many much few last next whole certain different kind new old such").split(" "),
);

function rankOf(t: Tok): KeyRank {
  if (STOPWORDS.has(t.lower) || WEAK.has(t.lower)) return 0;
  const digits = /\d/.test(t.text);
  if (digits || (t.pos === "NUM" && !/^(one|zero)$/.test(t.lower)) || (t.entity && NUMBER_ENTITIES.has(t.entity) && t.pos === "NUM")) return 3;
  if (t.pos === "PROPN" || (t.entity && !NOT_NAMED.has(t.entity) && t.pos !== "PRON")) return 3;
  if ((t.pos === "VERB" || t.pos === "ADJ") && t.lower.length >= 4) return 2;
  if (t.pos === "NOUN" && t.lower.length >= 3) return 1;
  return 0;
}

/**
 * One rank per word. The words are tagged as one text; each token is matched back to the word it
 * came from by its place in that text, so a word split into tokens ("don't") takes its best one.
 */
export function keyRanks(words: readonly CaptionWord[]): KeyRank[] {
  const ranks: KeyRank[] = words.map(() => 0);
  if (!words.length) return ranks;
  const starts: number[] = [];
  let text = "";
  for (const w of words) {
    starts.push(text.length + (text ? 1 : 0));
    text += (text ? " " : "") + w.text;
  }
  let cursor = 0;
  let wi = 0;
  for (const t of tagAll(text)) {
    const at = text.indexOf(t.text, cursor);
    if (at < 0) continue;
    cursor = at + t.text.length;
    while (wi + 1 < starts.length && starts[wi + 1]! <= at) wi++;
    // English tags say nothing of another language's words: there only numbers are key words
    const english = !words[wi]!.lang || words[wi]!.lang === "en";
    const r = english ? rankOf(t) : /\d/.test(t.text) ? 3 : 0;
    if (r > ranks[wi]!) ranks[wi] = r;
  }
  return ranks;
}

/**
 * Key words named by a chat model ahead of the captions' own: a word spoken as one of `named`
 * (letters and digits compared, any case) ranks 3, and every other word at most 2, so a page that
 * holds a named word emphasises it; pages without one keep their own key word.
 */
export function namedFirst(words: readonly CaptionWord[], named: readonly string[]): KeyRank[] {
  const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  const wanted = new Set(named.flatMap((n) => n.split(/\s+/)).map(bare).filter((w) => w && !STOPWORDS.has(w)));
  return keyRanks(words).map((r, i) => (wanted.has(bare(words[i]!.text)) ? 3 : (Math.min(r, 2) as KeyRank)));
}
