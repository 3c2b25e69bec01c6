// Dashboard accounts and sign-in (issue 9): passwords, sessions, throttling, CSRF, admin password
// field, self sign-up and one-time links. Rules: docs/api-decisions.md "Dashboard sign-in".
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/lib/crypto";
import { hashPassword, needsRehash, PBKDF2_ITERATIONS, verifyPassword } from "../../../src/services/auth/passwords";
import { createSession, sweepAuth } from "../../../src/services/auth/sessions";
import { InvalidCredentialsError, SIGN_IN_FAILED_MESSAGE, signIn, signUp } from "../../../src/services/auth/sign-in";
import { ADMIN, BASE, freshIp } from "../helpers";
import { accountWithPassword, get, PASSWORD, post, sessionCookie, signedIn } from "./dashboard-helpers";

const row = (sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).first<Record<string, unknown>>();

describe("passwords", () => {
  it("uses PBKDF2-SHA256 at 100,000 iterations, the most production Workers accept", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const p = await hashPassword("a long enough password");
    expect(p).toMatchObject({ algorithm: "pbkdf2-sha256", iterations: 100_000 });
    expect(await verifyPassword("a long enough password", p)).toBe(true);
    expect(await verifyPassword("a long enough passwore", p)).toBe(false);
    const again = await hashPassword("a long enough password");
    expect(again.salt).not.toBe(p.salt);
    expect(again.hash).not.toBe(p.hash);
    expect(needsRehash(p)).toBe(false);
    expect(needsRehash({ algorithm: "pbkdf2-sha256", iterations: 1000 })).toBe(true);
  });

  it("rehashes with today's parameters on a successful sign-in", async () => {
    const a = await accountWithPassword();
    const old = await hashPassword(PASSWORD, 1000);
    await env.DB.prepare("UPDATE accounts SET password_hash = ?2, password_salt = ?3, password_iterations = 1000 WHERE id = ?1").bind(a.id, old.hash, old.salt).run();
    const r = await post("/dashboard/sign-in", { email: a.email, password: PASSWORD });
    expect(r.status).toBe(303);
    const after = await row("SELECT password_hash, password_iterations FROM accounts WHERE id = ?1", a.id);
    expect(after).toMatchObject({ password_iterations: 100_000 });
    expect(after!.password_hash).not.toBe(old.hash);
    expect((await post("/dashboard/sign-in", { email: a.email, password: PASSWORD })).status).toBe(303);
  });
});

