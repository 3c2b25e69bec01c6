// Titles and justifications in plain words taken from the clip itself (no invented claims).
import { CONNECTORS, FILLER_WORDS } from "../../text/lexicon.js";

export const MAX_TITLE_CHARS = 100;

const EMOJI = /\p{Extended_Pictographic}/gu;

/** Pure: a tidy title from a sentence: no leading fillers/connectors, sentence case, calm punctuation. */
export function titleFromSentence(sentence: string, opts: { question?: boolean } = {}): string {
  let words = sentence.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  // drop leading hesitations and connectors ("um so yeah, here is..." -> "here is...")
  while (words.length > 3 && isLeadIn(words[0]!)) words = words.slice(1);
  let t = words.join(" ");
  let emojiSeen = 0;
  t = t.replace(EMOJI, (e) => (emojiSeen++ === 0 ? e : ""));
  t = t.replace(/([!?.])\1+/g, "$1").replace(/[!?]{2,}/g, (m) => (m.includes("?") ? "?" : "!"));
  if (isShouting(t)) t = t.toLowerCase();
  t = t.replace(/\bi\b/g, "I").replace(/\bi'(m|ve|ll|d)\b/gi, (_m, s: string) => `I'${s.toLowerCase()}`);
  t = t.replace(/[,;:\s]+$/, "");
  if (opts.question && !/[.?!]$/.test(t)) t += "?";
  t = t.charAt(0).toUpperCase() + t.slice(1);
  return truncate(t, MAX_TITLE_CHARS);
}

function isLeadIn(word: string): boolean {
  const w = word.toLowerCase().replace(/[^\p{L}']/gu, "");
  return FILLER_WORDS.has(w) || CONNECTORS.has(w);
}

function isShouting(t: string): boolean {
  const letters = t.replace(/[^\p{L}]/gu, "");
  return letters.length >= 6 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/** Cuts at a word boundary and adds an ellipsis when the text is longer than max. */
export function truncate(t: string, max: number): string {
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const sp = cut.lastIndexOf(" ");
  return `${(sp > max / 2 ? cut.slice(0, sp) : cut).replace(/[,;:\s]+$/, "")}…`;
}

/** A short quote of the first words (≤ maxWords) for justifications. */
export function quote(text: string, maxWords = 8): string {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const q = words.slice(0, maxWords).join(" ").replace(/[,;:]$/, "");
  return words.length > maxWords ? `${q}…` : q;
}

const WH = new Set(["why", "how", "what", "when", "where", "who", "which"]);
const AUX = new Set(["do", "does", "did", "is", "are", "was", "were", "can", "could", "would", "should", "will", "have", "has", "am", "isn't", "don't", "doesn't", "can't", "won't"]);
const SUBJECT = new Set(["you", "we", "i", "it", "they", "he", "she", "this", "that", "there", "the", "a", "an", "your", "our", "my", "anyone", "anybody"]);
const WH_CONTRACTIONS = new Set(["what's", "whats", "how's", "hows", "who's", "whos", "where's", "why's"]);

/**
 * Whether a title should end with "?": an explicit question mark, a wh-word followed by an
 * auxiliary ("why do…", "what is…"), or an auxiliary followed by a subject ("do you…", "is it…").
 * A wh-word opening a clause is not enough ("When the time comes, …", "How we built it").
 */
export function looksLikeQuestion(sentence: string): boolean {
  if (/\?\s*$/.test(sentence)) return true;
  const tokens = sentence.trim().toLowerCase().split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}']/gu, ""));
  let k = 0;
  while (k < tokens.length - 1 && (FILLER_WORDS.has(tokens[k]!) || CONNECTORS.has(tokens[k]!))) k++; // "um so why do…"
  const [t0 = "", t1 = ""] = tokens.slice(k);
  if (WH_CONTRACTIONS.has(t0)) return true;
  if (WH.has(t0)) return AUX.has(t1);
  return AUX.has(t0) && SUBJECT.has(t1);
}
