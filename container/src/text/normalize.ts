// Word tokens for comparing and counting: lower case, no punctuation, digits spelled out.
import { numberToWords } from "./numbers.js";

/** Lower-cased word tokens; keeps inner apostrophes (don't), splits hyphens, spells out integers. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/(\d),(\d{3})/g, "$1$2")
    .replace(/(\d+)\s*%/g, "$1 percent")
    .replace(/[-\u2013\u2014/]/g, " ")
    .split(/\s+/)
    .flatMap((raw) => {
      const t = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").replace(/[^\p{L}\p{N}']/gu, "");
      if (!t) return [];
      if (/^\d+$/.test(t)) return numberToWords(Number(t)).split(" ");
      return [t];
    });
}

/** Bare word text without surrounding punctuation, lower-cased ("Fail?" -> "fail"). */
export function bareWord(word: string): string {
  return word.toLowerCase().replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, "");
}
