// The Workers AI speech path through the whole chunked transcribe stage, against a recorded
// Whisper answer: Whisper's own word-timed output for the MIT lecture in ../shared/media (the
// corpus's silver transcript, Whisper medium), put into the documented Workers AI shape
// (segments[].words[] {word, start, end}, transcription_info.language). The double answers each
// chunk the stage sends with the recorded words that fall in that chunk's audio, on the chunk's
// clock, found by locating the posted samples in the source; the stitched transcript must give
// back the recording: every word once, on the source clock, in order, language detected.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/runtime/config.js";
import { createSpeechEngine } from "../../src/engines/speech/index.js";
import { WHISPER_MODEL } from "../../src/engines/speech/workers-ai.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { readEngineSamples } from "../../src/analysis/transcribe-wav.js";
import { tmpDir } from "../helpers/media.js";
import { mediaDir } from "../transcribe/media.js";
import { chunkOffset } from "./chunk-offset.js";
import { startLoopback } from "./loopback.js";

interface SilverWord { word: string; time_interval: { start: number; end: number } }
const silver = JSON.parse(readFileSync(path.join(mediaDir(), "speech/en/physicsworks_lecture/physicsworks.whisper_medium_words.silver.json"), "utf8")) as {
  segments: { words: SilverWord[] }[];
  transcription_info?: { language?: string };
};
const recorded = silver.segments.flatMap((s) => s.words).map((w) => ({ word: w.word, start: w.time_interval.start, end: w.time_interval.end }));

const dir = tmpDir("katto-wai-replay-");
const wav = path.join(dir, "lecture.wav");
execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(mediaDir(), "speech/en/physicsworks_lecture/physicsworks_audio.webm"), "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", wav]);

let close: (() => Promise<void>) | undefined;
afterAll(async () => close?.());

describe("Workers AI speech through the chunked stage, on a recorded Whisper answer", () => {
  it("gives back every recorded word once, on the source clock, with the detected language", async () => {
    const source = await readEngineSamples(wav);
    const srv = await startLoopback((req) => {
      const audio = Buffer.from(JSON.parse(req.body).audio as string, "base64");
      const chunk = new Int16Array(audio.buffer, audio.byteOffset + 44, (audio.length - 44) >> 1);
      const t0 = chunkOffset(source, chunk);
      const t1 = t0 + chunk.length / 16000;
      const words = recorded.filter((w) => w.start >= t0 && w.end <= t1).map((w) => ({ word: w.word, start: +(w.start - t0).toFixed(3), end: +(w.end - t0).toFixed(3) }));
      const text = words.map((w) => w.word).join("");
      return {
        status: 200,
        body: { success: true, errors: [], messages: [], result: { text, word_count: words.length, transcription_info: { language: silver.transcription_info?.language ?? "en", language_probability: 0.99 }, segments: [{ start: words[0]?.start ?? 0, end: words.at(-1)?.end ?? 0, text, words }] } },
      };
    });
    close = srv.close;
    const engine = createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_CF_API_BASE: srv.baseUrl }).speech);
    const t = await transcribe(wav, { signal: AbortSignal.timeout(300_000), durationS: source.length / 16000, engine, chunking: { targetS: 45, minS: 30, maxS: 60 } });
    expect(srv.requests.length).toBeGreaterThan(2); // it really was cut into chunks
    expect(t.lang).toBe("en");
    expect(t.engine).toBe(`workers-ai:${WHISPER_MODEL}`);
    // words that straddle a chunk's audio edge are in neither answer; all others come back once
    const inSome = recorded.length;
    expect(t.words.length).toBeGreaterThan(0.97 * inSome);
    expect(t.words.length).toBeLessThanOrEqual(inSome);
    for (let i = 1; i < t.words.length; i++) expect(t.words[i]!.start).toBeGreaterThanOrEqual(t.words[i - 1]!.end);
    // each returned word sits where the recording put it (source clock, ms rounding)
    let k = 0;
    for (const w of t.words) {
      while (k < recorded.length && Math.abs(recorded[k]!.start - w.start) > 0.002) k++;
      expect(k, `"${w.word}" at ${w.start} is not a recorded word`).toBeLessThan(recorded.length);
      expect(w.word).toBe(recorded[k]!.word.trim());
      k++;
    }
  }, 400_000);
});
