// Stage: moments chosen by a chat model (KATTO_SCORER=openai, engines/scorer/openai.ts), placed by
// Katto's own cut rules. Each proposed range is snapped to sentence and pause edges and to the
// clip length asked; ranges where nothing is spoken, that overlap a better one or that cannot
// reach the shortest clip are dropped; a moment below the quality floor is a clip only when
// min_clips asks for it; the clips-per-minute count is a ceiling. Every proposal that is not a
// clip is listed among the candidates with its reason. A model that fails, or proposes nothing
// usable, leaves the choice to Katto's own selection (the caller), with the cause as a warning.
import { type CandidateReason, type CandidateReport, type JobWarning, round3 } from "@katto/protocol";
import type { ClipConfig, Moment, ScoredBy, ScoredMoment, SelectionNote, Transcript, Word } from "../runtime/types.js";
import { joinWords, sentenceRanges, type WordRange } from "../text/sentences.js";
import { bucketOf, clipCount, MAX_INNER_SILENCE_S, QUALITY_FLOOR, SPEECH_SECONDS_PER_CLIP, speechSeconds } from "./clip-budget.js";
import { cutAfter, cutBefore } from "./cuts.js";
import { overallOf, scoreEach } from "../engines/scorer/score.js";
import { ChatModelError, type MomentEngine, type ProposedMoment } from "../engines/scorer/openai.js";

export interface ChooseOptions {
  durationS: number;
  config: ClipConfig;
  maxClips: number;
  signal: AbortSignal;
}

/**
 * What the orchestration gets: the clips, best first, each carrying the selection note (its
 * candidates and warnings); or none, with the cause, and the caller's own selection takes over.
 */
export type MomentChoice = { moments: ScoredMoment[]; fallback: null } | { moments: []; fallback: { chooser: ScoredBy; cause: string } };

/** Proposals asked of the model beyond the clips it may make: the rest become candidates. */
const SPARE_PROPOSALS = 4;

/** The engine's choice for this transcript, placed; a failure is a fallback with its cause, never an error (an abort still throws). */
export async function chooseMoments(engine: MomentEngine, t: Transcript, o: ChooseOptions): Promise<MomentChoice> {
  const chooser: ScoredBy = { engine: engine.name, model: engine.model };
  const bucket = bucketOf(o.config);
  try {
    const r = await engine.choose({ transcript: t, config: o.config, bucket, most: Math.min(10, Math.floor(o.maxClips) + SPARE_PROPOSALS), signal: o.signal });
    const placed = placeProposals(r.proposals, t, { ...o, chooser });
    if (placed.length) return { moments: placed, fallback: null };
    const cause = r.proposals.length ? `none of its ${r.proposals.length} proposals lies on the speech as a clip of ${bucket.min}-${bucket.max} s` : "it proposed no moment";
    return { moments: [], fallback: { chooser, cause } };
  } catch (e) {
    o.signal.throwIfAborted();
    const cause = e instanceof ChatModelError ? e.message : `failed (${(e as Error).message})`;
    return { moments: [], fallback: { chooser, cause } };
  }
}

/** Pure: the job warning for a chat model whose choice was not used, naming it and the cause. */
export function fallbackWarning(f: { chooser: ScoredBy; cause: string }, durationS: number): JobWarning {
  const who = `${f.chooser.engine}:${f.chooser.model ?? "?"}`;
  return { code: "chat_model_fallback", clip_index: null, start: 0, end: round3(durationS), message: `The chat model ${who} (KATTO_SCORER=openai) could not choose the moments: it ${f.cause}. Katto's own selection chose them.`.slice(0, 500) };
}

interface Placed {
  p: ProposedMoment;
  score: number;
  /** the snapped range and its words; null with the reason it is not a clip */
  range: { start: number; end: number; words: Word[] } | null;
  reason?: CandidateReason;
}

