// The openai speech engine against a stand-in of an OpenAI-compatible server (openai-stand-in.ts)
// that answers with the gold words of real LibriVox speech: the documented request, word and
// segment-only answers, 429 with Retry-After, 5xx then success, 4xx messages, and long audio in
// chunks stitched back on the source's clock.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/runtime/config.js";
import { StageError } from "../../src/runtime/errors.js";
import { retryAfterS, retryDelayS } from "../../src/engines/http-retry.js";
import { createSpeechEngine } from "../../src/engines/speech/index.js";
import { createOpenAiSpeechEngine, endpointMessage, maxUploadSeconds, parseVerboseJson, transcriptionForm } from "../../src/engines/speech/openai.js";
import { wordsFromSegments } from "../../src/engines/speech/segment-words.js";
import { transcribe } from "../../src/analysis/transcribe.js";
import { wordErrorRate } from "../helpers/wer.js";
import { tmpDir } from "../helpers/media.js";
import { type GoldSource, openAiError, senseAndSensibility, startOpenAiStandIn } from "./openai-stand-in.js";

let gold: GoldSource;
beforeAll(async () => {
  gold = await senseAndSensibility(tmpDir("katto-openai-"));
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const FAST = { attempts: 3, baseDelayS: 0.05, maxDelayS: 2 };
const signal = () => AbortSignal.timeout(60_000);
const durationS = () => gold.samples.length / 16000;
const text = (ws: { word: string }[]) => ws.map((w) => w.word).join(" ");

async function standIn(opts: Parameters<typeof startOpenAiStandIn>[1] = {}) {
  const srv = await startOpenAiStandIn(gold, opts);
  close = srv.close;
  return srv;
}

describe("openai speech engine: the documented request", () => {
  it("sends the whole audio in one multipart request and gets the gold words back on the source clock", async () => {
    const srv = await standIn();
    const engine = createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "openai", KATTO_OPENAI_BASE_URL: srv.baseUrl, KATTO_OPENAI_API_KEY: "sk-test-key" }).speech);
    expect(engine.name).toBe("openai:whisper-1");
    const t = await transcribe(gold.wavPath, { engine, durationS: durationS(), signal: signal(), lang: "en-GB" });

    expect(srv.requests).toHaveLength(1);
    const req = srv.requests[0]!;
    expect(req.url).toBe("/v1/audio/transcriptions");
    expect(req.headers.authorization).toBe("Bearer sk-test-key");
    expect(req.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.fields).toEqual({
      model: ["whisper-1"],
      response_format: ["verbose_json"],
      "timestamp_granularities[]": ["word", "segment"],
      language: ["en"], // the hint as the ISO 639-1 code the API takes
    });
    expect(req.file!.name).toBe("audio.ogg");
    expect(req.file!.type).toBe("audio/ogg");
    expect(req.file!.bytes.subarray(0, 4).toString("ascii")).toBe("OggS");
    expect(req.file!.bytes.length).toBeLessThan(25_000_000);
    expect(req.heardAt).toBeCloseTo(0, 1);

    expect(wordErrorRate(text(gold.words), text(t.words)).wer).toBe(0);
    for (const [i, w] of t.words.entries()) {
      expect(w.start).toBeCloseTo(gold.words[i]!.start, 1);
      expect(w.end).toBeCloseTo(gold.words[i]!.end, 1);
    }
    expect(t.engine).toBe("openai:whisper-1");
    expect(t.wordTiming).toBeUndefined();
    expect(t.lang).toBe("en"); // OpenAI reports the language by name ("english")
  });

  it("leaves the language out without a hint and the key out when none is set", async () => {
    const srv = await standIn();
    const engine = createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "openai", KATTO_OPENAI_BASE_URL: srv.baseUrl, KATTO_OPENAI_MODEL: "Systran/faster-whisper-small" }).speech);
    const r = await engine.transcribe(gold.wavPath, { signal: signal() });
    expect(srv.requests[0]!.fields.language).toBeUndefined();
    expect(srv.requests[0]!.fields.model).toEqual(["Systran/faster-whisper-small"]);
    expect(srv.requests[0]!.headers.authorization).toBeUndefined();
    expect(r.engine).toBe("openai:Systran/faster-whisper-small");
  });

  it("writes a multipart body that a standard parser reads back field by field", async () => {
    const form = transcriptionForm({ file: Buffer.from("OggS\r\n--not-a-boundary"), fileName: "audio.ogg", contentType: "audio/ogg", model: "whisper-1", language: "de" });
    const parsed = await new Request("http://x/", { method: "POST", headers: { "content-type": form.contentType }, body: form.body }).formData();
    expect(parsed.getAll("timestamp_granularities[]")).toEqual(["word", "segment"]);
    expect(parsed.get("language")).toBe("de");
    expect(Buffer.from(await (parsed.get("file") as File).arrayBuffer()).toString()).toBe("OggS\r\n--not-a-boundary");
  });
});

