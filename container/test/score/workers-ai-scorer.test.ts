import { afterEach, describe, expect, it, vi } from "vitest";
import { createScorer } from "../../src/engines/scorer/index.js";
import { loadConfig } from "../../src/runtime/config.js";
import { createWorkersAiScorer, parseLlmScores, SCORER_MODEL } from "../../src/engines/scorer/workers-ai.js";
import { WHISPER_MODEL } from "../../src/engines/speech/workers-ai.js";
import { TRANSLATION_MODEL } from "../../src/engines/translate/workers-ai.js";
import { TTS_MODEL } from "../../src/engines/tts/workers-ai.js";
import { workersAiModelNames } from "../engines/ai-models.js";
import { scoreMomentsWith } from "../../src/engines/scorer/score.js";
import { scoreMoments } from "../helpers/offline-scores.js";
import type { Moment, Transcript, Word } from "../../src/runtime/types.js";
import { startLoopback } from "../engines/loopback.js";

function momentOf(text: string, t0: number): Moment {
  const words: Word[] = text.split(" ").map((w, i) => ({ word: w, start: t0 + i / 3, end: t0 + i / 3 + 0.25 }));
  return { start: t0, end: words[words.length - 1]!.end, words, text };
}
const a = momentOf("Why do 90 percent of startups fail? Because they build what nobody wants.", 0);
const b = momentOf("um so yeah like I mean it was kind of a thing you know.", 30);
const t: Transcript = { lang: "en", segments: [], words: [...a.words, ...b.words], engine: "test" };

// Shape of a POST .../ai/run/@cf/meta/llama-3.1-8b-instruct-fp8 answer: {result: {response: string}}
const answer = (response: unknown) => ({ result: { response, usage: { prompt_tokens: 300, completion_tokens: 90 } }, success: true, errors: [], messages: [] });

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("parseLlmScores", () => {
  it("accepts JSON text wrapped in prose, rejects out-of-range and unknown clips", () => {
    const text = 'Sure! {"clips":[{"index":0,"hook":90,"flow":70,"value":80,"trend":60,"title":"Why startups fail","justification":"Opens with a question."},' +
      '{"index":1,"hook":140,"flow":1,"value":1,"trend":1,"title":"x","justification":"y"},{"index":7,"hook":1,"flow":1,"value":1,"trend":1,"title":"x","justification":"y"}]}';
    const m = parseLlmScores(text, 2);
    expect([...m.keys()]).toEqual([0]);
    expect(parseLlmScores("no json", 2).size).toBe(0);
    expect(parseLlmScores({ clips: [{ index: 1, hook: 1, flow: 2, value: 3, trend: 4, title: "T", justification: "J" }] }, 2).get(1)?.trend).toBe(4);
  });
});

describe("Workers AI scorer", () => {
  it("uses the model's valid scores and falls back to offline ones for the rest", async () => {
    const srv = await startLoopback(() => ({
      status: 200,
      body: answer(JSON.stringify({ clips: [{ index: 1, hook: 95, flow: 95, value: 95, trend: 95, title: "A SURPRISING STORY!!!", justification: "Says 'it was kind of a thing'." }] })),
    }));
    close = srv.close;
    const scorer = createScorer(loadConfig({ KATTO_SCORER: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_CF_API_BASE: srv.baseUrl }).scorer);
    const ranked = await scoreMomentsWith(scorer, [a, b], t, { config: { genre: "podcast" } });
    const offline = scoreMoments([a], t, { config: { genre: "podcast" } })[0]!;
    expect(ranked[0]!.start).toBe(30); // the model liked b
    expect(ranked[0]!.score).toBe(95);
    expect(ranked[0]!.title).toBe("A surprising story.");
    expect(ranked[0]!.scoredBy).toEqual({ engine: "workers-ai", model: SCORER_MODEL });
    // The clip the model left out keeps its offline score, and says so.
    expect(ranked[1]).toEqual({ ...offline, scoredBy: { engine: "offline", fallback_reason: `Workers AI ${SCORER_MODEL} gave no valid score for this clip` } });
    const req = srv.requests[0]!;
    expect(req.url).toBe(`/client/v4/accounts/acc/ai/run/${SCORER_MODEL}`);
    expect(req.headers.authorization).toBe("Bearer tok");
    const body = JSON.parse(req.body);
    expect(body.messages[1].content).toContain("Clip 0");
    expect(body.messages[1].content).toContain("Genre: podcast");
  });

  it("falls back to the offline scorer when the API fails, logs the model and status, and records why", async () => {
    const srv = await startLoopback(() => ({ status: 500, body: { success: false, errors: [{ message: "boom" }] } }));
    close = srv.close;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const scorer = createScorer(loadConfig({ KATTO_SCORER: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_CF_API_BASE: srv.baseUrl }).scorer);
    const ranked = await scoreMomentsWith(scorer, [a, b], t, { config: {} });
    const offline = scoreMoments([a, b], t, { config: {} });
    expect(ranked).toHaveLength(2);
    expect(ranked.map(({ scoredBy: _s, ...m }) => m)).toEqual(offline);
    for (const m of ranked) expect(m.scoredBy).toEqual({ engine: "offline", fallback_reason: `Workers AI ${SCORER_MODEL}: HTTP 500: boom` });
    const logged = log.mock.calls.map((c) => JSON.parse(String(c[0])));
    expect(logged).toContainEqual(expect.objectContaining({ model: SCORER_MODEL, status: 500 }));
    log.mockRestore();
  });

  it("a model name Workers AI does not know is refused by the double and surfaces as the fallback reason", async () => {
    const srv = await startLoopback(() => ({ status: 200, body: answer("{}") }));
    close = srv.close;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const scorer = createWorkersAiScorer({ accountId: "acc", apiToken: "tok", baseUrl: srv.baseUrl }, "@cf/meta/llama-3.1-8b-instruct");
    const ranked = await scoreMomentsWith(scorer, [a], t, { config: {} });
    expect(ranked[0]!.scoredBy).toEqual({ engine: "offline", fallback_reason: "Workers AI @cf/meta/llama-3.1-8b-instruct: HTTP 400: No such model @cf/meta/llama-3.1-8b-instruct or task" });
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it("every Workers AI model the backend uses is in the generated model map", () => {
    const known = workersAiModelNames();
    for (const model of [SCORER_MODEL, WHISPER_MODEL, TRANSLATION_MODEL, TTS_MODEL]) expect(known, model).toContain(model);
  });

  it("is offline by default and refuses workers-ai without credentials", () => {
    expect(createScorer(loadConfig({}).scorer).name).toBe("offline");
    expect(() => createScorer(loadConfig({ KATTO_SCORER: "workers-ai" }).scorer)).toThrow(/CF_ACCOUNT_ID/);
  });
});