describe("sign-in and sessions", () => {
  it("303s into /dashboard with an HttpOnly SameSite=Lax cookie whose token is stored only as a hash", async () => {
    const a = await accountWithPassword();
    const r = await post("/dashboard/sign-in", { email: a.email.toUpperCase(), password: PASSWORD });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/dashboard");
    const set = r.headers.get("set-cookie")!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).toMatch(/Path=\//);
    expect(set).not.toMatch(/Secure/); // plain http on loopback
    const cookie = sessionCookie(r);
    const token = cookie.split("=")[1];
    const s = await row("SELECT * FROM sessions WHERE account_id = ?1", a.id);
    expect(s!.token_hash).toBe(await sha256Hex(token));
    expect(Object.values(s!)).not.toContain(token);
    const home = await get("/dashboard", cookie);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(a.email);
  });

  it("sets Secure on anything but plain-http loopback", async () => {
    const a = await accountWithPassword();
    const r = await post("/dashboard/sign-in", { email: a.email, password: PASSWORD }, { base: "https://katto.example" });
    expect(r.status).toBe(303);
    expect(r.headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("sends a visitor without a session to the sign-in form", async () => {
    const r = await get("/dashboard");
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/dashboard/sign-in?next=%2Fdashboard");
    const form = await get("/dashboard/sign-in");
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toMatch(/<form method="post" action="\/dashboard\/sign-in"/);
    expect(html).toMatch(/name="email"/);
    expect(html).toMatch(/name="password"/);
  });

  it("sign-out ends the session server-side", async () => {
    const { account, cookie } = await signedIn();
    expect((await get("/dashboard", cookie)).status).toBe(200);
    const out = await post("/dashboard/sign-out", {}, { cookie });
    expect(out.status).toBe(303);
    expect(await row("SELECT count(*) AS n FROM sessions WHERE account_id = ?1", account.id)).toEqual({ n: 0 });
    expect((await get("/dashboard", cookie)).status).toBe(303);
  });

  it("an expired session is refused and deleted", async () => {
    const { cookie } = await signedIn();
    const hash = await sha256Hex(cookie.split("=")[1]);
    await env.DB.prepare("UPDATE sessions SET expires_at = ?2 WHERE token_hash = ?1").bind(hash, new Date(Date.now() - 1000).toISOString()).run();
    expect((await get("/dashboard", cookie)).status).toBe(303);
    expect(await row("SELECT count(*) AS n FROM sessions WHERE token_hash = ?1", hash)).toEqual({ n: 0 });
  });

  it("gives the same message for an unknown e-mail and a wrong password", async () => {
    const a = await accountWithPassword();
    const wrong = await post("/dashboard/sign-in", { email: a.email, password: "not the password!" });
    const unknown = await post("/dashboard/sign-in", { email: `nobody-${crypto.randomUUID()}@example.test`, password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const [w, u] = [await wrong.text(), await unknown.text()];
    expect(w).toContain(SIGN_IN_FAILED_MESSAGE);
    expect(u).toContain(SIGN_IN_FAILED_MESSAGE);
    const e1 = await signIn({ db: env.DB, email: a.email, password: "nope nope nope" }).catch((e) => e);
    const e2 = await signIn({ db: env.DB, email: "ghost@example.test", password: "nope nope nope" }).catch((e) => e);
    expect(e1).toBeInstanceOf(InvalidCredentialsError);
    expect(e2).toBeInstanceOf(InvalidCredentialsError);
    expect(e1.message).toBe(e2.message);
  });
});

describe("sweep (cron)", () => {
  it("deletes expired sessions and stale failure counters, keeps live ones", async () => {
    const a = await accountWithPassword();
    const old = await createSession({ db: env.DB, accountId: a.id, now: new Date(Date.now() - 8 * 24 * 3600_000) });
    const live = await createSession({ db: env.DB, accountId: a.id });
    const stale = `email:stale-${crypto.randomUUID()}@example.test`;
    const fresh = `email:fresh-${crypto.randomUUID()}@example.test`;
    await env.DB.prepare("INSERT INTO sign_in_failures (subject, failures, last_failure_at) VALUES (?1, 3, ?2), (?3, 3, ?4)")
      .bind(stale, new Date(Date.now() - 3600_000).toISOString(), fresh, new Date().toISOString()).run();
    await sweepAuth(env.DB);
    expect(await row("SELECT count(*) AS n FROM sessions WHERE id = ?1", old.id)).toEqual({ n: 0 });
    expect(await row("SELECT count(*) AS n FROM sessions WHERE id = ?1", live.id)).toEqual({ n: 1 });
    expect(await row("SELECT count(*) AS n FROM sign_in_failures WHERE subject IN (?1, ?2)", stale, fresh)).toEqual({ n: 1 });
    expect(await row("SELECT subject FROM sign_in_failures WHERE subject IN (?1, ?2)", stale, fresh)).toEqual({ subject: fresh });
  });
});

describe("throttling", () => {
  it("slows an account down after 3 failures, then locks it out at 10", async () => {
    const a = await accountWithPassword();
    for (let i = 0; i < 4; i++) expect((await post("/dashboard/sign-in", { email: a.email, password: `wrong password ${i}` })).status).toBe(401);
    // The 4th failure imposes a delay: even the right password is not checked before it passes.
    const slowed = await post("/dashboard/sign-in", { email: a.email, password: PASSWORD });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await slowed.text()).toContain("Too many failed sign-in attempts");
    // Fast-forward: 9 failures counted and the delay over; the 10th locks the account out for 15 minutes.
    const subject = `email:${a.email}`;
    await env.DB.prepare("UPDATE sign_in_failures SET failures = 9, blocked_until = NULL WHERE subject = ?1").bind(subject).run();
    expect((await post("/dashboard/sign-in", { email: a.email, password: "wrong again!!" })).status).toBe(401);
    const locked = await post("/dashboard/sign-in", { email: a.email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);
    // Once the lock-out is over, the right password works and clears the account's counter.
    await env.DB.prepare("UPDATE sign_in_failures SET blocked_until = NULL WHERE subject = ?1").bind(subject).run();
    expect((await post("/dashboard/sign-in", { email: a.email, password: PASSWORD })).status).toBe(303);
    expect(await row("SELECT count(*) AS n FROM sign_in_failures WHERE subject = ?1", subject)).toEqual({ n: 0 });
  });

  it("slows down an address that fails across many e-mails", async () => {
    const ip = freshIp();
    for (let i = 0; i < 11; i++) {
      expect((await post("/dashboard/sign-in", { email: `probe-${i}-${crypto.randomUUID()}@example.test`, password: "whatever pass" }, { ip })).status).toBe(401);
    }
    const a = await accountWithPassword();
    expect((await post("/dashboard/sign-in", { email: a.email, password: PASSWORD }, { ip })).status).toBe(429);
    expect((await post("/dashboard/sign-in", { email: a.email, password: PASSWORD })).status).toBe(303);
  });
});

describe("CSRF", () => {
  it("refuses a cross-site sign-in post and a cross-site sign-out", async () => {
    const a = await accountWithPassword();
    const x = await post("/dashboard/sign-in", { email: a.email, password: PASSWORD }, { origin: "https://evil.example", site: "cross-site" });
    expect(x.status).toBe(403);
    expect(((await x.json()) as { error: string }).error).toMatch(/cross-site/);
    // No Sec-Fetch-Site (older browser): Origin decides.
    const noSite = await SELF.fetch(`${BASE}/dashboard/sign-in`, {
      method: "POST", redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", "cf-connecting-ip": freshIp() },
      body: new URLSearchParams({ email: a.email, password: PASSWORD }).toString(),
    });
    expect(noSite.status).toBe(403);
    const { cookie } = await signedIn(a);
    expect((await post("/dashboard/sign-out", {}, { cookie, origin: "https://evil.example", site: "cross-site" })).status).toBe(403);
    expect((await get("/dashboard", cookie)).status).toBe(200);
  });
});

describe("admin password field", () => {
  const patch = (id: string, body: unknown) => SELF.fetch(`${BASE}/admin/v1/accounts/${id}`, { method: "PATCH", headers: ADMIN, body: JSON.stringify(body) });

  it("requires at least 12 characters on create and on update", async () => {
    const short = await SELF.fetch(`${BASE}/admin/v1/accounts`, { method: "POST", headers: ADMIN, body: JSON.stringify({ email: `${crypto.randomUUID()}@example.test`, plan: "free", password: "elevenchars" }) });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: string }).error).toMatch(/password must be at least 12 characters/);
    const a = await accountWithPassword();
    const bad = await patch(a.id, { password: "short" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/at least 12/);
    expect((await patch(crypto.randomUUID(), { password: "a brand new password" })).status).toBe(404);
  });

  it("PATCH sets a new password (the old one stops working) and leaves the plan", async () => {
    const a = await accountWithPassword();
    const r = await patch(a.id, { password: "a brand new password" });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ id: a.id, email: a.email, plan: "creator" });
    expect((await post("/dashboard/sign-in", { email: a.email, password: PASSWORD })).status).toBe(401);
    expect((await post("/dashboard/sign-in", { email: a.email, password: "a brand new password" })).status).toBe(303);
    const plan = await patch(a.id, { plan: "pro" });
    expect(await plan.json()).toEqual({ id: a.id, email: a.email, plan: "pro" });
  });

  it("an account created without a password cannot sign in", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    await SELF.fetch(`${BASE}/admin/v1/accounts`, { method: "POST", headers: ADMIN, body: JSON.stringify({ email, plan: "free" }) });
    const r = await post("/dashboard/sign-in", { email, password: "" });
    expect(r.status).toBe(401);
    expect(await r.text()).toContain(SIGN_IN_FAILED_MESSAGE);
  });
});

