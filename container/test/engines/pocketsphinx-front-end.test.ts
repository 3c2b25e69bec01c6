// The audio front end before pocketsphinx (band-pass + dynamic level normalisation) on gold read
// speech from ../shared/media: it lowers the error on FLEURS' quiet, varied recordings and does not
// raise it on the clean LibriVox reading.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPocketsphinxEngine, frontEndArgs } from "../../src/engines/speech/pocketsphinx.js";
import { wordErrorRate } from "../helpers/wer.js";
import { tmpDir } from "../helpers/media.js";
import { mediaDir } from "../transcribe/media.js";

const dir = tmpDir("katto-front-end-");
const signal = new AbortController().signal;

async function wer(folder: string, count: number, frontEnd: boolean): Promise<number> {
  const src = path.join(mediaDir(), folder);
  const files = readdirSync(src).filter((f) => /\.(ogg|wav)$/.test(f)).sort().slice(0, count);
  const engine = createPocketsphinxEngine({ frontEnd });
  let errors = 0;
  let words = 0;
  for (const f of files) {
    const wav = path.join(dir, `${f}.wav`);
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(src, f), "-ac", "1", "-ar", "16000", wav]);
    const hyp = (await engine.transcribe(wav, { signal })).words.map((w) => w.word).join(" ");
    const r = wordErrorRate(readFileSync(path.join(src, f.replace(/\.\w+$/, ".txt")), "utf8"), hyp);
    errors += r.substitutions + r.deletions + r.insertions;
    words += r.refWords;
  }
  return errors / words;
}

describe("pocketsphinx audio front end", () => {
  it("builds a band-pass and level-normalising ffmpeg pass to 16 kHz mono", () => {
    const a = frontEndArgs("in.wav", "out.wav");
    expect(a[a.indexOf("-af") + 1]).toMatch(/^highpass=f=100,lowpass=f=7000,dynaudnorm/);
    expect(a.slice(a.indexOf("-ac"))).toEqual(["-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "out.wav"]);
  });

  it("lowers WER on FLEURS and keeps it on LibriVox", async () => {
    const fleurs = { plain: await wer("speech/fleurs/en", 4, false), front: await wer("speech/fleurs/en", 4, true) };
    const librivox = { plain: await wer("speech/en/librivox_sense_and_sensibility", 5, false), front: await wer("speech/en/librivox_sense_and_sensibility", 5, true) };
    console.log(`[front end] FLEURS ${(100 * fleurs.plain).toFixed(1)} % -> ${(100 * fleurs.front).toFixed(1)} %, LibriVox ${(100 * librivox.plain).toFixed(1)} % -> ${(100 * librivox.front).toFixed(1)} %`);
    expect(fleurs.front).toBeLessThan(fleurs.plain - 0.1);
    expect(librivox.front).toBeLessThanOrEqual(librivox.plain + 0.02);
  }, 600_000);
});
