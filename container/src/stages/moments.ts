// Stage: choose the moments worth clipping (pure). With speech, clips are runs of whole sentences
// that start where a thought starts and end where it ends; without speech, windows of the most
// active sound and picture (./moments-signals.ts).
import { CONNECTORS } from "../text/lexicon.js";
import { tokenize } from "../text/normalize.js";
import { endsWithTerminalPunctuation, joinWords, SENTENCE_PAUSE_S, sentenceRanges } from "../text/sentences.js";
import type { ClipConfig, ClipLength, Moment, Transcript, Word } from "../types.js";
import { type MediaSignals, signalMoments } from "./moments-signals.js";
import { topicKeywords, topicMatch } from "./score-features.js";
import { type Passage, rankPassage } from "./score.js";

/** Allowed clip durations in seconds per requested bucket; without one, lengths that suit the content. */
export const CLIP_BUCKETS: Readonly<Record<ClipLength | "auto", { min: number; max: number }>> = {
  lt30: { min: 8, max: 30 },
  "30_60": { min: 30, max: 60 },
  "60_90": { min: 60, max: 90 },
  "90_180": { min: 90, max: 180 },
  auto: { min: 15, max: 60 },
};

/** Longest silence a clip may contain between two of its sentences (seconds). */
export const MAX_INNER_SILENCE_S = 3;

/** Silence kept around the first and last word (never more than half the gap to a neighbouring word). */
export const EDGE_PAD_S = 0.2;
/** Two candidates sharing more than this share of their word sets (Jaccard) are near-duplicates. */
export const DUPLICATE_JACCARD = 0.5;
/** One clip per this many seconds of source, at least 1 and at most MAX_CLIPS (then capped by the job's max_clips). */
export const SECONDS_PER_CLIP = 150;
export const MAX_CLIPS = 10;

export function bucketOf(config: ClipConfig): { min: number; max: number } {
  return CLIP_BUCKETS[config.clipLength ?? "auto"] ?? CLIP_BUCKETS.auto;
}

/** How many clips a source of durationS yields: ~1 per 2.5 minutes, 1..10, never above maxClips. */
export function clipCount(durationS: number, maxClips: number): number {
  const n = Math.max(1, Math.min(MAX_CLIPS, Math.round(durationS / SECONDS_PER_CLIP)));
  return Math.max(0, Math.min(n, Math.floor(maxClips)));
}

export interface TopicReport {
  keywords: string[];
  /** some part of the transcript mentions at least one keyword */
  matched: boolean;
  matchedKeywords: string[];
}

/** Whether the customPrompt/topics steering found anything to steer toward in this transcript. */
export function topicMatchReport(t: Transcript, config: ClipConfig): TopicReport {
  const keywords = topicKeywords(config.customPrompt, config.topics);
  const m = topicMatch(tokenize(t.words.map((w) => w.word).join(" ")), keywords);
  return { keywords, matched: m.matched.length > 0, matchedKeywords: m.matched };
}

export interface SelectOptions {
  durationS: number;
  config: ClipConfig;
  maxClips: number;
  signals?: MediaSignals;
}

export interface Selection {
  moments: Moment[];
  /** the number of clips aimed for (clipCount) */
  targetCount: number;
  /** speech: sentence-based; whole: the source is shorter than the bucket; signals: no speech */
  mode: "speech" | "whole" | "signals";
  topic: TopicReport;
}

export function selectMoments(t: Transcript, opts: SelectOptions): Moment[] {
  return planMoments(t, opts).moments;
}

interface Candidate {
  passage: Passage;
  score: number;
  topic: boolean;
  tokenSet: Set<string>;
}

export function planMoments(t: Transcript, opts: SelectOptions): Selection {
  const target = clipCount(opts.durationS, opts.maxClips);
  const topic = topicMatchReport(t, opts.config);
  const bucket = bucketOf(opts.config);
  if (target === 0) return { moments: [], targetCount: 0, mode: "speech", topic };
  if (t.words.length === 0) {
    return { moments: signalMoments(opts.durationS, bucket, target, opts.signals), targetCount: target, mode: "signals", topic };
  }
  const words = t.words;
  const speechSpan = words[words.length - 1]!.end - words[0]!.start;
  if (opts.durationS < bucket.min || speechSpan < bucket.min) {
    const whole = wholeSource(words, opts.durationS, bucket.max);
    return { moments: [whole], targetCount: target, mode: "whole", topic };
  }

  const sentences = sentenceRanges(words);
  const ctx = { words, sentences, durationS: opts.durationS, config: opts.config, keywords: topic.keywords };
  const chosen: Candidate[] = [];
  // Strict first; a connector start is allowed only to fill up the count. Clips shorter than the
  // bucket are a last resort, used only when nothing of the right length exists.
  const tiers = [
    { cleanStart: true, minS: bucket.min },
    { cleanStart: false, minS: bucket.min },
  ];
  for (const tier of tiers) {
    if (chosen.length >= target) break;
    pickGreedy(candidates(ctx, { ...tier, maxS: bucket.max }), chosen, target);
  }
  if (chosen.length === 0) pickGreedy(candidates(ctx, { cleanStart: false, minS: Math.min(bucket.min, 3), maxS: bucket.max }), chosen, target);
  if (chosen.length === 0) {
    return { moments: [wholeSource(words, opts.durationS, bucket.max)], targetCount: target, mode: "whole", topic };
  }
  // chosen is in pick order: topic matches first, then by score
  return { moments: chosen.map((c) => toMoment(c.passage)), targetCount: target, mode: "speech", topic };
}

