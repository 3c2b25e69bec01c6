// Drive the dashboard as a browser would: same-origin form posts with a session cookie.
import { SELF } from "cloudflare:test";
import { ADMIN, BASE, freshIp } from "../helpers";

export const PASSWORD = "correct horse battery staple";

export async function accountWithPassword(password = PASSWORD) {
  const email = `${crypto.randomUUID()}@example.test`;
  const r = await SELF.fetch(`${BASE}/admin/v1/accounts`, { method: "POST", headers: ADMIN, body: JSON.stringify({ email, plan: "creator", password }) });
  if (r.status !== 201) throw new Error(`create account: ${r.status} ${await r.text()}`);
  return { ...((await r.json()) as { id: string; email: string }), password };
}

/** A same-origin form post (Origin + Sec-Fetch-Site as a browser sends them). */
export function post(path: string, form: Record<string, string>, init: { cookie?: string; ip?: string; origin?: string; site?: string; base?: string } = {}) {
  const base = init.base ?? BASE;
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    origin: init.origin ?? new URL(base).origin,
    "sec-fetch-site": init.site ?? "same-origin",
    "cf-connecting-ip": init.ip ?? freshIp(),
  };
  if (init.cookie) headers.cookie = init.cookie;
  return SELF.fetch(`${base}${path}`, { method: "POST", headers, body: new URLSearchParams(form).toString(), redirect: "manual" });
}

export const get = (path: string, cookie?: string) => SELF.fetch(`${BASE}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

/** The `name=value` part of the session cookie a response sets. */
export function sessionCookie(r: Response): string {
  const set = r.headers.get("set-cookie") ?? "";
  const m = /katto_session=([^;]+)/.exec(set);
  if (!m) throw new Error(`no session cookie in: ${set}`);
  return `katto_session=${m[1]}`;
}

export async function signedIn(account?: Awaited<ReturnType<typeof accountWithPassword>>) {
  const a = account ?? (await accountWithPassword());
  const r = await post("/dashboard/sign-in", { email: a.email, password: a.password });
  if (r.status !== 303) throw new Error(`sign-in: ${r.status} ${await r.text()}`);
  return { account: a, cookie: sessionCookie(r) };
}
