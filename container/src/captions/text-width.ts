// Display width of caption text in "narrow character" units: East Asian wide and fullwidth
// characters and emoji count 2, combining marks 0, everything else 1. Good enough to break lines
// for a proportional font without measuring glyphs.

const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;
const ZERO = /[\u0300-\u036f\u200b-\u200f\u2060\ufe0f]/u;

export function charWidth(ch: string): number {
  if (ZERO.test(ch)) return 0;
  return WIDE.test(ch) ? 2 : 1;
}

export function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += charWidth(ch);
  return w;
}

/** True when the text is written without spaces between words (Chinese, Japanese). */
export function isCjk(s: string): boolean {
  return /^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef\u3000-\u303f]+$/u.test(s);
}

/** Join two words with a space unless both are CJK. */
export function joiner(prev: string, next: string): string {
  return isCjk(prev.slice(-1)) && isCjk(next.slice(0, 1)) ? "" : " ";
}

export function joinWords(words: readonly string[]): string {
  let s = "";
  words.forEach((w, i) => (s += (i ? joiner(words[i - 1], w) : "") + w));
  return s;
}
