import { afterEach, describe, expect, it } from "vitest";
import { createScorer } from "../../src/engines/scorer/index.js";
import { parseLlmScores, SCORER_MODEL } from "../../src/engines/scorer/workers-ai.js";
import { scoreMoments, scoreMomentsWith } from "../../src/stages/score.js";
import type { Moment, Transcript, Word } from "../../src/types.js";
import { startLoopback } from "../engines/loopback.js";

function momentOf(text: string, t0: number): Moment {
  const words: Word[] = text.split(" ").map((w, i) => ({ word: w, start: t0 + i / 3, end: t0 + i / 3 + 0.25 }));
  return { start: t0, end: words[words.length - 1]!.end, words, text };
}
const a = momentOf("Why do 90 percent of startups fail? Because they build what nobody wants.", 0);
const b = momentOf("um so yeah like I mean it was kind of a thing you know.", 30);
const t: Transcript = { lang: "en", segments: [], words: [...a.words, ...b.words], engine: "test" };

// Shape of a POST .../ai/run/@cf/meta/llama-3.1-8b-instruct answer: {result: {response: string}}
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
    const scorer = createScorer({ KATTO_SCORER: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_CF_API_BASE: srv.baseUrl });
    const ranked = await scoreMomentsWith(scorer, [a, b], t, { config: { genre: "podcast" } });
    const offline = scoreMoments([a], t, { config: { genre: "podcast" } })[0]!;
    expect(ranked[0]!.start).toBe(30); // the model liked b
    expect(ranked[0]!.score).toBe(95);
    expect(ranked[0]!.title).toBe("A surprising story.");
    expect(ranked[1]).toEqual(offline);
    const req = srv.requests[0]!;
    expect(req.url).toBe(`/client/v4/accounts/acc/ai/run/${SCORER_MODEL}`);
    expect(req.headers.authorization).toBe("Bearer tok");
    const body = JSON.parse(req.body);
    expect(body.messages[1].content).toContain("Clip 0");
    expect(body.messages[1].content).toContain("Genre: podcast");
  });

  it("falls back to the offline scorer when the API fails", async () => {
    const srv = await startLoopback(() => ({ status: 500, body: { success: false, errors: [{ message: "boom" }] } }));
    close = srv.close;
    const scorer = createScorer({ KATTO_SCORER: "workers-ai", CF_ACCOUNT_ID: "acc", CF_API_TOKEN: "tok", KATTO_CF_API_BASE: srv.baseUrl });
    expect(await scoreMomentsWith(scorer, [a, b], t, { config: {} })).toEqual(scoreMoments([a, b], t, { config: {} }));
  });

  it("is offline by default and refuses workers-ai without credentials", () => {
    expect(createScorer({}).name).toBe("offline");
    expect(() => createScorer({ KATTO_SCORER: "workers-ai" })).toThrow(/CF_ACCOUNT_ID/);
  });
});
