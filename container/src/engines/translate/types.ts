// Machine translation behind one small interface (docs/dubbing.md). Languages are ISO 639-1 codes
// (the spec's dub languages: en, es, fr, it, pt, hi, ja, zh).

export interface Translator {
  readonly name: string;
  /** whether this engine can translate from -> to (same language is always supported) */
  supports(from: string, to: string): boolean;
  /** one output per input text, in order */
  translate(texts: string[], from: string, to: string, signal: AbortSignal): Promise<string[]>;
}

/** A pair no configured engine supports; the message names the languages and what to configure. */
export class UnsupportedLanguageError extends Error {
  readonly name = "UnsupportedLanguageError";
}

export const LANGUAGE_NAMES: Record<string, string> = {
  en: "English", es: "Spanish", fr: "French", it: "Italian", pt: "Portuguese", hi: "Hindi", ja: "Japanese", zh: "Chinese",
};

export const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;
