// What the selection left out (GET /jobs/{id}/candidates) and min_clips: planMoments on
// transcripts built word by word, so each reason is forced by the material, not assumed.
import { CANDIDATE_REASONS, MAX_CANDIDATES } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { bucketOf, planMoments } from "../../src/analysis/moments.js";
import type { Transcript, Word } from "../../src/runtime/types.js";

/** Sentences at 0.3 s per word, 0.1 s between words, `gap` s between sentences (or per-sentence gaps). */
function transcriptOf(sentences: string[], gap: number | number[] = 1): Transcript {
  const words: Word[] = [];
  let t = 0.5;
  sentences.forEach((s, i) => {
    for (const w of s.split(" ")) {
      words.push({ word: w, start: t, end: t + 0.3 });
      t += 0.4;
    }
    t += Array.isArray(gap) ? (gap[i] ?? 1) : gap;
  });
  return { lang: "en", segments: [], words, engine: "test" };
}

/** A letters-only word of its own per number, so no two sentences repeat each other's words. */
const wordOf = (n: number) => {
  let s = "";
  for (let k = n + 27; k > 0; k = Math.floor(k / 26)) s += String.fromCharCode(97 + (k % 26));
  return `${s}o`;
};
/** A 14-word sentence of words no other sentence has. */
const FACT = (n: number) => `The ${Array.from({ length: 12 }, (_, k) => wordOf(n * 20 + k)).join(" ")} today.`;
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end - 1e-9 && b.start < a.end - 1e-9;

describe("left-out candidates", () => {
  // 45 sentences of 14 words: about 5.6 s each, some 296 s of speech: the selection aims for 4 clips (one per full minute)
  const t = transcriptOf(Array.from({ length: 45 }, (_, i) => FACT(i)));
  const durationS = t.words.at(-1)!.end + 1;

  it("lists what was not chosen: overlapping a clip, or below the cut-off, never a chosen clip", () => {
    const sel = planMoments(t, { durationS, config: { clipLength: "lt30" }, maxClips: 10 });
    expect(sel.targetCount).toBe(4);
    expect(sel.moments).toHaveLength(4);
    const left = sel.note.candidates!;
    expect(left.length).toBeGreaterThan(10);
    expect(left.length).toBeLessThanOrEqual(MAX_CANDIDATES);
    const reasons = new Set(left.map((c) => c.reason));
    expect(reasons).toEqual(new Set(["below_cutoff", "overlap"]));
    for (const c of left) {
      expect(CANDIDATE_REASONS).toContain(c.reason);
      expect(sel.moments.some((m) => m.start === c.start && m.end === c.end)).toBe(false);
      const hit = sel.moments.some((m) => overlaps(m, c));
      if (c.reason === "below_cutoff") expect(hit).toBe(false);
      expect(c.end - c.start).toBeGreaterThanOrEqual(bucketOf({ clipLength: "lt30" }).min - 1e-6);
      expect(Object.keys(c.subscores).sort()).toEqual(["flow", "hook", "trend", "value"]);
    }
    // those that can still be made into a clip come first, best first
    const firstOverlap = left.findIndex((c) => c.reason === "overlap");
    expect(left.slice(firstOverlap).every((c) => c.reason === "overlap")).toBe(true);
    const free = left.slice(0, firstOverlap);
    for (let i = 1; i < free.length; i++) expect(free[i]!.score).toBeLessThanOrEqual(free[i - 1]!.score);
  });

  it("names the max_clips limit when the job's limit, not the speech, stopped the selection", () => {
    const sel = planMoments(t, { durationS, config: { clipLength: "lt30" }, maxClips: 2 });
    expect(sel.moments).toHaveLength(2);
    const reasons = new Set(sel.note.candidates!.map((c) => c.reason));
    expect(reasons).toEqual(new Set(["max_clips", "overlap"]));
  });

  it("names a whole thought shorter than the clipLength asked too_short", () => {
    // a 3-word remark between two silences of 5 s: 1.1 s of speech, shorter than 30_60's 30 s
    const sentences = [...Array.from({ length: 12 }, (_, i) => FACT(i)), "Wow look there.", ...Array.from({ length: 12 }, (_, i) => FACT(i + 20))];
    const gaps = sentences.map((_, i) => (i === 11 || i === 12 ? 5 : 1));
    const tt = transcriptOf(sentences, gaps);
    const sel = planMoments(tt, { durationS: tt.words.at(-1)!.end + 1, config: { clipLength: "30_60" }, maxClips: 10 });
    const short = sel.note.candidates!.filter((c) => c.reason === "too_short");
    expect(short).toHaveLength(1);
    const wow = tt.words.find((w) => w.word === "Wow")!;
    const there = tt.words.find((w) => w.word === "there.")!;
    expect(short[0]!.start).toBeLessThanOrEqual(wow.start);
    expect(short[0]!.start).toBeGreaterThan(wow.start - 1);
    expect(short[0]!.end).toBeGreaterThanOrEqual(there.end);
    expect(short[0]!.end).toBeLessThan(there.end + 1);
  });
});

describe("min_clips", () => {
  const t = transcriptOf(Array.from({ length: 45 }, (_, i) => FACT(i)));
  const durationS = t.words.at(-1)!.end + 1;

  it("relaxes the cut-off to reach min_clips when the speech holds that many non-overlapping moments", () => {
    const plain = planMoments(t, { durationS, config: { clipLength: "lt30" }, maxClips: 10 });
    const sel = planMoments(t, { durationS, config: { clipLength: "lt30", min_clips: 7 }, maxClips: 10 });
    expect(plain.moments).toHaveLength(4);
    expect(sel.moments).toHaveLength(7);
    expect(sel.note.fewerReason).toBeNull();
    const sorted = [...sel.moments].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
  });

  it("never goes above max_clips, and says why when the speech holds fewer moments than asked", () => {
    expect(planMoments(t, { durationS, config: { clipLength: "lt30", min_clips: 7 }, maxClips: 4 }).moments).toHaveLength(4);
    // 296 s of speech hold at most 4 non-overlapping passages of 60-90 s
    const sel = planMoments(t, { durationS, config: { clipLength: "60_90", min_clips: 8 }, maxClips: 10 });
    expect(sel.moments.length).toBeLessThan(8);
    expect(sel.note.target).toBe(8);
    expect(sel.note.fewerReason).toMatch(/non-overlapping passages of 60–90 s/);
  });
});

describe("fewerClipsWarning", () => {
  it("warns over the whole source when min_clips was not met, saying why; nothing when met or not asked", async () => {
    const { fewerClipsWarning } = await import("../../src/delivery/job-delivery.js");
    expect(fewerClipsWarning(undefined, 1, "x", 60)).toEqual([]);
    expect(fewerClipsWarning(3, 3, null, 60)).toEqual([]);
    expect(fewerClipsWarning(4, 2, "The 90 seconds of speech hold only 2 non-overlapping passages of 30–60 s.", 61.25)).toEqual([
      { code: "fewer_clips", clip_index: null, start: 0, end: 61.25, message: "min_clips asked for at least 4 clips; this video gave 2. The 90 seconds of speech hold only 2 non-overlapping passages of 30–60 s." },
    ]);
    expect(fewerClipsWarning(2, 1, null, 10)[0]!.message).toMatch(/could not be rendered/);
  });
});
