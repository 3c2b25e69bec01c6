// Reading a published post's public numbers back from its platform (docs/publishing.md "Metrics").
// Each adapter's `metrics` is either a reader over the platform's documented statistics/insights
// call, or `{offered: false, reason}` when the platform gives this app no such numbers. Like the
// publish steps, a reader never throws for a platform answer: it returns a MetricsResult.
import { type MetricsError, type MetricsNumbers, type MetricsResult, type PlatformContext } from "./platform";
import { call, jsonOf } from "./http";

// The metrics contract (what an adapter's `metrics` is and returns) is part of the adapter contract, platform.ts.
export type { MetricsError, MetricsNumbers, MetricsRequest, MetricsResult, PlatformMetrics } from "./platform";

export const numbers = (n: Partial<MetricsNumbers>): MetricsNumbers => ({ views: null, likes: null, comments: null, shares: null, avg_watch_time_s: null, ...n });

/** A count as platforms send it (YouTube sends strings): a finite non-negative number, else null. */
export function count(x: unknown): number | null {
  const n = typeof x === "string" ? Number(x) : x;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : null;
}

/** Adds the counts that are present; null only when none is. */
export function sumOf(...xs: (number | null)[]): number | null {
  const present = xs.filter((x): x is number => x !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) : null;
}

/** When we may call again after a rate-limit answer, when the platform says nothing: five minutes. */
export const DEFAULT_RATE_LIMIT_WAIT_S = 300;

/**
 * How long a rate-limited answer asks us to wait, in seconds, from the headers each platform uses:
 *  - Retry-After (RFC 9110 §10.2.3: delay-seconds or an HTTP-date): YouTube, TikTok, LinkedIn;
 *  - x-rate-limit-reset (epoch seconds when the window resets): X API v2
 *    (https://docs.x.com/x-api/fundamentals/rate-limits);
 *  - x-business-use-case-usage / x-app-usage with estimated_time_to_regain_access in minutes:
 *    Meta's Graph API, for Instagram, Facebook and Threads
 *    (https://developers.facebook.com/docs/graph-api/overview/rate-limiting).
 * Undefined when none of them says.
 */
export function rateLimitWaitSeconds(headers: Headers, nowMs: number): number | undefined {
  const retryAfter = headers.get("retry-after");
  if (retryAfter) {
    const s = Number(retryAfter);
    if (Number.isFinite(s) && s >= 0) return Math.ceil(s);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - nowMs) / 1000));
  }
  const reset = Number(headers.get("x-rate-limit-reset") ?? Number.NaN);
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - nowMs / 1000));
  for (const name of ["x-business-use-case-usage", "x-app-usage"]) {
    const minutes = regainMinutes(headers.get(name));
    if (minutes !== undefined) return Math.max(60, minutes * 60);
  }
  return undefined;
}

/** The largest estimated_time_to_regain_access (minutes) in a Meta usage header, if any. */
function regainMinutes(raw: string | null): number | undefined {
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const found: number[] = [];
  const visit = (x: unknown) => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (x && typeof x === "object") {
      for (const [k, v] of Object.entries(x)) {
        if (k === "estimated_time_to_regain_access" && typeof v === "number") found.push(v);
        else visit(v);
      }
    }
  };
  visit(parsed);
  return found.length ? Math.max(...found) : undefined;
}

export const rateLimited = (platform: string, headers: Headers, nowMs: number): MetricsError => ({
  kind: "transient",
  message: `${platform} rate-limited the statistics read`,
  retryAfterSeconds: rateLimitWaitSeconds(headers, nowMs) ?? DEFAULT_RATE_LIMIT_WAIT_S,
});

/** Meta's Graph API error codes for throttling (https://developers.facebook.com/docs/graph-api/guides/error-handling). */
export const META_THROTTLE_CODES = [4, 17, 32, 613, 80001, 80002, 80008];

/**
 * Maps a Meta Graph error answer (Instagram, Facebook, Threads) of a statistics read:
 * 190 → the token; throttling codes → wait as the usage headers say; 10/200-299 → the insights
 * permission; 100 with subcode 33, or 404 → the post is gone.
 */
export function metaMetricsError(platform: string, res: Response, body: { error?: { code?: number; error_subcode?: number; message?: string; is_transient?: boolean } } | undefined, permission: string, nowMs: number): MetricsError {
  const e = body?.error;
  if (e?.code === 190 || res.status === 401) return { kind: "needs_reauth", message: `${platform} no longer accepts the access token.` };
  if (res.status === 429 || (e?.code !== undefined && META_THROTTLE_CODES.includes(e.code))) return rateLimited(platform, res.headers, nowMs);
  if (e?.code === 10 || (e?.code !== undefined && e.code >= 200 && e.code < 300)) {
    return { kind: "missing_permission", message: `${platform} did not let this app read the post's insights (${e.message ?? "permission missing"}).`, advice: `Connect the ${platform} account again and grant ${permission}.` };
  }
  if (res.status === 404 || (e?.code === 100 && e.error_subcode === 33)) return { kind: "post_deleted", message: `${platform} no longer has this post (deleted or removed).` };
  if (e?.is_transient || res.status >= 500) return { kind: "transient", message: `${platform} answered ${res.status} to the statistics read` };
  return { kind: "refused", reason: `${platform} refused the statistics read${e?.message ? `: ${e.message}` : ""}`, advice: "Check the connected account." };
}

/** Meta insights answers `{data: [{name, values: [{value}]} | {name, total_value: {value}}]}`. */
export function insightValues(body: unknown): Record<string, unknown> {
  const data = (body as { data?: { name?: string; values?: { value?: unknown }[]; total_value?: { value?: unknown } }[] } | undefined)?.data ?? [];
  const out: Record<string, unknown> = {};
  for (const d of data) if (d.name) out[d.name] = d.total_value?.value ?? d.values?.[0]?.value;
  return out;
}

/**
 * One Meta insights read (Instagram, Facebook, Threads): GET `url`, map errors with
 * metaMetricsError, and the answer's values with `map`. An empty answer means the post is gone.
 */
export async function readMetaInsights(ctx: PlatformContext, platform: string, url: string, init: RequestInit, permission: string, map: (values: Record<string, unknown>) => MetricsNumbers): Promise<MetricsResult> {
  const sent = await call(ctx, url, init);
  if (!sent.ok) return sent;
  const body = (await jsonOf(sent.value)) as { error?: { code?: number; error_subcode?: number; message?: string } } | undefined;
  if (!sent.value.ok || body?.error) return { ok: false, error: metaMetricsError(platform, sent.value, body, permission, ctx.now()) };
  const values = insightValues(body);
  if (!Object.keys(values).length) return { ok: false, error: { kind: "post_deleted", message: `${platform} gave no insights for this post (deleted or removed).` } };
  return { ok: true, value: map(values) };
}

/** Milliseconds as Meta reports average watch times, in seconds. */
export const msToSeconds = (x: unknown) => {
  const ms = count(x);
  return ms === null ? null : Math.round(ms / 10) / 100;
};

export const failMetrics = (error: MetricsError): MetricsResult => ({ ok: false, error });
