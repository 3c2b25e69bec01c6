// GET /insights: the account's published clips with a 7-day reading, fitted (fit.ts) on every call.
// Fitting is milliseconds for the few hundred posts an account has, so the answer is always as
// current as the readings, with no cache to invalidate (docs/api-decisions.md "Scores that learn").
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { InsightsSchema } from "@katto/protocol/api";
import type { z } from "zod";
import { clips, publicationReadings, publications } from "../../db/schema";
import { ConflictError } from "../../errors";
import { requireScope } from "../auth/keys";
import type { AccountContext } from "../context";
import { fit, SCORE_PARTS, type FitRow } from "./fit";

export type Insights = z.infer<typeof InsightsSchema>;
/** The newest posts a fit uses at most. */
export const MAX_POSTS = 500;
/** Clips listed as best and as worst against their parts. */
const EXTREMES = 3;

export interface PostFacts {
  publicationId: string;
  jobId: string;
  clipIndex: number;
  platform: string;
  title: string | null;
  score: number | null;
  views: number;
  subscores: string | null;
  startS: number;
  endS: number;
  metadata: string | null;
}

const parse = (json: string | null): unknown => {
  try {
    return json ? JSON.parse(json) : null;
  } catch {
    return null;
  }
};

/**
 * A post as the model sees it: the score's parts and the clip's length as numbers; its layout,
 * caption style, creator-style options and platform as options. Style values that are numbers
 * (words per caption) are options per value, so every feature reads as "having it".
 */
export function fitRowOf(p: PostFacts): FitRow {
  const numeric: Record<string, number> = { duration_s: p.endS - p.startS };
  const sub = parse(p.subscores) as Record<string, unknown> | null;
  for (const part of SCORE_PARTS) if (typeof sub?.[part] === "number") numeric[part] = sub[part] as number;
  const meta = (parse(p.metadata) ?? {}) as { layout?: unknown; caption_style?: unknown; style?: Record<string, unknown> | null; timeline?: { layout?: unknown } | null };
  const options = [`platform:${p.platform}`];
  // the layout its timeline records (issue 41), else the field of clips stored before timelines
  const layout = meta.timeline?.layout ?? meta.layout;
  if (typeof layout === "string") options.push(`layout:${layout}`);
  if (typeof meta.caption_style === "string") options.push(`caption_style:${meta.caption_style}`);
  for (const [k, v] of Object.entries(meta.style ?? {})) {
    if (v === true) options.push(`style:${k}`);
    else if (typeof v === "string" || typeof v === "number") options.push(`style:${k}=${v}`);
  }
  return { id: p.publicationId, views: p.views, numeric, options };
}

export async function accountPosts(env: AccountContext["env"], accountId: string): Promise<PostFacts[]> {
  return drizzle(env.DB)
    .select({
      publicationId: publications.id,
      jobId: publications.jobId,
      clipIndex: publications.clipIndex,
      platform: publications.platform,
      title: clips.title,
      score: clips.score,
      views: publicationReadings.views,
      subscores: clips.subscores,
      startS: clips.startS,
      endS: clips.endS,
      metadata: clips.metadata,
    })
    .from(publicationReadings)
    .innerJoin(publications, eq(publications.id, publicationReadings.publicationId))
    .innerJoin(clips, and(eq(clips.jobId, publications.jobId), eq(clips.clipIndex, publications.clipIndex)))
    .where(and(eq(publicationReadings.accountId, accountId), eq(publicationReadings.window, "7d"), isNotNull(publicationReadings.views)))
    .orderBy(desc(publicationReadings.fetchedAt))
    .limit(MAX_POSTS)
    .all() as Promise<PostFacts[]>;
}

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The fitted insights of these posts (pure: the route and the job ranking use it). */
export function insightsOf(posts: PostFacts[], nowMs = Date.now()): Insights {
  const r = fit(posts.map(fitRowOf));
  if (r.status === "insufficient_data") return r;
  const byId = new Map(posts.map((p) => [p.publicationId, p]));
  const ranked = [...r.residuals].sort((a, b) => b.residual - a.residual);
  const clip = (x: (typeof ranked)[number]) => {
    const p = byId.get(x.id)!;
    return { publication_id: p.publicationId, job_id: p.jobId, clip_index: p.clipIndex, platform: p.platform, title: p.title, score: p.score, views_7d: p.views, expected_views_7d: Math.max(0, Math.round(Math.exp(x.predicted_log_views) - 1)), residual: round(x.residual) };
  };
  return {
    status: "fitted",
    posts_with_metrics: r.posts_with_metrics,
    fitted_at: new Date(nowMs).toISOString(),
    target: "log(views_7d + 1)",
    intercept: round(r.intercept),
    r2: round(r.r2),
    residual_std: round(r.residual_std),
    lambda: r.lambda,
    weights: r.weights.map((w) => ({ feature: w.feature, weight: round(w.weight), std_error: round(w.std_error), ci95: [round(w.ci95[0]), round(w.ci95[1])] as [number, number] })),
    score_weights: r.score_weights,
    score_weights_learned: r.score_weights_learned,
    score_parts: r.score_parts,
    best: ranked.slice(0, Math.min(EXTREMES, Math.floor(ranked.length / 2))).map(clip),
    worst: ranked.slice(-Math.min(EXTREMES, Math.floor(ranked.length / 2))).reverse().map(clip),
  };
}

export async function getInsights(ctx: AccountContext): Promise<Insights> {
  requireScope(ctx, "read");
  return insightsOf(await accountPosts(ctx.env, ctx.principal.accountId));
}

/**
 * config.score_with: the weights a job is ranked with, as stored on the job (JSON), or null for the
 * default weights (also when the account's numbers show nothing yet). "account" with fewer than 10 posts with 7-day numbers is refused, not silently
 * ranked with the defaults (docs/api-decisions.md "Scores that learn").
 */
export async function scoreWeightsFor(ctx: AccountContext, scoreWith: "default" | "account" | undefined): Promise<string | null> {
  if (scoreWith !== "account") return null;
  const insights = insightsOf(await accountPosts(ctx.env, ctx.principal.accountId));
  if (insights.status === "insufficient_data") {
    throw new ConflictError(
      `config.score_with "account" needs ${insights.needed} published clips with 7-day numbers; this account has ${insights.posts_with_metrics}. Leave score_with out (the default weights) until then; GET /api/v1/insights shows the count.`,
    );
  }
  // Nothing learned: the job is ranked by the default weights, as it would be without score_with,
  // rather than carrying the defaults as if they were the account's own.
  return insights.score_weights_learned ? JSON.stringify(insights.score_weights) : null;
}
