import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSpeechEngine } from "../../src/engines/speech/index.js";
import { loadConfig } from "../../src/runtime/config.js";
import { parseWhisperOutput, WHISPER_MODEL } from "../../src/engines/speech/workers-ai.js";
import { mediaDir } from "../transcribe/media.js";
import { startLoopback } from "./loopback.js";

// Shape of a POST /accounts/{id}/ai/run/@cf/openai/whisper-large-v3-turbo answer
// (Ai_Cf_Openai_Whisper_Large_V3_Turbo_Output inside the REST envelope).
const RECORDED = {
  result: {
    transcription_info: { language: "en", language_probability: 0.98, duration: 11, duration_after_vad: 10.2 },
    text: " And so, my fellow Americans, ask not what your country can do for you.",
    word_count: 13,
    segments: [
      {
        start: 0.3,
        end: 7.6,
        text: " And so, my fellow Americans, ask not what your country can do for you.",
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1.1,
        no_speech_prob: 0.01,
        words: [
          { word: " And", start: 0.3, end: 0.62 }, { word: " so,", start: 0.62, end: 1.1 }, { word: " my", start: 1.3, end: 1.5 },
          { word: " fellow", start: 1.5, end: 1.9 }, { word: " Americans,", start: 1.9, end: 2.6 }, { word: " ask", start: 3.2, end: 3.6 },
          { word: " not", start: 3.6, end: 4.3 }, { word: " what", start: 5.4, end: 5.6 }, { word: " your", start: 5.6, end: 5.9 },
          { word: " country", start: 5.9, end: 6.3 }, { word: " can", start: 6.3, end: 6.6 }, { word: " do", start: 6.6, end: 6.9 },
          { word: " for", start: 6.9, end: 7.1 }, { word: " you.", start: 7.1, end: 7.6 },
        ],
      },
    ],
    vtt: "WEBVTT\n\n00:00.300 --> 00:07.600\nAnd so, my fellow Americans, ask not what your country can do for you.",
  },
  success: true,
  errors: [],
  messages: [],
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("Workers AI speech engine", () => {
  it("parses Whisper output into trimmed words on the source clock", () => {
    const r = parseWhisperOutput(RECORDED.result, 10);
    expect(r.lang).toBe("en");
    expect(r.words).toHaveLength(14);
    expect(r.words[1]).toEqual({ word: "so,", start: 10.62, end: 11.1 });
    expect(parseWhisperOutput({ text: "", segments: [] }).lang).toBeNull();
    expect(parseWhisperOutput({ text: "hi", words: [{ word: "hi", start: 0, end: 0.4 }] }).words).toHaveLength(1);
  });

  it("posts base64 audio with the bearer token to the run endpoint and returns words", async () => {
    const srv = await startLoopback(() => ({ status: 200, body: RECORDED }));
    close = srv.close;
    const engine = createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "workers-ai", CF_ACCOUNT_ID: "acc123", CF_API_TOKEN: "tok", KATTO_CF_API_BASE: srv.baseUrl }).speech);
    const wav = path.join(mediaDir(), "speech/en/jfk.wav");
    const res = await engine.transcribe(wav, { signal: AbortSignal.timeout(10_000), lang: "en-US", offsetS: 5 });
    expect(res.words[0]).toEqual({ word: "And", start: 5.3, end: 5.62 });
    const req = srv.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe(`/client/v4/accounts/acc123/ai/run/${WHISPER_MODEL}`);
    expect(req.headers.authorization).toBe("Bearer tok");
    const body = JSON.parse(req.body);
    expect(body.language).toBe("en"); // the tag "en-US" sent as the code Whisper takes
    expect(body.task).toBe("transcribe");
    expect(Buffer.from(body.audio, "base64").subarray(0, 4).toString("ascii")).toBe("RIFF");
  });

  it("fails with the API's error message on an error envelope", async () => {
    const srv = await startLoopback(() => ({ status: 400, body: { success: false, errors: [{ code: 5006, message: "bad audio" }], result: null } }));
    close = srv.close;
    const engine = createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "workers-ai", CF_ACCOUNT_ID: "a", CF_API_TOKEN: "t", KATTO_CF_API_BASE: srv.baseUrl }).speech);
    await expect(engine.transcribe(path.join(mediaDir(), "speech/en/jfk.wav"), { signal: AbortSignal.timeout(10_000) })).rejects.toThrow(/400.*bad audio/);
  });

  it("refuses to start without credentials or with an unknown name", () => {
    expect(() => createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "workers-ai" }).speech)).toThrow(/CF_ACCOUNT_ID/);
    expect(() => createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "nope" }).speech)).toThrow(/unknown/);
    expect(createSpeechEngine(loadConfig({}).speech).name).toBe("pocketsphinx");
  });
});
