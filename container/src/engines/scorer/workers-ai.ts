// Scorer on Workers AI (an instruction-tuned Llama over the REST API). The model is asked for JSON;
// the answer is validated field by field, and any failure (network, HTTP, malformed JSON, missing
// clip) falls back to the offline scorer for the affected moments, so scoring never fails a job.
// A fallback is never silent: it is logged with the model and status, and every moment records
// which engine scored it and why it fell back (clip metadata `scorer`).
import { overallOf } from "./score.js";
import { titleFromSentence } from "./score-title.js";
import { fitHeadline, MAX_HEADLINE_CHARS } from "../../text/headline.js";
import { fitText } from "../../text/post-copy.js";
import { HASHTAG_RE, MAX_DESCRIPTION_CHARS, MAX_HASHTAGS } from "@katto/protocol";
import type { ClipConfig, Moment, ScoredMoment, Subscores } from "../../runtime/types.js";
import { CloudflareAiError, type CloudflareAiConfig, runWorkersAi } from "../cloudflare-ai.js";
import { createOfflineScorer } from "./offline.js";
import type { Scorer } from "./types.js";

/** Must be a name of the Workers AI model map (src/generated/worker-configuration.d.ts; checked by a test). */
export const SCORER_MODEL = "@cf/meta/llama-3.1-8b-instruct-fp8";
/** characters of each clip's text sent to the model */
const MAX_CLIP_CHARS = 1500;

export interface LlmClipScore {
  index: number;
  hook: number;
  flow: number;
  value: number;
  trend: number;
  title: string;
  justification: string;
  /** the post copy (issue 37), when the model gave a usable one */
  postCopy?: { description: string; hashtags: string[] };
}

export function buildScoringPrompt(moments: Moment[], config: ClipConfig): { role: string; content: string }[] {
  const steer = [config.genre && `Genre: ${config.genre}.`, config.topics && `Preferred topics: ${config.topics}.`, config.customPrompt && `Viewer request: ${config.customPrompt}.`]
    .filter(Boolean)
    .join(" ");
  const clips = moments.map((m, i) => `Clip ${i} (${Math.round(m.end - m.start)} s): ${m.text.slice(0, MAX_CLIP_CHARS)}`).join("\n\n");
  return [
    {
      role: "system",
      content:
        "You rate transcripts of short video clips for social media. For every clip give integers 0-100 for " +
        "hook (does the opening grab attention), flow (clean, self-contained delivery), value (useful or interesting content) " +
        "and trend (emotional pull, shareability), a headline of at most 70 characters in the clip's language built around the clip's key phrase " +
        "(a question it asks, a number it gives, or a thing or person it names), never just its first words " +
        "(no all caps, no emoji, no exclamation marks), a one-sentence justification that quotes the clip, " +
        `a post description of at most ${MAX_DESCRIPTION_CHARS} characters in the clip's language that says what the clip offers (no hashtags in it), ` +
        `and up to ${MAX_HASHTAGS} hashtags from its key words and the people, places and things it names (each # followed by letters or digits only). ` +
        'Answer with JSON only: {"clips":[{"index":0,"hook":0,"flow":0,"value":0,"trend":0,"title":"","justification":"","description":"","hashtags":["#"]}]}',
    },
    { role: "user", content: `${steer}\n\n${clips}`.trim() },
  ];
}

const isScore = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x) && x >= 0 && x <= 100;

/** Pure: the model's answer (object or JSON text, possibly wrapped in prose) -> valid clip scores by index. */
export function parseLlmScores(response: unknown, count: number): Map<number, LlmClipScore> {
  let obj: unknown = response;
  if (typeof response === "string") {
    const a = response.indexOf("{");
    const b = response.lastIndexOf("}");
    if (a < 0 || b <= a) return new Map();
    try {
      obj = JSON.parse(response.slice(a, b + 1));
    } catch {
      return new Map();
    }
  }
  const clips = (obj as { clips?: unknown })?.clips;
  const out = new Map<number, LlmClipScore>();
  if (!Array.isArray(clips)) return out;
  for (const c of clips as Record<string, unknown>[]) {
    const idx = c?.index;
    if (typeof idx !== "number" || !Number.isInteger(idx) || idx < 0 || idx >= count || out.has(idx)) continue;
    if (![c.hook, c.flow, c.value, c.trend].every(isScore)) continue;
    if (typeof c.title !== "string" || !c.title.trim() || typeof c.justification !== "string" || !c.justification.trim()) continue;
    out.set(idx, {
      index: idx,
      hook: Math.round(c.hook as number),
      flow: Math.round(c.flow as number),
      value: Math.round(c.value as number),
      trend: Math.round(c.trend as number),
      title: c.title,
      justification: c.justification.trim().slice(0, 400),
      ...llmPostCopy(c.description, c.hashtags),
    });
  }
  return out;
}

