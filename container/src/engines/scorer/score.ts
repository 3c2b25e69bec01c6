// Stage: deterministic offline scoring of chosen moments (no model, no network). Every number is a
// documented function of features in ./score-features.ts, so a score can be explained and is stable
// across versions: change the constants below only with a note in the changelog.
import { DEFAULT_SCORE_WEIGHTS } from "@katto/protocol";
import { languageOfWords } from "../../text/segment-lang.js";
import { tokenize } from "../../text/normalize.js";
import { CONNECTORS } from "../../text/lexicon.js";
import { endsWithTerminalPunctuation, joinWords, sentenceRanges, SENTENCE_PAUSE_S } from "../../text/sentences.js";
import type { ClipConfig, Moment, ScoredMoment, Subscores, Transcript, Word } from "../../runtime/types.js";
import {
  type Density,
  fillerRate,
  genreFit,
  type HookFeatures,
  hookFeatures,
  informationDensity,
  pauses,
  rateFit,
  sentimentIntensity,
  speakingRate,
  housekeepingShare,
  topicKeywords,
  topicMatch,
} from "./score-features.js";
import { fitHeadline, headline } from "../../text/headline.js";
import { looksLikeQuestion, quote, titleFromSentence } from "./score-title.js";

/**
 * Overall score = Σ weight × subscore, each subscore 0..100, so the overall is 0..100 as well.
 * Default weights, then per-genre ones (unknown genres use the default).
 */
export const DEFAULT_WEIGHTS: Readonly<Subscores> = DEFAULT_SCORE_WEIGHTS;
export const GENRE_WEIGHTS: Readonly<Record<string, Subscores>> = {
  podcast: { hook: 0.3, flow: 0.25, value: 0.3, trend: 0.15 },
  education: { hook: 0.25, flow: 0.2, value: 0.45, trend: 0.1 },
  gaming: { hook: 0.35, flow: 0.15, value: 0.15, trend: 0.35 },
  comedy: { hook: 0.35, flow: 0.2, value: 0.1, trend: 0.35 },
  news: { hook: 0.3, flow: 0.2, value: 0.4, trend: 0.1 },
};

/** Each subscore keeps 1 - this x the passage's housekeeping share (score-features.ts housekeepingShare). */
export const HOUSEKEEPING_DISCOUNT = 1.5;

/** Hook points (subscore before clamping to 0..100). */
export const HOOK_POINTS = { base: 20, question: 30, number: 20, contrast: 15, claim: 15, fillerStart: -25, sentiment: 15 } as const;

export function weightsFor(genre: string | undefined): Subscores {
  return GENRE_WEIGHTS[(genre ?? "").toLowerCase()] ?? DEFAULT_WEIGHTS;
}

/** A passage ready to score: words plus facts about its edges, computed once per candidate. */
export interface Passage {
  start: number;
  end: number;
  words: Word[];
  tokens: string[];
  /** text of the first sentence */
  opening: string;
  /** text of each sentence */
  sentences: string[];
  /** first word is not a connector ("and", "but", "so"...) */
  startsCleanly: boolean;
  /** ends at punctuation or before a pause > SENTENCE_PAUSE_S (or the end of the source) */
  endsCleanly: boolean;
  /** the transcript's language (ISO 639-1), when known: titles use the English model only for English */
  lang?: string | null;
}

export interface PassageFeatures {
  hook: HookFeatures;
  sentiment: number;
  density: Density;
  filler: number;
  rate: number;
  rateFit: number;
  deadAir: number;
  topicShare: number;
  topicMatched: string[];
  genreFit: number;
  durationS: number;
  /** share of tokens that are housekeeping (sound checks, counting, lists read out), 0..1 */
  housekeeping: number;
}

export function passageFeatures(p: Passage, config: ClipConfig, keywords = topicKeywords(config.customPrompt, config.topics)): PassageFeatures {
  const rate = speakingRate(p.words);
  const tm = topicMatch(p.tokens, keywords);
  return {
    hook: hookFeatures(p.opening),
    sentiment: sentimentIntensity(p.tokens),
    density: informationDensity(p.tokens),
    filler: fillerRate(p.tokens),
    rate,
    rateFit: rateFit(rate),
    deadAir: pauses(p.words).deadAir,
    topicShare: tm.share,
    topicMatched: tm.matched,
    genreFit: genreFit(p.tokens, config.genre),
    durationS: p.end - p.start,
    housekeeping: housekeepingShare(p.words),
  };
}

