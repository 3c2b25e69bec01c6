// Which writing system caption text is in, and which shipped font draws it. libass falls back
// through fontconfig glyph by glyph, but a fallback face can differ in weight and metrics from the
// style's font, and a font without the script shows boxes ("tofu") where fontconfig finds nothing;
// so the caption font follows the words' dominant script unless the chosen font covers it.

export type Script = "latin" | "cyrillic" | "greek" | "cjk" | "hangul" | "devanagari" | "arabic" | "hebrew" | "other";

const RANGES: [Script, RegExp][] = [
  ["latin", /[A-Za-z\u00c0-\u024f\u1e00-\u1eff]/u],
  ["cyrillic", /[\u0400-\u052f\u1c80-\u1c8f\u2de0-\u2dff\ua640-\ua69f]/u],
  ["greek", /[\u0370-\u03ff\u1f00-\u1fff]/u],
  ["cjk", /[\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{3fffd}]/u],
  ["hangul", /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/u],
  ["devanagari", /[\u0900-\u097f\ua8e0-\ua8ff]/u],
  ["arabic", /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u],
  ["hebrew", /[\u0590-\u05ff\ufb1d-\ufb4f]/u],
];

/** Script of one character, or null for digits, punctuation, spaces and symbols. */
export function charScript(ch: string): Script | null {
  for (const [script, re] of RANGES) if (re.test(ch)) return script;
  return /\p{L}/u.test(ch) ? "other" : null;
}

/**
 * The script most letters of `text` are in; "latin" when there are no letters. A non-Latin
 * script wins ties and mixed lines with a few Latin words (brand names in Hindi speech).
 */
export function dominantScript(text: string): Script {
  const counts = new Map<Script, number>();
  for (const ch of text) {
    const s = charScript(ch);
    if (s) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  let best: Script = "latin";
  let bestN = 0;
  for (const [s, n] of counts) {
    const weight = s === "latin" ? n / 2 : n;
    if (weight > bestN) (best = s), (bestN = weight);
  }
  return best;
}

export const isRtl = (s: Script) => s === "arabic" || s === "hebrew";

/** Scripts each shipped caption font draws (checked against the Debian Noto/DejaVu packages). */
export const FONT_COVERAGE: Record<string, readonly Script[]> = {
  "DejaVu Sans": ["latin", "cyrillic", "greek", "hebrew"],
  "Noto Sans": ["latin", "cyrillic", "greek"],
  "Noto Serif": ["latin", "cyrillic", "greek"],
  "Noto Sans CJK SC": ["latin", "cyrillic", "greek", "cjk", "hangul"],
  "Noto Sans Devanagari": ["devanagari", "latin"],
  "Noto Sans Arabic": ["arabic"],
};

/** The font used for a script when the requested one does not cover it. */
export const SCRIPT_FONT: Record<Script, string> = {
  latin: "DejaVu Sans",
  cyrillic: "DejaVu Sans",
  greek: "DejaVu Sans",
  hebrew: "DejaVu Sans",
  cjk: "Noto Sans CJK SC",
  hangul: "Noto Sans CJK SC",
  devanagari: "Noto Sans Devanagari",
  arabic: "Noto Sans Arabic",
  other: "Noto Sans",
};

export function fontCovers(font: string, script: Script): boolean {
  return FONT_COVERAGE[font]?.includes(script) ?? script === "latin";
}

/** `requested` when it draws `script`, else the script's font. */
export function captionFontFor(script: Script, requested: string): string {
  return fontCovers(requested, script) ? requested : SCRIPT_FONT[script];
}