/**
 * Pure: the model's post copy when it is usable: a description (cut to MAX_DESCRIPTION_CHARS at a
 * word) and the hashtags that are hashtags (others dropped, at most MAX_HASHTAGS); nothing when the
 * description is missing, so the offline copy is used.
 */
export function llmPostCopy(description: unknown, hashtags: unknown): { postCopy?: { description: string; hashtags: string[] } } {
  if (typeof description !== "string" || !description.trim()) return {};
  const tags = Array.isArray(hashtags) ? hashtags.filter((h): h is string => typeof h === "string").map((h) => (h.startsWith("#") ? h : `#${h}`).trim()).filter((h) => HASHTAG_RE.test(h)) : [];
  const unique = tags.filter((h, i) => tags.findIndex((x) => x.toLowerCase() === h.toLowerCase()) === i);
  return { postCopy: { description: fitText(description.replace(/\s+/g, " ").trim(), MAX_DESCRIPTION_CHARS), hashtags: unique.slice(0, MAX_HASHTAGS) } };
}

/**
 * Pure: the model's title as a headline of at most MAX_HEADLINE_CHARS, or null when it only repeats
 * the clip's first words (then the offline headline, built around the key phrase, is used).
 */
export function llmHeadline(title: string, clipText: string): string | null {
  const words = (x: string) => x.toLowerCase().replace(/[^\p{L}\p{N}\s']/gu, " ").split(/\s+/).filter(Boolean);
  const tw = words(title);
  const cw = words(clipText);
  if (tw.length === 0) return null;
  const echoesOpening = tw.length >= 3 && tw.every((w, k) => cw[k] === w);
  if (echoesOpening) return null;
  return fitHeadline(titleFromSentence(title.replace(/!+/g, "."), { question: /\?\s*$/.test(title) }).replace(/…$/, ""), MAX_HEADLINE_CHARS);
}

export function createWorkersAiScorer(cfg: CloudflareAiConfig, model = SCORER_MODEL): Scorer {
  const offline = createOfflineScorer();
  return {
    name: "workers-ai",
    async score(moments, t, opts) {
      const fallback = await offline.score(moments, t, opts);
      if (moments.length === 0) return fallback;
      let parsed = new Map<number, LlmClipScore>();
      let failure: string | undefined;
      try {
        const result = (await runWorkersAi(
          cfg,
          model,
          { messages: buildScoringPrompt(moments, opts.config), max_tokens: 400 + 260 * moments.length, temperature: 0 },
          { signal: opts.signal ?? AbortSignal.timeout(60_000) },
        )) as { response?: unknown };
        parsed = parseLlmScores(result?.response, moments.length);
      } catch (e) {
        // network / HTTP / model errors: the offline scores stand, and the reason is kept
        const status = e instanceof CloudflareAiError ? e.status : undefined;
        failure = e instanceof CloudflareAiError ? e.message : `Workers AI ${model}: ${(e as Error).name === "TimeoutError" ? "timed out" : "request failed"}`;
        console.error(JSON.stringify({ msg: "workers-ai scorer failed; offline scores used", model, status: status ?? null, error: failure }));
      }
      if (!failure && parsed.size < moments.length) {
        console.error(JSON.stringify({ msg: "workers-ai scorer answer incomplete; offline scores used for the rest", model, scored: parsed.size, moments: moments.length }));
      }
      return fallback.map((off, i): ScoredMoment => {
        const llm = parsed.get(i);
        if (!llm) {
          const reason = failure ?? `Workers AI ${model} gave no valid score for this clip`;
          return { ...off, scoredBy: { engine: "offline", fallback_reason: reason } };
        }
        const subscores: Subscores = { hook: llm.hook, flow: llm.flow, value: llm.value, trend: llm.trend };
        const title = llmHeadline(llm.title, moments[i]!.text) ?? off.title;
        return { ...off, subscores, score: overallOf(subscores, opts.config.genre), title, justification: llm.justification, ...(llm.postCopy ? { postCopy: llm.postCopy } : {}), scoredBy: { engine: "workers-ai", model } };
      });
    },
  };
}
