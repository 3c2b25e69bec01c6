// Language of a transcript's text with franc, restricted to languages we expect, as ISO 639-1.
import { franc } from "franc";

/** franc's ISO 639-3 codes -> ISO 639-1, for the languages a clip is likely to be in. */
const ISO3_TO_1: Record<string, string> = {
  eng: "en", spa: "es", fra: "fr", deu: "de", por: "pt", ita: "it", nld: "nl", hin: "hi", jpn: "ja",
  cmn: "zh", rus: "ru", pol: "pl", tur: "tr", swe: "sv", kor: "ko", arb: "ar", ind: "id", vie: "vi", ukr: "uk",
};

/** ISO 639-1 code, or null when the text is too short or unlike any candidate. */
export function detectLanguage(text: string): string | null {
  const code = franc(text, { only: Object.keys(ISO3_TO_1), minLength: 3 });
  return ISO3_TO_1[code] ?? null;
}
