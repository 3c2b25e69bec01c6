// Does low confidence mark wrong words? Each engine's word confidences against gold transcripts from
// ../shared/media (issue 36): every recognised word is aligned to the gold words (Levenshtein, as the
// WER helper) and counted right or wrong; a word marked low (below the engine's threshold,
// LOW_CONFIDENCE_THRESHOLDS in @katto/protocol) must be wrong more often than one not marked.
// pocketsphinx is the engine this machine has; the others give no confidence (whisper-1, Workers AI)
// or are not installed here, and keep the default threshold.
import { readFileSync } from "node:fs";
import { lowConfidenceThreshold } from "@katto/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { createPocketsphinxEngine } from "../../src/engines/speech/pocketsphinx.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { tokenize } from "../../src/text/normalize.js";
import path from "node:path";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";

/** Gold sets: read speech (LibriVox, LibriSpeech), a speech (JFK) and FLEURS sentences; about 80 s in all. */
const SETS = [
  ...["0870", "0880", "0890", "0920", "0930"].map((n) => `speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb-${n}`),
  "speech/en/jfk",
  "speech/en/librispeech_61-70968-0000",
  ...["000", "001", "002", "003", "004"].map((n) => `speech/fleurs/en/fleurs-en-${n}`),
];
const AUDIO: Record<string, string> = { "speech/en/jfk": ".wav", "speech/en/librispeech_61-70968-0000": ".flac" };
const audioOf = (set: string) => media(set + (AUDIO[set] ?? (set.includes("fleurs") ? ".ogg" : ".wav")));

/** Pure: for each hypothesis token, whether the best alignment to the reference keeps it as a match. */
export function alignedCorrect(ref: string[], hyp: string[]): boolean[] {
  const n = ref.length;
  const m = hyp.length;
  const cost = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) for (let j = 1; j <= m; j++) cost[i]![j] = Math.min(cost[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1), cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1);
  const ok = new Array<boolean>(m).fill(false);
  for (let i = n, j = m; i > 0 || j > 0; ) {
    if (i > 0 && j > 0 && cost[i]![j] === cost[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1)) {
      ok[j - 1] = ref[i - 1] === hyp[j - 1];
      i--;
      j--;
    } else if (j > 0 && cost[i]![j] === cost[i]![j - 1]! + 1) j--;
    else i--;
  }
  return ok;
}

interface Scored {
  confidence: number;
  correct: boolean;
}
let words: Scored[] = [];

beforeAll(async () => {
  const engine = createPocketsphinxEngine();
  const dir = tmpDir("katto-confidence-");
  for (const set of SETS) {
    const ref = tokenize(readFileSync(media(`${set}.txt`), "utf8"));
    const wav = path.join(dir, `${path.basename(set)}.wav`);
    ffmpeg(["-i", audioOf(set), "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", wav]);
    // durationS 0: the whole audio
    const t = await transcribe(wav, { signal: AbortSignal.timeout(300_000), durationS: 0, engine });
    // one token per recognised word (a word that tokenises to nothing is dropped)
    const hyp = t.words.flatMap((w) => tokenize(w.word).slice(0, 1).map((tok) => ({ tok, confidence: w.confidence ?? 1 })));
    const ok = alignedCorrect(ref, hyp.map((h) => h.tok));
    words.push(...hyp.map((h, i) => ({ confidence: h.confidence, correct: ok[i]! })));
  }
}, 600_000);

const rates = (threshold: number) => {
  const marked = words.filter((w) => w.confidence < threshold);
  const rest = words.filter((w) => w.confidence >= threshold);
  const wrong = (xs: Scored[]) => (xs.length ? xs.filter((w) => !w.correct).length / xs.length : 0);
  return { marked: marked.length, rest: rest.length, wrongMarked: wrong(marked), wrongRest: wrong(rest) };
};

describe("confidence calibration on gold transcripts", () => {
  it("aligns a hypothesis to its reference word by word", () => {
    expect(alignedCorrect(["the", "cat", "sat"], ["the", "bat", "sat", "down"])).toEqual([true, false, true, false]);
    expect(alignedCorrect(["a", "b"], [])).toEqual([]);
  });

  it("pocketsphinx: a word marked low is wrong more often than one not marked, at its calibrated threshold (its own threshold, not the default 0.5)", () => {
    const t = lowConfidenceThreshold("pocketsphinx");
    const at = rates(t);
    const old = rates(0.5);
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    console.log(
      `[confidence] pocketsphinx, ${words.length} words, ${words.filter((w) => !w.correct).length} wrong: threshold ${t} marks ${at.marked} (wrong ${pct(at.wrongMarked)}), leaves ${at.rest} (wrong ${pct(at.wrongRest)}); 0.5 marks ${old.marked} (wrong ${pct(old.wrongMarked)}), leaves ${old.rest} (wrong ${pct(old.wrongRest)})`,
    );
    // calibrated: the threshold separates wrong from right words about as well as any (Youden's J,
    // the share of wrong words marked minus the share of right words marked, within 0.05 of the best)
    const wrongN = words.filter((w) => !w.correct).length;
    const j = (q: number) => words.filter((w) => w.confidence < q && !w.correct).length / wrongN - words.filter((w) => w.confidence < q && w.correct).length / (words.length - wrongN);
    const grid = Array.from({ length: 19 }, (_, i) => 0.05 + i * 0.05);
    const best = Math.max(...grid.map(j));
    console.log(`[confidence] J by threshold: ${grid.map((q) => `${q.toFixed(2)}:${j(q).toFixed(3)}`).join(" ")}`);
    console.log(`[confidence] pocketsphinx J at ${t}: ${j(t).toFixed(3)}, best on the grid ${best.toFixed(3)}; 0.5: ${j(0.5).toFixed(3)}`);
    expect(words.length).toBeGreaterThan(100);
    expect(at.marked).toBeGreaterThanOrEqual(words.length * 0.1);
    expect(at.wrongMarked).toBeGreaterThan(at.wrongRest * 1.5);
    expect(j(t)).toBeGreaterThan(best - 0.05);
  });

  it("engines without a calibration keep 0.5", () => {
    expect(lowConfidenceThreshold("whisper-cpp:base.en")).toBe(0.5);
    expect(lowConfidenceThreshold(null)).toBe(0.5);
  });
});
