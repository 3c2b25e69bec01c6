/** @jsxImportSource hono/jsx */
// Publishing in the dashboard: connect and disconnect each platform, publish a clip (platform,
// caption, privacy, schedule), and the publications list with status and links. Same services as
// /api/v1/connections and /api/v1/publications (src/services/publishing).
import type { Context, Hono } from "hono";
import { ServiceError } from "../../errors";
import { disconnect, listConnections, startConnection } from "../../services/publishing/connections";
import { PlatformIdSchema } from "../../services/publishing/platforms/platform";
import { cancelPublication, createPublication, listPublications } from "../../services/publishing/publications";
import { Layout, renderPage } from "../components/layout";
import { Flash, fmtDateTime, StatusBadge } from "../components/ui";
import { accountCtx, type DashboardEnv, formOf, requireSession, zodMessage } from "../session";
import { CreatePublicationBodySchema, VersionNameSchema, type PublicationMetrics } from "@katto/protocol/api";
import { publicationFrom, PublishFields } from "../components/publish-fields";

type Listing = Awaited<ReturnType<typeof listConnections>>["platforms"];

/** Shown on every publishing page while a connection needs to be connected again. */
const ReauthBanner = (p: { platforms: Listing }) => {
  const broken = p.platforms.filter((x) => x.connection?.status === "needs_reauth");
  if (!broken.length) return null;
  return (
    <div class="flash error" role="alert">
      {broken.map((x) => (
        <p>
          <strong>{x.display_name}</strong> needs to be connected again: {x.connection?.status_reason}. Posts waiting for it were failed.{" "}
          <a href="/dashboard/connections">Reconnect</a>
        </p>
      ))}
    </div>
  );
};

