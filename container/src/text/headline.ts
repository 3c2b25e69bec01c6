// Offline headlines: the key phrase of a clip (a question, a number, a named thing) found with
// wink-nlp's English model (part-of-speech tags and entities, ./pos.ts), cut to at most 70
// characters at a phrase boundary. Recognisers such as pocketsphinx give lower-case words without
// punctuation, so clauses are found from the tags, not from commas, and the headline never needs
// an ellipsis.
import { CONNECTORS, FILLER_WORDS } from "./lexicon.js";
import { tag, type Tok } from "./pos.js";

export const MAX_HEADLINE_CHARS = 70;

export type KeyPhraseKind = "question" | "explainer" | "number" | "named" | "topic" | "statement";

export interface Headline {
  text: string;
  kind: KeyPhraseKind;
  /** the key phrase the headline is built around (a question, a number phrase, a name or a topic) */
  phrase: string;
}

const WH = new Set(["what", "why", "how", "when", "where", "who", "which", "what's", "whats", "how's"]);
const AUX = new Set(["do", "does", "did", "is", "are", "was", "were", "can", "could", "would", "should", "will", "have", "has", "am", "isn't", "don't", "doesn't", "can't", "won't", "didn't"]);
const SUBJECT = new Set(["i", "you", "we", "they", "he", "she", "it"]);
/** a headline never ends on one of these: the phrase would dangle */
const DANGLING_POS = new Set(["DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART", "PRON", "ADJ", "NUM", "INTJ"]);
const KEEP_END_PRON = new Set(["it", "them", "this", "that", "me", "us", "him", "her", "you", "everything", "something", "nothing", "anything"]);
const CONTENT_POS = new Set(["NOUN", "PROPN", "VERB", "ADJ", "NUM"]);
/** Entity types that carry a number worth a headline (dates alone are weak). */
const NUMBER_ENTITIES = new Set(["CARDINAL", "MONEY", "PERCENT", "QUANTITY", "ORDINAL", "DURATION"]);
const WEAK_NOUNS = new Set(["thing", "things", "way", "lot", "kind", "sort", "bit", "time", "day", "something", "anything", "everything", "nothing", "people", "guy", "guys", "stuff", "one"]);

const EXPLAINERS = new Set(["why", "how", "what"]);
const NEGATION = new Set(["not", "never", "no"]);

const isFiller = (t: Tok) => FILLER_WORDS.has(t.lower) || CONNECTORS.has(t.lower) || t.pos === "INTJ";

/**
 * Clause starts in an unpunctuated sentence: after a coordinating/subordinating conjunction, at a
 * wh-word, and where a subject pronoun follows the end of a noun phrase ("...the mass it is...").
 */
function clauseStarts(toks: Tok[]): number[] {
  const out = [0];
  for (let k = 1; k < toks.length; k++) {
    const t = toks[k]!;
    const prev = toks[k - 1]!;
    if (t.pos === "CCONJ" || t.pos === "SCONJ" || CONNECTORS.has(t.lower)) out.push(k);
    else if (WH.has(t.lower) && prev.pos !== "ADP") out.push(k);
    else if (SUBJECT.has(t.lower) && ["NOUN", "PROPN", "NUM", "ADV", "ADJ"].includes(prev.pos) && ["VERB", "AUX"].includes(toks[k + 1]?.pos ?? "")) out.push(k);
  }
  return out;
}

const SMALL: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALE: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };

/** Spelled-out numbers as digits ("forty two percent" -> "42 percent"); "one" alone stays a word. */
export function digitsForNumberWords(words: string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < words.length; ) {
    let total = 0;
    let current = 0;
    let j = k;
    while (j < words.length) {
      const w = words[j]!.toLowerCase();
      if (w in SMALL) current += SMALL[w]!;
      else if (w in SCALE && j > k) {
        current = Math.max(1, current) * SCALE[w]!;
        if (SCALE[w]! >= 1000) (total += current), (current = 0);
      } else if (w === "and" && j > k && j + 1 < words.length && words[j + 1]!.toLowerCase() in SMALL) {
        // "two hundred and five"
      } else break;
      j++;
    }
    if (j > k && !(j - k === 1 && /^(one|zero)$/i.test(words[k]!))) {
      out.push(String(total + current));
      k = j;
    } else {
      out.push(words[k]!);
      k++;
    }
  }
  return out;
}

