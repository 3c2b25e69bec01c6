import { env, SELF } from "cloudflare:test";
import { expect, it } from "vitest";
it("runs", async () => {
  const r = await SELF.fetch("http://x/");
  expect(await r.text()).toBe("hi");
  const t = await env.DB.prepare("select count(*) as n from accounts").first();
  expect(t).toEqual({ n: 0 });
});
