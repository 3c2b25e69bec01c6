// The dashboard in a real browser (issue 9): Debian's chromium driven by playwright-core against
// the shared local stack. One browser, one signed-in page, one job. Screenshots go to docs/img/.
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
// @ts-expect-error plain ESM script without types
import { mintSignInLink } from "../../scripts/lib/stack.mjs";
import { media, repoRoot, serveFiles, webhookReceiver } from "./helpers";

const CHROMIUM = "/usr/bin/chromium";
const SHOTS = path.join(repoRoot, "docs/img");
const PASSWORD = "a very long local password";
const base = () => inject("baseUrl");
const admin = () => ({ authorization: `Bearer ${inject("adminToken")}`, "content-type": "application/json" });

let browser: Browser;
let page: Page;
let files: Awaited<ReturnType<typeof serveFiles>>;
let email: string;
let accountId: string;
/** What Chromium reported as blocked by the pages' Content-Security-Policy (src/middleware/page-security.ts). */
const cspViolations: string[] = [];
/** the finished job's page, for the phone-width check */
let jobPath = "/dashboard/jobs";

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `dashboard-${name}.png`), fullPage: true });
/** GET /api/v1/me with `key`. The system tests share 127.0.0.1 and its per-IP limit, which is judged before the key: wait out a 429 like a client would. */
async function apiMe(key: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${base()}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    if (res.status !== 429 || attempt >= 3) return res;
    await new Promise((r) => setTimeout(r, (Number(res.headers.get("retry-after")) || 1) * 1000));
  }
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: npm test installs Debian's chromium (scripts/apt-dev-packages.txt); or apt-get install chromium`);
  mkdirSync(SHOTS, { recursive: true });
  files = await serveFiles({ "sample.mp4": media("video_misc/auto-editor_example.mp4") });
  email = `creator-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const r = await fetch(`${base()}/admin/v1/accounts`, { method: "POST", headers: admin(), body: JSON.stringify({ email, plan: "creator", password: PASSWORD }) });
  expect(r.status).toBe(201);
  accountId = ((await r.json()) as { id: string }).id;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--autoplay-policy=no-user-gesture-required"],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
});
afterAll(async () => {
  await browser?.close();
  await files?.close();
});

// axe-core (Deque's accessibility engine) checks the page as rendered. It is evaluated through the
// DevTools protocol, which the page's Content-Security-Policy does not govern, so the policy stays strict.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() => (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }));
  return result.violations.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("dashboard in a browser", () => {
  it("refuses a wrong password with the generic message, then signs in", async () => {
    await page.goto(`${base()}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not my password at all");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Email or password is incorrect.");
    await shot("sign-in-error");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${base()}/dashboard`);
    await expect.poll(() => page.locator("#usage-text").textContent()).toMatch(/0 of 25 videos used/);
    await shot("overview");
    const cookie = (await page.context().cookies()).find((c) => c.name === "katto_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  });

  it("creates an API key shown once that works, then revokes it and the API answers 401", async () => {
    await page.goto(`${base()}/dashboard/keys`);
    await page.getByLabel("Name").fill("Browser test key");
    await page.getByRole("button", { name: "Create key" }).click();
    const key = (await page.locator("#new-key").textContent())!.trim();
    expect(key).toMatch(/^katto_[A-Za-z0-9_-]{43}$/);
    await shot("keys");
    expect((await apiMe(key)).status).toBe(200);
    await page.goto(`${base()}/dashboard/keys`);
    const row = page.locator("tr", { hasText: "Browser test key" });
    await expect.poll(() => row.locator("td").nth(4).textContent()).not.toBe("never"); // last used recorded
    await row.getByRole("button", { name: /Revoke/ }).click();
    await expect.poll(() => page.locator("tr", { hasText: "Browser test key" }).textContent()).toContain("revoked");
    expect((await apiMe(key)).status).toBe(401);
  });

  it("submits a job by URL and plays a finished clip in its player", async () => {
    await page.goto(`${base()}/dashboard/jobs`);
    await page.getByLabel("Video URL").fill(files.url("sample.mp4"));
    await page.getByRole("button", { name: "Make clips", exact: true }).click();
    await page.waitForURL(/\/dashboard\/jobs\/[0-9a-f-]{36}$/);
    jobPath = new URL(page.url()).pathname;
    // The page polls the job and reloads when it ends; the clip players then appear.
    const video = page.locator("article.clip video").first();
    await video.waitFor({ state: "attached", timeout: 240_000 });
    expect(await page.locator("[data-status]").first().textContent()).toBe("completed");
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await page.waitForFunction(() => {
      const v = document.querySelector("article.clip video") as HTMLVideoElement | null;
      return !!v && v.readyState >= 2 && v.currentTime > 0.2;
    }, undefined, { timeout: 60_000 });
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    expect(await page.locator("article.clip .score").first().textContent()).toMatch(/^\d+$/);
    await expect.poll(() => page.getByRole("link", { name: "Download MP4" }).count()).toBeGreaterThan(0);
    await shot("job");
    await page.goto(`${base()}/dashboard/jobs`);
    await expect.poll(() => page.locator("tr[data-job] [data-status]").first().textContent()).toBe("completed");
    await shot("jobs");
  });

  it("selects words of the finished job's transcript and makes a clip from the selection", async () => {
    await page.goto(`${base()}${jobPath}`);
    const words = page.locator("button[data-w]");
    expect(await words.count()).toBeGreaterThan(10);
    // the first word, then a later one: 4 to 60 s of speech after the first word starts
    const first = words.first();
    const from = Number(await first.getAttribute("data-s"));
    const last = await words.evaluateAll((bs, s) => bs.findIndex((b) => Number(b.getAttribute("data-e")) - s >= 4 && Number(b.getAttribute("data-e")) - s <= 60), from);
    expect(last).toBeGreaterThan(0);
    await first.click();
    await words.nth(last).press("Enter");
    expect(await page.locator("button[data-w][aria-pressed=true]").count()).toBe(last + 1);
    expect(await page.locator("[data-sel-label]").textContent()).toMatch(new RegExp(`Selected: words 0–${last}, \\d+:\\d\\d\\.\\d–\\d+:\\d\\d\\.\\d, \\d+\\.\\d s`));
    expect(new URL(page.url()).searchParams.get("sel")).toBe(`0-${last}`);
    expect(await axeViolations(page), "job page with a selection: axe").toEqual([]);
    await page.getByRole("button", { name: "Make a clip from this selection" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/^Clip \d+ is being made from [\d.]+ s to [\d.]+ s \(snapped to pauses\)/);
    expect(await page.locator("[data-manual-clip]").count()).toBe(1);
  });

  it("uploads a chosen file with a progress bar through the presigned URL, then cancels the job", async () => {
    await page.goto(`${base()}/dashboard/jobs`);
    // Report the bar's value after each upload progress event (read after the page's own handler ran).
    const seen: number[] = [];
    await page.exposeFunction("__reportUploadBar", (v: number) => seen.push(v));
    await page.evaluate(() => {
      const open = XMLHttpRequest.prototype.open;
      XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
        this.upload.addEventListener("progress", () => setTimeout(() => (window as unknown as { __reportUploadBar: (v: number) => void }).__reportUploadBar((document.getElementById("upload-progress") as HTMLProgressElement).value)));
        return open.apply(this, args);
      } as typeof open;
    });
    await page.setInputFiles("#upload-file", media("video_talking/other/obama_weekly_address_clip_very_real_challenges.mp4"));
    // Every option of the form goes with the upload (issue 41): score_with "account" reaches the API,
    // which refuses it for an account with no published clips, and the form says why; then without it.
    await page.locator("#upload-form details > summary").first().click();
    const rankWith = page.locator('#upload-form select[name="score_with"]');
    await rankWith.selectOption("account");
    await page.getByRole("button", { name: "Upload and make clips" }).click();
    await expect.poll(() => page.locator("#upload-status").textContent()).toMatch(/config\.score_with "account" needs 10 published clips/);
    await rankWith.selectOption("");
    await page.getByRole("button", { name: "Upload and make clips" }).click();
    await page.waitForURL(/\/dashboard\/jobs\/[0-9a-f-]{36}$/);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[seen.length - 1]).toBe(100);
    expect(await page.locator(".facts dd.mono").first().textContent()).toMatch(/^upload:\/\//);
    await page.getByRole("button", { name: "Cancel job" }).click();
    await expect.poll(() => page.locator("[data-status]").first().textContent()).toBe("cancelled");
  });

  it("creates a brand kit, previews it live and saves an edit", async () => {
    await page.goto(`${base()}/dashboard/brand-kits`);
    const create = page.locator("form[data-kit-form]").last();
    await create.getByLabel("Name").fill("Podcast look");
    await create.getByLabel("Highlight colour").fill("#00ff88");
    await create.getByLabel("Caption position").selectOption("top");
    await expect.poll(() => create.locator("[data-accent]").evaluate((e) => getComputedStyle(e).color)).toBe("rgb(0, 255, 136)");
    await expect.poll(() => create.locator("[data-cap]").getAttribute("class")).toBe("cap pos-top");
    await create.getByRole("button", { name: "Create brand kit" }).click();
    const kit = page.locator("section[data-kit]", { hasText: "Podcast look" });
    await kit.waitFor();
    await kit.getByLabel("Name").fill("Podcast look v2");
    await kit.getByLabel("Caption colour").fill("#ffe066");
    await kit.getByRole("button", { name: "Save changes" }).click();
    await page.locator("section[data-kit] h2", { hasText: "Podcast look v2" }).waitFor();
    expect(await page.locator("section[data-kit] input[name=primary_color]").first().inputValue()).toBe("#ffe066");
    // a saved kit's preview takes its colour from the page's script (no inline style under the CSP)
    await expect.poll(() => page.locator("section[data-kit] [data-cap]").first().evaluate((e) => getComputedStyle(e).color)).toBe("rgb(255, 224, 102)");
    await shot("brand-kits");
  });

  it("reveals the webhook secret on click and sends a signed test event", async () => {
    const hook = await webhookReceiver();
    try {
      await page.goto(`${base()}/dashboard/webhooks`);
      expect(await page.locator("#webhook-secret").count()).toBe(0);
      await page.getByRole("button", { name: "Reveal secret" }).click();
      await expect.poll(() => page.locator("#webhook-secret").textContent()).toMatch(/^whsec_/);
      await shot("webhooks");
      const secret = (await page.locator("#webhook-secret").textContent())!;
      await page.getByLabel("Receiver URL").fill(hook.url);
      await page.getByRole("button", { name: "Send test event" }).click();
      await expect.poll(() => page.getByRole("status").first().textContent()).toMatch(/Delivered: the receiver answered HTTP 200/);
      expect(hook.received.length).toBe(1);
      // Signed like a real callback, with the secret the page revealed (the snippet's scheme).
      const { headers, body } = hook.received[0];
      expect(headers["x-service-signature"]).toBe("sha256=" + createHmac("sha256", secret).update(`${headers["x-service-timestamp"]}.${body}`).digest("hex"));
    } finally {
      await hook.close();
    }
  });

  it("refuses a state change posted from another origin (CSRF), with the session cookie sent", async () => {
    // Another port on 127.0.0.1 is another origin but the same site, so the Lax cookie IS sent:
    // only the origin check stands between this page and a new API key.
    const evil: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end(
        `<form id="f" method="post" action="${base()}/dashboard/keys"><input name="name" value="csrf"><input name="scopes" value="write"></form><script>f.submit()</script>`,
      );
    });
    await new Promise<void>((r) => evil.listen(0, "127.0.0.1", r));
    try {
      const { port } = evil.address() as { port: number };
      const [response] = await Promise.all([page.waitForResponse((r) => r.url() === `${base()}/dashboard/keys` && r.request().method() === "POST"), page.goto(`http://127.0.0.1:${port}/`)]);
      expect(response.status()).toBe(403);
      expect(await response.text()).toMatch(/cross-site/);
      await page.goto(`${base()}/dashboard/keys`);
      expect(await page.locator("tr", { hasText: "csrf" }).count()).toBe(0);
    } finally {
      await new Promise<void>((r) => evil.close(() => r()));
    }
  });

  it("every page so far worked under the strict Content-Security-Policy: nothing was blocked", () => {
    expect(cspViolations).toEqual([]);
  });

  it("an injected inline script or event handler does not run", async () => {
    await page.goto(`${base()}/dashboard/jobs`);
    const outcome = await page.evaluate(async () => {
      const w = window as unknown as { injected?: number; handled?: number };
      const blocked: string[] = [];
      document.addEventListener("securitypolicyviolation", (e) => blocked.push(e.violatedDirective));
      // what a title or transcript carrying markup would try, were it ever put into the page as HTML
      const s = document.createElement("script");
      s.textContent = "window.injected = 1";
      document.body.append(s);
      const img = document.createElement("img");
      img.setAttribute("onerror", "window.handled = 1");
      img.src = "data:,not-an-image";
      document.body.append(img);
      await new Promise((r) => setTimeout(r, 300));
      return { injected: w.injected ?? null, handled: w.handled ?? null, blocked };
    });
    expect(outcome.injected).toBeNull();
    expect(outcome.handled).toBeNull();
    expect(outcome.blocked).toContain("script-src-elem");
  });

  it("fits a phone screen on every page with no accessibility violation (axe, WCAG 2.1 A and AA): no sideways scrolling, every section one visible tap away; then signs out", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/dashboard", "/dashboard/jobs", jobPath, "/dashboard/keys", "/dashboard/brand-kits", "/dashboard/webhooks", "/dashboard/connections", "/dashboard/publications"]) {
      await page.goto(`${base()}${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} scrolls sideways`).toBe(true);
      // every navigation link lies inside the screen's width: none hidden behind a sideways swipe
      const links = await page.locator("header nav a").evaluateAll((as) => as.map((a) => { const r = a.getBoundingClientRect(); return { text: a.textContent, left: r.left, right: r.right }; }));
      expect(links.length, path).toBe(9);
      for (const l of links) expect(l.left >= 0 && l.right <= 390, `${path}: ${l.text} at ${l.left}-${l.right}`).toBe(true);
      expect(await axeViolations(page), `${path}: axe`).toEqual([]);
    }
    // the check can fail: an image without a text alternative is reported
    await page.evaluate(() => document.body.append(document.createElement("img")));
    expect((await axeViolations(page)).join("\n")).toMatch(/^image-alt/m);
    // tables become labelled cards: the keys page's rows show their column names
    await page.goto(`${base()}/dashboard/keys`);
    await expect.poll(() => page.locator("tbody td").first().getAttribute("data-label")).toBe("Name");
    await page.goto(`${base()}/dashboard`);
    await shot("mobile");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${base()}/dashboard/sign-in`);
    await page.goto(`${base()}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/sign-in");
  });

  it("signs in with the one-time link npm start prints, once", async () => {
    const link: string = await mintSignInLink(base(), inject("adminToken"), accountId);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${base()}/dashboard`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${base()}/dashboard/sign-in`);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/invalid, expired or already used/);
  });
});
