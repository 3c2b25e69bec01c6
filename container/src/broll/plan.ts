// Pure: where a clip cuts away to B-roll (style `broll`, issue 26). A cutaway starts on a word that
// matches one of an asset's keywords (stemmed, ../text/stem.ts, so "coffees" finds "coffee"; a
// keyword of several words matches the same words in a row), lasts 1.5-3 s, and all of them
// together cover at most a third of the clip. The speaker opens the clip (no cutaway over the
// first HOOK_S, where a hook title sits) and closes it (none in the last TAIL_S), and comes back
// for at least GAP_S between two cutaways, so the clip stays a talking head with inserts.
import type { BrollAsset } from "@katto/protocol";
import { STOPWORDS } from "../text/lexicon.js";
import { stem } from "../text/stem.js";
import { round3 } from "@katto/protocol";

export const CUTAWAY = {
  minS: 1.5,
  maxS: 3,
  /** at most this share of the clip's duration in cutaways */
  maxShare: 1 / 3,
  /** the speaker's own opening (the hook title's time) */
  hookS: 2.5,
  /** the speaker's own ending */
  tailS: 1,
  /** the speaker between two cutaways */
  gapS: 2,
} as const;

export interface PlannedCutaway {
  asset: BrollAsset;
  /** clip seconds */
  start: number;
  end: number;
}

/** A word as it is matched: lower case, letters and digits only, stemmed. */
export const matchKey = (word: string) => stem(word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ""));

/** An asset's keywords as stem sequences; single stopwords ("the") match nothing. */
export function keywordStems(keywords: readonly string[]): string[][] {
  return keywords
    .map((k) => k.toLowerCase().split(/\s+/).filter(Boolean))
    .filter((parts) => parts.length > 1 || (parts.length === 1 && !STOPWORDS.has(parts[0]!)))
    .map((parts) => parts.map(matchKey).filter(Boolean))
    .filter((parts) => parts.length > 0);
}

/** The assets whose keywords match at word `i`, best first: longer keyword, then fewer uses so far. */
function matchesAt(keys: readonly string[], i: number, assets: readonly { asset: BrollAsset; stems: string[][] }[]): { asset: BrollAsset; len: number }[] {
  const out: { asset: BrollAsset; len: number }[] = [];
  for (const a of assets) {
    let best = 0;
    for (const seq of a.stems) if (seq.length > best && seq.every((s, k) => keys[i + k] === s)) best = seq.length;
    if (best) out.push({ asset: a.asset, len: best });
  }
  return out;
}


/**
 * The clip's cutaways, in order. `words` are clip-relative (start < end); `assets` in the order
 * they are preferred when several match (the library's order). Deterministic: the same words and
 * assets always give the same cutaways, so a re-render draws what the clip had.
 */
export function planCutaways(words: readonly { text: string; start: number; end: number }[], durationS: number, assets: readonly BrollAsset[]): PlannedCutaway[] {
  const indexed = assets.map((asset) => ({ asset, stems: keywordStems(asset.keywords) })).filter((a) => a.stems.length > 0);
  if (!indexed.length || !(durationS > 0)) return [];
  const keys = words.map((w) => matchKey(w.text));
  const budget = durationS * CUTAWAY.maxShare;
  const lastEnd = durationS - CUTAWAY.tailS;
  const uses = new Map<string, number>();
  const out: PlannedCutaway[] = [];
  let used = 0;
  let freeFrom = CUTAWAY.hookS;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!keys[i] || w.start < freeFrom) continue;
    const found = matchesAt(keys, i, indexed);
    if (!found.length) continue;
    found.sort((a, b) => b.len - a.len || (uses.get(a.asset.id) ?? 0) - (uses.get(b.asset.id) ?? 0));
    const asset = found[0]!.asset;
    // long enough to read the picture, no longer than the budget or the clip allow
    const length = Math.min(CUTAWAY.maxS, budget - used, lastEnd - w.start);
    if (length < CUTAWAY.minS) continue;
    // at least the matching words, then up to about 2.5 s
    const spoken = (words[i + found[0]!.len - 1]?.end ?? w.end) - w.start;
    const dur = Math.min(length, Math.max(CUTAWAY.minS, spoken, 2.5));
    const start = round3(w.start);
    // rounded down, so the cutaways never add up to more than the budget
    out.push({ asset, start, end: Math.floor((start + dur) * 1000) / 1000 });
    used += dur;
    uses.set(asset.id, (uses.get(asset.id) ?? 0) + 1);
    freeFrom = w.start + dur + CUTAWAY.gapS;
  }
  return out;
}
