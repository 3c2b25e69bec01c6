// Stage: choose the moments worth clipping (pure). With speech, clips are runs of whole sentences
// that start where a thought starts and end where it ends; without speech, windows of the most
// active sound and picture (./moments-signals.ts).
import { CONNECTORS } from "../text/lexicon.js";
import { tokenize } from "../text/normalize.js";
import { endsWithTerminalPunctuation, joinWords, SENTENCE_PAUSE_S, sentenceRanges } from "../text/sentences.js";
import type { ClipConfig, Loudness, Moment, SelectionNote, Subscores, Transcript, Word } from "../runtime/types.js";
import { type CandidateReason, type CandidateReport, type JobWarning, MAX_CANDIDATES, round3 } from "@katto/protocol";
import { bucketOf, clipCount, MAX_INNER_SILENCE_S, QUALITY_FLOOR, SIGNAL_SECONDS_PER_CLIP, SPEECH_SECONDS_PER_CLIP, speechSeconds } from "./clip-budget.js";
import { cutAfter, cutBefore, quietEdge } from "./cuts.js";
import { mostWeight } from "./weighted-intervals.js";
import { type MediaSignals, signalMoments } from "./moments-signals.js";
import { topicKeywords, topicMatch } from "../engines/scorer/score-features.js";
import { type Passage, rankPassage } from "../engines/scorer/score.js";

export { bucketOf, CLIP_BUCKETS, clipCount, MAX_CLIPS, MAX_INNER_SILENCE_S, QUALITY_FLOOR, SIGNAL_SECONDS_PER_CLIP, SPEECH_SECONDS_PER_CLIP, speechSeconds } from "./clip-budget.js";
export { EDGE_PAD_S } from "./cuts.js";
/** Two candidates sharing more than this share of their word sets (Jaccard) are near-duplicates. */
export const DUPLICATE_JACCARD = 0.5;
/** Weight a candidate loses for opening on a connector ("and", "so") and for each edge louder than its median. */
const CONNECTOR_START_PENALTY = 15;
const LOUD_EDGE_PENALTY = 25;
/** Topic matches are chosen before anything else (a weight no score can reach). */
const TOPIC_BONUS = 1000;

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
  /** the same note every moment carries */
  note: SelectionNote;
}

export function selectMoments(t: Transcript, opts: SelectOptions): Moment[] {
  return planMoments(t, opts).moments;
}

interface Candidate {
  passage: Passage;
  score: number;
  subscores: Subscores;
  /** what the selection maximises: score, plus the topic bonus, minus edge penalties */
  weight: number;
  topic: boolean;
  tokenSet: Set<string>;
}

const secondsText = (s: number) => (s >= 90 ? `${Math.round(s / 60)} minutes` : `${Math.round(s)} seconds`);

export function planMoments(t: Transcript, opts: SelectOptions): Selection {
  const topic = topicMatchReport(t, opts.config);
  const bucket = bucketOf(opts.config);
  const speechS = round3(speechSeconds(t.words));
  const minClips = opts.config.min_clips ?? 0;
  let left: CandidateReport[] = [];
  const finish = (mode: Selection["mode"], target: number, moments: Moment[], fewerReason: string | null, floored = false): Selection => {
    const fewer = moments.length < target ? fewerReason : null;
    // below the floor, the job says why it made fewer (min_clips unmet is warned of by delivery)
    const warn = floored && fewer && !(minClips && moments.length < minClips);
    const warnings: JobWarning[] = warn ? [{ code: "fewer_clips", clip_index: null, start: 0, end: round3(opts.durationS), message: fewer.slice(0, 500) }] : [];
    const note: SelectionNote = { speechS, target, found: moments.length, fewerReason: fewer, candidates: left, ...(warnings.length ? { warnings } : {}) };
    return { moments: moments.map((m) => ({ ...m, selection: note })), targetCount: target, mode, topic, note };
  };
  if (t.words.length === 0) {
    const target = clipCount(opts.durationS, opts.maxClips, SIGNAL_SECONDS_PER_CLIP, minClips, Math.ceil);
    if (target === 0) return finish("signals", 0, [], null);
    const ms = signalMoments(opts.durationS, bucket, target, opts.signals);
    return finish("signals", target, ms, `No speech was recognised, and ${secondsText(opts.durationS)} of sound and picture hold ${ms.length} non-overlapping windows of ${bucket.min}–${bucket.max} s.`);
  }
  const target = clipCount(speechS, opts.maxClips, SPEECH_SECONDS_PER_CLIP, minClips);
  if (target === 0) return finish("speech", 0, [], null);
  const words = t.words;
  const speechSpan = words[words.length - 1]!.end - words[0]!.start;
  if (opts.durationS < bucket.min || speechSpan < bucket.min) {
    const whole = wholeSource(words, opts.durationS, bucket.max, t.level);
    return finish("whole", target, [whole], `The speech lasts ${secondsText(speechSpan)}, less than the shortest clip of this length (${bucket.min} s), so it makes one clip.`);
  }

  const sentences = sentenceRanges(words);
  const ctx: Ctx = { words, sentences, durationS: opts.durationS, config: opts.config, keywords: topic.keywords, level: t.level };
  let pool = candidates(ctx, { minS: bucket.min, maxS: bucket.max });
  // Clips shorter than the bucket are a last resort, used only when nothing of the right length exists.
  if (pool.length === 0) pool = candidates(ctx, { minS: Math.min(bucket.min, 3), maxS: bucket.max });
  if (pool.length === 0) {
    return finish("whole", target, [wholeSource(words, opts.durationS, bucket.max, t.level)], `No run of whole sentences lasts ${bucket.min}–${bucket.max} s without a long pause, so the speech makes one clip.`);
  }
  // a clip scores at least the quality floor, unless min_clips asks for more than those (issue 42: finds, not fills)
  const good = pool.filter((c) => c.score >= QUALITY_FLOOR);
  let { chosen, duplicates } = choose(good, target);
  const floored = chosen.length < target && good.length < pool.length;
  // never no clip at all: the best passage below the floor is still the clip, and the note says why
  if (chosen.length < Math.max(1, Math.min(target, minClips))) ({ chosen, duplicates } = choose(pool, target));
  left = leftOut(ctx, pool, chosen, { bucket, full: target >= Math.floor(opts.maxClips) });
  // chosen is in weight order: topic matches first, then by score
  const moments = chosen.map((c) => toMoment(c.passage));
  return finish("speech", target, moments, fewerWhy({ speechS, bucket, found: moments.length, duplicates, floored, clipLength: opts.config.clipLength }), floored && !duplicates);
}

