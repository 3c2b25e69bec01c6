// Transcript corrections and cut snapping (issue 22): pure functions over a transcript's words,
// shared by the Worker (PATCH /jobs/{id}/transcript, POST .../trim) and testable without a runtime.
//
// Times are seconds from the start of the source. A correction never moves speech: a replaced word
// keeps its time, a word split in two shares its time by length, a deleted word leaves a pause, and
// a segment's new text is aligned to the segment's old words (Levenshtein over words) so that only
// the words that changed get new (shared) times.
import type { Parsed } from "./parse.js";

export interface EditableWord {
  word: string;
  start: number;
  end: number;
  confidence?: number;
}
export interface EditableSegment {
  start: number;
  end: number;
  text: string;
}
/** `{index, text}` replaces word `index` ("" deletes it); `{segment, text}` gives a segment's new text. */
export type TranscriptEdit = { index: number; text: string } | { segment: number; text: string };

/** The words of a text as a person typed it: split on white space, control characters removed. */
export function tokenize(text: string): string[] {
  return text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .split(/\s+/)
    .filter((t) => t.length > 0);
}

/** Comparison key of a word: case and surrounding punctuation do not make two words different. */
const norm = (w: string) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

/**
 * Tokens laid over [start, end] one after another, each taking a share proportional to its length
 * (a longer word takes longer to say). Confidence is left out: a person wrote these words.
 */
export function spreadTokens(tokens: readonly string[], start: number, end: number): EditableWord[] {
  const total = tokens.reduce((n, t) => n + t.length, 0);
  const span = Math.max(0, end - start);
  let at = start;
  return tokens.map((word, i) => {
    const s = at;
    const e = i === tokens.length - 1 ? end : at + (span * word.length) / total;
    at = e;
    return { word, start: round(s), end: round(e) };
  });
}

const round = (t: number) => Math.round(t * 1000) / 1000;

const SUB = 1.5;

type Op = { kind: "keep" | "sub"; oldIndex: number; newIndex: number } | { kind: "ins"; newIndex: number } | { kind: "del"; oldIndex: number };

/**
 * The cheapest word-level edit script from `olds` to `news` (Levenshtein over words: keep 0, insert
 * and delete 1, substitute 1.5: cheaper than deleting and inserting, dearer than either alone, so
 * that of two scripts the one keeping more words wins).
 */
export function alignWordLists(olds: readonly string[], news: readonly string[]): Op[] {
  const m = olds.length;
  const n = news.length;
  const a = olds.map(norm);
  const b = news.map(norm);
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => Array.from({ length: n + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      d[i]![j] = Math.min(d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : SUB), d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
    }
  }
  const ops: Op[] = [];
  let i = m;
  let j = n;
  // Walking back, ties go to a kept word, then to an insertion, so that an inserted word lands
  // after the word it was typed beside ("w32" -> "brand new": "brand" takes w32's place, "new" joins it).
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && a[i - 1] === b[j - 1] && d[i]![j] === d[i - 1]![j - 1]!) {
      ops.push({ kind: "keep", oldIndex: i - 1, newIndex: j - 1 });
      i--;
      j--;
    } else if (j > 0 && d[i]![j] === d[i]![j - 1]! + 1) {
      ops.push({ kind: "ins", newIndex: j - 1 });
      j--;
    } else if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + SUB) {
      ops.push({ kind: "sub", oldIndex: i - 1, newIndex: j - 1 });
      i--;
      j--;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) {
      ops.push({ kind: "del", oldIndex: i - 1 });
      i--;
    } else {
      ops.push({ kind: "ins", newIndex: j - 1 });
      j--;
    }
  }
  return ops.reverse();
}

/**
 * A segment's new text aligned to its old words: a kept word keeps its time and confidence, a
 * substituted word takes the old word's time, inserted words share the time of the word before
 * them (the one after, at the start) proportionally by length; deleted words are gone. With no old
 * word to lean on, the new words are spread over `span`.
 */
export function alignText(old: readonly EditableWord[], newText: string, span: { start: number; end: number }): EditableWord[] {
  const tokens = tokenize(newText);
  if (tokens.length === 0) return [];
  if (old.length === 0) return spreadTokens(tokens, span.start, span.end);
  const ops = alignWordLists(
    old.map((w) => w.word),
    tokens,
  );
  // Each anchored old word owns the new tokens aligned to it plus the insertions that follow it.
  const groups: { old: EditableWord; kept: boolean; tokens: string[] }[] = [];
  const leading: string[] = [];
  for (const op of ops) {
    if (op.kind === "keep" || op.kind === "sub") groups.push({ old: old[op.oldIndex]!, kept: op.kind === "keep", tokens: [tokens[op.newIndex]!] });
    else if (op.kind === "ins") (groups.length ? groups[groups.length - 1]!.tokens : leading).push(tokens[op.newIndex]!);
  }
  if (groups.length === 0) {
    // every old word deleted and new ones typed: they take the old words' span
    return spreadTokens(tokens, old[0]!.start, old[old.length - 1]!.end);
  }
  if (leading.length) groups[0]!.tokens.unshift(...leading);
  return groups.flatMap((g) => {
    if (g.tokens.length === 1 && g.kept && g.tokens[0] === g.old.word) return [{ ...g.old }];
    if (g.tokens.length === 1) return [{ word: g.tokens[0]!, start: g.old.start, end: g.old.end }];
    return spreadTokens(g.tokens, g.old.start, g.old.end);
  });
}

