/** @jsxImportSource hono/jsx */
// Sign-in, one-time link, sign-up and sign-out. Rules live in services/auth/*; this file maps them.
import type { Hono } from "hono";
import { workerConfig } from "../../config";
import { clientIp } from "../../middleware/rate-limit";
import { endSession, redeemSignInLink } from "../../services/auth/sessions";
import { InvalidCredentialsError, SignInThrottledError, signIn, signUp } from "../../services/auth/sign-in";
import { ServiceError } from "../../errors";
import { Layout, renderPage } from "../components/layout";
import { SignInForm } from "../components/sign-in-form";
import { clearSessionCookie, currentSession, type DashboardEnv, safeNext, sessionToken, startSession } from "../session";

const SignInPage = (p: { error?: string; email?: string; next: string; selfSignUp: boolean }) => (
  <Layout title="Sign in">
    <div class="auth-wrap">
      <SignInForm error={p.error} email={p.email} hidden={{ next: p.next }} />
      {p.selfSignUp && (
        <p class="muted center">
          No account yet? <a href="/dashboard/sign-up">Create one</a>
        </p>
      )}
    </div>
  </Layout>
);

const SignUpPage = (p: { error?: string; email?: string; open: boolean }) => (
  <Layout title="Create an account">
    <div class="auth-wrap">
      {p.open ? (
        <form method="post" action="/dashboard/sign-up" class="card auth">
          <h1>Create your Katto account</h1>
          {p.error && <p class="alert" role="alert">{p.error}</p>}
          <label for="signup-email">Email</label>
          <input id="signup-email" name="email" type="email" autocomplete="username" required value={p.email ?? ""} />
          <label for="signup-password">Password <span class="muted">(at least 12 characters)</span></label>
          <input id="signup-password" name="password" type="password" autocomplete="new-password" required minlength={12} />
          <button type="submit" class="btn primary wide">Create account</button>
          <p class="muted center">Already have one? <a href="/dashboard/sign-in">Sign in</a></p>
        </form>
      ) : (
        <div class="card auth">
          <h1>Sign-up is closed</h1>
          <p>Accounts on this server are created by its operator. Ask them for one, then <a href="/dashboard/sign-in">sign in</a>.</p>
        </div>
      )}
    </div>
  </Layout>
);

/** The page a one-time sign-in link opens: one button that POSTs its token. */
function SignInLinkPage({ token }: { token: string }) {
  return (
    <Layout title="Sign in">
      <div class="auth-wrap">
        <form method="post" action="/dashboard/sign-in/link" class="card auth">
          <h1>Continue to your dashboard</h1>
          <p class="muted">This one-time link signs you in once and then stops working.</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" class="btn primary wide" autofocus>Sign in</button>
        </form>
      </div>
    </Layout>
  );
}

export function registerAuthPages(d: Hono<DashboardEnv>) {
  d.get("/dashboard/sign-in", async (c) => {
    const next = safeNext(c.req.query("next"));
    if (await currentSession(c)) return c.redirect(next, 303);
    return c.html(await renderPage(<SignInPage next={next} selfSignUp={workerConfig(c.env).selfSignUp} />));
  });

  d.post("/dashboard/sign-in", async (c) => {
    const form = await c.req.parseBody();
    const email = typeof form.email === "string" ? form.email : "";
    const password = typeof form.password === "string" ? form.password : "";
    const next = safeNext(form.next);
    const again = (error: string, status: 401 | 429) =>
      c.html(renderPage(<SignInPage error={error} email={email} next={next} selfSignUp={workerConfig(c.env).selfSignUp} />), status);
    try {
      const who = await signIn({ db: c.env.DB, email, password, ip: clientIp(c.req.raw) });
      await startSession(c, who.accountId);
      return c.redirect(next, 303);
    } catch (e) {
      if (e instanceof SignInThrottledError) {
        c.header("Retry-After", String(e.retryAfterSeconds));
        return again(e.message, 429);
      }
      if (e instanceof InvalidCredentialsError) return again(e.message, 401);
      throw e;
    }
  });

  // A one-time link (npm start, admin API) shows a button that POSTs the token: a GET never signs
  // in, so link scanners and prefetchers cannot use the link up, and a cross-site page cannot sign
  // a visitor in to someone else's account (the POST is same-origin only).
  d.get("/dashboard/sign-in/link", async (c) => {
    const token = c.req.query("token") ?? "";
    return c.html(await renderPage(<SignInLinkPage token={token} />));
  });

  d.post("/dashboard/sign-in/link", async (c) => {
    const form = await c.req.parseBody();
    try {
      const { accountId } = await redeemSignInLink(c.env.DB, typeof form.token === "string" ? form.token : "");
      await startSession(c, accountId);
      return c.redirect("/dashboard", 303);
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      return c.html(renderPage(<SignInPage error={e.message} next="/dashboard" selfSignUp={workerConfig(c.env).selfSignUp} />), 401);
    }
  });

  d.get("/dashboard/sign-up", async (c) => {
    const open = workerConfig(c.env).selfSignUp;
    return c.html(await renderPage(<SignUpPage open={open} />), open ? 200 : 403);
  });

  d.post("/dashboard/sign-up", async (c) => {
    const form = await c.req.parseBody();
    const email = typeof form.email === "string" ? form.email : "";
    try {
      const who = await signUp({ db: c.env.DB, selfSignUp: workerConfig(c.env).selfSignUp, email, password: typeof form.password === "string" ? form.password : "" });
      await startSession(c, who.accountId);
      return c.redirect("/dashboard", 303);
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      return c.html(renderPage(<SignUpPage open={workerConfig(c.env).selfSignUp} error={e.message} email={email} />), e.status as 400 | 403 | 409);
    }
  });

  d.post("/dashboard/sign-out", async (c) => {
    await endSession(c.env.DB, sessionToken(c));
    clearSessionCookie(c);
    return c.redirect("/dashboard/sign-in", 303);
  });
}