const clamp100 = (x: number) => Math.round(Math.max(0, Math.min(100, x)));

/** Length that suits short-form feeds: 1 for 15–60 s, less outside. */
function lengthFit(d: number): number {
  if (d < 15) return Math.max(0, d / 15);
  if (d > 60) return Math.max(0.3, 1 - (d - 60) / 120);
  return 1;
}

export function subscoresOf(f: PassageFeatures, p: Passage): Subscores {
  const h = f.hook;
  const openingSentiment = sentimentIntensity(tokenize(p.opening));
  const hook =
    HOOK_POINTS.base +
    (h.question ? HOOK_POINTS.question : 0) +
    (h.number ? HOOK_POINTS.number : 0) +
    (h.contrast ? HOOK_POINTS.contrast : 0) +
    (h.claim ? HOOK_POINTS.claim : 0) +
    (h.fillerStart ? HOOK_POINTS.fillerStart : 0) +
    HOOK_POINTS.sentiment * openingSentiment;
  const flow =
    100 -
    250 * f.filler - // 10 % fillers cost 25 points
    150 * f.deadAir -
    30 * (1 - f.rateFit) -
    (p.startsCleanly ? 0 : 20) -
    (p.endsCleanly ? 0 : 10);
  const value = 100 * (0.55 * f.density.content + 0.3 * f.density.unique) + (h.number ? 10 : 0) + 20 * f.topicShare - 60 * f.filler;
  const trend = 35 * f.sentiment + 25 * f.genreFit + 25 * f.topicShare + 15 * lengthFit(f.durationS) + (h.question ? 10 : 0);
  // housekeeping is not content: a passage that is half sound checks and counting keeps a quarter of its points
  const kept = Math.max(0, 1 - HOUSEKEEPING_DISCOUNT * f.housekeeping);
  return { hook: clamp100(hook * kept), flow: clamp100(flow * kept), value: clamp100(value * kept), trend: clamp100(trend * kept) };
}

export function overallOf(s: Subscores, genre: string | undefined): number {
  const w = weightsFor(genre);
  return clamp100(w.hook * s.hook + w.flow * s.flow + w.value * s.value + w.trend * s.trend);
}

/** Passage of a moment inside its transcript (edges judged against the neighbouring words). */
export function passageOf(m: Moment, t: Transcript): Passage {
  const words = m.words.length ? m.words : t.words.filter((w) => w.start >= m.start - 1e-6 && w.end <= m.end + 1e-6);
  const ranges = sentenceRanges(words);
  const sentences = ranges.map((r) => joinWords(words.slice(r.from, r.to)));
  const last = words[words.length - 1];
  const next = last ? t.words.find((w) => w.start >= last.end && w !== last) : undefined;
  return {
    start: m.start,
    end: m.end,
    words,
    tokens: tokenize(words.map((w) => w.word).join(" ")),
    opening: sentences[0] ?? m.text,
    sentences,
    startsCleanly: !CONNECTORS.has(tokenize(words[0]?.word ?? "")[0] ?? ""),
    endsCleanly: !last || !next || endsWithTerminalPunctuation(last.word) || next.start - last.end > SENTENCE_PAUSE_S,
    // the clip's own language, for sources that mix languages (the job's main one otherwise)
    lang: languageOfWords(words) ?? t.lang,
  };
}

/**
 * The clip's headline: built around its key phrase (a question, a number, a named thing) by the
 * English NLP model (text/headline.ts); for other languages, or when no phrase is found, the
 * sentence that hooks or carries the most, fitted to MAX_HEADLINE_CHARS.
 */
export function titleOf(p: Passage, f: PassageFeatures): string {
  const english = !p.lang || p.lang === "en";
  const h = english ? headline(p.sentences) : null;
  if (h) return h.text;
  const key = keySentence(p, f);
  return key ? fitHeadline(titleFromSentence(key, { question: looksLikeQuestion(key) }).replace(/…$/, "")) : "Untitled moment";
}

