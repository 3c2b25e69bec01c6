// Issue 33 case 9: the audio the speech engines hear is on the source's clock. A source whose audio
// has a timestamp gap (two recordings joined with `-c copy`, the first's audio 0.5 s shorter than its
// video, as with `-stream_loop` or dropped audio) is decoded with the gap kept as silence, so a
// sound's place in the decoded audio is its time in the source, where clips are cut.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { extractAudio } from "../../src/analysis/audio.js";
import { energyEnvelope, ENVELOPE_FRAME_S } from "../../src/engines/speech/chunks.js";
import { ENGINE_SAMPLE_RATE, readEngineSamples } from "../../src/analysis/transcribe-wav.js";
import { tmpDir } from "../helpers/media.js";

const dir = tmpDir("katto-audio-gap-");
const ff = (args: string[]) => execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);

let source: string;
beforeAll(() => {
  // part 1: 3 s of picture, 2.5 s of a 440 Hz tone; part 2: 3 s of picture, 1 s of silence then 2 s of 880 Hz
  const a = path.join(dir, "a.mp4");
  const b = path.join(dir, "b.mp4");
  ff(["-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=3", "-f", "lavfi", "-i", "sine=f=440:d=2.5", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", a]);
  ff(["-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=3", "-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono:d=1", "-f", "lavfi", "-i", "sine=f=880:d=2", "-filter_complex", "[1:a][2:a]concat=n=2:v=0:a=1[a]", "-map", "0:v", "-map", "[a]", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", b]);
  const list = path.join(dir, "list.txt");
  writeFileSync(list, `file '${a}'\nfile '${b}'\n`);
  source = path.join(dir, "joined.mp4");
  ff(["-f", "concat", "-safe", "0", "-i", list, "-c", "copy", source]);
});

/** Times (s) where the level rises over -30 dBFS after at least 0.3 s under it. */
function onsets(samples: Int16Array): number[] {
  const env = energyEnvelope(samples, ENGINE_SAMPLE_RATE, ENVELOPE_FRAME_S);
  const out: number[] = [];
  let quiet = Infinity;
  env.forEach((db, i) => {
    if (db > -30) {
      if (quiet * ENVELOPE_FRAME_S >= 0.3) out.push(i * ENVELOPE_FRAME_S);
      quiet = 0;
    } else quiet++;
  });
  return out;
}

describe("audio decoded for the speech engines, on the source's clock (issue 33 case 9)", () => {
  it("keeps a timestamp gap as silence: the second tone starts at 4 s, where the source plays it, and the audio lasts as the source", async () => {
    // the joined file's audio really has the gap: its packets (1024 samples, 23 ms each) jump from 2.5 s to 3 s
    const pts = execFileSync("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", source], { encoding: "utf8" }).trim().split("\n").map(Number);
    const jumps = pts.slice(1).map((t, k) => t - pts[k]! - 1024 / 44100).filter((d) => d > 0.1);
    expect(jumps).toHaveLength(1);
    expect(jumps[0]).toBeCloseTo(0.5, 1);

    const wav = await extractAudio(source, path.join(dir, "audio.wav"), { signal: new AbortController().signal, durationS: 6 });
    const samples = await readEngineSamples(wav);
    expect(samples.length / ENGINE_SAMPLE_RATE).toBeCloseTo(6, 1);
    const [first, second] = onsets(samples);
    expect(first).toBeLessThan(0.05);
    // 3 s (the second part's start) + 1 s of silence; the AAC encoder's priming adds about 23 ms.
    // Decoded without the gap, the tone would start at 3.5 s.
    expect(Math.abs(second! - 4)).toBeLessThan(0.06);
  });
});
