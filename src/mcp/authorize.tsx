/** @jsxImportSource hono/jsx */
// The OAuth approval screen for the hosted MCP server (/oauth/authorize) and the list/revocation of
// connected apps (/oauth/grants). The user signs in with the dashboard's account (the dashboard's
// signIn service and sign-in form, or an existing dashboard session), then sees the client's name,
// where access will be sent and the scopes, and approves or denies. The provider's consent helpers
// keep the request server-side and bind the form to this browser (a one-time handle plus a
// __Host- cookie), and every POST must also come from this origin (dashboard sameOriginOnly).
//
// Approving mints an API key named "MCP: <client>" with the approved scopes, kept encrypted in the
// grant's props; the hosted server calls the REST API with it (docs/api-decisions.md).
import { AuthorizationError, CimdFetchError, type AuthRequest, type OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { type Context, Hono } from "hono";
import { pageSecurityHeaders } from "../middleware/page-security";
import { Layout, renderPage } from "../dashboard/components/layout";
import { SignInForm } from "../dashboard/components/sign-in-form";
import { currentSession, type DashboardEnv, requireSession, sameOriginOnly, startSession } from "../dashboard/session";
import type { Env } from "../env";
import { NotFoundError } from "../errors";
import type { App } from "../middleware/types";
import { clientIp } from "../middleware/rate-limit";
import { createKey, revokeKey } from "../services/accounts/admin";
import type { Scope } from "../services/auth/keys";
import { InvalidCredentialsError, SignInThrottledError, signIn } from "../services/auth/sign-in";
import { OAUTH_AUTHORIZE_PATH, OAUTH_SCOPES } from "./oauth";

const oauth = (c: Context<DashboardEnv>) => (c.env as Env & { OAUTH_PROVIDER: OAuthHelpers }).OAUTH_PROVIDER;

const SCOPE_TEXT: Record<string, string> = {
  read: "Read your jobs, clips, transcripts, usage, brand kit and webhook signing secret",
  write: "Create clip jobs (each spends one video of your monthly quota), cancel jobs, re-render and dub clips",
};

interface Consent {
  clientName: string;
  clientDomain?: string;
  redirectHost: string;
  redirectIsLoopback: boolean;
  scope: string[];
}

const ConsentPage = (p: { d: Consent; handle: string; email: string }) => (
  <Layout title="Connect an app">
    <div class="auth-wrap">
      <form method="post" class="card auth">
        <h1>Allow {p.d.clientName} to use your Katto account?</h1>
        <p>
          {p.d.clientDomain ? (
            <>
              Published by <strong>{p.d.clientDomain}</strong>.
            </>
          ) : (
            "This app registered itself; its name is not verified."
          )}{" "}
          Access will be sent to <strong>{p.d.redirectHost}</strong>.
        </p>
        {p.d.redirectIsLoopback && (
          <p class="alert">This sends access to an app on your computer. Continue only if you just started connecting from it.</p>
        )}
        <p class="muted">Signed in as {p.email}.</p>
        <input type="hidden" name="step" value="consent" />
        <input type="hidden" name="handle" value={p.handle} />
        <fieldset>
          <legend>It asks to:</legend>
          {p.d.scope.map((s) => (
            <label>
              <input type="checkbox" name="scope" value={s} checked /> <strong>{s}</strong>: {SCOPE_TEXT[s] ?? s}
            </label>
          ))}
        </fieldset>
        <p class="muted">You can disconnect it at any time; its key is listed as "MCP: {p.d.clientName}" among your API keys.</p>
        <button type="submit" name="decision" value="approve" class="btn primary wide">Approve</button>
        <button type="submit" name="decision" value="deny" class="btn ghost wide">Deny</button>
      </form>
    </div>
  </Layout>
);

const Problem = (p: { message: string }) => (
  <Layout title="Cannot connect">
    <div class="auth-wrap">
      <div class="card auth">
        <h1>This app cannot be connected</h1>
        <p>{p.message}</p>
        <p class="muted">Start connecting again from the app.</p>
      </div>
    </div>
  </Layout>
);

const SignInStep = (p: { error?: string; email?: string }) => (
  <Layout title="Sign in to connect an app">
    <div class="auth-wrap">
      <SignInForm heading="Sign in to connect an app to Katto" error={p.error} email={p.email} hidden={{ step: "sign_in" }} action="" submitLabel="Sign in and continue" />
    </div>
  </Layout>
);

/** The authorization request from this URL's query (the provider validates client and redirect URI). */
const parseRequest = (c: Context<DashboardEnv>) => oauth(c).parseAuthRequest(new Request(c.req.url, { method: "GET" }));

async function showConsent(c: Context<DashboardEnv>, req: AuthRequest, email: string) {
  // Only the scopes this server grants; none requested means read (the resource's required scope).
  const scope = req.scope.filter((s) => (OAUTH_SCOPES as readonly string[]).includes(s));
  const request = { ...req, scope: scope.length ? scope : ["read"] };
  const details = await oauth(c).describeConsent(request);
  const consent = await oauth(c).beginConsent(request);
  consent.headers.forEach((v, k) => c.header(k, v, { append: true }));
  return c.html(await renderPage(<ConsentPage d={details} handle={consent.handle} email={email} />));
}

async function handleErrors(c: Context<DashboardEnv>, run: () => Promise<Response>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AuthorizationError && err.redirectTo) return c.redirect(err.redirectTo, 302);
    if (err instanceof AuthorizationError) return c.html(await renderPage(<Problem message={err.description ?? "The request is not valid."} />), 400);
    if (err instanceof CimdFetchError) return c.html(await renderPage(<Problem message="The app's metadata document could not be fetched, so the app cannot be verified." />), 400);
    throw err;
  }
}

