/** @jsxImportSource hono/jsx */
// Overview: the usage meter (same service as GET /api/v1/me).
import type { Hono } from "hono";
import { getAccount } from "../../services/accounts/read";
import { publicBaseUrl } from "../../services/context";
import { Layout, renderPage } from "../components/layout";
import { type DashboardEnv, requireSession, sessionPrincipal } from "../session";

const fmtDate = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function registerHomePage(d: Hono<DashboardEnv>) {
  d.get("/dashboard", requireSession, async (c) => {
    const s = c.get("session");
    const me = await getAccount({ env: c.env, baseUrl: publicBaseUrl(c.env, c.req.url), principal: sessionPrincipal(s) });
    const q = me.quota;
    const periodStart = q.period_start ?? new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString();
    const start = new Date(periodStart);
    const reset = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)).toISOString();
    const pct = q.videos_limit ? Math.min(100, Math.round((q.videos_used / q.videos_limit) * 100)) : 0;
    return c.html(
      await renderPage(
        <Layout title="Overview" account={s} active="home">
          <h1>Overview</h1>
          <section class="card" aria-labelledby="usage-h">
            <h2 id="usage-h">Usage this period</h2>
            <p class="plan">
              Plan <strong class="pill">{me.plan}</strong>
            </p>
            <meter id="usage-meter" min={0} max={q.videos_limit} low={Math.floor(q.videos_limit * 0.7)} high={Math.floor(q.videos_limit * 0.9)} optimum={0} value={q.videos_used} aria-describedby="usage-text">
              {pct}%
            </meter>
            <p id="usage-text" class="usage-text">
              <strong>{q.videos_used}</strong> of {q.videos_limit} videos used · <strong>{q.videos_remaining}</strong> remaining
            </p>
            <dl class="facts">
              <dt>Period started</dt>
              <dd>{fmtDate(periodStart)}</dd>
              <dt>Resets</dt>
              <dd>{fmtDate(reset)}</dd>
            </dl>
          </section>
          <section class="grid3">
            <a class="card link" href="/dashboard/jobs"><h2>Make clips</h2><p class="muted">Paste a link or drop a video.</p></a>
            <a class="card link" href="/dashboard/keys"><h2>API keys</h2><p class="muted">Create and revoke keys for the API, CLI and agents.</p></a>
            <a class="card link" href="/dashboard/brand-kits"><h2>Brand kits</h2><p class="muted">Colours, fonts and caption style.</p></a>
          </section>
        </Layout>,
      ),
    );
  });
}
