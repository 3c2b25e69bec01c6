// Issue 42: a chat model on any OpenAI-compatible server chooses the moments (KATTO_SCORER=openai).
// A stand-in chat server on loopback answers with planted choices, planted malformed answers, a
// 429 and a slow answer; the engine is configured as an operator would (loadConfig), and the
// moments are placed on real speech (the MIT lecture's timed words). Asserted: the clips, their
// titles and post copy, the candidates with their reasons, the fallbacks with their causes, and
// the requests the server received (model, key, schema, the job's customPrompt).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/runtime/config.js";
import { createOpenAiMomentEngine, transcriptLines, transcriptWindows } from "../../src/engines/scorer/openai.js";
import { chooseMoments, fallbackWarning } from "../../src/analysis/model-moments.js";
import { MOMENTS_JSON_SCHEMA, readMomentAnswer } from "../../src/engines/scorer/moment-answer.js";
import type { ClipConfig } from "../../src/runtime/types.js";
import { chatError, momentsContent, promptOf, startChatStandIn } from "../engines/chat-stand-in.js";
import { LECTURE_S, lectureTranscript, planted, sentencesRange } from "./lecture.js";

const MODEL = "qwen2.5:7b-instruct";
const KEY = "sk-chat-test";
let chat: Awaited<ReturnType<typeof startChatStandIn>>;
const t = lectureTranscript();
const fast = { attempts: 3, baseDelayS: 0.05, maxDelayS: 5 };
const engine = (env: Record<string, string> = {}) => {
  const cfg = loadConfig({ KATTO_SCORER: "openai", KATTO_CHAT_BASE_URL: chat.baseUrl, KATTO_CHAT_MODEL: MODEL, KATTO_CHAT_API_KEY: KEY, ...env }).scorer;
  if (cfg.engine !== "openai") throw new Error("not the chat engine");
  return createOpenAiMomentEngine(cfg.chat, { retry: fast });
};
const config: ClipConfig = { clipLength: "lt30", customPrompt: "the moment he risks his life for physics", genre: "education" };
const choose = (e = engine(), c: ClipConfig = config, maxClips = 3) => chooseMoments(e, t, { durationS: LECTURE_S, config: c, maxClips, signal: new AbortController().signal });

// planted on the lecture's sentences, each a little off the sentence edges (the model's times are rough)
const A = sentencesRange(t.words, 6, 11); // "15 times 10 is about 150 joules ... enough to kill you." 23.1-42.9
const B = sentencesRange(t.words, 26, 28); // "I'm going to release this object ... my last lecture." 149.8-172.4
const C = sentencesRange(t.words, 17, 20); // "If I release that bob ... it could not be higher." 98.4-118.6
const off = (r: { start: number; end: number }) => ({ start: r.start + 0.4, end: r.end - 0.3 });
const PLANTED = [
  planted(off(A), 1, { score: 90 }),
  planted(off(B), 2, { score: 85 }),
  planted(off(C), 3, { score: 75 }),
  planted({ start: 189, end: 199.5 }, 4, { score: 95 }), // no word is spoken there
  planted(sentencesRange(t.words, 0, 2), 5, { score: 20 }), // below the quality floor
  planted({ start: 30, end: 41 }, 6, { score: 60 }), // overlaps the first
];

beforeAll(async () => {
  chat = await startChatStandIn({ model: MODEL, key: KEY });
});
afterAll(async () => {
  await chat?.close();
});