function render(toks: Tok[], question: boolean): string {
  let words = toks.map((t) => t.text);
  words = digitsForNumberWords(words);
  let s = words.join(" ").replace(/\s+([,.?!;:'])/g, "$1").replace(/\s+n't\b/g, "n't");
  s = s.replace(/\bi\b/g, "I").replace(/\bi'(m|ve|ll|d)\b/gi, (_m, x: string) => `I'${x.toLowerCase()}`);
  s = s.replace(/[,;:\s.?!]+$/, "");
  s = s.charAt(0).toUpperCase() + s.slice(1);
  return question ? `${s}?` : s;
}

/**
 * The longest run of toks[from..] (keeping `must` inside) that renders within max characters and
 * does not end on a dangling word; null when none is at least 3 words.
 */
function fit(toks: Tok[], from: number, to: number, must: number | null, max: number, question: boolean): Tok[] | null {
  for (let a = from; a <= (must ?? to - 3); a++) {
    // never start on a filler or connector
    if (isFiller(toks[a]!) && !WH.has(toks[a]!.lower)) continue;
    // a statement does not open on an auxiliary ("will be converted...")
    if (!question && toks[a]!.pos === "AUX") continue;
    for (let b = to; b > Math.max(a, must ?? a); b--) {
      const run = toks.slice(a, b);
      const last = run[run.length - 1]!;
      if (DANGLING_POS.has(last.pos) && !(last.pos === "PRON" && KEEP_END_PRON.has(last.lower)) && !(last.pos === "NUM" && b === to)) continue;
      // a verb whose object was cut off ("...for you ask | what you can do")
      if (last.pos === "VERB" && b < to && ["PRON", "DET", "NUM", "ADJ"].includes(toks[b]!.pos)) continue;
      if (run.length < 3) break;
      if (render(run, question).length <= max) return run;
    }
  }
  return null;
}

/** The run around token k, from the earliest clause start that still fits it within max. */
function around(toks: Tok[], k: number, max: number): Tok[] | null {
  for (const s of clauseStarts(toks)) {
    if (s > k) break;
    const run = fit(toks, s, toks.length, k, max, false);
    if (run) return run;
  }
  return null;
}

interface Candidate {
  kind: KeyPhraseKind;
  score: number;
  sentence: number;
  toks: Tok[];
  phrase: string;
  question: boolean;
}

/**
 * Pure: the headline of a clip from its sentences (in order). The key phrase, by preference:
 * a direct question ("what happens if you double the length?"), a why/how explainer ("why the
 * period does not depend on the mass"), a number with what it counts ("a 40 kilogram ball"), a named
 * thing (an entity or proper noun), then the clip's most repeated topic noun. The headline is the
 * clause around that phrase, not the clip's first words.
 */
export function headline(sentences: readonly string[], opts: { max?: number } = {}): Headline | null {
  const max = opts.max ?? MAX_HEADLINE_CHARS;
  const tagged = sentences.map((s) => tag(s.replace(/\s+/g, " ").trim()));
  // topic nouns: content nouns said more than once in the clip
  const nounCount = new Map<string, number>();
  for (const toks of tagged) for (const t of toks) if ((t.pos === "NOUN" || t.pos === "PROPN") && t.lower.length > 2 && !WEAK_NOUNS.has(t.lower)) nounCount.set(t.lower, (nounCount.get(t.lower) ?? 0) + 1);
  const cands = tagged.flatMap((toks, si) => sentenceCandidates(toks, si, nounCount, max));
  if (cands.length === 0) return null;
  // ties: the earlier phrase
  const best = cands.reduce((a, b) => (b.score > a.score + 1e-9 ? b : a));
  return { text: render(best.toks, best.question), kind: best.kind, phrase: digitsForNumberWords(best.phrase.split(" ")).join(" ") };
}

/** The key-phrase candidates of sentence `si` (tagged `toks`), by kind, in the order they appear. */
function sentenceCandidates(toks: Tok[], si: number, nounCount: ReadonlyMap<string, number>, max: number): Candidate[] {
  if (toks.length < 3) return [];
  const cands: Candidate[] = [];
  const content = toks.filter((t) => CONTENT_POS.has(t.pos)).length;
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    const n1 = toks[k + 1];
    const n2 = toks[k + 2];
    // a wh-word opens a question or an explainer only at a clause start, not as an object ("ask not what...")
    const prevPos = toks[k - 1]?.pos;
    if (WH.has(t.lower) && n1 && (k === 0 || isFiller(toks[k - 1]!) || ["CCONJ", "SCONJ", "NOUN", "PROPN", "ADV", "NUM"].includes(prevPos!)) && !NEGATION.has(toks[k - 1]?.lower ?? "")) {
      const direct = AUX.has(n1.lower) || (n1.pos === "VERB" && t.lower !== "why") || t.lower.endsWith("'s");
      // "which", "who", "when", "where" without an auxiliary are relative clauses, not explainers
      if (!direct && !EXPLAINERS.has(t.lower)) continue;
      const run = fit(toks, k, toks.length, k, max, direct);
      if (run && run.filter((x) => CONTENT_POS.has(x.pos)).length >= 2)
        cands.push({ kind: direct ? "question" : "explainer", score: direct ? 3 : 2.6, sentence: si, toks: run, phrase: run.map((x) => x.text).join(" "), question: direct });
    } else if ((k === 0 || isFiller(toks[k - 1]!)) && AUX.has(t.lower) && n1 && SUBJECT.has(n1.lower) && n2 && ["VERB", "AUX", "ADV", "ADJ"].includes(n2.pos)) {
      const run = fit(toks, k, toks.length, k, max, true);
      if (run) cands.push({ kind: "question", score: 2.9, sentence: si, toks: run, phrase: run.map((x) => x.text).join(" "), question: true });
    }
    // "one" counts only when it counts something ("one meter", not "one of them")
    const isNumber = (t.pos === "NUM" && (!/^(one|zero)$/.test(t.lower) || (n1?.pos === "NOUN" && !WEAK_NOUNS.has(n1.lower)))) || (t.entity !== undefined && NUMBER_ENTITIES.has(t.entity) && t.pos === "NUM");
    if (isNumber && !(toks[k - 1]?.pos === "NUM")) {
      const counted = n1 && (n1.pos === "NOUN" || n1.pos === "ADJ" || n1.pos === "PROPN" || (n1.pos === "NUM" && n2?.pos === "NOUN"));
      const run = around(toks, k, max);
      if (run) {
        let e = k + 1;
        while (e < toks.length && (toks[e]!.pos === "NUM" || toks[e]!.pos === "ADJ" || toks[e]!.pos === "NOUN")) e++;
        cands.push({ kind: "number", score: counted ? 2.5 : 1.8, sentence: si, toks: run, phrase: toks.slice(k, e).map((x) => x.text).join(" "), question: false });
      }
    }
    const named = t.pos === "PROPN" || (t.entity !== undefined && !NUMBER_ENTITIES.has(t.entity) && t.entity !== "DATE" && t.entity !== "TIME" && t.pos !== "NUM");
    if (named && toks[k - 1]?.pos !== "PROPN") {
      const run = around(toks, k, max);
      if (run) cands.push({ kind: "named", score: 2.2, sentence: si, toks: run, phrase: t.text, question: false });
    }
    if (t.pos === "NOUN" && (nounCount.get(t.lower) ?? 0) >= 2) {
      const run = around(toks, k, max);
      if (run) cands.push({ kind: "topic", score: 1.4 + 0.2 * Math.min(3, nounCount.get(t.lower)!), sentence: si, toks: run, phrase: t.text, question: false });
    }
  }
  // the densest clause of the sentence, when nothing above applies
  for (const s of clauseStarts(toks)) {
    const run = fit(toks, s, toks.length, null, max, false);
    if (run) {
      const dens = run.filter((x) => CONTENT_POS.has(x.pos)).length / run.length;
      cands.push({ kind: "statement", score: 0.5 + dens * Math.min(1, run.length / 6) + 0.01 * content, sentence: si, toks: run, phrase: run.map((x) => x.text).join(" "), question: false });
    }
  }
  return cands;
}

/** Cuts a headline (e.g. a model's) to max characters at a word boundary, without an ellipsis. */
export function fitHeadline(text: string, max = MAX_HEADLINE_CHARS): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const q = t.endsWith("?");
  const cut = t.slice(0, max - (q ? 1 : 0));
  const sp = cut.lastIndexOf(" ");
  const body = (sp > max / 2 ? cut.slice(0, sp) : cut).replace(/[,;:\s.\-–—]+$/, "");
  return q ? `${body}?` : body;
}
