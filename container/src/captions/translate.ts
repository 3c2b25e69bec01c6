// Captions in another language (style `caption_language`, issue 26), with the translation engines
// the dub uses (../engines/translate, chosen by KATTO_TRANSLATOR). A clip's words are grouped into
// the dub's phrases (pauses, sentence ends, at most 8 s: ../captions/dub-plan.ts groupPhrases), each
// phrase is translated as one text, and its translated words are spread over the time the original
// phrase is spoken (spreadWords: in proportion to their length), so a caption is on screen while
// its sentence is said. The pages of `words_per_caption` / `caption_lines` are then laid out from
// these words as from any others (./styled.ts).
//
// Key words on translated captions: English captions (any language into en) are ranked by the NLP
// as usual; in other languages the English part-of-speech model cannot read the words, so a
// translated word is a key word only when it carries over verbatim from the spoken words (names,
// numbers, brand words: "Python", "2024"), with the rank it had there. An emoji needs such a word.
import type { TranslatedCaptions } from "@katto/protocol";
import { StageError, toStageError } from "../runtime/errors.js";
import type { Translator } from "../engines/translate/types.js";
import { languageName } from "../engines/translate/types.js";
import { groupPhrases, spreadWords, type Phrase } from "./dub-plan.js";
import { detectLanguage } from "../text/lang.js";
import type { CaptionWord } from "./clip-words.js";
import { keyRanks, type KeyRank } from "./keywords.js";

/** The stage a translation failure is reported in (the job's or re-render's `failed` event). */
export const TRANSLATE_STAGE = "translating captions";

/** Pure: the translated words of each phrase, spread over that phrase's spoken time. */
export function timeTranslation(phrases: readonly Phrase[], texts: readonly string[], lang: string): CaptionWord[] {
  return phrases.flatMap((p, i) => spreadWords(texts[i] ?? "", lang, p.start, p.end));
}

/** The spoken language of a clip's words, as the dub tells it (franc; English when too short to tell). */
export const spokenLanguage = (words: readonly CaptionWord[]) => detectLanguage(words.map((w) => w.text).join(" ")) ?? "en";

/** Pure: the message of a pair no configured engine translates, naming what to configure. */
export function unsupportedPairMessage(from: string, to: string, engine: string): string {
  return (
    `captions in ${languageName(to)} (caption_language ${to}) need a translation engine for ${languageName(from)} to ${languageName(to)}, which this render backend lacks (${engine}); ` +
    `configure Workers AI on the render backend (KATTO_TRANSLATOR=offline or workers-ai, with CF_ACCOUNT_ID and CF_API_TOKEN), or leave caption_language out`
  );
}

/**
 * A clip's captions translated into `to` (and its headline, when given), or null when the clip is
 * already spoken in `to` or has no words. `from`: the transcript's language when the speech engine
 * gave one, else it is told from the words. An unsupported pair fails with what to configure.
 */
export async function translateCaptions(
  o: { words: readonly CaptionWord[]; title?: string | null; to: string; translator: Translator; signal: AbortSignal; from?: string | null },
): Promise<TranslatedCaptions | null> {
  const phrases = groupPhrases(o.words);
  if (!phrases.length) return null;
  // the speech engine's language when it names one (a clip's few words can mislead franc)
  const from = o.from && /^[a-z]{2}$/.test(o.from) ? o.from : spokenLanguage(o.words);
  if (from === o.to) return null;
  if (!o.translator.supports(from, o.to)) throw new StageError(TRANSLATE_STAGE, unsupportedPairMessage(from, o.to, o.translator.name));
  const title = o.title?.replace(/\s+/g, " ").trim();
  let texts: string[];
  try {
    texts = await o.translator.translate([...phrases.map((p) => p.text), ...(title ? [title] : [])], from, o.to, o.signal);
  } catch (e) {
    if (o.signal.aborted) throw e;
    throw toStageError(TRANSLATE_STAGE, e, `translating the captions from ${languageName(from)} into ${languageName(o.to)} failed`);
  }
  const words = timeTranslation(phrases, texts.slice(0, phrases.length), o.to).map((w) => ({ word: w.text, start: w.start, end: w.end }));
  const translatedTitle = title ? texts[phrases.length]?.trim() : undefined;
  return { from, to: o.to, words, ...(translatedTitle ? { title: translatedTitle } : {}) };
}

const norm = (s: string) => s.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

/**
 * Pure: key-word ranks of translated caption words. Into English the NLP ranks them; into another
 * language a word keeps the rank of a spoken word with the same spelling (names, numbers), else 0.
 */
export function translatedRanks(spoken: readonly CaptionWord[], shown: readonly CaptionWord[], to: string): KeyRank[] {
  if (to === "en") return keyRanks(shown);
  const spokenRanks = keyRanks(spoken);
  const byText = new Map<string, KeyRank>();
  spoken.forEach((w, i) => {
    const k = norm(w.text);
    if (k.length >= 2) byText.set(k, Math.max(byText.get(k) ?? 0, spokenRanks[i] ?? 0) as KeyRank);
  });
  return shown.map((w) => byText.get(norm(w.text)) ?? 0);
}
