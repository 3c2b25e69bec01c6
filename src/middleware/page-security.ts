// Headers of every HTML page the Worker serves (the dashboard and the OAuth approval pages). The
// pages load one script and one stylesheet from /dashboard/assets and nothing inline, so the policy
// can be strict: an injected <script> or inline handler does not run, whatever text a title or a
// transcript carries. Clips, captions and thumbnails are served by this Worker (/files), so media
// come from 'self' too. Images also from https: (a brand kit's watermark URL, previewed as typed).
// form-action is left out on purpose: Chrome applies it to the redirects after a POST, and both the
// OAuth consent and the dashboard's "connect a platform" answer a POST with a redirect to another site.
import type { MiddlewareHandler } from "hono";

export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "media-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** no-store, never framed, no sniffing, the strict policy; `referrer` as the pages need it. */
export const pageSecurityHeaders =
  (referrer: "same-origin" | "no-referrer"): MiddlewareHandler =>
  async (c, next) => {
    await next();
    // Pages hold account data and secrets revealed on click: never cached, never framed.
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
    c.header("Content-Security-Policy", PAGE_CSP);
    c.header("X-Frame-Options", "DENY");
    c.header("Referrer-Policy", referrer);
    c.header("X-Content-Type-Options", "nosniff");
  };
