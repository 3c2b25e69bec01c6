// A published post's numbers read back from its platform, and what an account's numbers say about
// the score's parts (docs/publishing.md "Metrics", docs/api-decisions.md "Scores that learn").
import { z } from "zod";
import { SCORE_PARTS } from "../vocabularies.js";
import { orNull } from "./or-null.js";

/** When each reading is taken, counted from the post's published_at. */
export const METRICS_WINDOWS = ["1h", "24h", "7d"] as const;
export const METRICS_WINDOW_MS: Record<(typeof METRICS_WINDOWS)[number], number> = { "1h": 3_600_000, "24h": 86_400_000, "7d": 604_800_000 };
export const MetricsWindowSchema = z.enum(METRICS_WINDOWS);

export const METRICS_STATUSES = ["scheduled", "complete", "not_offered", "missing_permission", "post_deleted", "needs_reauth"] as const;
export const MetricsStatusSchema = z.enum(METRICS_STATUSES).meta({
  description:
    "scheduled: more readings are due (next_reading); complete: all three were read; not_offered: the platform gives this app no numbers (reason says why); missing_permission: the grant lacks the statistics permission, reconnect to grant it (readings resume after); post_deleted: the post is gone, no more readings; needs_reauth: the connection must be connected again (readings resume after).",
});

const count = (what: string) => orNull(z.number().min(0), `${what}; null where the platform does not report it.`);

export const MetricsReadingSchema = z.object({
  at: MetricsWindowSchema.meta({ description: "Which reading: 1 hour, 24 hours or 7 days after posting." }),
  fetched_at: z.iso.datetime().meta({ description: "When the platform was read (later than due when the platform rate-limited us)." }),
  views: count("Views (X: the video's views, else impressions)"),
  likes: count("Likes"),
  comments: count("Comments (Threads: replies)"),
  shares: count("Shares (X: reposts + quotes; Threads: reposts + quotes + shares)"),
  avg_watch_time_s: count("Average seconds watched per view (Instagram, Facebook)"),
  retention: orNull(z.number().min(0), "avg_watch_time_s divided by the clip's length, where the watch time is known."),
});

export const PublicationMetricsSchema = z.object({
  status: MetricsStatusSchema,
  reason: orNull(z.string(), "Why readings stopped or are waiting (rate limit, permission, deleted post, platform without numbers)."),
  next_reading: z
    .object({ at: MetricsWindowSchema, due_at: z.iso.datetime().meta({ description: "When it will be read, including any back-off the platform's rate limits asked for." }) })
    .nullable()
    .meta({ description: "The next reading and when it is due; null when none is scheduled." }),
  readings: z.array(MetricsReadingSchema).meta({ description: "Readings taken so far, in window order." }),
});

/** One fitted weight: a part of the score (or a clip property) and how it moved log(views + 1). */
export const InsightWeightSchema = z.object({
  feature: z.string().meta({ description: "hook, flow, value, trend (the score's parts, 0-100), duration_s, or a layout/style option (layout:split, style:emoji ...)." }),
  weight: z.number().meta({ description: "Change in log(views + 1) for one standard deviation more of the feature (for an option: having it)." }),
  std_error: z.number().min(0),
  ci95: z.tuple([z.number(), z.number()]).meta({ description: "95 % interval of the weight (weight ± 1.96 standard errors)." }),
});

export const ScorePartEvidenceSchema = z
  .object({
    evidence: z.enum(["helps", "hurts", "none"]).meta({
      description: "helps / hurts: more of this part went with more / fewer views, beyond noise (its own test and the parts' joint test at 5 %). none: the numbers cannot tell it from noise (or it never varied); its weight stays at the default.",
    }),
    default_weight: z.number().meta({ description: "The part's default weight." }),
    learned_share: z.number().min(0).max(1).meta({ description: "How far the weight moved from the default towards the data's share: 0 (default kept) to 1 (the data's share)." }),
  });

export const InsightClipSchema = z.object({
  publication_id: z.string(),
  job_id: z.uuid(),
  clip_index: z.number().int(),
  platform: z.string(),
  title: orNull(z.string(), "The clip's title."),
  score: orNull(z.number(), "The clip's default score."),
  views_7d: z.number(),
  expected_views_7d: z.number().meta({ description: "What the fitted model expected from the clip's parts." }),
  residual: z.number().meta({ description: "log(views+1) minus the model's prediction: above 0 did better than its parts suggest." }),
});

export const InsightsSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("fitted"),
    posts_with_metrics: z.number().int().meta({ description: "Published clips with a 7-day reading: what the fit rests on." }),
    fitted_at: z.iso.datetime(),
    target: z.literal("log(views_7d + 1)"),
    intercept: z.number(),
    r2: z.number().meta({ description: "Share of the variance of log views the fit explains on these posts." }),
    residual_std: z.number().min(0),
    lambda: z.number().min(0).meta({ description: "Ridge penalty used (on standardised features)." }),
    weights: z.array(InsightWeightSchema),
    score_weights: z
      .object({ hook: z.number(), flow: z.number(), value: z.number(), trend: z.number() })
      .meta({
        description:
          "The weights config.score_with: \"account\" ranks with, summing to 1: the default weights (hook 0.35, flow 0.2, value 0.3, trend 0.15), each moved towards this account's numbers only as far as they show something (score_parts). With score_weights_learned false they are the defaults.",
      }),
    score_weights_learned: z.boolean().meta({
      description: "Whether the account's numbers moved any weight from the default. false: views did not depend on the score parts more than noise would (an F test at 5 %), so score_weights are the defaults and score_with \"account\" ranks as the default does.",
    }),
    score_parts: z
      .object(Object.fromEntries(SCORE_PARTS.map((p) => [p, ScorePartEvidenceSchema])) as Record<(typeof SCORE_PARTS)[number], typeof ScorePartEvidenceSchema>)
      .meta({ description: "Per score part, whether the numbers show anything about it and how far its weight moved from the default." }),
    best: z.array(InsightClipSchema).meta({ description: "Clips that did best against their parts (largest residuals)." }),
    worst: z.array(InsightClipSchema).meta({ description: "Clips that did worst against their parts." }),
  }),
  z.object({
    status: z.literal("insufficient_data"),
    posts_with_metrics: z.number().int(),
    needed: z.number().int().meta({ description: "Published clips with 7-day numbers needed before anything is fitted." }),
  }),
]);
export type Insights = z.output<typeof InsightsSchema>;
export type PublicationMetrics = z.output<typeof PublicationMetricsSchema>;
