// Pure: which pieces of a clip to cut (issue 26): pauses longer than MAX_PAUSE_S shortened to
// KEEP_PAUSE_S (`remove_silences`), and filler words taken out with the hesitation around them
// (`remove_fillers`). Times are on the uncut clip timeline (seconds from the clip's source start);
// every cut edge sits on the output's frame grid so the picture (whole frames) and the sound
// (sample exact) are cut at the same instants and never drift apart (../rendering/cut-filters.ts).
import { QUALITY_THRESHOLDS, type CutReason } from "@katto/protocol";
import type { CaptionWord } from "../captions/clip-words.js";
import { LOUDNESS_TARGET_LUFS } from "../ffmpeg/loudness.js";
import type { Span } from "./timeline.js";

/** A pause longer than this is shortened (issue 26). */
export const MAX_PAUSE_S = 0.6;
/** ... to this. */
export const KEEP_PAUSE_S = 0.25;

export interface PlannedCut extends Span {
  reason: CutReason;
  /** reason filler: the filler as the transcript wrote it, or VOICED_HESITATION */
  word?: string;
}

/** The name of a filler found in the sound (./fillers.ts), not in the transcript. */
export const VOICED_HESITATION = "voiced hesitation";

/**
 * The silencedetect threshold (dBFS) for a clip measured at `lufs`: SILENCE_BELOW_SPEECH_DB under
 * its own speech loudness, the one silence level the quality measure also uses
 * (docs/clip-quality.md). Speech syllables sit within about 20 dB of the integrated loudness, a
 * room's noise floor further down; relative, so a quiet recording and a loud one are judged alike.
 * Unknown loudness (null) is judged as the rendered clip is, at the render's loudness target.
 */
export function quietThresholdDb(lufs: number | null): number {
  const level = lufs === null || !Number.isFinite(lufs) ? LOUDNESS_TARGET_LUFS : lufs;
  return Math.max(-60, Math.min(-20, level - QUALITY_THRESHOLDS.SILENCE_BELOW_SPEECH_DB));
}

/** Word forms that are only hesitation (lower case, punctuation stripped). */
const HESITATIONS = /^(u+m+|u+h+m*|e+r+m*|e+h+|h+m+|a+h+m+)$/;

const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}']+/gu, "");
/** Punctuation that sets a word off (a comma, a dash, an ellipsis) at its start or end. */
const setOffAfter = (s: string) => /([,;:\u2014\u2013\u2026-]|\.\.\.)$/.test(s.trim());
const setOffBefore = (prev: string | undefined) => prev === undefined || /[,;:.!?\u2014\u2013\u2026-]$/.test(prev.trim());
/** A gap this long around a word is a spoken comma. */
const COMMA_GAP_S = 0.25;
/** "you know" carries meaning when one of these follows it ("you know what I mean", "you know how ..."). */
const KNOW_OBJECT = new Set("what that how why who where when if the a an it this his her their my your our about whether".split(" "));

/**
 * The filler words of a clip, as index ranges [first, last] into `words` (rule in docs/caption-styles.md):
 *  - um, uh, er, erm, hmm and their spellings (umm, uhh, ...): always;
 *  - "you know" and "like": only set off like a parenthesis, by a comma or a pause of at least
 *    COMMA_GAP_S on both sides, and not where they carry meaning: "you know" not after "do" / "did"
 *    / "if" and not before an object ("you know what", "you know the place"); "like" not after a
 *    verb of liking or comparison ("I like", "looks like", "would like", "something like").
 * Conservative: a word that could carry meaning stays.
 */
export function fillerRanges(words: readonly CaptionWord[]): [number, number][] {
  const out: [number, number][] = [];
  const lower = words.map((w) => bare(w.text));
  const gapBefore = (i: number) => (i === 0 ? Infinity : words[i]!.start - words[i - 1]!.end);
  const gapAfter = (i: number) => (i + 1 >= words.length ? Infinity : words[i + 1]!.start - words[i]!.end);
  const setOff = (first: number, last: number) =>
    (setOffBefore(words[first - 1]?.text) || gapBefore(first) >= COMMA_GAP_S) && (setOffAfter(words[last]!.text) || gapAfter(last) >= COMMA_GAP_S);
  for (let i = 0; i < words.length; i++) {
    const w = lower[i]!;
    if (HESITATIONS.test(w)) {
      out.push([i, i]);
      continue;
    }
    if (w === "you" && lower[i + 1] === "know" && !setOffAfter(words[i]!.text)) {
      const prev = lower[i - 1];
      const next = lower[i + 2];
      const meaning = prev === "do" || prev === "did" || prev === "if" || prev === "dont" || prev === "don't" || (next !== undefined && KNOW_OBJECT.has(next) && !setOffAfter(words[i + 1]!.text) && gapAfter(i + 1) < COMMA_GAP_S);
      if (!meaning && setOff(i, i + 1)) {
        out.push([i, i + 1]);
        i++;
      }
      continue;
    }
    if (w === "like") {
      const prev = lower[i - 1] ?? "";
      const meaning = /^(i|you|we|they|would|i'd|you'd|we'd|they'd|looks?|looked|sounds?|sounded|feels?|felt|seems?|seemed|something|nothing|anything|just|more|much|likes|liked|really|do|dont|don't|didn't|didnt)$/.test(prev);
      if (!meaning && setOff(i, i)) out.push([i, i]);
    }
  }
  return out;
}

/** Round a time on the frame grid: up (`ceil`) or down. */
const onGrid = (t: number, fps: number, dir: "up" | "down") => (dir === "up" ? Math.ceil(t * fps - 1e-6) : Math.floor(t * fps + 1e-6)) / fps;