/** The consent form's answer: denied, or the ticked scopes approved, an API key made for the client and the grant completed. */
async function answerConsent(c: Context<DashboardEnv>, form: FormData, accountId: string): Promise<Response> {
  const field = (n: string) => (typeof form.get(n) === "string" ? (form.get(n) as string) : "");
  const helpers = oauth(c);
  if (field("decision") !== "approve") {
    const denied = await helpers.denyConsent(c.req.raw, field("handle"));
    return new Response(null, { status: 302, headers: withLocation(denied.headers, denied.redirectTo) });
  }
  const ticked = form.getAll("scope").map(String).filter((s): s is Scope => (OAUTH_SCOPES as readonly string[]).includes(s));
  if (!ticked.length) return c.html(await renderPage(<Problem message="Tick at least one permission, or choose Deny." />), 400);
  const approved = await helpers.approveConsent(c.req.raw, field("handle"), { scope: ticked });
  const client = await helpers.lookupClient(approved.request.clientId);
  const clientName = (client?.clientName ?? approved.request.clientId).slice(0, 80);
  const scopes = approved.request.scope.filter((s): s is Scope => (OAUTH_SCOPES as readonly string[]).includes(s));
  const key = await createKey(c.env.DB, accountId, { scopes, name: `MCP: ${clientName}` });
  const { redirectTo } = await helpers.completeAuthorization({
    request: approved.request,
    userId: accountId,
    metadata: { keyId: key.id, clientName },
    scope: scopes,
    props: { apiKey: key.key, accountId, via: "oauth", keyId: key.id },
  });
  return new Response(null, { status: 302, headers: withLocation(approved.headers, redirectTo) });
}

export function registerOAuthPages(app: App) {
  const o = new Hono<DashboardEnv>();
  o.use("/oauth/*", sameOriginOnly);
  o.use("/oauth/*", pageSecurityHeaders("no-referrer"));

  o.get(OAUTH_AUTHORIZE_PATH, (c) =>
    handleErrors(c, async () => {
      const req = await parseRequest(c);
      const session = await currentSession(c);
      if (!session) return c.html(await renderPage(<SignInStep />));
      return showConsent(c, req, session.email);
    }),
  );

  o.post(OAUTH_AUTHORIZE_PATH, (c) =>
    handleErrors(c, async () => {
      const form = await c.req.formData();
      const field = (n: string) => (typeof form.get(n) === "string" ? (form.get(n) as string) : "");
      if (field("step") === "sign_in") {
        const req = await parseRequest(c);
        const email = field("email");
        try {
          const who = await signIn({ db: c.env.DB, email, password: field("password"), ip: clientIp(c.req.raw) });
          await startSession(c, who.accountId);
          return showConsent(c, req, who.email);
        } catch (e) {
          if (e instanceof SignInThrottledError) {
            c.header("Retry-After", String(e.retryAfterSeconds));
            return c.html(await renderPage(<SignInStep error={e.message} email={email} />), 429);
          }
          if (e instanceof InvalidCredentialsError) return c.html(await renderPage(<SignInStep error={e.message} email={email} />), 401);
          throw e;
        }
      }
      const session = await currentSession(c);
      if (!session) return c.html(await renderPage(<SignInStep error="Your session has ended. Sign in again." />), 401);
      return answerConsent(c, form, session.accountId);
    }),
  );

  // Connected apps of the signed-in account, and disconnecting one: the grant (its tokens) and its
  // "MCP: <client>" key are both revoked, so /mcp answers 401 to that client at once.
  o.get("/oauth/grants", requireSession, async (c) => {
    const { items } = await oauth(c).listUserGrants(c.get("session").accountId);
    return c.json({ grants: items.map((g) => ({ id: g.id, client_id: g.clientId, client_name: g.metadata?.clientName ?? null, scopes: g.scope, created_at: new Date(g.createdAt * 1000).toISOString() })) });
  });
  o.post("/oauth/grants/:id/revoke", requireSession, async (c) => {
    const accountId = c.get("session").accountId;
    const { items } = await oauth(c).listUserGrants(accountId);
    const grant = items.find((g) => g.id === c.req.param("id"));
    if (!grant) return c.json({ error: "No such connected app.", code: "not_found" }, 404);
    // The key first: if forgetting its cached principal fails, this answers 500 with the grant
    // still listed, so a retry revokes both (revoking a revoked key forgets again).
    if (typeof grant.metadata?.keyId === "string") {
      await revokeKey(c.env, grant.metadata.keyId).catch((err: unknown) => {
        if (!(err instanceof NotFoundError)) throw err;
      });
    }
    await oauth(c).revokeGrant(grant.id, accountId);
    return c.json({ id: grant.id, revoked: true });
  });

  app.route("/", o as unknown as Hono);
}

function withLocation(headers: Headers, location: string) {
  const h = new Headers(headers);
  h.set("Location", location);
  return h;
}