async function connectionsPage(c: Context<DashboardEnv>, p: { error?: string; notice?: string } = {}, status: 200 | 400 = 200) {
  const { platforms } = await listConnections(accountCtx(c));
  return c.html(
    await renderPage(
      <Layout title="Connections" account={c.get("session")} active="connections">
        <h1>Connections</h1>
        <ReauthBanner platforms={platforms} />
        <Flash error={p.error} notice={p.notice} />
        <p class="muted">Connect a platform account once; then publish any finished clip to it from its job page. Each platform takes only the shapes listed: choose a job's shape (its Options) before it renders.</p>
        <table class="list" aria-label="Platforms">
          <thead><tr><th>Platform</th><th>Shapes it takes</th><th>Account</th><th>Status</th><th>Today</th><th></th></tr></thead>
          <tbody>
            {platforms.map((x) => (
              <tr data-platform={x.platform}>
                <td>{x.display_name}</td>
                <td data-shapes={x.platform}>{x.shapes}</td>
                <td>{x.connection?.handle ?? "-"}</td>
                <td>
                  {x.connection ? <StatusBadge status={x.connection.status} /> : x.available ? "not connected" : <span class="muted">{x.unavailable_reason}</span>}
                  {x.connection?.restriction && <p class="muted">{x.connection.restriction}</p>}
                  {x.connection?.reconnect_by && <p class="muted">Reconnect by {fmtDateTime(x.connection.reconnect_by)}</p>}
                </td>
                <td>{x.daily_posts ? `${x.daily_posts.used} of ${x.daily_posts.limit}` : "-"}</td>
                <td class="actions">
                  {x.available && (
                    <form method="post" action="/dashboard/connections">
                      <input type="hidden" name="platform" value={x.platform} />
                      <button type="submit" class="btn primary">{x.connection ? "Reconnect" : "Connect"}</button>
                    </form>
                  )}
                  {x.connection && (
                    <form method="post" action={`/dashboard/connections/${x.platform}/disconnect`}>
                      <button type="submit" class="btn">Disconnect</button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Layout>,
    ),
    status,
  );
}

type Metrics = PublicationMetrics;
const n = (v: number | null) => (v === null ? "-" : Intl.NumberFormat("en", { notation: "compact" }).format(v));

/** The post's numbers as read back (1 h, 24 h, 7 d): the latest reading, and what comes next or why nothing does. */
const MetricsCell = ({ metrics }: { metrics: Metrics | null }) => {
  if (!metrics) return <span class="muted">-</span>;
  const last = metrics.readings.at(-1);
  return (
    <>
      {last ? (
        <span>
          {last.at}: {n(last.views)} views · {n(last.likes)} likes · {n(last.comments)} comments · {n(last.shares)} shares
          {last.avg_watch_time_s !== null && <> · {last.avg_watch_time_s.toFixed(1)} s watched</>}
        </span>
      ) : (
        <span class="muted">No reading yet.</span>
      )}
      {metrics.next_reading && <p class="muted small">Next: {metrics.next_reading.at} reading at {fmtDateTime(metrics.next_reading.due_at)}.</p>}
      {metrics.reason && <p class="muted small">{metrics.reason}</p>}
    </>
  );
};

async function publicationsPage(c: Context<DashboardEnv>, p: { error?: string; notice?: string } = {}, status: 200 | 400 = 200) {
  const ctx = accountCtx(c);
  const [{ platforms }, { publications }] = await Promise.all([listConnections(ctx), listPublications(ctx, { limit: 50 })]);
  return c.html(
    await renderPage(
      <Layout title="Publications" account={c.get("session")} active="publications">
        <h1>Publications</h1>
        <ReauthBanner platforms={platforms} />
        <Flash error={p.error} notice={p.notice} />
        {publications.length === 0 ? (
          <p class="muted">Nothing published yet. Open a finished job and use Publish on a clip.</p>
        ) : (
          <table class="list" aria-label="Publications">
            <thead><tr><th>When</th><th>Platform</th><th>Clip</th><th>Status</th><th>Post</th><th>Numbers</th><th></th></tr></thead>
            <tbody>
              {publications.map((x) => (
                <tr data-publication={x.id}>
                  <td>{fmtDateTime(x.scheduled_at ?? x.created_at)}</td>
                  <td>{x.platform}</td>
                  <td><a href={`/dashboard/jobs/${x.job_id}`}>clip {x.clip_index}</a>{x.version && <span class="muted" data-publication-version> · {x.version}</span>}</td>
                  <td><StatusBadge status={x.status} />{x.error && <p class="muted">{x.error} {x.advice}</p>}</td>
                  <td>{x.post_url ? <a href={x.post_url} rel="noopener noreferrer" target="_blank">{x.post_url}</a> : "-"}</td>
                  <td data-metrics={x.id}><MetricsCell metrics={x.metrics} /></td>
                  <td>
                    {(x.status === "scheduled" || x.status === "queued") && (
                      <form method="post" action={`/dashboard/publications/${x.id}/cancel`}><button type="submit" class="btn">Cancel</button></form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Layout>,
    ),
    status,
  );
}

/** The version the publish form posts (issue 41): the one its link or form names, else the newest completed (left out). */
const namedVersion = (raw: string | undefined) => (raw ? VersionNameSchema.safeParse(raw) : undefined);

async function publishForm(c: Context<DashboardEnv>, jobId: string, clipIndex: number, p: { error?: string; version?: string } = {}, status: 200 | 400 = 200) {
  const { platforms } = await listConnections(accountCtx(c));
  const ready = platforms.filter((x) => x.connection?.status === "connected");
  return c.html(
    await renderPage(
      <Layout title="Publish a clip" account={c.get("session")} active="publications">
        <h1>Publish clip {clipIndex}</h1>
        <p class="muted" data-publish-version={p.version ?? ""}>{p.version ? `Version: ${p.version}` : "Version: the newest finished one (its last re-render or trim, else the original). Each version on the job page has its own Publish link."}</p>
        <ReauthBanner platforms={platforms} />
        <Flash error={p.error} />
        {ready.length === 0 ? (
          <p>No platform is connected yet. <a href="/dashboard/connections">Connect one</a> first.</p>
        ) : (
          <form method="post" action={`/dashboard/jobs/${jobId}/clips/${clipIndex}/publish`} class="card">
            <PublishFields ready={ready} version={p.version} />
            <button type="submit" class="btn primary">Publish</button>
          </form>
        )}
      </Layout>,
    ),
    status,
  );
}

export function registerPublishingPages(d: Hono<DashboardEnv>) {
  d.get("/dashboard/connections", requireSession, (c) => {
    const connected = c.req.query("connected");
    return connectionsPage(c, { notice: connected ? `Connected ${connected}.` : undefined, error: c.req.query("connect_error") });
  });
  d.post("/dashboard/connections", requireSession, async (c) => {
    const platform = PlatformIdSchema.safeParse((await formOf(c)).one("platform"));
    if (!platform.success) return connectionsPage(c, { error: "Unknown platform." }, 400);
    try {
      const ctx = accountCtx(c);
      const started = await startConnection(ctx, { platform: platform.data, return_to: `${ctx.baseUrl}/dashboard/connections` });
      return c.redirect(started.authorization_url, 303);
    } catch (e) {
      if (e instanceof ServiceError) return connectionsPage(c, { error: e.message }, 400);
      throw e;
    }
  });
  d.post("/dashboard/connections/:platform/disconnect", requireSession, async (c) => {
    const platform = PlatformIdSchema.safeParse(c.req.param("platform"));
    if (!platform.success) return connectionsPage(c, { error: "Unknown platform." }, 400);
    try {
      const r = await disconnect(accountCtx(c), platform.data);
      return connectionsPage(c, { notice: `Disconnected ${platform.data}${r.revoked_at_platform ? " and revoked the grant" : ""}.` });
    } catch (e) {
      if (e instanceof ServiceError) return connectionsPage(c, { error: e.message }, 400);
      throw e;
    }
  });
  d.get("/dashboard/publications", requireSession, (c) => publicationsPage(c));
  d.post("/dashboard/publications/:id/cancel", requireSession, async (c) => {
    try {
      await cancelPublication(accountCtx(c), c.req.param("id"));
      return publicationsPage(c, { notice: "Cancelled." });
    } catch (e) {
      if (e instanceof ServiceError) return publicationsPage(c, { error: e.message }, 400);
      throw e;
    }
  });
  d.get("/dashboard/jobs/:id/clips/:index/publish", requireSession, (c) => {
    const version = namedVersion(c.req.query("version"));
    if (version && !version.success) return publishForm(c, c.req.param("id"), Number(c.req.param("index")), { error: version.error.issues[0]?.message }, 400);
    return publishForm(c, c.req.param("id"), Number(c.req.param("index")), { version: version?.data });
  });
  d.post("/dashboard/jobs/:id/clips/:index/publish", requireSession, async (c) => {
    const jobId = c.req.param("id");
    const clipIndex = Number(c.req.param("index"));
    const f = await formOf(c);
    const parsed = CreatePublicationBodySchema.safeParse(publicationFrom(f.one));
    const version = parsed.success ? parsed.data.version : namedVersion(f.one("version"))?.data;
    if (!parsed.success || !Number.isInteger(clipIndex)) return publishForm(c, jobId, clipIndex, { error: parsed.success ? "Unknown clip." : zodMessage(parsed.error), version }, 400);
    try {
      await createPublication(accountCtx(c), jobId, clipIndex, parsed.data);
      return c.redirect("/dashboard/publications", 303);
    } catch (e) {
      if (e instanceof ServiceError) return publishForm(c, jobId, clipIndex, { error: e.message, version }, 400);
      throw e;
    }
  });
}
