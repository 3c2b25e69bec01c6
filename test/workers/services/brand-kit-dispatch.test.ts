import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { defaultBrandKit } from "../../../src/services/render/brand-kit";
import { ADMIN, BASE, createAccount } from "../helpers";

const kit = (name: string) => ({ name, primary_color: "#ffffff", accent_color: "#ff0066", caption_font: "Noto Sans", caption_position: "middle", default_layout: "wide", watermark_url: null });

describe("brand kit applied to renders", () => {
  it("is the account's oldest kit, or none", async () => {
    const c = await createAccount();
    expect(await defaultBrandKit(env.DB, c.account.id)).toBeNull();
    for (const name of ["First", "Second"]) {
      const r = await SELF.fetch(`${BASE}/admin/v1/accounts/${c.account.id}/brand-kits`, { method: "POST", headers: ADMIN, body: JSON.stringify(kit(name)) });
      expect(r.status).toBe(201);
    }
    expect(await defaultBrandKit(env.DB, c.account.id)).toEqual({ ...kit("First"), primary_color: "#FFFFFF", accent_color: "#FF0066", aspect: "9:16" });
  });
});