/** The segment each word belongs to: the one holding its midpoint, else the nearest; -1 with no segments. */
export function segmentOfWords(words: readonly EditableWord[], segments: readonly EditableSegment[]): number[] {
  return words.map((w) => {
    const mid = (w.start + w.end) / 2;
    let best = -1;
    let bestDist = Infinity;
    segments.forEach((s, k) => {
      const dist = mid < s.start ? s.start - mid : mid > s.end ? mid - s.end : 0;
      if (dist < bestDist) {
        best = k;
        bestDist = dist;
      }
    });
    return best;
  });
}

export interface EditedTranscript {
  words: EditableWord[];
  segments: EditableSegment[];
}

/**
 * Applies one request's edits to a transcript. Every index names a word or segment of the
 * transcript as it was before the request (so edits never shift each other's indexes); a word may
 * be edited once, and not also through its segment. A segment touched by a word edit gets its text
 * rebuilt from its words; a segment given new text keeps that text as written.
 */
export function applyTranscriptEdits(
  transcript: { words: readonly EditableWord[]; segments: readonly EditableSegment[] },
  edits: readonly TranscriptEdit[],
): Parsed<EditedTranscript> {
  const { words, segments } = transcript;
  const owner = segmentOfWords(words, segments);
  const wordEdits = new Map<number, string>();
  const segmentEdits = new Map<number, string>();
  for (const [i, e] of edits.entries()) {
    if ("index" in e) {
      if (e.index >= words.length) {
        return { ok: false, error: `edits[${i}].index ${e.index} is out of range: the transcript has ${words.length} words (indexes 0 to ${words.length - 1}).` };
      }
      if (wordEdits.has(e.index)) return { ok: false, error: `edits[${i}] edits word ${e.index} a second time; send one edit per word.` };
      wordEdits.set(e.index, e.text);
    } else {
      if (e.segment >= segments.length) {
        return { ok: false, error: `edits[${i}].segment ${e.segment} is out of range: the transcript has ${segments.length} segments (indexes 0 to ${segments.length - 1}).` };
      }
      if (segmentEdits.has(e.segment)) return { ok: false, error: `edits[${i}] edits segment ${e.segment} a second time; send one edit per segment.` };
      segmentEdits.set(e.segment, e.text);
    }
  }
  for (const [index] of wordEdits) {
    const k = owner[index]!;
    if (segmentEdits.has(k)) return { ok: false, error: `word ${index} is in segment ${k}, which is also given new text; edit either the word or its segment.` };
  }
  const touched = new Set<number>([...wordEdits.keys()].map((i) => owner[i]!));
  // Words in order, each segment's new words put where its old words were.
  const out: { w: EditableWord; seg: number }[] = [];
  const emitted = new Set<number>();
  words.forEach((w, i) => {
    const k = owner[i]!;
    if (segmentEdits.has(k)) {
      if (emitted.has(k)) return;
      emitted.add(k);
      const olds = words.filter((_, j) => owner[j] === k);
      for (const nw of alignText(olds, segmentEdits.get(k)!, segments[k]!)) out.push({ w: nw, seg: k });
      return;
    }
    const text = wordEdits.get(i);
    if (text === undefined) out.push({ w: { ...w }, seg: k });
    else for (const nw of tokenTimes(w, text)) out.push({ w: nw, seg: k });
  });
  // Segments given text but holding no words yet: their words are spread over the segment.
  for (const [k, text] of segmentEdits) {
    if (emitted.has(k)) continue;
    const seg = segments[k]!;
    const at = out.findIndex((o) => o.w.start >= seg.start);
    out.splice(at === -1 ? out.length : at, 0, ...alignText([], text, seg).map((w) => ({ w, seg: k })));
  }
  const newSegments = segments.map((s, k) => {
    if (segmentEdits.has(k)) return { ...s, text: tokenize(segmentEdits.get(k)!).join(" ") };
    if (touched.has(k)) return { ...s, text: out.filter((o) => o.seg === k).map((o) => o.w.word).join(" ") };
    return { ...s };
  });
  return { ok: true, value: { words: out.map((o) => o.w), segments: newSegments } };
}

