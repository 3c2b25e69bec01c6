// The live caption preview of the creator style fields (issue 26) in a real browser: Debian's
// chromium driven by playwright-core against the shared local stack. The preview lays a sample
// sentence out with the renderer's rules (@katto/protocol previewCaptionPages, checked against the
// renderer in container/test/captions/caption-preview.test.ts); here: it follows words per
// caption, lines, key words (the kit's highlight colour, larger) and emoji as the fields change,
// and the caption language field sends caption_language. Screenshot: docs/img/dashboard-caption-preview.png.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { repoRoot } from "./helpers";

const CHROMIUM = "/usr/bin/chromium";
const SHOTS = path.join(repoRoot, "docs/img");
const PASSWORD = "a very long local password";
const base = () => inject("baseUrl");
const admin = () => ({ authorization: `Bearer ${inject("adminToken")}`, "content-type": "application/json" });

let browser: Browser;
let page: Page;
const cspViolations: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: npm test installs Debian's chromium (scripts/apt-dev-packages.txt); or apt-get install chromium`);
  mkdirSync(SHOTS, { recursive: true });
  const email = `preview-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const r = await fetch(`${base()}/admin/v1/accounts`, { method: "POST", headers: admin(), body: JSON.stringify({ email, plan: "creator", password: PASSWORD }) });
  expect(r.status).toBe(201);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  await page.goto(`${base()}/dashboard/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${base()}/dashboard`);
});
afterAll(async () => {
  await browser?.close();
});

/** What the preview shows: per caption, its lines' words, the key words and their colour and size, the emoji. */
async function shown(preview: Locator) {
  return preview.locator("[data-cap-page]").evaluateAll((pages) =>
    pages.map((p) => {
      const lines = [...p.querySelectorAll(".cap-line")].map((l) => [...l.querySelectorAll(".w")].map((w) => w.lastChild?.textContent ?? ""));
      const keys = [...p.querySelectorAll(".w.key")].map((k) => {
        const s = getComputedStyle(k);
        return { word: k.lastChild?.textContent, color: s.color, size: parseFloat(s.fontSize), base: parseFloat(getComputedStyle(p).fontSize) };
      });
      return { lines, keys, emoji: [...p.querySelectorAll("[data-emoji]")].map((e) => e.textContent) };
    }),
  );
}

describe("the creator style's caption preview", () => {
  it("on the brand-kit editor, follows words per caption, lines, key words in the highlight colour and emoji as the fields change", async () => {
    await page.goto(`${base()}/dashboard/brand-kits`);
    const form = page.locator("form[data-kit-form]").last();
    const preview = form.locator("[data-style-preview]");
    // automatic grouping: captions of several words on up to two lines, nothing marked
    const auto = await shown(preview);
    expect(auto.flatMap((p) => p.lines.flat()).join(" ")).toBe("Our new rocket engine saved 3 million dollars in one year.");
    expect(Math.max(...auto.map((p) => p.lines.flat().length))).toBeGreaterThan(2);
    expect(auto.flatMap((p) => p.keys)).toEqual([]);

    await form.getByLabel("Highlight colour").fill("#00ff88");
    await form.getByLabel("Words per caption").selectOption("2");
    await form.getByLabel("Lines").selectOption("1");
    await form.getByLabel("Key words", { exact: true }).selectOption("keywords");
    await form.getByLabel("Emoji beside key words").check();
    await expect.poll(async () => (await shown(preview)).every((p) => p.lines.length === 1 && p.lines.flat().length <= 2)).toBe(true);
    const styled = await shown(preview);
    expect(styled.flatMap((p) => p.lines.flat()).join(" ")).toBe("Our new rocket engine saved 3 million dollars in one year.");
    const keys = styled.flatMap((p) => p.keys);
    expect(keys.map((k) => k.word)).toContain("million");
    for (const k of keys) {
      expect(k.color).toBe("rgb(0, 255, 136)");
      expect(k.size).toBeCloseTo(k.base * 1.25, 0);
    }
    // emoji: at most one a caption, never on two captions in a row
    const withEmoji = styled.map((p) => p.emoji.length);
    expect(withEmoji.some((n) => n === 1)).toBe(true);
    expect(withEmoji.every((n) => n <= 1)).toBe(true);
    for (let i = 1; i < withEmoji.length; i++) expect(withEmoji[i - 1]! + withEmoji[i]!).toBeLessThanOrEqual(1);
    expect(styled.flatMap((p) => p.emoji)).toContain("🚀");

    await form.getByLabel("Emoji beside key words").uncheck();
    await expect.poll(async () => (await shown(preview)).flatMap((p) => p.emoji)).toEqual([]);
    await form.getByLabel("Emoji beside key words").check();
    // the style fields, from a full-page capture (an element capture scrolls it under the sticky header)
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await form.locator("[data-style-fields]").boundingBox())!;
    await page.screenshot({ path: path.join(SHOTS, "dashboard-caption-preview.png"), fullPage: true, clip: box });
  });

  it("saves the kit's style with its caption language, and the saved kit's preview shows it before any change", async () => {
    const form = page.locator("form[data-kit-form]").last();
    await form.getByLabel("Name").fill("Preview kit");
    await form.getByLabel("Caption language").selectOption("es");
    await form.getByRole("button", { name: "Create brand kit" }).click();
    const kit = page.locator("section[data-kit]", { hasText: "Preview kit" });
    await kit.waitFor();
    expect(await kit.getByLabel("Caption language").inputValue()).toBe("es");
    expect(await kit.getByLabel("Words per caption").inputValue()).toBe("2");
    const saved = await shown(kit.locator("[data-style-preview]"));
    expect(saved.every((p) => p.lines.length === 1 && p.lines.flat().length <= 2)).toBe(true);
    // the saved kit's highlight colour comes from the page's script (no inline style under the CSP)
    await expect.poll(async () => (await shown(kit.locator("[data-style-preview]"))).flatMap((p) => p.keys.map((k) => k.color))).toContain("rgb(0, 255, 136)");
  });

  it("on the job form, previews the style before the job is sent; nothing was blocked by the Content-Security-Policy", async () => {
    await page.goto(`${base()}/dashboard/jobs`);
    const form = page.getByRole("region", { name: "Clip a video by URL" });
    await form.locator("summary", { hasText: "Options" }).click();
    await form.getByLabel("Words per caption").selectOption("3");
    const preview = form.locator("[data-style-preview]");
    await expect.poll(async () => Math.max(...(await shown(preview)).map((p) => p.lines.flat().length))).toBe(3);
    expect(cspViolations).toEqual([]);
  });
});
