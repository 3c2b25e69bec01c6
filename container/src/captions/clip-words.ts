// Words of one clip, re-timed relative to the clip start and kept inside the clip.
import type { CaptionPage as LayoutPage } from "@katto/protocol";
import type { Word } from "../runtime/types.js";

export interface CaptionWord {
  text: string;
  /** seconds from the clip start, 0 <= start < end <= clip duration */
  start: number;
  end: number;
  /** drawn as a key word (style `emphasis: keywords`, ./styled.ts) */
  emphasis?: boolean;
  /** the language of the word's segment (ISO 639-1), when known: key words and emoji are picked in English only */
  lang?: string;
}

/** A caption page of a clip's words (@katto/protocol layoutPages). */
export type CaptionPage = LayoutPage<CaptionWord>;

/** Clean a recogniser token for display: no newlines/control chars, collapsed spaces. */
export function cleanWordText(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();
}

/**
 * Words overlapping [start, end) of the source, shifted to clip time and clamped into the clip.
 * Words whose remaining part is shorter than minDurS are dropped (a sliver at the edge).
 */
export function wordsForClip(words: readonly Word[], start: number, end: number, minDurS = 0.04): CaptionWord[] {
  const dur = end - start;
  const out: CaptionWord[] = [];
  for (const w of words) {
    const text = cleanWordText(w.word);
    if (!text || !Number.isFinite(w.start) || !Number.isFinite(w.end)) continue;
    const s = Math.max(0, w.start - start);
    const e = Math.min(dur, Math.max(w.end, w.start) - start);
    if (e - s < minDurS) continue;
    out.push(w.lang ? { text, start: s, end: e, lang: w.lang } : { text, start: s, end: e });
  }
  out.sort((a, b) => a.start - b.start);
  // recognisers can overlap neighbouring words; captions need a clean order
  for (let i = 0; i + 1 < out.length; i++) {
    if (out[i].end > out[i + 1].start) out[i].end = Math.max(out[i].start + 0.01, out[i + 1].start);
  }
  return out;
}