describe("self sign-up", () => {
  it("is refused by default (SELF_SIGNUP is not \"true\")", async () => {
    expect(env.SELF_SIGNUP).not.toBe("true");
    expect((await get("/dashboard/sign-up")).status).toBe(403);
    const email = `${crypto.randomUUID()}@example.test`;
    const r = await post("/dashboard/sign-up", { email, password: "a long enough password" });
    expect(r.status).toBe(403);
    expect(await r.text()).toContain("Sign-up is closed");
    expect(await row("SELECT count(*) AS n FROM accounts WHERE email = ?1", email)).toEqual({ n: 0 });
  });

  it("when allowed, creates a free account that can sign in (password rules apply)", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    await expect(signUp({ db: env.DB, selfSignUp: true, email, password: "short" })).rejects.toThrow(/at least 12/);
    const who = await signUp({ db: env.DB, selfSignUp: true, email, password: "a long enough password" });
    expect(who).toMatchObject({ email, plan: "free" });
    expect((await post("/dashboard/sign-in", { email, password: "a long enough password" })).status).toBe(303);
  });
});

describe("one-time sign-in link", () => {
  it("signs in once through a same-origin POST, then is used up", async () => {
    const a = await accountWithPassword();
    const r = await SELF.fetch(`${BASE}/admin/v1/accounts/${a.id}/sign-in-links`, { method: "POST", headers: ADMIN });
    expect(r.status).toBe(201);
    const link = (await r.json()) as { url: string; expires_at: string };
    const u = new URL(link.url);
    expect(u.pathname).toBe("/dashboard/sign-in/link");
    const token = u.searchParams.get("token")!;
    expect(await row("SELECT count(*) AS n FROM sign_in_links WHERE token_hash = ?1", await sha256Hex(token))).toEqual({ n: 1 });
    const page = await get(`${u.pathname}${u.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull(); // a GET never signs in
    const used = await post("/dashboard/sign-in/link", { token });
    expect(used.status).toBe(303);
    expect((await get("/dashboard", sessionCookie(used))).status).toBe(200);
    expect((await post("/dashboard/sign-in/link", { token })).status).toBe(401);
  });
});
