// A clip's post copy offline (issue 37): a description and hashtags from what the clip says, with
// no network. Key words are the clip's nouns weighed TF-IDF style: how often the clip says them
// against how ordinary they are in English (the rank in models/english-frequency/words.txt, the
// CMU Sphinx language model's unigrams); named things are runs of capitalised proper nouns. The
// description is the clip's most telling sentence. A text engine (the Workers AI scorer) may
// write both instead; this is its fallback and the default.
import { readFileSync } from "node:fs";
import path from "node:path";
import { MAX_HASHTAGS, MAX_DESCRIPTION_CHARS, type PostCopy } from "@katto/protocol";
import { packageDir } from "../runtime/package-dir.js";
import { FILLER_WORDS, STOPWORDS } from "./lexicon.js";
import { tagAll } from "./pos.js";
import { stem } from "./stem.js";

export const ENGLISH_FREQUENCY_PATH = path.join(packageDir(), "models/english-frequency/words.txt");

let ranks: Map<string, number> | undefined;
/** Each listed word's rank (0 = most frequent), read once. */
export function englishRanks(): Map<string, number> {
  if (!ranks) ranks = new Map(readFileSync(ENGLISH_FREQUENCY_PATH, "utf8").split("\n").filter(Boolean).map((w, i) => [w, i]));
  return ranks;
}

/** Words this ordinary (rank below) are never key words, however often said. */
const COMMON_RANK = 400;
/** A word missing from the list is rarer than every listed one. */
const UNLISTED_RANK = 60_000;

/** Pure: how telling a word is by its rank, 0..1 (log-scaled inverse frequency). */
export function rarity(word: string, rank: ReadonlyMap<string, number>): number {
  const r = rank.get(word) ?? UNLISTED_RANK;
  if (r < COMMON_RANK) return 0;
  return Math.log(1 + r / COMMON_RANK) / Math.log(1 + UNLISTED_RANK / COMMON_RANK);
}

export interface KeyTerm {
  /** as shown: the most frequent spelling ("startups"), or the named thing's words ("Ada Lovelace") */
  text: string;
  weight: number;
  named: boolean;
}

/** A capitalised word of letters and digits ("I" and "I'm" are not names). */
const isName = (s: string) => /^\p{Lu}[\p{L}\p{N}]*$/u.test(s) && s !== "I";
const isWordy = (s: string) => /^[\p{L}][\p{L}\p{N}'’-]*$/u.test(s);

/** Pure: the clip's key terms, best first: named things (capitalised proper-noun runs), then nouns by TF-IDF. */
export function keyTerms(text: string, rank: ReadonlyMap<string, number> = englishRanks()): KeyTerm[] {
  const toks = tagAll(text);
  const byStem = new Map<string, { forms: Map<string, number>; count: number; rarity: number }>();
  const named = new Map<string, { text: string; count: number }>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    // a run of capitalised proper nouns not opening a sentence ("I" and sentence starts are capitalised anyway)
    if (t.pos === "PROPN" && isName(t.text)) {
      const run = [t.text];
      while (toks[i + 1]?.pos === "PROPN" && isName(toks[i + 1]!.text)) run.push(toks[++i]!.text);
      const sentenceStart = i - run.length + 1 === 0 || /^[.?!]$/.test(toks[i - run.length]?.text ?? "");
      const key = run.join(" ").toLowerCase();
      if (!(sentenceStart && run.length === 1 && (rank.get(key) ?? UNLISTED_RANK) < COMMON_RANK)) {
        const n = named.get(key) ?? { text: run.join(" "), count: 0 };
        n.count++;
        named.set(key, n);
      }
      continue;
    }
    if (t.pos !== "NOUN" && t.pos !== "PROPN") continue;
    const lower = t.lower.replace(/’/g, "'");
    if (!isWordy(lower) || lower.length < 3 || STOPWORDS.has(lower) || FILLER_WORDS.has(lower) || lower.includes("'")) continue;
    const r = rarity(lower, rank);
    if (r === 0) continue;
    const s = stem(lower);
    const e = byStem.get(s) ?? { forms: new Map(), count: 0, rarity: r };
    e.count++;
    e.forms.set(lower, (e.forms.get(lower) ?? 0) + 1);
    e.rarity = Math.max(e.rarity, r);
    byStem.set(s, e);
  }
  const nouns: KeyTerm[] = [...byStem.values()].map((e) => ({
    text: [...e.forms.entries()].sort((a, b) => b[1] - a[1])[0]![0],
    // TF-IDF with a damped term frequency: a word said five times is not five times as telling
    weight: (1 + Math.log(e.count)) * e.rarity,
    named: false,
  }));
  const things: KeyTerm[] = [...named.values()].map((n) => ({ text: n.text, weight: 1 + Math.log(n.count), named: true }));
  const nounStems = new Set(things.flatMap((t) => t.text.toLowerCase().split(" ").map(stem)));
  return [...things.sort((a, b) => b.weight - a.weight), ...nouns.filter((n) => !nounStems.has(stem(n.text))).sort((a, b) => b.weight - a.weight || a.text.localeCompare(b.text))];
}