/** One word's new text: "" deletes it, one token replaces it in its time, several share its time. */
function tokenTimes(w: EditableWord, text: string): EditableWord[] {
  const tokens = tokenize(text);
  if (tokens.length === 0) return [];
  if (tokens.length === 1) return [{ word: tokens[0]!, start: w.start, end: w.end }];
  return spreadTokens(tokens, w.start, w.end);
}

/**
 * The nearest pause to `t`: a time inside a pause between words (or before the first word, after
 * the last) stays as it is; a time inside a word moves to the nearer of that word's edges, half
 * way into the pause there (onto the edge itself where words touch). The result stays within
 * [0, sourceEnd] when a source length is known.
 */
export function snapToPause(words: readonly EditableWord[], t: number, sourceEnd?: number): number {
  const clamp = (x: number) => round(Math.max(0, sourceEnd !== undefined ? Math.min(sourceEnd, x) : x));
  const sorted = [...words].filter((w) => Number.isFinite(w.start) && Number.isFinite(w.end) && w.end > w.start).sort((a, b) => a.start - b.start);
  const i = sorted.findIndex((w) => t > w.start && t < w.end);
  if (i === -1) return clamp(t);
  const w = sorted[i]!;
  const prevEnd = i > 0 ? sorted[i - 1]!.end : -Infinity;
  const nextStart = i + 1 < sorted.length ? sorted[i + 1]!.start : Infinity;
  const before = prevEnd === -Infinity ? Math.max(0, w.start - 0.1) : prevEnd >= w.start ? w.start : (prevEnd + w.start) / 2;
  const after = nextStart === Infinity ? w.end + 0.1 : nextStart <= w.end ? w.end : (w.end + nextStart) / 2;
  return clamp(t - w.start <= w.end - t ? before : after);
}

export const TRIM_MIN_S = 3;
export const TRIM_MAX_S = 180;

/**
 * A clip range asked for in source seconds or by word indexes, snapped to pauses and checked:
 * inside the source, at least TRIM_MIN_S and at most TRIM_MAX_S long. `start_word` starts the clip
 * just before that word; `end_word` ends it just after that word (both in the pause there).
 */
export function resolveClipRange(
  words: readonly EditableWord[],
  ask: { start?: number; end?: number; start_word?: number; end_word?: number },
  sourceEnd: number | null,
): Parsed<{ start: number; end: number }> {
  const n = words.length;
  for (const key of ["start_word", "end_word"] as const) {
    const v = ask[key];
    if (v !== undefined && v >= n) return { ok: false, error: `${key} ${v} is out of range: the transcript has ${n} words (indexes 0 to ${n - 1}).` };
  }
  if (ask.start_word !== undefined && ask.end_word !== undefined && ask.end_word < ask.start_word) {
    return { ok: false, error: `end_word (${ask.end_word}) comes before start_word (${ask.start_word}); name the first and the last word of the clip.` };
  }
  const rawStart = ask.start_word !== undefined ? words[ask.start_word]!.start : ask.start!;
  const rawEnd = ask.end_word !== undefined ? words[ask.end_word]!.end : ask.end!;
  if (sourceEnd !== null && (rawStart >= sourceEnd || rawEnd > sourceEnd + 0.05)) {
    return { ok: false, error: `The range ${rawStart}–${rawEnd} s is outside the source, which is ${round(sourceEnd)} s long.` };
  }
  if (rawEnd <= rawStart) return { ok: false, error: `end (${rawEnd}) must be after start (${rawStart}).` };
  const start = ask.start_word !== undefined ? edgeBefore(words, ask.start_word) : snapToPause(words, rawStart, sourceEnd ?? undefined);
  const end = ask.end_word !== undefined ? edgeAfter(words, ask.end_word, sourceEnd) : snapToPause(words, rawEnd, sourceEnd ?? undefined);
  const len = round(end - start);
  if (len < TRIM_MIN_S) return { ok: false, error: `The clip would be ${len} s long (snapped to pauses: ${start}–${end} s); a clip is at least ${TRIM_MIN_S} s.` };
  if (len > TRIM_MAX_S) return { ok: false, error: `The clip would be ${len} s long (snapped to pauses: ${start}–${end} s); a clip is at most ${TRIM_MAX_S} s.` };
  return { ok: true, value: { start, end } };
}

/** Half way into the pause before word i (its start where the previous word touches it). */
function edgeBefore(words: readonly EditableWord[], i: number): number {
  const w = words[i]!;
  const prev = i > 0 ? words[i - 1]!.end : Math.max(0, w.start - 0.1);
  return round(Math.max(0, prev >= w.start ? w.start : (prev + w.start) / 2));
}

/** Half way into the pause after word i (its end where the next word touches it). */
function edgeAfter(words: readonly EditableWord[], i: number, sourceEnd: number | null): number {
  const w = words[i]!;
  const next = i + 1 < words.length ? words[i + 1]!.start : w.end + 0.1;
  const t = next <= w.end ? w.end : (w.end + next) / 2;
  return round(sourceEnd !== null ? Math.min(sourceEnd, t) : t);
}
