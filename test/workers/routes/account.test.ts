// Account reads (spec "GET /usage", "GET /me", "GET /brand-kit", "GET /webhook").
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AccountSchema, BrandKitListSchema, BrandKitSchema, UsageSchema, WebhookDetailsSchema } from "@katto/protocol/api";
import { ErrorSchema } from "../../../src/schemas/common";
import { monthStart } from "../../../src/services/plans";
import { ADMIN, addKey, api, BASE, createAccount, freshIp, type Client } from "../helpers";
import { newJob } from "../render-callbacks";

const kit = {
  name: "Podcast",
  primary_color: "#ffffff",
  accent_color: "#FFD400",
  caption_font: "Noto Sans",
  caption_position: "bottom",
  default_layout: "face_tracking",
  watermark_url: "https://cdn.example.com/logo.png",
};
const addKit = (accountId: string, body: unknown) => SELF.fetch(`${BASE}/admin/v1/accounts/${accountId}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify(body) });

describe("GET /usage", () => {
  it("reports plan, used, limit and remaining", async () => {
    const c = await createAccount("creator");
    await newJob(c);
    const r = await api(c, "/usage");
    expect(r.status).toBe(200);
    expect(UsageSchema.parse(await r.json())).toEqual({ plan: "creator", videos_used: 1, videos_limit: 25, videos_remaining: 24 });
  });
});

describe("GET /me", () => {
  it("returns user_id, plan, the key's id and scopes, and the quota with period_start", async () => {
    const c = await createAccount("free");
    await newJob(c);
    const r = await api(c, "/me");
    expect(r.status).toBe(200);
    expect(AccountSchema.parse(await r.json())).toEqual({
      user_id: c.account.id,
      plan: "free",
      key: { id: c.key.id, scopes: ["read", "write"] },
      quota: { videos_used: 1, videos_limit: 2, videos_remaining: 1, period_start: monthStart(new Date()) },
    });
  });

  it("reports each key's own scopes, whatever they are", async () => {
    const c = await createAccount("creator");
    for (const scopes of [["read"], ["write"]] as const) {
      const key = await addKey(c.account.id, [...scopes]);
      const me = AccountSchema.parse(await (await api({ key, ip: freshIp() }, "/me")).json());
      expect(me.key).toEqual({ id: key.id, scopes });
      expect(me.user_id).toBe(c.account.id);
    }
  });

  it("a fresh account shows zero use in the current period", async () => {
    const c = await createAccount("creator");
    const me = AccountSchema.parse(await (await api(c, "/me")).json());
    expect(me.quota).toEqual({ videos_used: 0, videos_limit: 25, videos_remaining: 25, period_start: monthStart(new Date()) });
  });
});

describe("GET /brand-kit", () => {
  it("is empty for a new account, then lists kits created through the admin API (colours normalised)", async () => {
    const c = await createAccount();
    const empty = await api(c, "/brand-kit");
    expect(empty.status).toBe(200);
    expect(BrandKitListSchema.parse(await empty.json())).toEqual({ brand_kits: [] });

    const created = await addKit(c.account.id, kit);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ id: expect.any(String), name: "Podcast", primary_color: "#FFFFFF" });
    const second = await addKit(c.account.id, { ...kit, name: "Gaming", default_layout: "stacked", caption_position: "top", watermark_url: undefined });
    expect(second.status).toBe(201);

    const list = BrandKitListSchema.parse(await (await api(c, "/brand-kit")).json());
    // a kit without a creator style shows style {}
    expect(list.brand_kits).toEqual([
      { ...kit, primary_color: "#FFFFFF", style: {}, aspect: "9:16" },
      { ...kit, name: "Gaming", primary_color: "#FFFFFF", default_layout: "stacked", caption_position: "top", watermark_url: null, style: {}, aspect: "9:16" },
    ]);
    for (const k of list.brand_kits) BrandKitSchema.parse(k);
    // Other accounts do not see them.
    const other = await createAccount();
    expect(BrandKitListSchema.parse(await (await api(other, "/brand-kit")).json()).brand_kits).toEqual([]);
  });

  it.each([
    [{ ...kit, primary_color: "white" }, /primary_color: must be a hex colour/],
    [{ ...kit, accent_color: "#FFF" }, /accent_color: must be a hex colour/],
    [{ ...kit, accent_color: "#GGGGGG" }, /accent_color/],
    [{ ...kit, caption_font: "Comic Sans" }, /caption_font/],
    [{ ...kit, caption_position: "left" }, /caption_position/],
    [{ ...kit, default_layout: "zoom" }, /default_layout/],
    [{ ...kit, watermark_url: "not a url" }, /watermark_url/],
    [{ ...kit, watermark_url: "http://cdn.example.com/logo.png" }, /watermark_url must be an https URL/],
    [{ ...kit, name: "" }, /name/],
    [{ ...kit, name: undefined }, /name/],
    [{ ...kit, extra: 1 }, /extra/],
  ])("the admin API refuses an invalid kit with 400: %j", async (body, message) => {
    const c = await createAccount();
    const r = await addKit(c.account.id, body);
    expect(r.status).toBe(400);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(message);
    expect(BrandKitListSchema.parse(await (await api(c, "/brand-kit")).json()).brand_kits).toEqual([]);
  });

  it("needs the read scope: a write-only key gets 403", async () => {
    const c = await createAccount("creator", ["write"]);
    const r = await api(c, "/brand-kit");
    expect(r.status).toBe(403);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/lacks the 'read' scope/);
  });
});

describe("GET /webhook", () => {
  it("returns the signing details; the secret is generated once and the same on every call and key", async () => {
    const c = await createAccount();
    const first = await api(c, "/webhook");
    expect(first.status).toBe(200);
    const a = WebhookDetailsSchema.parse(await first.json());
    expect(a).toEqual({ signing_secret: expect.any(String), signature_header: "X-Service-Signature", timestamp_header: "X-Service-Timestamp", scheme: "hmac-sha256" });
    expect(a.signing_secret.length).toBeGreaterThanOrEqual(32);
    const b = WebhookDetailsSchema.parse(await (await api(c, "/webhook")).json());
    expect(b.signing_secret).toBe(a.signing_secret);
    const other: Client = { ...c, key: await addKey(c.account.id, ["read"]), ip: freshIp() };
    expect(WebhookDetailsSchema.parse(await (await api(other, "/webhook")).json()).signing_secret).toBe(a.signing_secret);
    // Another account has its own secret.
    const stranger = await createAccount();
    expect(WebhookDetailsSchema.parse(await (await api(stranger, "/webhook")).json()).signing_secret).not.toBe(a.signing_secret);
  });

  it("concurrent first accesses agree on one secret", async () => {
    const c = await createAccount();
    const rs = await Promise.all(Array.from({ length: 5 }, () => api({ ...c, ip: freshIp() }, "/webhook")));
    const secrets = await Promise.all(rs.map(async (r) => WebhookDetailsSchema.parse(await r.json()).signing_secret));
    expect(new Set(secrets).size).toBe(1);
  });

  it("needs the read scope: a write-only key gets 403", async () => {
    const c = await createAccount("creator", ["write"]);
    const r = await api(c, "/webhook");
    expect(r.status).toBe(403);
    expect(ErrorSchema.parse(await r.json()).error).toMatch(/lacks the 'read' scope/);
  });
});
