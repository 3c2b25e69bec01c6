import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPocketsphinxEngine, parsePocketsphinxOutput, POCKETSPHINX_TIME_BIAS_S } from "../../src/engines/speech/pocketsphinx.js";
import { wordErrorRate } from "../helpers/wer.js";
import { mediaDir } from "../transcribe/media.js";

// captured from `pocketsphinx_continuous -infile jfk.wav -time yes` (Debian 5prealpha)
const CAPTURED = `and then our my arm arrow
<s> 0.000 0.040 0.998900
and 0.050 0.160 0.032758
then 0.170 0.670 0.213530
our(3) 0.680 0.980 0.207841
</s> 2.310 2.440 1.000000
and not
<s> 3.170 3.280 1.000300
and(2) 3.290 3.730 0.985603
<sil> 3.740 3.980 0.828680
[NOISE] 3.990 4.000 0.5
++breath++ 4.000 4.100 0.5
not 3.990 4.300 0.817730
</s> 4.310 4.760 1.000000
`;

describe("parsePocketsphinxOutput", () => {
  it("keeps words, drops markers/noise/fillers, strips variants, corrects the bias", () => {
    const words = parsePocketsphinxOutput(CAPTURED);
    expect(words.map((w) => w.word)).toEqual(["and", "then", "our", "and", "not"]);
    expect(words[0]!.start).toBeCloseTo(0.05 + POCKETSPHINX_TIME_BIAS_S, 6);
    expect(words[0]!.end).toBeCloseTo(0.16 + POCKETSPHINX_TIME_BIAS_S, 6);
    expect(words[0]!.confidence).toBeCloseTo(0.032758, 6);
  });
  it("applies the chunk offset and clamps to the duration", () => {
    const words = parsePocketsphinxOutput("x 0.000 10.500 1.0\n", { offsetS: 30, durationS: 10 });
    expect(words[0]).toMatchObject({ word: "x", start: 30 + Math.max(0, POCKETSPHINX_TIME_BIAS_S), end: 40 });
  });
  it("ignores hypothesis lines and garbage", () => {
    expect(parsePocketsphinxOutput("hello world\nINFO: something 1 2 3\n")).toEqual([]);
  });
});

const signal = () => AbortSignal.timeout(60_000);

function checkTimes(words: { start: number; end: number }[], durationS: number) {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    expect(w.start).toBeGreaterThanOrEqual(0);
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(w.end).toBeLessThanOrEqual(durationS + 0.2);
    if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]!.start);
  }
}

describe("pocketsphinx engine on real speech", () => {
  const engine = createPocketsphinxEngine();
  it("transcribes JFK (WER < 0.7, times monotonic and inside the audio)", async () => {
    const dir = path.join(mediaDir(), "speech/en");
    const res = await engine.transcribe(path.join(dir, "jfk.wav"), { signal: signal() });
    const ref = readFileSync(path.join(dir, "jfk.txt"), "utf8");
    const wer = wordErrorRate(ref, res.words.map((w) => w.word).join(" ")).wer;
    expect(res.lang).toBe("en");
    expect(wer).toBeLessThan(0.7);
    checkTimes(res.words, 11);
  });
  it("transcribes a LibriVox sentence (WER < 0.6) with an offset", async () => {
    const base = path.join(mediaDir(), "speech/en/librivox_sense_and_sensibility/sense_and_sensibility_01_austen_64kb-0870");
    const res = await engine.transcribe(`${base}.wav`, { signal: signal(), offsetS: 100 });
    const wer = wordErrorRate(readFileSync(`${base}.txt`, "utf8"), res.words.map((w) => w.word).join(" ")).wer;
    expect(wer).toBeLessThan(0.6);
    expect(res.words[0]!.start).toBeGreaterThanOrEqual(100);
    checkTimes(res.words.map((w) => ({ start: w.start - 100, end: w.end - 100 })), 7.1);
  });
  it("fails with the stage named when aborted", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(engine.transcribe(path.join(mediaDir(), "speech/en/jfk.wav"), { signal: ac.signal })).rejects.toMatchObject({ stage: "transcribe" });
  });
});