/**
 * The cut that shortens the pause [a, b] to `keep` seconds, half on each side (the cut sits in the
 * pause's middle, its quietest part: a pause is quiet from end to end), on the frame grid; null
 * when nothing would be cut.
 */
function shorten(a: number, b: number, keep: number, fps: number, reason: CutReason): PlannedCut | null {
  if (b - a <= keep) return null;
  const start = onGrid(a + keep / 2, fps, "up");
  const end = onGrid(b - keep / 2, fps, "down");
  return end - start >= 1 / fps - 1e-9 ? { start, end, reason } : null;
}

export interface CutPlanInput {
  /** the clip's words, uncut clip times */
  words: readonly CaptionWord[];
  /** quiet intervals of the clip's audio (silencedetect), uncut clip times; [] without audio */
  quiet: readonly Span[];
  durationS: number;
  /** the output frame rate */
  fps: number;
  removeSilences: boolean;
  removeFillers: boolean;
  /**
   * fillers found in the sound that no word shows (./fillers.ts), clip times; cut like filler words,
   * but never past `pause` (the quiet around it), so a word the transcript missed beside it stays
   */
  heard?: readonly (Span & { pause?: Span })[];
}

/** How much of a word's edge may sit in a quiet interval (recognisers' word times are loose by about this). */
const WORD_SLACK_S = 0.05;

/**
 * The cuts of a clip, sorted, never overlapping, never touching a kept word:
 *  - silence: each quiet interval minus the words spoken in it (their times tightened by
 *    WORD_SLACK_S), where longer than MAX_PAUSE_S, shortened to KEEP_PAUSE_S. A gap between words
 *    that is not quiet (music, laughter, a word the recogniser missed) is not a pause and stays;
 *  - filler: the filler word with the pause around it, from the end of the word before to the start
 *    of the word after, shortened to KEEP_PAUSE_S (a fluent "so um the" loses just the "um").
 */
export function planCuts(i: CutPlanInput): PlannedCut[] {
  const cuts: PlannedCut[] = [];
  const fillers = i.removeFillers ? fillerRanges(i.words) : [];
  const isFiller = new Set(fillers.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, k) => a + k)));
  if (i.removeFillers) {
    // the words and the fillers heard in the sound, in order; a filler is cut from the end of what
    // is said before it to the start of what is said after it
    const items: (Span & { filler: string | null; pause?: Span })[] = [];
    for (let k = 0; k < i.words.length; k++) {
      const range = fillers.find(([a]) => a === k);
      if (range) {
        const [a, b] = range;
        items.push({ start: i.words[a]!.start, end: i.words[b]!.end, filler: i.words.slice(a, b + 1).map((w) => bare(w.text)).join(" ") });
        k = b;
      } else items.push({ start: i.words[k]!.start, end: i.words[k]!.end, filler: null });
    }
    for (const h of i.heard ?? []) items.push({ start: h.start, end: h.end, filler: VOICED_HESITATION, ...(h.pause ? { pause: h.pause } : {}) });
    items.sort((x, y) => x.start - y.start);
    items.forEach((it, k) => {
      if (it.filler === null) return;
      const prevEnd = Math.max(k > 0 ? items[k - 1]!.end : 0, it.pause?.start ?? -Infinity);
      const nextStart = Math.min(k + 1 < items.length ? items[k + 1]!.start : i.durationS, it.pause?.end ?? Infinity);
      const a = Math.min(prevEnd, it.start);
      const b = Math.max(nextStart, it.end);
      const before = it.start - a;
      const after = b - it.end;
      // what stays is taken from the pause before and after the filler, never from the filler:
      // half each side, the other side's share where one side is shorter
      const keep = Math.min(KEEP_PAUSE_S, before + after);
      const keepBefore = Math.min(before, Math.max(keep / 2, keep - after));
      const keepAfter = Math.min(after, keep - keepBefore);
      const start = onGrid(a + keepBefore, i.fps, "up");
      const end = onGrid(b - keepAfter, i.fps, "down");
      if (end - start >= 1 / i.fps - 1e-9) cuts.push({ start, end, reason: "filler", word: it.filler });
    });
  }
  if (i.removeSilences) {
    const spoken = i.words.filter((_, k) => !isFiller.has(k)).map((w) => ({ start: w.start + WORD_SLACK_S, end: w.end - WORD_SLACK_S })).filter((w) => w.end > w.start);
    for (const q of i.quiet) {
      for (const p of subtract({ start: Math.max(0, q.start), end: Math.min(i.durationS, q.end) }, spoken)) {
        if (p.end - p.start <= MAX_PAUSE_S) continue;
        const c = shorten(p.start, p.end, KEEP_PAUSE_S, i.fps, "silence");
        if (c) cuts.push(c);
      }
    }
  }
  return mergeCuts(cuts);
}

/** `span` minus every interval of `holes`. */
function subtract(span: Span, holes: readonly Span[]): Span[] {
  let parts: Span[] = [span];
  for (const h of holes) {
    parts = parts.flatMap((p) => (h.end <= p.start || h.start >= p.end ? [p] : [{ start: p.start, end: h.start }, { start: h.end, end: p.end }].filter((x) => x.end > x.start)));
  }
  return parts;
}

/** Sorted, overlapping cuts joined (a filler's cut inside a pause's: the filler's reason wins). */
export function mergeCuts(cuts: readonly PlannedCut[]): PlannedCut[] {
  const out: PlannedCut[] = [];
  for (const c of [...cuts].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && c.start <= last.end + 1e-6) {
      last.end = Math.max(last.end, c.end);
      if (c.reason === "filler") {
        last.word = last.reason === "filler" && last.word && c.word && last.word !== c.word ? `${last.word}, ${c.word}` : (last.word ?? c.word);
        last.reason = "filler";
      }
    } else out.push({ ...c });
  }
  return out;
}
