// The two non-public doors: render callbacks (/internal/v1, a bearer token per job) and the
// operator API (/admin/v1, ADMIN_TOKEN). Neither opens with anything else (docs/threat-model.md).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import { renderCallbackToken } from "../../../src/render-backend/callbacks";
import { BASE, createAccount } from "../helpers";
import { APP_SECRET, newJob } from "../render-callbacks";

const progress = JSON.stringify({ type: "progress", status: "processing", step: "downloading", pct: 5 });
const postEvent = (job: string, authorization?: string) =>
  SELF.fetch(`${BASE}/internal/v1/jobs/${job}/events`, { method: "POST", headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) }, body: progress });

describe("render callbacks", () => {
  it("a job's callback token opens only that job: another job's token, none, or one made under another secret get 401", async () => {
    const c = await createAccount();
    const [mine, other] = [await newJob(c), await newJob(c)];
    const status = async (r: Promise<Response>) => (await r).status;
    expect(await status(postEvent(mine))).toBe(401);
    expect(await status(postEvent(mine, `Bearer ${await renderCallbackToken(APP_SECRET, other)}`))).toBe(401);
    expect(await status(postEvent(mine, `Bearer ${await hmacSha256Hex("another-secret-0123456789abcdef", `render-callback:${mine}`)}`))).toBe(401);
    expect(await status(postEvent(mine, `Bearer ${await renderCallbackToken(APP_SECRET, mine)}`))).toBe(200);
    // The source of an upload and stored files need the token too (query form).
    expect((await SELF.fetch(`${BASE}/internal/v1/jobs/${mine}/source?token=${await renderCallbackToken(APP_SECRET, other)}`)).status).toBe(401);
    expect((await SELF.fetch(`${BASE}/internal/v1/jobs/${mine}/files/clip-0-preview.mp4`)).status).toBe(401);
  });
});

describe("operator API", () => {
  it("refuses a missing, wrong or API-key bearer with 401 and a generic message", async () => {
    const c = await createAccount();
    for (const authorization of [undefined, "Bearer wrong-admin-token", `Bearer ${c.key.key}`, "Basic dGVzdC1hZG1pbi10b2tlbg=="]) {
      const r = await SELF.fetch(`${BASE}/admin/v1/accounts`, { method: "POST", headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) }, body: JSON.stringify({ email: "x@example.test", plan: "free" }) });
      expect(r.status, String(authorization)).toBe(401);
      expect(((await r.json()) as { error: string }).error).toMatch(/admin token/);
    }
  });
});
