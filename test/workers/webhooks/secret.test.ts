import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../../src/errors";
import { workerConfig } from "../../../src/config";
import { decryptSecret, encryptSecret, encryptSecretV1, generateSigningSecret, getOrCreateWebhookSecret, resealWebhookSecrets } from "../../../src/webhooks/secret";

const APP = { current: "test-app-secret-0123456789abcdef" };
const OTHER = { current: "another-app-secret-0123456789abc" };

async function insertAccount(): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO accounts (id, email, plan, created_at) VALUES (?, ?, 'free', ?)")
    .bind(id, `${id}@example.com`, new Date().toISOString())
    .run();
  return id;
}

describe("generateSigningSecret", () => {
  it("is whsec_ + 32 random bytes in base64url", () => {
    const a = generateSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateSigningSecret()).not.toBe(a);
  });
});

describe("encryptSecret / decryptSecret", () => {
  it("round-trips, with a fresh IV every time", async () => {
    const plain = generateSigningSecret();
    const a = await encryptSecret(APP, plain);
    const b = await encryptSecret(APP, plain);
    expect(a).toMatch(/^v2:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(plain);
    expect((await decryptSecret(APP, a)).plaintext).toBe(plain);
    expect((await decryptSecret(APP, b)).plaintext).toBe(plain);
  });

  it("fails with another APP_SECRET or a tampered value", async () => {
    const a = await encryptSecret(APP, "whsec_x");
    await expect(decryptSecret(OTHER, a)).rejects.toThrow(/cannot decrypt/);
    const v1 = await encryptSecretV1(APP.current, "whsec_x");
    const raw = atob(v1.slice(3));
    const flipped = raw.slice(0, 20) + String.fromCharCode(raw.charCodeAt(20) ^ 1) + raw.slice(21);
    await expect(decryptSecret(APP, `v1:${btoa(flipped)}`)).rejects.toThrow(/cannot decrypt/);
    await expect(decryptSecret(APP, a.slice(3))).rejects.toThrow(/v2:/);
  });

  it("refuses to work without an APP_SECRET", async () => {
    await expect(encryptSecret({ current: "" }, "whsec_x")).rejects.toThrow(/APP_SECRET/);
  });
});

describe("getOrCreateWebhookSecret", () => {
  it("creates once, stores only ciphertext, returns the same value afterwards", async () => {
    const id = await insertAccount();
    const s1 = await getOrCreateWebhookSecret(env.DB, workerConfig(env).keyring, id);
    expect(s1).toMatch(/^whsec_/);
    const row = await env.DB.prepare("SELECT webhook_secret_enc AS enc FROM accounts WHERE id = ?").bind(id).first<{ enc: string }>();
    expect(row!.enc.startsWith("v2:")).toBe(true);
    expect(row!.enc).not.toContain(s1);
    expect(await getOrCreateWebhookSecret(env.DB, workerConfig(env).keyring, id)).toBe(s1);
  });

  it("returns one value to 10 concurrent first accesses", async () => {
    const id = await insertAccount();
    const all = await Promise.all(Array.from({ length: 10 }, () => getOrCreateWebhookSecret(env.DB, APP, id)));
    expect(new Set(all).size).toBe(1);
  });

  it("throws NotFoundError for an unknown account", async () => {
    await expect(getOrCreateWebhookSecret(env.DB, APP, crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);
  });

  it("rotating APP_SECRET: a secret stored under the previous one is still returned, and is resealed under the new one", async () => {
    const id = await insertAccount();
    const OLD = "old-app-secret-0123456789abcdef0";
    const NEW = "new-app-secret-0123456789abcdef0";
    const before = await getOrCreateWebhookSecret(env.DB, { current: OLD }, id);
    const stored = async () => (await env.DB.prepare("SELECT webhook_secret_enc AS enc FROM accounts WHERE id = ?").bind(id).first<{ enc: string }>())!.enc;
    const sealedOld = await stored();
    // During the rotation (APP_SECRET=new, APP_SECRET_PREVIOUS=old): same secret, rewritten under the new key.
    expect(await getOrCreateWebhookSecret(env.DB, { current: NEW, previous: OLD }, id)).toBe(before);
    const sealedNew = await stored();
    expect(sealedNew).not.toBe(sealedOld);
    // After the rotation, the previous secret removed: still readable.
    expect(await getOrCreateWebhookSecret(env.DB, { current: NEW }, id)).toBe(before);
    // A value sealed under the old key without APP_SECRET_PREVIOUS set fails loudly, not with a new secret.
    await env.DB.prepare("UPDATE accounts SET webhook_secret_enc = ? WHERE id = ?").bind(sealedOld, id).run();
    await expect(getOrCreateWebhookSecret(env.DB, { current: NEW }, id)).rejects.toThrow(/APP_SECRET_PREVIOUS/);
  });

  it("a v1 value from before key ids is read and rewritten as v2", async () => {
    const id = await insertAccount();
    await env.DB.prepare("UPDATE accounts SET webhook_secret_enc = ? WHERE id = ?").bind(await encryptSecretV1(APP.current, "whsec_legacy"), id).run();
    expect(await getOrCreateWebhookSecret(env.DB, APP, id)).toBe("whsec_legacy");
    const row = await env.DB.prepare("SELECT webhook_secret_enc AS enc FROM accounts WHERE id = ?").bind(id).first<{ enc: string }>();
    expect(row!.enc).toMatch(/^v2:/);
  });

  it("the cron reseals every secret still under the previous APP_SECRET, so APP_SECRET_PREVIOUS can then be removed", async () => {
    const OLD = "old-app-secret-0123456789abcdef1";
    const NEW = "new-app-secret-0123456789abcdef1";
    const ids = [await insertAccount(), await insertAccount(), await insertAccount()];
    const secrets = await Promise.all(ids.map((id) => getOrCreateWebhookSecret(env.DB, { current: OLD }, id)));
    const ring = { current: NEW, previous: OLD };
    expect(await resealWebhookSecrets(env.DB, ring, 1000)).toBeGreaterThanOrEqual(3);
    for (const [i, id] of ids.entries()) expect(await getOrCreateWebhookSecret(env.DB, { current: NEW }, id)).toBe(secrets[i]);
    expect(await resealWebhookSecrets(env.DB, { current: NEW }, 10)).toBe(0);
  });
});