/** Why the speech gave fewer clips than aimed for, in words a user can act on. */
function fewerWhy(o: { speechS: number; bucket: { min: number; max: number }; found: number; duplicates: boolean; floored: boolean; clipLength?: string }): string {
  const shorter = o.clipLength && o.clipLength !== "lt30" ? " A shorter clipLength would give more." : "";
  if (o.duplicates) return `The other passages of the ${secondsText(o.speechS)} of speech repeat the words of the chosen clips.`;
  if (o.floored) return `The other passages of the ${secondsText(o.speechS)} of speech score below the quality floor (${QUALITY_FLOOR} of 100): talk about the recording, counting, lists, or little said (min_clips can ask for them).`;
  return `The ${secondsText(o.speechS)} of speech hold only ${o.found} non-overlapping passages of ${o.bucket.min}–${o.bucket.max} s that start and end between sentences without a pause longer than ${MAX_INNER_SILENCE_S} s inside.${shorter}`;
}

interface Ctx {
  words: Word[];
  sentences: { from: number; to: number }[];
  durationS: number;
  config: ClipConfig;
  keywords: string[];
  level?: Loudness;
}

/**
 * What the selection considered and did not choose, each with its reason (CANDIDATE_REASONS):
 * every candidate of the pool that is not a clip, and every thought (sentences between pauses
 * longer than MAX_INNER_SILENCE_S) shorter than the bucket. Those a user could still make a clip
 * of come first (not overlapping a clip), then the overlapping ones, each group best-scored first,
 * at most MAX_CANDIDATES.
 */
function leftOut(ctx: Ctx, pool: readonly Candidate[], chosen: readonly Candidate[], o: { bucket: { min: number; max: number }; full: boolean }): CandidateReport[] {
  const taken = new Set(chosen);
  const overlaps = (c: { start: number; end: number }) => chosen.some((k) => c.start < k.passage.end - 1e-9 && k.passage.start < c.end - 1e-9);
  const dup = (c: Candidate) => chosen.some((k) => jaccard(c.tokenSet, k.tokenSet) > DUPLICATE_JACCARD);
  const out: CandidateReport[] = [];
  const report = (p: Passage, reason: CandidateReason, s: { score: number; subscores: Subscores } = rankPassage(p, ctx.config, ctx.keywords)) => {
    out.push({ start: round3(p.start), end: round3(p.end), score: s.score, subscores: s.subscores, reason });
  };
  for (const c of pool) {
    if (taken.has(c)) continue;
    const reason: CandidateReason = overlaps(c.passage) || dup(c) ? "overlap" : c.score < QUALITY_FLOOR ? "below_floor" : o.full ? "max_clips" : "below_cutoff";
    report(c.passage, reason, c);
  }
  // whole thoughts too short for the bucket (the pool holds none of them)
  const { words, sentences } = ctx;
  let from = 0;
  for (let j = 0; j < sentences.length; j++) {
    const endsThought = j + 1 === sentences.length || words[sentences[j + 1]!.from]!.start - words[sentences[j]!.to - 1]!.end > MAX_INNER_SILENCE_S;
    if (!endsThought) continue;
    const i0 = from;
    from = j + 1;
    const first = sentences[i0]!.from;
    const last = sentences[j]!.to - 1;
    const start = cutBefore(words, first, ctx.level);
    const end = cutAfter(words, last, ctx.durationS, ctx.level);
    if (end - start >= o.bucket.min || overlaps({ start, end })) continue;
    const ws = words.slice(first, last + 1);
    const tokens = tokenize(ws.map((w) => w.word).join(" "));
    const opening = joinWords(words.slice(first, sentences[i0]!.to));
    const sents = sentences.slice(i0, j + 1).map((r) => joinWords(words.slice(r.from, r.to)));
    report({ start, end, words: ws, tokens, opening, sentences: sents, startsCleanly: !CONNECTORS.has(tokens[0] ?? ""), endsCleanly: true }, "too_short");
  }
  const group = (c: CandidateReport) => (c.reason === "overlap" ? 1 : 0);
  return out.sort((a, b) => group(a) - group(b) || b.score - a.score || a.start - b.start).slice(0, MAX_CANDIDATES);
}