/** The sentence a title is made from: the opening when it hooks, else the densest sentence. */
function keySentence(p: Passage, f: PassageFeatures): string {
  if (p.sentences.length === 0) return "";
  const h = f.hook;
  if (h.question || h.number || h.contrast || h.claim) return p.sentences[0]!;
  let best = p.sentences[0]!;
  let bestScore = -1;
  for (const s of p.sentences) {
    const toks = tokenize(s);
    if (toks.length < 3) continue;
    const d = informationDensity(toks);
    const sc = d.content + 0.5 * sentimentIntensity(toks) + (hookFeatures(s).question ? 0.3 : 0) - fillerRate(toks);
    if (sc > bestScore) {
      bestScore = sc;
      best = s;
    }
  }
  return best;
}

/** One or two sentences quoting the opening and naming the feature that drove the score. */
export function justificationOf(p: Passage, f: PassageFeatures, s: Subscores): string {
  if (p.words.length === 0) return "No speech here: chosen for its sound and picture activity.";
  const h = f.hook;
  const kinds = [h.question && "a question", h.number && "a number", h.contrast && "a contrast", h.claim && "a claim"].filter(Boolean);
  const open = kinds.length
    ? `Opens with ${kinds.slice(0, 2).join(" and ")}: "${quote(p.opening)}".`
    : `Opens with "${quote(p.opening)}".`;
  const drivers: [number, string][] = [
    [s.hook, "a strong hook"],
    [f.topicShare > 0 ? 100 : 0, `it covers ${f.topicMatched.slice(0, 3).join(", ")}`],
    [s.value, `dense content (${Math.round(f.density.content * 100)}% content words)`],
    [s.flow, f.filler < 0.03 ? "clean delivery with few fillers" : "steady delivery"],
    [s.trend, f.sentiment > 0.3 ? "emotionally charged wording" : "a length that suits short video"],
  ];
  const top = drivers.sort((a, b) => b[0] - a[0])[0]!;
  const weak = f.filler >= 0.08 ? ` Fillers (${Math.round(f.filler * 100)}% of words) pull it down.` : "";
  return `${open} Scored mainly for ${top[1]}.${weak}`;
}

/** Score and subscores only: what selection ranks its many candidates by (no title, no prose). */
export function rankPassage(p: Passage, config: ClipConfig, keywords?: string[]): { score: number; subscores: Subscores; features: PassageFeatures } {
  const features = passageFeatures(p, config, keywords);
  const subscores = subscoresOf(features, p);
  return { score: overallOf(subscores, config.genre), subscores, features };
}

export function scorePassage(p: Passage, config: ClipConfig, keywords?: string[]): Omit<ScoredMoment, keyof Moment> & { features: PassageFeatures } {
  const { score, subscores, features: f } = rankPassage(p, config, keywords);
  return {
    score,
    subscores,
    justification: justificationOf(p, f, subscores),
    title: titleOf(p, f),
    features: f,
  };
}

/** Each moment scored by its features, in the input order (the offline scorer, engines/scorer/offline.ts). */
export function scoreEach(moments: Moment[], t: Transcript, config: ClipConfig): ScoredMoment[] {
  const keywords = topicKeywords(config.customPrompt, config.topics);
  return moments.map((m) => {
    const { features: _f, ...s } = scorePassage(passageOf(m, t), config, keywords);
    return { ...m, ...s };
  });
}

/** Stable sort by score, descending. */
export function rankScored<T extends { score: number }>(items: T[]): T[] {
  return items
    .map((m, i) => ({ m, i }))
    .sort((a, b) => b.m.score - a.m.score || a.i - b.i)
    .map((x) => x.m);
}

/** Any scorer (offline, Workers AI...) through its interface; results ranked the same way. */
export async function scoreMomentsWith(
  scorer: import("./types.js").Scorer,
  moments: Moment[],
  t: Transcript,
  opts: { config: ClipConfig; signal?: AbortSignal },
): Promise<ScoredMoment[]> {
  return rankScored(await scorer.score(moments, t, opts));
}
