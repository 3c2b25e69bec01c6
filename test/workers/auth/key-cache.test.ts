// The key's principal cached in its per-key rate-limit objects (apiGate, RateLimiter.hitKey):
// served from memory between requests, forgotten by every revocation path and plan change before
// that path answers, and never re-cached from a D1 read that a revocation overtook.
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ErrorSchema } from "../../../src/schemas/common";
import { hashApiKey } from "../../../src/services/auth/keys";
import { ADMIN, api, BASE, createAccount, freshIp } from "../helpers";
import { post, signedIn } from "../dashboard/dashboard-helpers";

const keyObject = (bucket: string, hash: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${bucket}:${hash}`));
const revokeInD1Only = (keyId: string) => env.DB.prepare("UPDATE api_keys SET revoked_at = ?1 WHERE id = ?2").bind(new Date().toISOString(), keyId).run();

describe("the key's principal in its rate-limit objects", () => {
  it("one call answers the limit and the principal, which is then served from memory (a D1 edit behind the Worker's back is not seen)", async () => {
    const c = await createAccount();
    const hash = await hashApiKey(c.key.key);
    const first = await keyObject("usage", hash).hitKey(120, 60, hash);
    expect(first.hit).toMatchObject({ allowed: true, limit: 120, remaining: 119 });
    expect(first.principal).toEqual({ keyId: c.key.id, accountId: c.account.id, scopes: ["read", "write"], plan: "creator" });
    // Only SQL by hand bypasses forgetKeys; the cached copy answers until KEY_CACHE_MS runs out.
    await revokeInD1Only(c.key.id);
    expect((await keyObject("usage", hash).hitKey(120, 60, hash)).principal).toMatchObject({ keyId: c.key.id });
    // Another operation's object has nothing cached, so it reads D1.
    expect((await keyObject("me", hash).hitKey(120, 60, hash)).principal).toBeNull();
  });

  it("an admin revoke forgets the principal in every operation's object before it answers", async () => {
    const c = await createAccount();
    for (const path of ["/usage", "/me", "/jobs"]) expect((await api(c, path)).status).toBe(200);
    expect((await SELF.fetch(`${BASE}/admin/v1/keys/${c.key.id}`, { method: "DELETE", headers: ADMIN })).status).toBe(200);
    for (const path of ["/usage", "/me", "/jobs"]) {
      const r = await api({ ...c, ip: freshIp() }, path);
      expect(r.status).toBe(401);
      expect(ErrorSchema.parse(await r.json()).error).toBe("Invalid or revoked API key.");
    }
  });

  it("a dashboard revoke forgets the cached principal: the key's next request is 401", async () => {
    const { account, cookie } = await signedIn();
    const k = await SELF.fetch(`${BASE}/admin/v1/accounts/${account.id}/keys`, { method: "POST", headers: ADMIN, body: JSON.stringify({ scopes: ["read"] }) });
    const key = (await k.json()) as { id: string; key: string };
    const client = { key, ip: freshIp() };
    expect((await api(client, "/usage")).status).toBe(200);
    expect((await post(`/dashboard/keys/${key.id}/revoke`, {}, { cookie })).status).toBe(303);
    expect((await api(client, "/usage")).status).toBe(401);
  });

  it("a plan change takes effect on the key's very next request (its limits follow the new plan)", async () => {
    const c = await createAccount();
    const before = await api(c, "/usage");
    // The headers show the most restrictive limit: the per-IP one, 60, times the plan's factor.
    expect(before.headers.get("X-RateLimit-Limit")).toBe("60");
    const patch = await SELF.fetch(`${BASE}/admin/v1/accounts/${c.account.id}`, { method: "PATCH", headers: ADMIN, body: JSON.stringify({ plan: "load_test" }) });
    expect(patch.status).toBe(200);
    const after = await api(c, "/usage");
    expect(after.status).toBe(200);
    expect(after.headers.get("X-RateLimit-Limit")).toBe("60000");
    const hash = await hashApiKey(c.key.key);
    expect((await keyObject("usage", hash).hitKey(120_000, 60, hash)).principal?.plan).toBe("load_test");
  });

  it("a D1 read that a revocation overtook answers its own request but is not cached for the next", async () => {
    const c = await createAccount();
    const hash = await hashApiKey(c.key.key);
    await runInDurableObject(keyObject("usage", hash), async (instance) => {
      const inFlight = instance.hitKey(120, 60, hash); // a miss: its D1 read is under way
      await instance.forgetKey(); // a revocation's forgetKeys arrives meanwhile
      expect((await inFlight).principal).toMatchObject({ keyId: c.key.id });
    });
    await revokeInD1Only(c.key.id);
    expect((await keyObject("usage", hash).hitKey(120, 60, hash)).principal).toBeNull();
  });

  it("unknown keys are not cached: a key is live from its first request", async () => {
    const c = await createAccount();
    const hash = await hashApiKey(c.key.key);
    await revokeInD1Only(c.key.id);
    expect((await keyObject("usage", hash).hitKey(120, 60, hash)).principal).toBeNull();
    await env.DB.prepare("UPDATE api_keys SET revoked_at = NULL WHERE id = ?1").bind(c.key.id).run();
    expect((await keyObject("usage", hash).hitKey(120, 60, hash)).principal).toMatchObject({ keyId: c.key.id });
  });
});