function candidates(ctx: Ctx, tier: { minS: number; maxS: number }): Candidate[] {
  const { words, sentences } = ctx;
  const sentTokens = sentences.map((r) => tokenize(words.slice(r.from, r.to).map((w) => w.word).join(" ")));
  const out: Candidate[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const startsCleanly = !CONNECTORS.has(sentTokens[i]![0] ?? "");
    const first = sentences[i]!.from;
    const start = cutBefore(words, first, ctx.level);
    for (let j = i; j < sentences.length; j++) {
      // a long silence ends a thought: a clip never spans one (it would play as dead air)
      if (j > i && words[sentences[j]!.from]!.start - words[sentences[j - 1]!.to - 1]!.end > MAX_INNER_SILENCE_S) break;
      const last = sentences[j]!.to - 1;
      const end = cutAfter(words, last, ctx.durationS, ctx.level);
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
      const topic = s.features.topicMatched.length > 0;
      const loudEdges = [start, end].filter((e) => !quietEdge(ctx.level, e, passage)).length;
      const weight = s.score + (topic ? TOPIC_BONUS : 0) - (startsCleanly ? 0 : CONNECTOR_START_PENALTY) - LOUD_EDGE_PENALTY * loudEdges;
      out.push({ passage, score: s.score, subscores: s.subscores, weight, topic, tokenSet: new Set(passage.tokens) });
    }
  }
  return out;
}

const byWeight = (a: Candidate, b: Candidate) => b.weight - a.weight || a.passage.start - b.passage.start;

/**
 * The best candidate, then up to `target - 1` more that neither overlap nor repeat it, of the
 * largest total weight (weighted interval scheduling with a count, by dynamic programming: the
 * most clips the speech holds, then the best ones), then near-duplicates dropped and the gap filled
 * greedily. The best is taken first so that a higher count never trades it for two weaker ones
 * (issue 42: the best moment of a two-clip job is in the four-clip job). Returned in weight order
 * (ties: earlier first).
 */
function choose(pool: Candidate[], target: number): { chosen: Candidate[]; duplicates: boolean } {
  const best = [...pool].sort(byWeight)[0];
  if (!best || target < 1) return { chosen: [], duplicates: false };
  const apart = (c: Candidate) => c.passage.end <= best.passage.start + 1e-9 || c.passage.start >= best.passage.end - 1e-9;
  const rest = pool.filter((c) => c !== best && apart(c) && jaccard(c.tokenSet, best.tokenSet) <= DUPLICATE_JACCARD);
  return packed(pool, [best, ...mostWeight(rest, target - 1, (c) => ({ start: c.passage.start, end: c.passage.end, weight: c.weight }))], target);
}

/** The picked candidates without near-duplicates, the gap filled greedily from the pool, in weight order. */
function packed(pool: Candidate[], picked: Candidate[], target: number): { chosen: Candidate[]; duplicates: boolean } {
  const order = byWeight;
  const chosen: Candidate[] = [];
  let duplicates = false;
  const clashes = (c: Candidate) =>
    chosen.some((o) => {
      if (c.passage.start < o.passage.end - 1e-9 && o.passage.start < c.passage.end - 1e-9) return true;
      const dup = jaccard(c.tokenSet, o.tokenSet) > DUPLICATE_JACCARD;
      if (dup) duplicates = true;
      return dup;
    });
  for (const c of picked.sort(order)) if (!clashes(c)) chosen.push(c);
  if (chosen.length < target) for (const c of [...pool].sort(order)) if (chosen.length < target && !clashes(c)) chosen.push(c);
  return { chosen: chosen.sort(order), duplicates: duplicates && chosen.length < target };
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

/** The whole speech of a short source as one clip (or its first maxS seconds of whole sentences). */
function wholeSource(words: Word[], durationS: number, maxS: number, level?: Loudness): Moment {
  let last = words.length - 1;
  const start = cutBefore(words, 0, level);
  while (last > 0 && cutAfter(words, last, durationS, level) - start > maxS) last--;
  return toMoment({ start, end: cutAfter(words, last, durationS, level), words: words.slice(0, last + 1) });
}

function toMoment(p: { start: number; end: number; words: Word[] }): Moment {
  return { start: p.start, end: p.end, words: p.words, text: joinWords(p.words) };
}

