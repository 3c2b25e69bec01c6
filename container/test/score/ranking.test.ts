// End to end on synthetic speech: TTS -> pocketsphinx -> selectMoments -> scoreMoments.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPocketsphinxEngine } from "../../src/engines/speech/pocketsphinx.js";
import { planMoments } from "../../src/analysis/moments.js";
import { scoreMoments } from "../helpers/offline-scores.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { sentenceRanges } from "../../src/text/sentences.js";
import type { Moment, Transcript } from "../../src/runtime/types.js";
import { type SynthSpan, availableTts, synthesize } from "../transcribe/synth.js";
import { FILLER_BEFORE, GAPS, HOOK, SCRIPT } from "./ranking-script.js";

const tts = availableTts();
let dir = "";
let t: Transcript;
let spans: SynthSpan[];
let durationS = 0;

beforeAll(async () => {
  if (!tts) return;
  dir = mkdtempSync(path.join(os.tmpdir(), "katto-rank-"));
  const wav = path.join(dir, "source.wav");
  const s = await synthesize(SCRIPT, wav, { gapS: GAPS });
  spans = s.spans;
  durationS = s.durationS;
  t = await transcribe(wav, { signal: AbortSignal.timeout(100_000), durationS, engine: createPocketsphinxEngine() });
}, 120_000);
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

const hookStart = () => spans[FILLER_BEFORE.length]!.start;
const hookEnd = () => spans[FILLER_BEFORE.length + HOOK.length - 1]!.end;
const overlap = (m: { start: number; end: number }, a: number, b: number) => Math.max(0, Math.min(m.end, b) - Math.max(m.start, a));

/** A clip edge is on a sentence boundary when it lies in a pause between sentences (or at the source's edges). */
function onBoundary(x: number): boolean {
  const tol = 0.15;
  return !spans.some((s) => x > s.start + tol && x < s.end - tol);
}

describe.skipIf(!tts)("ranking on a constructed source (TTS + pocketsphinx)", () => {
  it("selects the hook passage first, with clip edges on sentence boundaries", () => {
    const sel = planMoments(t, { durationS, config: { clipLength: "lt30" }, maxClips: 10 });
    expect(sel.mode).toBe("speech");
    const first = sel.moments[0]!;
    // the chosen clip is mostly the hook block
    const inHook = overlap(first, hookStart(), hookEnd()) / (first.end - first.start);
    expect(inHook).toBeGreaterThan(0.6);
    const edges = sel.moments.flatMap((m) => [m.start, m.end]);
    const fraction = edges.filter(onBoundary).length / edges.length;
    console.log(`[ranking] tts=${tts} words=${t.words.length} clips=${sel.moments.length} first=[${first.start}, ${first.end}] hook=[${hookStart().toFixed(2)}, ${hookEnd().toFixed(2)}] in-hook=${inHook.toFixed(2)} boundary-fraction=${fraction.toFixed(2)}`);
    console.log(`[ranking] first clip text: ${first.text}`);
    expect(fraction).toBeGreaterThanOrEqual(0.75);
  });

  it("ranks the hook moment first among every sentence-pair moment of the source", () => {
    const ranges = sentenceRanges(t.words);
    const moments: Moment[] = [];
    for (let i = 0; i + 1 < ranges.length; i += 2) {
      const ws = t.words.slice(ranges[i]!.from, ranges[i + 1]!.to);
      moments.push({ start: ws[0]!.start, end: ws[ws.length - 1]!.end, words: ws, text: ws.map((w) => w.word).join(" ") });
    }
    const ranked = scoreMoments(moments, t, { config: {} });
    const rank = ranked.findIndex((m) => overlap(m, hookStart(), hookEnd()) > 0.5 * (m.end - m.start)) + 1;
    console.log(`[ranking] hook rank among ${ranked.length} moments: ${rank}; top: "${ranked[0]!.title}" ${ranked[0]!.score} — ${ranked[0]!.justification}`);
    expect(rank).toBe(1);
    expect(ranked[0]!.title.length).toBeLessThanOrEqual(100);
  });
});
