/** @jsxImportSource hono/jsx */
// "What works for your audience" (issue 23): the account's own results fitted on the score's parts
// (GET /api/v1/insights, services/insights/get.ts), with each weight's 95 % interval, how many
// posts it rests on, and the clips that did best and worst against their score.
import type { Context, Hono } from "hono";
import type { Insights } from "@katto/protocol/api";
import { getInsights } from "../../services/insights/get";
import { Layout, renderPage } from "../components/layout";
import { fmtDateTime } from "../components/ui";
import { accountCtx, type DashboardEnv, requireSession } from "../session";

type Fitted = Extract<Insights, { status: "fitted" }>;
const signed = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(2)}`;
const n = (v: number) => Intl.NumberFormat("en", { notation: "compact" }).format(v);

/** In words: whether the interval says the feature helps, hurts or cannot be told apart from nothing. */
export const effectOf = (ci: readonly [number, number]) => (ci[0] > 0 ? "helps" : ci[1] < 0 ? "hurts" : "unclear");

const ClipRows = ({ clips }: { clips: Fitted["best"] }) => (
  <tbody>
    {clips.map((k) => (
      <tr data-insight-clip={k.publication_id}>
        <td><a href={`/dashboard/jobs/${k.job_id}`}>{k.title ?? `clip ${k.clip_index}`}</a></td>
        <td>{k.platform}</td>
        <td>{k.score === null ? "-" : Math.round(k.score)}</td>
        <td>{n(k.views_7d)}</td>
        <td>{n(k.expected_views_7d)}</td>
      </tr>
    ))}
  </tbody>
);

const EVIDENCE = { helps: "your numbers show it helps", hurts: "your numbers show it hurts", none: "your numbers show nothing yet: default kept" } as const;

/** The ranking weights, each part saying whether the data moved it; never the defaults shown as learned. */
const ScoreWeightsView = ({ f }: { f: Fitted }) => (
  <>
    <p class="muted" data-score-weights={f.score_weights_learned ? "learned" : "default"}>
      {f.score_weights_learned ? (
        <>Ranking with your weights (a job's <code>config.score_with: "account"</code>: on <a href="/dashboard/jobs">Jobs</a>, Options, "Rank clips with" account), the default weights moved only as far as your numbers show something:</>
      ) : (
        <>
          Your views do not yet depend on the score's parts more than chance would, so a job with <code>config.score_with: "account"</code> is ranked with the <strong>default</strong> weights.
        </>
      )}
    </p>
    <table class="list" aria-label="Ranking weights">
      <thead><tr><th>Part</th><th>Weight</th><th>Default</th><th>What your numbers show</th></tr></thead>
      <tbody>
        {(["hook", "flow", "value", "trend"] as const).map((p) => (
          <tr data-score-part={p} data-evidence={f.score_parts[p].evidence}>
            <td>{p}</td>
            <td>{Math.round(f.score_weights[p] * 100)} %</td>
            <td>{Math.round(f.score_parts[p].default_weight * 100)} %</td>
            <td>{EVIDENCE[f.score_parts[p].evidence]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </>
);

const FittedView = ({ f }: { f: Fitted }) => (
  <>
    <p>
      Fitted on <strong data-posts>{f.posts_with_metrics}</strong> published clips with 7-day numbers ({fmtDateTime(f.fitted_at)}): how each part moved the log of a clip's views, per standard
      deviation (for an option, for having it). It explains {Math.round(f.r2 * 100)} % of the spread of your views.
    </p>
    <table class="list" aria-label="What moved your views">
      <thead><tr><th>Part</th><th>Weight</th><th>95 % interval</th><th>Effect</th></tr></thead>
      <tbody>
        {f.weights.map((w) => (
          <tr data-weight={w.feature}>
            <td>{w.feature}</td>
            <td>{signed(w.weight)}</td>
            <td>{signed(w.ci95[0])} to {signed(w.ci95[1])}</td>
            <td>{effectOf(w.ci95)}</td>
          </tr>
        ))}
      </tbody>
    </table>
    <ScoreWeightsView f={f} />
    <h2>Did better than their score</h2>
    <table class="list" aria-label="Clips that did best against their score"><thead><tr><th>Clip</th><th>Platform</th><th>Score</th><th>Views (7 d)</th><th>Expected</th></tr></thead><ClipRows clips={f.best} /></table>
    <h2>Did worse than their score</h2>
    <table class="list" aria-label="Clips that did worst against their score"><thead><tr><th>Clip</th><th>Platform</th><th>Score</th><th>Views (7 d)</th><th>Expected</th></tr></thead><ClipRows clips={f.worst} /></table>
  </>
);

async function insightsPage(c: Context<DashboardEnv>) {
  const insights = await getInsights(accountCtx(c));
  return c.html(
    await renderPage(
      <Layout title="What works for your audience" account={c.get("session")} active="insights">
        <h1>What works for your audience</h1>
        {insights.status === "fitted" ? (
          <FittedView f={insights} />
        ) : (
          <p data-insufficient>
            Not enough data yet: {insights.posts_with_metrics} of the {insights.needed} published clips with 7-day numbers this needs. Katto reads each published clip's views, likes, comments and
            shares 1 hour, 24 hours and 7 days after posting; nothing is guessed before then.
          </p>
        )}
      </Layout>,
    ),
  );
}

export function registerInsightsPages(d: Hono<DashboardEnv>) {
  d.get("/dashboard/insights", requireSession, (c) => insightsPage(c));
}