interface Ctx {
  words: Word[];
  sentences: { from: number; to: number }[];
  durationS: number;
  config: ClipConfig;
  keywords: string[];
}

function candidates(ctx: Ctx, tier: { cleanStart: boolean; minS: number; maxS: number }): Candidate[] {
  const { words, sentences } = ctx;
  const sentTokens = sentences.map((r) => tokenize(words.slice(r.from, r.to).map((w) => w.word).join(" ")));
  const out: Candidate[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const startsCleanly = !CONNECTORS.has(sentTokens[i]![0] ?? "");
    if (tier.cleanStart && !startsCleanly) continue;
    const first = sentences[i]!.from;
    const { start } = edges(words, first, first, ctx.durationS);
    for (let j = i; j < sentences.length; j++) {
      // a long silence ends a thought: a clip never spans one (it would play as dead air)
      if (j > i && words[sentences[j]!.from]!.start - words[sentences[j - 1]!.to - 1]!.end > MAX_INNER_SILENCE_S) break;
      const last = sentences[j]!.to - 1;
      const { end } = edges(words, first, last, ctx.durationS);
      const d = end - start;
      if (d > tier.maxS) break;
      if (d < tier.minS) continue;
      const ws = words.slice(first, last + 1);
      const next = words[last + 1];
      const passage: Passage = {
        start,
        end,
        words: ws,
        tokens: sentTokens.slice(i, j + 1).flat(),
        opening: joinWords(words.slice(first, sentences[i]!.to)),
        sentences: sentences.slice(i, j + 1).map((r) => joinWords(words.slice(r.from, r.to))),
        startsCleanly,
        endsCleanly: !next || endsWithTerminalPunctuation(words[last]!.word) || next.start - words[last]!.end > SENTENCE_PAUSE_S,
      };
      const s = rankPassage(passage, ctx.config, ctx.keywords);
      out.push({ passage, score: s.score, topic: s.features.topicMatched.length > 0, tokenSet: new Set(passage.tokens) });
    }
  }
  // topic matches rank first, then score; ties: earlier first
  return out.sort((a, b) => Number(b.topic) - Number(a.topic) || b.score - a.score || a.passage.start - b.passage.start);
}

function pickGreedy(cands: Candidate[], chosen: Candidate[], target: number): void {
  for (const c of cands) {
    if (chosen.length >= target) return;
    const clash = chosen.some(
      (o) => (c.passage.start < o.passage.end && o.passage.start < c.passage.end) || jaccard(c.tokenSet, o.tokenSet) > DUPLICATE_JACCARD,
    );
    if (!clash) chosen.push(c);
  }
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Clip edges for words[first..last]: padded into the silence around them, never into a neighbour word. */
export function edges(words: Word[], first: number, last: number, durationS: number): { start: number; end: number } {
  const w0 = words[first]!;
  const w1 = words[last]!;
  const prevEnd = first > 0 ? words[first - 1]!.end : -Infinity;
  const nextStart = last + 1 < words.length ? words[last + 1]!.start : Infinity;
  const padBefore = Math.min(EDGE_PAD_S, (w0.start - prevEnd) / 2);
  const padAfter = Math.min(EDGE_PAD_S, (nextStart - w1.end) / 2);
  return {
    start: round3(Math.max(0, w0.start - Math.max(0, padBefore))),
    end: round3(Math.min(durationS, w1.end + Math.max(0, padAfter))),
  };
}

/** The whole speech of a short source as one clip (or its first maxS seconds of whole sentences). */
function wholeSource(words: Word[], durationS: number, maxS: number): Moment {
  let last = words.length - 1;
  const { start } = edges(words, 0, 0, durationS);
  while (last > 0 && edges(words, 0, last, durationS).end - start > maxS) last--;
  return toMoment({ start, end: edges(words, 0, last, durationS).end, words: words.slice(0, last + 1) });
}

function toMoment(p: { start: number; end: number; words: Word[] }): Moment {
  return { start: p.start, end: p.end, words: p.words, text: joinWords(p.words) };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
