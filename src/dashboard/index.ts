// The web dashboard under /dashboard: server-rendered pages (Hono JSX) over the same services as
// the REST routes, with session cookies instead of API keys. Not under /api/v1.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { App } from "../middleware/types";
import { ServiceError } from "../errors";
import { DASHBOARD_CSS, DASHBOARD_JS } from "./assets";
import { registerAuthPages } from "./pages/auth";
import { registerBrandKitPages } from "./pages/brand-kits";
import { registerBrollPages } from "./pages/broll";
import { registerInsightsPages } from "./pages/insights";
import { registerHomePage } from "./pages/home";
import { registerJobEdits } from "./pages/job/edits";
import { registerJobPage } from "./pages/job/page";
import { registerJobPages } from "./pages/jobs";
import { registerKeyPages } from "./pages/keys";
import { registerPublishingPages } from "./pages/publishing";
import { registerWebhookPages } from "./pages/webhooks";
import { type DashboardEnv, sameOriginOnly } from "./session";
import { pageSecurityHeaders } from "../middleware/page-security";

export function registerDashboard(app: App) {
  const d = new Hono<DashboardEnv>();
  d.use("/dashboard/*", bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: "Request body too large.", code: "payload_too_large" }, 413) }));
  d.use("/dashboard", sameOriginOnly);
  d.use("/dashboard/*", sameOriginOnly);
  d.use("/dashboard", pageSecurityHeaders("same-origin"));
  d.use("/dashboard/*", pageSecurityHeaders("same-origin"));
  d.get("/dashboard/assets/dashboard.css", (c) => c.body(DASHBOARD_CSS, 200, { "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=300" }));
  d.get("/dashboard/assets/dashboard.js", (c) => c.body(DASHBOARD_JS, 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=300" }));
  registerAuthPages(d);
  registerHomePage(d);
  registerKeyPages(d);
  registerJobPages(d);
  registerJobPage(d);
  registerJobEdits(d);
  registerBrandKitPages(d);
  registerBrollPages(d);
  registerInsightsPages(d);
  registerWebhookPages(d);
  registerPublishingPages(d);
  d.onError((err, c) => {
    if (err instanceof ServiceError) return c.json({ error: err.message, code: err.code }, err.status);
    console.error(JSON.stringify({ msg: "dashboard error", request_id: c.get("requestId"), error: String(err), stack: (err as Error).stack }));
    return c.json({ error: "Internal server error. Retry later.", code: "internal" }, 500);
  });
  app.route("/", d as unknown as Hono);
}
