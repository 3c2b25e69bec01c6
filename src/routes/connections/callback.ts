// The platform's OAuth redirect back to us (not part of the public API: a browser lands here).
// The account comes from the stored state, never from a cookie or the query.
import type { Hono } from "hono";
import { completeConnection } from "../../services/publishing/connections";
import { PlatformIdSchema } from "../../services/publishing/platforms/platform";
import type { AppEnv } from "../../middleware/types";
import { serviceCtx } from "../context";

export const CONNECTIONS_PAGE = "/dashboard/connections";

export function registerConnectionCallback(app: Hono<AppEnv>) {
  app.get("/connections/callback/:platform", async (c) => {
    const platform = PlatformIdSchema.safeParse(c.req.param("platform"));
    if (!platform.success) return c.text("Unknown platform.", 404);
    const q = c.req.query();
    const out = await completeConnection(serviceCtx(c), platform.data, { code: q.code, state: q.state, error: q.error, error_description: q.error_description });
    const back = new URL(out.returnTo ?? CONNECTIONS_PAGE, new URL(c.req.url).origin);
    if (out.ok) back.searchParams.set("connected", out.platform);
    else back.searchParams.set("connect_error", out.message);
    // No caching and no referrer: the URL we came from carried the authorization code.
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(back.href, 302);
  });
}