describe("openai speech engine: answers without word timestamps", () => {
  it("spreads each segment's words over its voiced part and says the times are estimates", async () => {
    const srv = await standIn({ mode: "segments" });
    const engine = createOpenAiSpeechEngine({ baseUrl: srv.baseUrl, apiKey: "k", model: "whisper-1" });
    const t = await transcribe(gold.wavPath, { engine, durationS: durationS(), signal: signal() });
    expect(wordErrorRate(text(gold.words), text(t.words)).wer).toBe(0);
    expect(t.wordTiming).toBe("segments");
    // every word inside its own sentence, and none in the silence between sentences
    let i = 0;
    for (const u of gold.utterances) {
      for (const _ of u.text.split(/\s+/)) {
        const w = t.words[i++]!;
        expect(w.start).toBeGreaterThanOrEqual(u.start - 0.001);
        expect(w.end).toBeLessThanOrEqual(u.end + 0.001);
      }
    }
    // estimates, closer to the aligned times than words spread evenly over each segment's span
    const err = (ws: { start: number }[]) => ws.reduce((s, w, k) => s + Math.abs(w.start - gold.words[k]!.start), 0) / ws.length;
    expect(err(t.words)).toBeLessThan(0.2);
    expect(err(t.words)).toBeLessThan(err(wordsFromSegments(gold.utterances)) - 0.02);
  });

  it("parses a segment-only answer with no pauses known over the segment span", () => {
    const r = parseVerboseJson({ language: "english", segments: [{ start: 1, end: 3, text: " ab cd" }] }, 10);
    expect(r).toEqual({ lang: "en", wordTiming: "segments", words: [{ word: "ab", start: 11, end: 12 }, { word: "cd", start: 12, end: 13 }] });
  });

  it("keeps a word's probability as its confidence where the server gives one (faster-whisper)", () => {
    const r = parseVerboseJson({ language: "en", words: [{ word: " Hi", start: 0.1, end: 0.4, probability: 0.93 }, { word: "there", start: 0.4, end: 0.8 }] });
    expect(r.words).toEqual([{ word: "Hi", start: 0.1, end: 0.4, confidence: 0.93 }, { word: "there", start: 0.4, end: 0.8 }]);
    expect(r.wordTiming).toBeUndefined();
  });
});

describe("openai speech engine: errors and retries", () => {
  it("waits as Retry-After asks on 429 and then succeeds", async () => {
    const srv = await standIn({ script: [openAiError(429, "Rate limit reached for whisper-1 on requests per min (RPM): Limit 3, Used 3", "requests", "rate_limit_exceeded", { "retry-after": "1" })] });
    const engine = createOpenAiSpeechEngine({ baseUrl: srv.baseUrl, apiKey: "k", model: "whisper-1" }, { retry: FAST });
    const r = await engine.transcribe(gold.wavPath, { signal: signal() });
    expect(srv.requests).toHaveLength(2);
    expect(wordErrorRate(text(gold.words), text(r.words)).wer).toBe(0);
  });

  it("fails with the endpoint's message when Retry-After asks for longer than it will wait", async () => {
    const srv = await standIn({ script: [openAiError(429, "You exceeded your current quota, please check your plan and billing details.", "insufficient_quota", "insufficient_quota", { "retry-after": "3600" })] });
    const engine = createOpenAiSpeechEngine({ baseUrl: srv.baseUrl, apiKey: "k", model: "whisper-1" }, { retry: FAST });
    await expect(engine.transcribe(gold.wavPath, { signal: signal() })).rejects.toThrow(/HTTP 429: You exceeded your current quota/);
    expect(srv.requests).toHaveLength(1);
  });

  it("retries 5xx with back-off and then succeeds", async () => {
    const srv = await standIn({ script: [openAiError(500, "The server had an error while processing your request. Sorry about that!", "server_error"), openAiError(503, "Service Unavailable", "server_error")] });
    const engine = createOpenAiSpeechEngine({ baseUrl: srv.baseUrl, apiKey: "k", model: "whisper-1" }, { retry: FAST });
    const r = await engine.transcribe(gold.wavPath, { signal: signal() });
    expect(srv.requests).toHaveLength(3);
    expect(r.words.length).toBe(gold.words.length);
  });

  it("gives up on 5xx after a bounded number of tries, with the endpoint's message", async () => {
    const err = openAiError(502, "Bad gateway", "server_error");
    const srv = await standIn({ script: [err, err, err, err] });
    const engine = createOpenAiSpeechEngine({ baseUrl: srv.baseUrl, apiKey: "k", model: "whisper-1" }, { retry: FAST });
    await expect(engine.transcribe(gold.wavPath, { signal: signal() })).rejects.toThrow(/HTTP 502: Bad gateway/);
    expect(srv.requests).toHaveLength(FAST.attempts);
  });

  it("fails a wrong key at once with the endpoint's message, naming the setting to check", async () => {
    const srv = await standIn({ script: [openAiError(401, "Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.", "invalid_request_error", "invalid_api_key")] });
    const engine = createSpeechEngine(loadConfig({ KATTO_SPEECH_ENGINE: "openai", KATTO_OPENAI_BASE_URL: srv.baseUrl, KATTO_OPENAI_API_KEY: "sk-wrong" }).speech);
    const e = await engine.transcribe(gold.wavPath, { signal: signal() }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StageError);
    expect((e as StageError).message).toMatch(/^speech recognition failed: .* answered HTTP 401: Incorrect API key provided: sk-wrong\. .*check KATTO_OPENAI_API_KEY/);
    expect(srv.requests).toHaveLength(1);
  });

  it("reports an unreachable endpoint with the setting to check", async () => {
    const engine = createOpenAiSpeechEngine({ baseUrl: "http://127.0.0.1:9/v1", model: "whisper-1" }, { retry: { ...FAST, attempts: 1 } });
    await expect(engine.transcribe(gold.wavPath, { signal: signal() })).rejects.toThrow(/could not reach http:\/\/127\.0\.0\.1:9 .*KATTO_OPENAI_BASE_URL/);
  });

  it("reads Retry-After as seconds, as an HTTP date, and OpenAI's retry-after-ms", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterS({ "retry-after": "7" }, now)).toBe(7);
    expect(retryAfterS({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }, now)).toBe(30);
    expect(retryAfterS({ "retry-after-ms": "250", "retry-after": "1" }, now)).toBe(0.25);
    expect(retryAfterS({ "retry-after": "soon" }, now)).toBeNull();
    const policy = { attempts: 4, baseDelayS: 1, maxDelayS: 60 };
    expect(retryDelayS({ status: 429, headers: {} }, 1, policy)).toBe(1);
    expect(retryDelayS({ status: 503, headers: {} }, 3, policy)).toBe(4);
    expect(retryDelayS({ status: 503, headers: {} }, 4, policy)).toBeNull(); // the last try
    expect(retryDelayS({ status: 400, headers: {} }, 1, policy)).toBeNull();
    expect(retryDelayS({ status: 429, headers: { "retry-after": "61" } }, 1, policy)).toBeNull();
  });

  it("finds the message in OpenAI's, FastAPI's and plain-text error bodies", () => {
    expect(endpointMessage({ status: 400, body: JSON.stringify({ error: { message: "Invalid file format." } }) })).toBe("Invalid file format.");
    expect(endpointMessage({ status: 404, body: JSON.stringify({ detail: "Model 'x' is not installed" }) })).toBe("Model 'x' is not installed");
    expect(endpointMessage({ status: 502, body: "<html>bad gateway</html>\n" })).toBe("<html>bad gateway</html>");
  });
});