/** Pure: a term as a hashtag ("machine learning" -> "#MachineLearning"); null when nothing of it is left. */
export function hashtagOf(term: string): string | null {
  const parts = term.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!parts.length) return null;
  const body = parts.map((p) => (parts.length > 1 || /^\p{Ll}/u.test(p) ? p[0]!.toUpperCase() + p.slice(1) : p)).join("");
  // a hashtag of digits alone is not one on any platform
  return /^\p{N}+$/u.test(body) ? null : `#${body.slice(0, 60)}`;
}

/** Pure: the clip's sentences (punctuation, else the recogniser's pauses as given by `sentences`). */
function splitSentences(text: string): string[] {
  return text.split(/(?<=[.?!])\s+/).map((s) => s.trim()).filter(Boolean);
}

/** Pure: a sentence as a description: capitalised, ended, at most `max` characters (cut at a word, "…"). */
export function asDescription(sentence: string, max = MAX_DESCRIPTION_CHARS): string {
  let s = sentence.replace(/\s+/g, " ").trim();
  if (!s) return "";
  s = s[0]!.toUpperCase() + s.slice(1);
  if (!/[.?!…]$/.test(s)) s += ".";
  return fitText(s, max);
}

/** Pure: `s` cut at a word boundary to at most `max` characters (code points), "…" marking the cut. */
export function fitText(s: string, max: number): string {
  const chars = [...s];
  if (chars.length <= max) return s;
  const cut = chars.slice(0, Math.max(0, max - 1)).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${(atWord.length >= max / 2 ? atWord : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Shorter sentences are not descriptions ("Thank you.", "Right, so."). */
const MIN_SENTENCE_WORDS = 6;

/**
 * Pure: the clip's post copy. `sentences` are the clip's sentence texts (the recogniser's pauses
 * split unpunctuated speech); the description is the one whose key words weigh most (damped by its length, so a long ramble does not win and a short aside neither), with the next one when both fit.
 */
export function offlinePostCopy(sentences: readonly string[], rank: ReadonlyMap<string, number> = englishRanks()): PostCopy {
  const text = sentences.join(" ");
  const terms = keyTerms(text, rank);
  const weightOf = new Map(terms.filter((t) => !t.named).map((t) => [stem(t.text.toLowerCase()), t.weight]));
  const namedWords = new Set(terms.filter((t) => t.named).flatMap((t) => t.text.toLowerCase().split(" ")));
  const units = sentences.flatMap(splitSentences).filter((s) => s.split(/\s+/).length >= MIN_SENTENCE_WORDS);
  const scoreOf = (s: string) => {
    const ws = s.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter(Boolean);
    const sum = ws.reduce((acc, w) => acc + (weightOf.get(stem(w)) ?? 0) + (namedWords.has(w) ? 1 : 0), 0);
    return sum / ws.length ** 0.35;
  };
  const best = units.map((s, i) => ({ s, i, score: scoreOf(s) })).sort((a, b) => b.score - a.score || a.i - b.i)[0];
  let description = best ? asDescription(best.s) : asDescription(text);
  const next = best ? units[best.i + 1] : undefined;
  if (next && [...description].length + 1 + next.length <= MAX_DESCRIPTION_CHARS / 2) description = `${description} ${asDescription(next)}`;
  const hashtags: string[] = [];
  const seen = new Set<string>();
  for (const t of terms) {
    const tag = hashtagOf(t.text);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    hashtags.push(tag);
    if (hashtags.length >= MAX_HASHTAGS) break;
  }
  return { description, hashtags };
}
