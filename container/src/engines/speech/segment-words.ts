// Word times for engines that time only phrases: an OpenAI-compatible server that ignores
// `timestamp_granularities[]=word` answers with segments alone. Each segment's words are spread
// over the part of it that has sound (its span minus the pauses the transcribe stage found), in
// proportion to their length in characters, so a word never lands in a pause and long words last
// longer. The result is an estimate; the transcript says so (word_timing "segments").
import type { Interval } from "./chunks.js";
import type { Word } from "../../runtime/types.js";
import { round3 } from "@katto/protocol";

export interface TimedSegment {
  start: number;
  end: number;
  text: string;
}

/** Pure: the span minus the pauses; the whole span when the pauses leave (almost) nothing. */
export function voicedParts(span: Interval, pauses: readonly Interval[]): Interval[] {
  let parts: Interval[] = [{ ...span }];
  for (const p of pauses) {
    parts = parts.flatMap((v) => {
      if (p.end <= v.start || p.start >= v.end) return [v];
      const out: Interval[] = [];
      if (p.start > v.start) out.push({ start: v.start, end: p.start });
      if (p.end < v.end) out.push({ start: p.end, end: v.end });
      return out;
    });
  }
  const voiced = parts.reduce((s, v) => s + v.end - v.start, 0);
  // A segment the level calls silent (whispered, or music under it) is timed over its whole span.
  return voiced >= 0.1 * (span.end - span.start) && voiced > 0 ? parts : [{ ...span }];
}

/** Time at fraction f (0..1) of the voiced time; `atEnd` puts a boundary at the end of a part, not the start of the next. */
function timeAt(parts: Interval[], total: number, f: number, atEnd: boolean): number {
  let left = f * total;
  for (let i = 0; i < parts.length; i++) {
    const len = parts[i]!.end - parts[i]!.start;
    const last = i === parts.length - 1;
    if (left < len || (atEnd && left <= len) || last) return parts[i]!.start + Math.min(left, len);
    left -= len;
  }
  return parts[0]!.start;
}


/** Pure: segments -> words, each segment's words spread over its voiced parts. Times as given (add the chunk offset before). */
export function wordsFromSegments(segments: readonly TimedSegment[], pauses: readonly Interval[] = []): Word[] {
  const words: Word[] = [];
  for (const seg of segments) {
    const tokens = seg.text.trim().split(/\s+/).filter(Boolean);
    if (!tokens.length || !(seg.end >= seg.start)) continue;
    const parts = voicedParts({ start: seg.start, end: seg.end }, pauses);
    const total = parts.reduce((s, v) => s + v.end - v.start, 0);
    const weight = tokens.reduce((s, t) => s + t.length, 0);
    let before = 0;
    for (const token of tokens) {
      const start = timeAt(parts, total, before / weight, false);
      before += token.length;
      const end = timeAt(parts, total, before / weight, true);
      words.push({ word: token, start: round3(start), end: round3(Math.max(start, end)) });
    }
  }
  return words;
}
