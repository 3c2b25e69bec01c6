// Pure: the answer a chat model gives when it chooses moments, `{"moments": [...]}` (the fields are
// documented in docs/api-decisions.md "Moments chosen by a chat model"): the JSON schema asked for
// as structured output, and the reading of an answer field by field. A moment without a usable
// range, scores or reason is left out (counted); a text field that breaks its rule (length,
// characters) is dropped alone, and Katto writes its own in its place.
import { HASHTAG_RE, MAX_DESCRIPTION_CHARS, MAX_HASHTAGS } from "@katto/protocol";
import { MAX_HEADLINE_CHARS } from "../../text/headline.js";

/** What one proposed moment says once read; null: the field was missing or broke its rule. */
export interface ProposedMoment {
  start: number;
  end: number;
  reason: string;
  hook: number;
  flow: number;
  value: number;
  trend: number;
  title: string | null;
  hookTitle: string | null;
  description: string | null;
  hashtags: string[];
  emphasis: string[];
  emoji: string | null;
  broll: string[];
}

export type MomentAnswer = { ok: true; moments: ProposedMoment[]; invalid: number } | { ok: false; problem: string };

/** Longest reason kept (the clip's justification). */
const MAX_REASON_CHARS = 600;
const MAX_HOOK_TITLE_CHARS = 60;
const MAX_EMPHASIS = 5;
const MAX_BROLL = 3;

const str = { type: "string" } as const;
const int = { type: "integer", minimum: 0, maximum: 100 } as const;
const strings = { type: "array", items: { type: "string" } } as const;

/** The JSON schema of an answer, for `response_format: {type: "json_schema"}` (strict: every field required, nothing else). */
export const MOMENTS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["moments"],
  properties: {
    moments: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["start", "end", "reason", "hook", "flow", "value", "trend", "title", "hook_title", "description", "hashtags", "emphasis", "emoji", "broll"],
        properties: {
          start: { type: "number" },
          end: { type: "number" },
          reason: str,
          hook: int,
          flow: int,
          value: int,
          trend: int,
          title: str,
          hook_title: str,
          description: str,
          hashtags: strings,
          emphasis: strings,
          emoji: str,
          broll: strings,
        },
      },
    },
  },
} as const;

const EMOJI = /\p{Extended_Pictographic}/u;
// control characters never belong in a title or a post
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
const score = (x: unknown): number | null => (finite(x) && x >= 0 && x <= 100 ? Math.round(x) : null);
const oneLine = (x: unknown): string | null => (typeof x === "string" && x.trim() ? x.replace(/\s+/g, " ").trim() : null);

/** A title: one line of at most MAX_HEADLINE_CHARS, no emoji, not all capitals. */
function titleRule(x: unknown, max: number): string | null {
  const t = oneLine(x);
  if (!t || t.length > max || EMOJI.test(t) || CONTROL.test(t)) return null;
  const letters = t.replace(/[^\p{L}]/gu, "");
  return letters.length >= 6 && letters === letters.toUpperCase() && letters !== letters.toLowerCase() ? null : t;
}

function textList(x: unknown, max: number, each: (s: string) => string | null): string[] {
  if (!Array.isArray(x)) return [];
  const out: string[] = [];
  for (const v of x) {
    const s = typeof v === "string" ? each(v.trim()) : null;
    if (s && !out.some((o) => o.toLowerCase() === s.toLowerCase())) out.push(s);
  }
  return out.slice(0, max);
}

const hashtag = (s: string) => {
  const h = s.startsWith("#") ? s : `#${s}`;
  return HASHTAG_RE.test(h) ? h : null;
};

/** Pure: one moment of an answer, or why it cannot be used. */
export function readMoment(m: unknown): ProposedMoment | string {
  if (typeof m !== "object" || m === null) return "a moment is not an object";
  const o = m as Record<string, unknown>;
  if (!finite(o.start) || !finite(o.end) || o.start < 0 || o.end <= o.start) return "a moment's start and end are not seconds with start before end";
  const [hook, flow, value, trend] = [o.hook, o.flow, o.value, o.trend].map(score);
  if (hook === null || flow === null || value === null || trend === null) return "a moment's hook, flow, value and trend are not numbers from 0 to 100";
  const reason = oneLine(o.reason);
  if (!reason) return "a moment has no reason";
  const description = oneLine(o.description);
  const emoji = oneLine(o.emoji);
  return {
    start: o.start,
    end: o.end,
    reason: reason.slice(0, MAX_REASON_CHARS),
    hook,
    flow,
    value,
    trend,
    title: titleRule(o.title, MAX_HEADLINE_CHARS),
    hookTitle: titleRule(o.hook_title, MAX_HOOK_TITLE_CHARS),
    description: description && description.length <= MAX_DESCRIPTION_CHARS && !CONTROL.test(description) ? description : null,
    hashtags: textList(o.hashtags, MAX_HASHTAGS, hashtag),
    emphasis: textList(o.emphasis, MAX_EMPHASIS, (s) => (s && s.length <= 40 && !CONTROL.test(s) ? s : null)),
    emoji: emoji && emoji.length <= 16 && EMOJI.test(emoji) ? emoji : null,
    broll: textList(o.broll, MAX_BROLL, (s) => (s && s.length <= 60 && !CONTROL.test(s) ? s : null)),
  };
}

/**
 * Pure: a model's answer text -> its moments. The JSON object may come wrapped in prose or a code
 * fence; an answer that holds no such object, or no `moments` list, is a problem to repair (the
 * one follow-up); moments that cannot be used are counted, and an answer of only those is one too.
 */
export function readMomentAnswer(content: string, finishReason?: string | null): MomentAnswer {
  const a = content.indexOf("{");
  const b = content.lastIndexOf("}");
  const cut = finishReason === "length" ? " (the answer was cut off at the length limit)" : "";
  if (a < 0) return { ok: false, problem: `the answer holds no JSON object${cut}` };
  if (b <= a) return { ok: false, problem: `the answer's JSON object never closes: a partial answer${cut}` };
  let obj: unknown;
  try {
    obj = JSON.parse(content.slice(a, b + 1));
  } catch (e) {
    return { ok: false, problem: `the answer is not valid JSON (${(e as Error).message.slice(0, 120)})${cut}` };
  }
  const list = (obj as { moments?: unknown })?.moments;
  if (!Array.isArray(list)) return { ok: false, problem: 'the answer has no "moments" list' };
  const moments: ProposedMoment[] = [];
  const problems: string[] = [];
  for (const m of list) {
    const r = readMoment(m);
    if (typeof r === "string") problems.push(r);
    else moments.push(r);
  }
  if (list.length > 0 && moments.length === 0) return { ok: false, problem: `no moment could be used: ${problems[0]}` };
  return { ok: true, moments, invalid: problems.length };
}
