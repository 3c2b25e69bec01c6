import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { energyEnvelope, ENVELOPE_FRAME_S } from "../../src/engines/speech/chunks.js";
import { encodeWav, ENGINE_SAMPLE_RATE, openEngineAudio } from "../../src/analysis/transcribe-wav.js";
import { tmpDir } from "../helpers/media.js";

describe("openEngineAudio (streamed, fixed memory)", () => {
  it("gives the same envelope and sample ranges as decoding the whole file", async () => {
    // 130 s of a tone that comes and goes: longer than one streaming block.
    const n = 130 * ENGINE_SAMPLE_RATE;
    const samples = new Int16Array(n);
    for (let i = 0; i < n; i++) samples[i] = Math.round(Math.sin(i / 7) * (Math.floor(i / 40_000) % 3) * 9000);
    const file = path.join(tmpDir("katto-audio-"), "a.wav");
    writeFileSync(file, encodeWav(samples));
    const audio = await openEngineAudio(file, ENVELOPE_FRAME_S, energyEnvelope);
    try {
      expect(audio.durationS).toBe(130);
      expect(Array.from(audio.envelope)).toEqual(Array.from(energyEnvelope(samples, ENGINE_SAMPLE_RATE, ENVELOPE_FRAME_S)));
      expect(Array.from(await audio.read(1_000_000, 1_000_050))).toEqual(Array.from(samples.subarray(1_000_000, 1_000_050)));
      expect((await audio.read(n - 10, n + 100)).length).toBe(10);
    } finally {
      await audio.close();
    }
  });
});