/**
 * Pure: the model's proposals as clips, best first (score: the subscores weighted for the genre),
 * each with the selection note; the proposals that are not clips are its candidates.
 */
export function placeProposals(proposals: readonly ProposedMoment[], t: Transcript, o: { durationS: number; config: ClipConfig; maxClips: number; chooser: ScoredBy }): ScoredMoment[] {
  const words = t.words;
  const sentences = sentenceRanges(words);
  const bucket = bucketOf(o.config);
  const speechSpan = words.length ? words[words.length - 1]!.end - words[0]!.start : 0;
  const minS = Math.min(bucket.min, speechSpan);
  const order = proposals
    .map((p, i) => ({ p, i, score: overallOf({ hook: p.hook, flow: p.flow, value: p.value, trend: p.trend }, o.config.genre) }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const accepted: Placed[] = [];
  const left: Placed[] = [];
  for (const { p, score } of order) {
    const snapped = snapRange(p, words, sentences, { durationS: o.durationS, bucket, minS, level: t.level });
    if (typeof snapped === "string") left.push({ p, score, range: null, reason: snapped });
    else if (accepted.some((a) => snapped.start < a.range!.end - 1e-6 && a.range!.start < snapped.end - 1e-6)) left.push({ p, score, range: snapped, reason: "overlap" });
    else accepted.push({ p, score, range: snapped });
  }
  // the floor, the ceiling, and min_clips (which may ask for moments below the floor)
  const speechS = round3(speechSeconds(words));
  const minClips = Math.min(Math.floor(o.config.min_clips ?? 0), Math.floor(o.maxClips));
  const ceiling = clipCount(speechS, o.maxClips, SPEECH_SECONDS_PER_CLIP, minClips);
  const good = accepted.filter((a) => a.score >= QUALITY_FLOOR);
  const clips = good.slice(0, ceiling);
  for (const a of accepted) if (!clips.includes(a) && a.score < QUALITY_FLOOR && clips.length < minClips) clips.push(a);
  for (const a of accepted) {
    if (clips.includes(a)) continue;
    left.push({ ...a, reason: a.score < QUALITY_FLOOR ? "below_floor" : ceiling >= Math.floor(o.maxClips) ? "max_clips" : "below_cutoff" });
  }
  clips.sort((a, b) => b.score - a.score);
  const note = selectionNote(clips.length, left, { speechS, ceiling, minClips, chooser: o.chooser, durationS: o.durationS });
  const moments: Moment[] = clips.map((c) => ({ start: c.range!.start, end: c.range!.end, words: c.range!.words, text: joinWords(c.range!.words) }));
  // Katto's own title, justification and post copy stand in for a field the model left unusable
  const own = scoreEach(moments, t, o.config);
  return clips.map((c, i): ScoredMoment => {
    const p = c.p;
    const subscores = { hook: p.hook, flow: p.flow, value: p.value, trend: p.trend };
    return {
      ...moments[i]!,
      score: c.score,
      subscores,
      justification: p.reason,
      title: p.title ?? own[i]!.title,
      ...(p.description ? { postCopy: { description: p.description, hashtags: p.hashtags } } : {}),
      ...(p.emphasis.length ? { emphasis: p.emphasis } : {}),
      scoredBy: o.chooser,
      selection: note,
    };
  });
}

function selectionNote(found: number, left: readonly Placed[], o: { speechS: number; ceiling: number; minClips: number; chooser: ScoredBy; durationS: number }): SelectionNote {
  const candidates: CandidateReport[] = left.map((l) => ({
    start: round3(Math.max(0, l.range?.start ?? l.p.start)),
    end: round3(Math.max(0, l.range?.end ?? l.p.end)),
    score: l.score,
    subscores: { hook: l.p.hook, flow: l.p.flow, value: l.p.value, trend: l.p.trend },
    reason: l.reason!,
  }));
  const below = left.filter((l) => l.reason === "below_floor").length;
  const minutes = o.speechS >= 90 ? `${Math.round(o.speechS / 60)} minutes` : `${Math.round(o.speechS)} seconds`;
  const fewerReason =
    found < o.ceiling
      ? `The chat model ${o.chooser.engine}:${o.chooser.model} found ${found} moment${found === 1 ? "" : "s"} worth a clip (score ${QUALITY_FLOOR} or more) in ${minutes} of speech, where up to ${o.ceiling} could be made${below ? `; ${below} below that floor are among the candidates (min_clips asks for more)` : ""}.`
      : null;
  // min_clips not met is warned of by delivery (fewer_clips); a ceiling not reached is warned of here
  const warnings: JobWarning[] = fewerReason && !(o.minClips && found < o.minClips) ? [{ code: "fewer_clips", clip_index: null, start: 0, end: round3(o.durationS), message: fewerReason.slice(0, 500) }] : [];
  return { speechS: o.speechS, target: o.ceiling, found, fewerReason, candidates: candidates.sort((a, b) => b.score - a.score || a.start - b.start), warnings };
}

/**
 * Pure: a proposed range on Katto's cut rules: from the sentence that starts nearest the proposed
 * start to the one that ends nearest the proposed end (of those it overlaps), cut in the pauses
 * around them (cuts.ts), then shortened by whole sentences (or words, for one long sentence) to
 * the longest clip, or lengthened by neighbouring sentences, never across a pause longer than
 * MAX_INNER_SILENCE_S, to the shortest. Answers why not when it cannot be a clip.
 */
export function snapRange(
  p: { start: number; end: number },
  words: readonly Word[],
  sentences: readonly WordRange[],
  o: { durationS: number; bucket: { min: number; max: number }; minS: number; level?: Transcript["level"] },
): { start: number; end: number; words: Word[] } | "outside_speech" | "too_short" {
  const inside = sentences.map((s, k) => ({ s, k })).filter(({ s }) => words[s.to - 1]!.end > p.start && words[s.from]!.start < p.end && words[s.from]!.start < o.durationS);
  if (!inside.length) return "outside_speech";
  const near = (x: number, y: number) => Math.abs(x - y);
  let i = inside.reduce((b, c) => (near(words[c.s.from]!.start, p.start) < near(words[b.s.from]!.start, p.start) ? c : b)).k;
  const after = inside.filter(({ k }) => k >= i);
  let j = after.reduce((b, c) => (near(words[c.s.to - 1]!.end, p.end) < near(words[b.s.to - 1]!.end, p.end) ? c : b)).k;
  let last = sentences[j]!.to - 1;
  const start = () => cutBefore(words, sentences[i]!.from, o.level);
  const end = () => cutAfter(words, last, o.durationS, o.level);
  while (end() - start() > o.bucket.max && j > i) last = sentences[--j]!.to - 1;
  while (end() - start() > o.bucket.max && last > sentences[i]!.from) last--;
  const gapAfter = (k: number) => words[sentences[k + 1]!.from]!.start - words[sentences[k]!.to - 1]!.end;
  for (;;) {
    if (end() - start() >= o.minS || last !== sentences[j]!.to - 1) break;
    const tryEnd = j + 1 < sentences.length && gapAfter(j) <= MAX_INNER_SILENCE_S && cutAfter(words, sentences[j + 1]!.to - 1, o.durationS, o.level) - start() <= o.bucket.max;
    if (tryEnd) last = sentences[++j]!.to - 1;
    else if (i > 0 && gapAfter(i - 1) <= MAX_INNER_SILENCE_S && end() - cutBefore(words, sentences[i - 1]!.from, o.level) <= o.bucket.max) i--;
    else break;
  }
  if (end() - start() < o.minS - 1e-6) return "too_short";
  const from = sentences[i]!.from;
  return { start: start(), end: end(), words: words.slice(from, last + 1) as Word[] };
}
