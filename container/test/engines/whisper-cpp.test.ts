import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSpeechEngine } from "../../src/engines/speech/index.js";
import { loadConfig } from "../../src/runtime/config.js";
import { checkWhisperCpp, parseWhisperCppJson, whisperCppArgs, whisperCppEngineName } from "../../src/engines/speech/whisper-cpp.js";
import { wordErrorRate } from "../helpers/wer.js";
import { mediaDir } from "../transcribe/media.js";

describe("whisper.cpp engine", () => {
  it("parses -oj -ml 1 JSON (ms offsets, one word per segment, annotations dropped)", () => {
    const json = {
      result: { language: "en" },
      transcription: [
        { timestamps: { from: "00:00:00,000", to: "00:00:00,320" }, offsets: { from: 0, to: 320 }, text: " And" },
        { offsets: { from: 320, to: 1100 }, text: " so," },
        { offsets: { from: 1100, to: 1500 }, text: " [BLANK_AUDIO]" },
        { offsets: { from: 1500, to: 1500 }, text: " " },
      ],
    };
    const r = parseWhisperCppJson(json, 2);
    expect(r).toEqual({ lang: "en", words: [{ word: "And", start: 2, end: 2.32 }, { word: "so,", start: 2.32, end: 3.1 }] });
  });

  it("takes a word's confidence from its text tokens' probabilities in -ojf output (special tokens left out)", () => {
    const json = {
      result: { language: "en" },
      transcription: [
        { offsets: { from: 0, to: 320 }, text: " And", tokens: [{ text: "[_BEG_]", p: 0.2 }, { text: " And", id: 400, p: 0.9 }, { text: "[_TT_16]", p: 0.1 }] },
        { offsets: { from: 320, to: 1100 }, text: " Americans,", tokens: [{ text: " Americ", p: 0.8 }, { text: "ans", p: 0.6 }, { text: ",", p: 0.4 }] },
      ],
    };
    expect(parseWhisperCppJson(json).words).toEqual([
      { word: "And", start: 0, end: 0.32, confidence: 0.9 },
      { word: "Americans,", start: 0.32, end: 1.1, confidence: 0.6 },
    ]);
    expect(whisperCppArgs({ modelPath: "/m/ggml-base.en.bin", bin: "whisper-cli" }, "a.wav", "/tmp/out")).toContain("-ojf");
    expect(whisperCppEngineName("/models/ggml-base.en.bin")).toBe("whisper-cpp:base.en");
  });

  it("fails at startup with a clear message when the model or program is missing", () => {
    expect(() => createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "whisper-cpp" }).speech)).toThrow(/KATTO_WHISPER_MODEL/);
    expect(() => checkWhisperCpp({ modelPath: "/nonexistent/ggml.bin" })).toThrow(/no such file/);
    expect(() => checkWhisperCpp({ modelPath: path.join(mediaDir(), "speech/en/jfk.txt"), bin: "no-such-whisper-bin" })).toThrow(/not found on PATH/);
  });

  // Runs only where an operator provides a model (none can be downloaded here).
  const model = process.env.KATTO_WHISPER_MODEL;
  it.skipIf(!model || !existsSync(model))("transcribes JFK with a real model (skipped: no KATTO_WHISPER_MODEL file; none can be downloaded on this machine)", async () => {
    const engine = createSpeechEngine(loadConfig({ ...process.env, KATTO_SPEECH_ENGINE: "whisper-cpp" }).speech);
    const res = await engine.transcribe(path.join(mediaDir(), "speech/en/jfk.wav"), { signal: AbortSignal.timeout(120_000) });
    expect(wordErrorRate("And so my fellow Americans ask not what your country can do for you ask what you can do for your country", res.words.map((w) => w.word).join(" ")).wer).toBeLessThan(0.3);
  });
});
