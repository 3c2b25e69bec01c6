// Every HTML page (dashboard and OAuth approval) sends the strict Content-Security-Policy, and no
// page needs it loosened: no inline <script>, no inline style attribute, no inline event handler
// (issue 25). test/system/dashboard-browser.test.ts checks in Chromium that the pages work under it
// and that an injected inline script does not run.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PAGE_CSP } from "../../../src/middleware/page-security";
import { BASE, SAMPLE_URL } from "../helpers";
import { clipReport, sendEvent, storeClipFiles } from "../render-callbacks";
import { get, post, signedIn } from "./dashboard-helpers";

/** What a strict policy would block in a page's markup. */
function inlineCode(html: string): string[] {
  return [
    ...[...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/gi)].map((m) => `inline script ${m[0]}`),
    ...[...html.matchAll(/<[^>]+\sstyle=/gi)].map((m) => `style attribute ${m[0].slice(0, 60)}`),
    ...[...html.matchAll(/<[^>]+\son[a-z]+=/gi)].map((m) => `event handler ${m[0].slice(0, 60)}`),
    ...[...html.matchAll(/<style[\s>]/gi)].map(() => "style element"),
  ];
}

function expectStrict(r: Response, html: string, page: string) {
  expect(r.headers.get("content-security-policy"), page).toBe(PAGE_CSP);
  expect(inlineCode(html), page).toEqual([]);
}

describe("Content-Security-Policy", () => {
  it("is strict: scripts, styles, media and fetches from the service only; no framing; nothing inline", () => {
    const directives = Object.fromEntries(PAGE_CSP.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
    expect(directives).toMatchObject({ "default-src": "'none'", "script-src": "'self'", "style-src": "'self'", "media-src": "'self'", "connect-src": "'self'", "frame-ancestors": "'none'" });
    expect(PAGE_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("every dashboard page sends it and needs nothing inline, signed out and signed in", async () => {
    for (const path of ["/dashboard/sign-in", "/dashboard/sign-up"]) {
      const r = await get(path);
      expectStrict(r, await r.text(), path);
    }
    const { cookie } = await signedIn();
    // a finished job with clips, so the job page shows its players, breakdowns and forms
    const created = await post("/dashboard/jobs", { url: SAMPLE_URL }, { cookie });
    const id = created.headers.get("location")!.split("/").pop()!;
    const clips = [clipReport(0, 70)];
    await storeClipFiles(id, clips);
    expect((await sendEvent(id, { type: "clips", clips } as never)).status).toBe(200);
    await post("/dashboard/brand-kits", { name: "Kit", primary_color: "#FFFFFF", accent_color: "#FFD400", caption_font: "Noto Sans", caption_position: "bottom", default_layout: "face_tracking", watermark_url: "" }, { cookie });
    for (const path of ["/dashboard", "/dashboard/keys", "/dashboard/jobs", `/dashboard/jobs/${id}`, `/dashboard/jobs/${id}/clips/0/publish`, "/dashboard/brand-kits", "/dashboard/webhooks", "/dashboard/connections", "/dashboard/publications"]) {
      const r = await get(path, cookie);
      expect(r.status, path).toBe(200);
      expectStrict(r, await r.text(), path);
    }
    // the brand kit preview takes its colours from data attributes, not from a style attribute
    const kits = await (await get("/dashboard/brand-kits", cookie)).text();
    expect(kits).toMatch(/data-cap="true" data-color="#FFFFFF" data-font="Noto Sans"/);
  });

  it("the OAuth approval page sends it too", async () => {
    const reg = await SELF.fetch(`${BASE}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "CSP Agent", redirect_uris: ["http://127.0.0.1:33419/cb"], token_endpoint_auth_method: "none", grant_types: ["authorization_code"], response_types: ["code"] }),
    });
    const { client_id } = (await reg.json()) as { client_id: string };
    const q = new URLSearchParams({ response_type: "code", client_id, redirect_uri: "http://127.0.0.1:33419/cb", scope: "read", state: "s", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" });
    const r = await SELF.fetch(`${BASE}/oauth/authorize?${q}`);
    expect(r.status).toBe(200);
    expectStrict(r, await r.text(), "/oauth/authorize");
  });
});