describe("the chat model chooses the moments", () => {
  it("makes the planted moments the clips, snapped to the sentences, with the model's titles and post copy; the others are candidates with their reasons", async () => {
    chat.requests.length = 0;
    chat.script.push({ content: momentsContent(PLANTED) });
    const r = await choose();
    expect(r.fallback).toBeNull();
    const clips = r.moments;
    expect(clips.map((m) => m.title)).toEqual(["Planted title 1", "Planted title 2", "Planted title 3"]);
    for (const [m, want] of clips.map((m, i) => [m, [A, B, C][i]!] as const)) {
      expect(Math.abs(m.start - want.start)).toBeLessThan(1.5);
      expect(Math.abs(m.end - want.end)).toBeLessThan(1.5);
      expect(m.end - m.start).toBeLessThanOrEqual(30);
    }
    expect(clips[0]!.postCopy).toEqual({ description: "Planted description 1 of the lecture.", hashtags: ["#Physics1", "#Lecture"] });
    expect(clips[0]!.emphasis).toEqual(["energy", "pendulum"]);
    expect(clips[0]!.justification).toBe("Planted moment 1: opens on a question and pays it off.");
    expect(clips[0]!.subscores).toEqual({ hook: 90, flow: 90, value: 90, trend: 90 });
    expect(clips.every((m) => m.scoredBy?.engine === "openai" && m.scoredBy.model === MODEL)).toBe(true);
    const cands = clips[0]!.selection!.candidates!;
    expect(cands.map((c) => c.reason).sort()).toEqual(["below_floor", "outside_speech", "overlap"]);
    expect(cands.find((c) => c.reason === "outside_speech")).toMatchObject({ start: 189, end: 199.5 });
    expect(clips[0]!.selection!.warnings).toEqual([]);

    // the request: model, key, the schema as structured output, the job's customPrompt, the transcript with times
    expect(chat.requests).toHaveLength(1);
    const q = chat.requests[0]!;
    expect(q.url).toBe("/v1/chat/completions");
    expect(q.body.model).toBe(MODEL);
    expect(q.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(q.body.response_format).toEqual({ type: "json_schema", json_schema: { name: "moments", strict: true, schema: MOMENTS_JSON_SCHEMA } });
    expect(promptOf(q)).toContain("the moment he risks his life for physics");
    expect(promptOf(q)).toContain("education");
    expect(promptOf(q)).toContain("8 to 30 seconds");
    expect(promptOf(q)).toMatch(/\[23\.1-25\.8\] 15 times 10 is about 150 joules\./);
  });

  it("asks again once when the answer is malformed, naming the problem, and uses the second answer", async () => {
    chat.requests.length = 0;
    chat.script.push({ content: 'Sure! Here are the moments: {"moments": [{"start": 23' }, { content: momentsContent(PLANTED.slice(0, 2)) });
    const r = await choose();
    expect(r.moments.map((m) => m.title)).toEqual(["Planted title 1", "Planted title 2"]);
    expect(chat.requests).toHaveLength(2);
    const follow = chat.requests[1]!.body.messages!;
    expect(follow.at(-2)).toMatchObject({ role: "assistant" });
    expect(follow.at(-1)!.content).toContain("never closes: a partial answer");
    // two moments where three could be made: the job says why
    expect(r.moments[0]!.selection!.warnings![0]).toMatchObject({ code: "fewer_clips" });
    expect(r.moments[0]!.selection!.warnings![0]!.message).toContain(`openai:${MODEL} found 2 moments`);
  });

  it("falls back with the engine and the cause when the answer is malformed twice", async () => {
    chat.script.push({ content: "I cannot help with that." }, { content: '{"moments": "none"}' });
    const r = await choose();
    expect(r.moments).toEqual([]);
    expect(r.fallback?.cause).toContain("answered twice with nothing usable");
    const w = fallbackWarning(r.fallback!, LECTURE_S);
    expect(w.code).toBe("chat_model_fallback");
    expect(w.message).toContain(`openai:${MODEL}`);
    expect(w.message).toContain('no "moments" list');
  });

  it("waits what Retry-After asks after a 429, then uses the answer", async () => {
    chat.requests.length = 0;
    chat.script.push({ ...chatError(429, "Rate limit reached for requests", "requests", "rate_limit_exceeded"), headers: { "retry-after": "1" } }, { content: momentsContent(PLANTED.slice(0, 1)) });
    const r = await choose();
    expect(r.fallback).toBeNull();
    expect(r.moments.map((m) => m.title)).toEqual(["Planted title 1"]);
    expect(chat.requests).toHaveLength(2);
  });

  it("gives up on a slow answer after KATTO_CHAT_TIMEOUT_S and says so", async () => {
    chat.script.push({ content: momentsContent(PLANTED), delayMs: 4000 });
    const r = await choose(engine({ KATTO_CHAT_TIMEOUT_S: "1" }));
    expect(r.moments).toEqual([]);
    expect(r.fallback?.cause).toBe("did not answer within 1 s (KATTO_CHAT_TIMEOUT_S)");
  });

  it("names a refused key, an unknown model and a server that kept failing", async () => {
    const refused = await choose(engine({ KATTO_CHAT_API_KEY: "sk-wrong" }));
    expect(refused.fallback?.cause).toMatch(/refused the key \(HTTP 401: Incorrect API key provided.*check KATTO_CHAT_API_KEY/);
    const unknown = await choose(engine({ KATTO_CHAT_MODEL: "llama9:1t" }));
    expect(unknown.fallback?.cause).toMatch(/does not know the model \(HTTP 404: The model `llama9:1t` does not exist.*check KATTO_CHAT_MODEL/);
    chat.script.push(chatError(503, "overloaded", "server_error"), chatError(503, "overloaded", "server_error"), chatError(503, "overloaded", "server_error"));
    const down = await choose();
    expect(down.fallback?.cause).toBe("kept failing (HTTP 503: overloaded)");
  });

  it("takes min_clips below the floor, never more than asked, and a higher count keeps the best moment", async () => {
    const weak = [planted(off(A), 1, { score: 30 }), planted(off(B), 2, { score: 35 }), planted(off(C), 3, { score: 25 })];
    chat.script.push({ content: momentsContent(weak) });
    expect((await choose()).fallback?.cause).toContain("none of its 3 proposals");
    chat.script.push({ content: momentsContent(weak) });
    const two = await choose(engine(), { ...config, min_clips: 2 });
    expect(two.moments.map((m) => m.title)).toEqual(["Planted title 2", "Planted title 1"]);
    expect(two.moments[0]!.selection!.candidates!.map((c) => c.reason)).toEqual(["below_floor"]);
    chat.script.push({ content: momentsContent(PLANTED) }, { content: momentsContent(PLANTED) });
    const one = await choose(engine(), config, 1);
    const three = await choose(engine(), config, 3);
    expect(one.moments.map((m) => m.title)).toEqual(["Planted title 1"]);
    expect(three.moments.map((m) => m.title)).toContain(one.moments[0]!.title);
    expect(one.moments[0]!.selection!.candidates!.filter((c) => c.reason === "max_clips")).toHaveLength(2);
  });

  it("asks a server that refuses json_schema in JSON mode", async () => {
    const strict = await startChatStandIn({ model: MODEL, noJsonSchema: true });
    try {
      strict.script.push({ content: momentsContent(PLANTED.slice(0, 1)) });
      const cfg = loadConfig({ KATTO_SCORER: "openai", KATTO_CHAT_BASE_URL: strict.baseUrl, KATTO_CHAT_MODEL: MODEL }).scorer;
      if (cfg.engine !== "openai") throw new Error("not the chat engine");
      const r = await choose(createOpenAiMomentEngine(cfg.chat, { retry: fast }));
      expect(r.moments.map((m) => m.title)).toEqual(["Planted title 1"]);
      expect(strict.requests.map((q) => q.body.response_format?.type)).toEqual(["json_schema", "json_object"]);
      expect(strict.requests[1]!.headers.authorization).toBeUndefined();
    } finally {
      await strict.close();
    }
  });

  it("reads a transcript longer than the context in overlapping windows, then merges their proposals in one request", async () => {
    const lines = transcriptLines(t.words);
    const windows = transcriptWindows(lines, 700, 30);
    expect(windows.length).toBeGreaterThan(1);
    for (let i = 1; i < windows.length; i++) expect(windows[i]![0]!.start).toBeLessThan(windows[i - 1]!.at(-1)!.end);
    // every window answers with the planted moments it can see; the merge answers with two of them
    let answered = 0;
    const many = await (async () => {
      const perWindow = (q: (typeof chat.requests)[number]) => PLANTED.slice(0, 3).filter((p) => promptOf(q).includes(`[${(Math.round((p.start - 0.4) * 10) / 10).toFixed(1)}-`));
      const stand = await startChatStandIn({
        model: MODEL,
        otherwise: (q) => (answered++, promptOf(q).includes("read in overlapping parts") ? { content: momentsContent(PLANTED.slice(0, 2)) } : { content: momentsContent(perWindow(q)) }),
      });
      try {
        const cfg = loadConfig({ KATTO_SCORER: "openai", KATTO_CHAT_BASE_URL: stand.baseUrl, KATTO_CHAT_MODEL: MODEL, KATTO_CHAT_CONTEXT_TOKENS: "2048" }).scorer;
        if (cfg.engine !== "openai") throw new Error("not the chat engine");
        const r = await choose(createOpenAiMomentEngine(cfg.chat, { retry: fast }));
        return { r, requests: stand.requests };
      } finally {
        await stand.close();
      }
    })();
    const merges = many.requests.filter((q) => promptOf(q).includes("read in overlapping parts"));
    expect(merges).toHaveLength(1);
    expect(many.requests.length).toBeGreaterThan(2);
    for (const q of many.requests) expect(JSON.stringify(q.body.messages).length / 3).toBeLessThan(2048);
    expect(many.r.moments.map((m) => m.title)).toEqual(["Planted title 1", "Planted title 2"]);
    expect(answered).toBe(many.requests.length);
  });
});

describe("reading an answer", () => {
  it("keeps a moment whose text fields break their rules, with those fields dropped; leaves out one without a range", () => {
    const r = readMomentAnswer("```json\n" + momentsContent([{ ...planted({ start: 1, end: 20 }, 1), title: "THIS IS ALL SHOUTED AT YOU", hashtags: ["#ok", "not a tag", "#ok"], description: "x".repeat(400) }, { ...planted({ start: 5, end: 2 }, 2) }]) + "\n```");
    expect(r.ok && r.moments).toHaveLength(1);
    if (!r.ok) return;
    expect(r.invalid).toBe(1);
    expect(r.moments[0]).toMatchObject({ title: null, description: null, hashtags: ["#ok"], emoji: "🔥", hookTitle: "Hook 1" });
  });

  it("names what is wrong with an answer that cannot be used", () => {
    expect(readMomentAnswer("no json here")).toEqual({ ok: false, problem: "the answer holds no JSON object" });
    expect(readMomentAnswer('{"moments": [{"start": 1', "length")).toMatchObject({ ok: false, problem: expect.stringContaining("cut off at the length limit") });
    expect(readMomentAnswer('{"clips": []}')).toEqual({ ok: false, problem: 'the answer has no "moments" list' });
    expect(readMomentAnswer('{"moments": []}')).toEqual({ ok: true, moments: [], invalid: 0 });
  });
});
