// Loudness by measured gain (src/ffmpeg/loudness.ts): the parser on ffmpeg's own ebur128 output,
// the gain rule, and the measuring pass on generated tones of known level.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gainToTarget, loudnessArgs, loudnessFilter, MAX_GAIN_DB, measureLoudness, parseIntegratedLoudness } from "../../src/ffmpeg/loudness.js";
import { ffmpeg, tmpDir } from "../helpers/media.js";

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
  });

  it("gains to -14 LUFS, never more than MAX_GAIN_DB, and not at all for silence", () => {
    expect(gainToTarget(-20)).toBe(6);
    expect(gainToTarget(-9.5)).toBe(-4.5);
    expect(gainToTarget(-60)).toBe(MAX_GAIN_DB);
    expect(gainToTarget(-75)).toBe(0);
    expect(gainToTarget(null)).toBe(0);
  });

  it("builds the measuring pass and the render's audio chain", () => {
    expect(loudnessArgs("/in.mp4", { start: 1.5, duration: 30 })).toEqual(["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-ss", "1.500", "-t", "30.000", "-i", "/in.mp4", "-map", "0:a:0", "-vn", "-af", "ebur128", "-f", "null", "-"]);
    expect(loudnessFilter(-3)).toBe("volume=-3.00dB,alimiter=limit=0.8414:level=false:latency=true,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo");
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
});