describe("openai speech engine: audio over the upload limit", () => {
  it("is cut at pauses into uploads under the limit and stitched back exactly on the source clock", async () => {
    const srv = await standIn();
    const limit = 44_000; // 8 s of audio per upload: the 28 s source needs several
    const engine = createOpenAiSpeechEngine({ baseUrl: srv.baseUrl, apiKey: "k", model: "whisper-1" }, { maxUploadBytes: limit });
    expect(maxUploadSeconds(limit)).toBe(7);
    const t = await transcribe(gold.wavPath, { engine, durationS: durationS(), signal: signal(), concurrency: 2 });
    expect(srv.requests.length).toBeGreaterThanOrEqual(4);
    for (const r of srv.requests) expect(r.file!.bytes.length).toBeLessThanOrEqual(limit);
    // the uploads cover the source in order, each starting where the stand-in heard it
    const heard = srv.requests.map((r) => r.heardAt!).sort((a, b) => a - b);
    expect(heard[0]).toBeCloseTo(0, 1);
    // every gold word exactly once (none lost or doubled at a seam), each at its gold time
    expect(text(t.words)).toBe(text(gold.words));
    for (const [i, w] of t.words.entries()) expect(Math.abs(w.start - gold.words[i]!.start)).toBeLessThan(0.05);
    expect(t.engine).toBe("openai:whisper-1");
  });
});

describe("openai settings", () => {
  it("default to OpenAI's API and whisper-1, and need a key only there", () => {
    expect(loadConfig({ KATTO_SPEECH_ENGINE: "openai", KATTO_OPENAI_API_KEY: "sk" }).speech).toEqual({ engine: "openai", openai: { baseUrl: "https://api.openai.com/v1", apiKey: "sk", model: "whisper-1" } });
    expect(() => loadConfig({ KATTO_SPEECH_ENGINE: "openai" })).toThrow(/KATTO_SPEECH_ENGINE=openai needs KATTO_OPENAI_API_KEY/);
    expect(loadConfig({ KATTO_SPEECH_ENGINE: "openai", KATTO_OPENAI_BASE_URL: "http://127.0.0.1:8000/v1" }).speech).toEqual({ engine: "openai", openai: { baseUrl: "http://127.0.0.1:8000/v1", apiKey: undefined, model: "whisper-1" } });
    expect(() => loadConfig({ KATTO_SPEECH_ENGINE: "openai", KATTO_OPENAI_BASE_URL: "api.groq.com/openai/v1" })).toThrow(/KATTO_OPENAI_BASE_URL=api.groq.com\/openai\/v1 must be an http\(s\) URL/);
  });
});
