// Cookie, session and CSRF plumbing for /dashboard (and any page that reuses the sign-in, such as
// the hosted MCP server's /oauth/authorize). Rules: docs/api-decisions.md "Dashboard sessions".
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { workerConfig } from "../config";
import type { Env } from "../env";
import { clientIp } from "../middleware/rate-limit";
import type { Principal } from "../services/auth/keys";
import { publicBaseUrl } from "../services/context";
import { createSession, readSession, SESSION_COOKIE, SESSION_TTL_SECONDS, type Session } from "../services/auth/sessions";

export type DashboardEnv = { Bindings: Env; Variables: { requestId: string; session: Session } };

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
/** `Secure` everywhere except plain http on a loopback address (npm start, tests). */
export const cookieIsSecure = (requestUrl: string) => {
  const u = new URL(requestUrl);
  return !(u.protocol === "http:" && (LOOPBACK.has(u.hostname) || u.hostname.endsWith(".localhost")));
};

/** Starts a session for a signed-in account and sets its cookie (HttpOnly, SameSite=Lax, Path=/). */
export async function startSession(c: Context, accountId: string) {
  const s = await createSession({ db: c.env.DB, accountId, ip: clientIp(c.req.raw), userAgent: c.req.header("user-agent") });
  setCookie(c, SESSION_COOKIE, s.token, { httpOnly: true, sameSite: "Lax", secure: cookieIsSecure(c.req.url), path: "/", maxAge: SESSION_TTL_SECONDS });
  return s;
}

export const sessionToken = (c: Context) => getCookie(c, SESSION_COOKIE);
export const clearSessionCookie = (c: Context) => deleteCookie(c, SESSION_COOKIE, { path: "/", secure: cookieIsSecure(c.req.url) });

/** The session of the request, or null (for pages that work either way, such as sign-in). */
export const currentSession = (c: Context) => readSession(c.env.DB, sessionToken(c));

/** Pages behind sign-in: no session sends the browser to the sign-in form and back. */
export const requireSession: MiddlewareHandler<DashboardEnv> = async (c, next) => {
  const s = await currentSession(c);
  if (!s) {
    if (c.req.method !== "GET") return c.json({ error: "Your session has ended. Sign in again.", code: "unauthorized" }, 401);
    const back = c.req.path + (new URL(c.req.url).search || "");
    return c.redirect(`/dashboard/sign-in?next=${encodeURIComponent(back)}`, 303);
  }
  c.set("session", s);
  await next();
};

/** The principal the shared services expect: a session acts with both scopes of its account. */
export const sessionPrincipal = (s: Session): Principal => ({ keyId: `session:${s.id}`, accountId: s.accountId, scopes: ["read", "write"], plan: s.plan });

/**
 * CSRF (OWASP "Verifying origin with standard headers"): every state change must come from a page
 * of this origin, as told by Sec-Fetch-Site or else Origin. Unlike hono/csrf this applies to every
 * content type, so JSON posts from the dashboard's script are covered too.
 */
export const sameOriginOnly: MiddlewareHandler<DashboardEnv> = async (c, next) => {
  if (/^(GET|HEAD|OPTIONS)$/.test(c.req.method)) return next();
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const own = new URL(c.req.url).origin;
  const publicOrigin = workerConfig(c.env).publicOrigin ?? own;
  const ok = site ? site === "same-origin" : origin === own || origin === publicOrigin;
  if (!ok) return c.json({ error: "Refused: this request did not come from a Katto page (cross-site request).", code: "forbidden" }, 403);
  await next();
};

/** A local path to go back to after sign-in; anything else falls back to the dashboard. */
export const safeNext = (next: unknown) =>
  typeof next === "string" && /^\/(dashboard|oauth)(\/|\?|$)/.test(next) && !next.startsWith("//") ? next : "/dashboard";

/** The service context of a signed-in request: the same shape the REST routes pass to services. */
export const accountCtx = (c: Context<DashboardEnv>) => ({
  env: c.env,
  baseUrl: publicBaseUrl(c.env, c.req.url),
  waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p),
  principal: sessionPrincipal(c.get("session")),
});

/** Form fields as strings (files and repeated fields ignored, except through `all`). */
export async function formOf(c: Context) {
  const body = await c.req.parseBody({ all: true });
  const one = (k: string) => {
    const v = body[k];
    const x = Array.isArray(v) ? v[0] : v;
    return typeof x === "string" ? x : "";
  };
  const all = (k: string) => {
    const v = body[k];
    return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === "string");
  };
  return { one, all };
}

/** A zod error as one line for the page's notice: each issue with the field it is about. */
export const zodMessage = (e: { issues: { path: PropertyKey[]; message: string }[] }) =>
  e.issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; ");
