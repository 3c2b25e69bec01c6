// Display width of caption text in "narrow character" units (one unit = the mean advance of a
// Latin letter, ~0.52 em in DejaVu Sans Bold): East Asian wide and fullwidth characters and emoji
// count 2 (a full em), combining marks and the non-spacing vowel signs of Indic and Arabic scripts
// 0, and letters of other scripts by their fonts' mean advance relative to Latin (Noto Sans
// Devanagari/Arabic Bold, DejaVu Sans Bold Cyrillic). Good enough to break lines for a
// proportional font without measuring glyphs.
//
// The renderer breaks caption lines with these, and the dashboard serves their sources to the
// browser for its caption preview (./caption-preview.ts CAPTION_PREVIEW_FUNCTIONS): each function
// stands alone (its tables inside its body) or calls only the other functions served with it.

export function charWidth(ch: string): number {
  // zero-width: combining marks, joiners, non-spacing vowel signs
  if (/[\u0300-\u036f\u200b-\u200f\u2060\ufe0f\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0900-\u0902\u093a\u093c\u0941-\u0948\u094d\u0951-\u0957\u0962\u0963\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/u.test(ch)) return 0;
  // East Asian wide and fullwidth, emoji
  if (/[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u.test(ch)) return 2;
  // script letters whose mean advance differs from Latin's
  if (/[\u0900-\u097f]/u.test(ch)) return 1.3; // Devanagari consonants, spacing vowel signs
  if (/[\u0400-\u04ff]/u.test(ch)) return 1.15; // Cyrillic
  if (/[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/u.test(ch)) return 0.85; // Arabic, joined forms
  return 1;
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

/**
 * Chinese and Japanese have no spaces, so a line may break between any two characters: split a
 * CJK word into characters (closing punctuation kept with the one before: it must not start a
 * line, kinsoku), for the line breaker.
 */
export function cjkBreakUnits(word: string): string[] {
  if (!isCjk(word)) return [word];
  const out: string[] = [];
  for (const ch of word) {
    if (out.length && /^[、。，．：；！？）」』】〉》”’…ー々〜・\uff09\uff0c\uff0e\uff1a\uff1b\uff01\uff1f]$/u.test(ch)) out[out.length - 1] += ch;
    else out.push(ch);
  }
  return out;
}

/** Join two words with a space unless both are CJK. */
export function joiner(prev: string, next: string): string {
  return isCjk(prev.slice(-1)) && isCjk(next.slice(0, 1)) ? "" : " ";
}

export function joinWords(words: readonly string[]): string {
  let s = "";
  words.forEach((w, i) => (s += (i ? joiner(words[i - 1]!, w) : "") + w));
  return s;
}
