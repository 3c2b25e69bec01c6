// What a re-render's captions say: the transcript's (corrected) words when the Worker sends them,
// else the stored ones; in another language, translated from those very words (style
// caption_language), or the dub's words (docs/api-decisions.md "Caption language"). A stored
// translation is reused only while it is a translation of the words shown: same range, same text.
import type { Span, TranslatedCaptions } from "@katto/protocol";
import type { CaptionWord } from "../captions/clip-words.js";
import { wordsForClip } from "../captions/clip-words.js";
import { spokenLanguage, TRANSLATE_STAGE, translateCaptions } from "../captions/translate.js";
import type { Translator } from "../engines/translate/index.js";
import { StageError } from "../runtime/errors.js";
import type { AudioTrack } from "../ffmpeg/args.js";
import type { RerenderJob } from "../runtime/protocol.js";
import { storedTranslation, type StoredClip } from "../delivery/stored-clip.js";

/**
 * Dubbing hook (work/dub.ts): translated, re-voiced audio for a clip, voiced on its own timeline
 * (the kept pieces of its clip timeline back to back), and the caption words of what is heard
 * (uncut clip seconds, as every caption word).
 */
export type DubClip = (input: {
  sourcePath: string;
  start: number;
  end: number;
  /** the clip timeline's kept pieces, uncut clip seconds ([] or the whole range: nothing cut) */
  keep: readonly Span[];
  /** the spoken words, uncut clip seconds */
  words: CaptionWord[];
  langs: string[];
  dir: string;
  signal: AbortSignal;
}) => Promise<{ audioTracks: { lang: string; path: string }[]; words: CaptionWord[] }>;

/**
 * The language the clip is spoken in: the transcript's when the task names it (as a job's clips
 * are translated from it), else told from the words (a clip's few words can mislead this: found by
 * the combination matrix, a trimmed English clip told Turkish).
 */
const spokenFrom = (job: RerenderJob, words: readonly CaptionWord[]) => (job.lang && /^[a-z]{2}$/.test(job.lang) ? job.lang : spokenLanguage(words));

/** A render backend without translation engines: every pair is unsupported, saying so. */
const NO_TRANSLATOR: Translator = { name: "none", supports: (from, to) => from === to, translate: async (texts) => [...texts] };

/** Pure: whether two caption word lists say the same thing (a correction changes some text). */
export const sameText = (a: readonly CaptionWord[], b: readonly CaptionWord[]) => a.length === b.length && a.every((w, i) => w.text === b[i]!.text);

export interface RerenderCaptions {
  /** the caption words, clip-relative */
  words: CaptionWord[];
  /** captions in another language (translation or dub); undefined: none asked */
  translated?: TranslatedCaptions | null;
  /** dubbed audio */
  audioTracks?: AudioTrack[];
}

/** The words spoken in a re-render's range (clip-relative): the transcript's (corrected) words when the task sends them, else the stored ones. */
export const spokenWords = (job: RerenderJob, stored: StoredClip): CaptionWord[] => (job.words ? wordsForClip(job.words, job.clip.start, job.clip.end) : stored.words);

/**
 * The captions of a re-render of `stored` (already moved onto the task's range for a trim); `keep`:
 * the kept pieces of the clip timeline it renders (a dub is voiced on them).
 * `ctx.stage` names the work in progress for a failure's message.
 */
export async function rerenderCaptions(
  job: RerenderJob,
  stored: StoredClip,
  o: { sourcePath: string; keep: readonly Span[]; dir: string; signal: AbortSignal; dub?: DubClip; translator?: Translator; ctx: { stage: string }; progress: (pct: number) => Promise<void> },
): Promise<RerenderCaptions> {
  const words = spokenWords(job, stored);
  const style = job.params.style ?? stored.style;
  if (job.params.dub?.length) {
    o.ctx.stage = "dubbing";
    if (!o.dub) throw new StageError("dubbing", "dubbing is not configured on this render backend");
    const dubbed = await o.dub({ sourcePath: o.sourcePath, start: job.clip.start, end: job.clip.end, keep: o.keep, words, langs: job.params.dub, dir: o.dir, signal: o.signal });
    await o.progress(50);
    // a dubbed clip's captions show what is heard (the first dub language); the spoken words stay
    // as the second SRT (docs/api-decisions.md "Caption language")
    const from = spokenFrom(job, words);
    if (from === job.params.dub[0] || !words.length) return { words: dubbed.words, audioTracks: dubbed.audioTracks };
    return { words, audioTracks: dubbed.audioTracks, translated: { from, to: job.params.dub[0]!, words: dubbed.words.map((w) => ({ word: w.text, start: w.start, end: w.end })) } };
  }
  if (!style.caption_language) return { words };
  o.ctx.stage = TRANSLATE_STAGE;
  // the translation of the first render holds while the words are the ones it translated; a
  // corrected word (captions refresh) or a moved range is translated anew from the words shown
  const kept = sameText(words, stored.words) ? storedTranslation(stored, style) : null;
  const translated = kept ?? (await translateCaptions({ words, title: stored.title, to: style.caption_language, translator: o.translator ?? NO_TRANSLATOR, signal: o.signal, from: job.lang }));
  await o.progress(40);
  return { words, translated };
}
