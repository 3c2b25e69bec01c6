// Loudness by measured gain (src/ffmpeg/loudness.ts): the parser on ffmpeg's own ebur128 output,
// the gain rule, and the measuring pass on generated tones of known level.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { gainToTarget, levelsArgs, LOUDNESS_TARGET_LUFS, loudnessArgs, loudnessFilter, MAX_GAIN_DB, measureLevel, measureLoudness, parseIntegratedLoudness, parseLevels, parseTruePeak, TRUE_PEAK_CEILING_DBTP } from "../../src/ffmpeg/loudness.js";
import { ffmpeg, media, tmpDir } from "../helpers/media.js";

const signal = new AbortController().signal;
const dir = tmpDir("katto-loudness-test-");

/** A stereo 1 kHz tone at `volume` dB for `seconds`, as WAV. */
function tone(name: string, volume: number, seconds = 4): string {
  const out = join(dir, name);
  ffmpeg(["-f", "lavfi", "-i", `sine=f=1000:r=48000:d=${seconds}`, "-af", `volume=${volume}dB,aformat=channel_layouts=stereo`, out]);
  return out;
}

describe("loudness by measured gain", () => {
  it("parses the integrated loudness of ebur128's summary, and -inf as silence", () => {
    const summary = "[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -16.0 LUFS\n    Threshold: -26.0 LUFS\n";
    expect(parseIntegratedLoudness(`t: 1 M: -20.0 I: -99.0 LUFS\n${summary}`)).toBe(-16);
    expect(parseIntegratedLoudness(summary.replace("-16.0", "-inf"))).toBeNull();
    expect(parseIntegratedLoudness("no summary")).toBeNull();
    expect(parseTruePeak(`${summary}\n  True peak:\n    Peak:        2.1 dBFS\n`)).toBe(2.1);
    expect(parseTruePeak(summary)).toBeNull();
  });

  it("gains to -14 LUFS, never more than MAX_GAIN_DB, and not at all for silence", () => {
    expect(gainToTarget(-20)).toBe(6);
    expect(gainToTarget(-9.5)).toBe(-4.5);
    expect(gainToTarget(-60)).toBe(MAX_GAIN_DB);
    expect(gainToTarget(-75)).toBe(0);
    expect(gainToTarget(null)).toBe(0);
    // a true peak the gain would push more than 6 dB (what the limiter is trusted with) over -1 dBTP caps it
    expect(gainToTarget(-20, -3)).toBe(6);
    expect(gainToTarget(-20, 1)).toBe(4);
  });

  it("builds the measuring pass and the render's audio chain", () => {
    // measured as rendered: 48 kHz stereo (a 5.1 source downmixed), with the true peak
    expect(loudnessArgs("/in.mp4", { start: 1.5, duration: 30 })).toEqual(["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-ss", "1.500", "-t", "30.000", "-i", "/in.mp4", "-map", "0:a:0", "-vn", "-af", "aresample=48000,aformat=channel_layouts=stereo,ebur128=peak=true", "-f", "null", "-"]);
    expect(loudnessFilter(-3)).toBe("aresample=48000,aformat=channel_layouts=stereo,volume=-3.00dB,alimiter=limit=0.7499:level=false:latency=true,aformat=sample_fmts=fltp:channel_layouts=stereo");
  });

  it("measures tones 10 dB apart 10 LU apart, and a range of a file on its own", async () => {
    const loud = await measureLoudness(tone("loud.wav", -6), { signal });
    const quiet = await measureLoudness(tone("quiet.wav", -16), { signal });
    expect(loud).not.toBeNull();
    expect(quiet! - loud!).toBeCloseTo(-10, 0);
    // lavfi's sine has amplitude 1/8 (-18 dBFS); 6 dB less, stereo, 1 kHz: about -27 LUFS by BS.1770
    expect(Math.abs(loud! - -27)).toBeLessThan(1.5);
    // the first second only of a file whose level drops by 20 dB after it
    const step = join(dir, "step.wav");
    ffmpeg(["-i", tone("a.wav", -6, 1), "-i", tone("b.wav", -26, 3), "-filter_complex", "[0:a][1:a]concat=n=2:v=0:a=1", step]);
    const head = await measureLoudness(step, { signal, range: { start: 0, duration: 0.9 } });
    expect(head! - loud!).toBeCloseTo(0, 0);
  });

  it("measures silence at the absolute gate, which gets no gain", async () => {
    const silent = join(dir, "silent.wav");
    ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", "2", silent]);
    const lufs = await measureLoudness(silent, { signal });
    expect(lufs === null || lufs <= -70).toBe(true);
    expect(gainToTarget(lufs)).toBe(0);
  });

  it("measures a range on its own channels and as rendered in one pass, as the two passes of their own do; measureLoudness keeps both", async () => {
    // the 5.1 lecture: its six channels and its stereo downmix measure differently
    const file = media("speech/en/physicsworks_lecture/physicsworks_audio.webm");
    const range = { start: 30, duration: 8 };
    const log = (args: string[]) => spawnSync("ffmpeg", args, { encoding: "utf8", maxBuffer: 1 << 26 }).stderr;
    const alone = (asRendered: boolean) => {
      const l = log(loudnessArgs(file, range, asRendered));
      return { lufs: parseIntegratedLoudness(l), truePeak: parseTruePeak(l) };
    };
    const both = parseLevels(log(levelsArgs(file, range)));
    expect(both.own).toEqual(alone(false));
    expect(both.rendered).toEqual(alone(true));
    expect(both.own.lufs).not.toBe(both.rendered.lufs);
    expect(await measureLoudness(file, { signal, range })).toBe(both.own.lufs);
    expect(await measureLevel(file, { signal, range })).toEqual(both.rendered);
  });

  it("brings real speech to -14 LUFS within 1 LU (or under, where peak-capped) with its true peak at -1 dBTP or under, once AAC-encoded", async () => {
    // the 5.1 lecture (its downmix peaks at +2.1 dBTP; measured on its six channels it was left at -12 LUFS and clipping) and a phone video
    const cases = [{ file: media("speech/en/physicsworks_lecture/physicsworks_audio.webm"), start: 60, duration: 12 }, { file: media("video_talking/other/openmpf_video_02_hikers.mp4"), start: 0, duration: 10 }];
    for (const c of cases) {
      const src = await measureLevel(c.file, { signal, range: c });
      const gain = gainToTarget(src.lufs, src.truePeak);
      const out = join(dir, "speech.m4a");
      ffmpeg(["-ss", String(c.start), "-t", String(c.duration), "-i", c.file, "-map", "0:a:0", "-af", loudnessFilter(gain), "-c:a", "aac", "-b:a", "96k", "-ar", "48000", "-ac", "2", out]);
      const got = await measureLevel(out, { signal });
      // peak-capped: the gain takes the true peak over the ceiling, so the limiter holds it there, and
      // the loudness it takes off is allowed (measured: the lecture -15.4 LUFS, +0.4 dBTP, gain 1.4 dB -> -15.2 LUFS, -2.0 dBTP; the hikers -16.0, 0.0, 2 dB -> -14.8, -1.9)
      const capped = src.truePeak! + gain > TRUE_PEAK_CEILING_DBTP;
      expect(got.lufs! - LOUDNESS_TARGET_LUFS, c.file).toBeLessThanOrEqual(1);
      expect(got.lufs! - LOUDNESS_TARGET_LUFS, c.file).toBeGreaterThanOrEqual(capped ? -2 : -1);
      expect(got.truePeak!, c.file).toBeLessThanOrEqual(TRUE_PEAK_CEILING_DBTP);
    }
  });
});
