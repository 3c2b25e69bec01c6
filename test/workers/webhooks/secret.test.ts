import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../../src/errors";
import { decryptSecret, encryptSecret, generateSigningSecret, getOrCreateWebhookSecret } from "../../../src/webhooks/secret";

const APP = "test-app-secret-0123456789abcdef";

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
    expect(a).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(plain);
    expect(await decryptSecret(APP, a)).toBe(plain);
    expect(await decryptSecret(APP, b)).toBe(plain);
  });

  it("fails with another APP_SECRET or a tampered value", async () => {
    const a = await encryptSecret(APP, "whsec_x");
    await expect(decryptSecret("another-app-secret-0123456789abc", a)).rejects.toThrow(/cannot decrypt/);
    const raw = atob(a.slice(3));
    const flipped = raw.slice(0, 20) + String.fromCharCode(raw.charCodeAt(20) ^ 1) + raw.slice(21);
    await expect(decryptSecret(APP, `v1:${btoa(flipped)}`)).rejects.toThrow(/cannot decrypt/);
    await expect(decryptSecret(APP, a.slice(3))).rejects.toThrow(/v1:/);
  });

  it("refuses to work without an APP_SECRET", async () => {
    await expect(encryptSecret("", "whsec_x")).rejects.toThrow(/APP_SECRET/);
  });
});

describe("getOrCreateWebhookSecret", () => {
  it("creates once, stores only ciphertext, returns the same value afterwards", async () => {
    const id = await insertAccount();
    const s1 = await getOrCreateWebhookSecret(env.DB, env.APP_SECRET!, id);
    expect(s1).toMatch(/^whsec_/);
    const row = await env.DB.prepare("SELECT webhook_secret_enc AS enc FROM accounts WHERE id = ?").bind(id).first<{ enc: string }>();
    expect(row!.enc.startsWith("v1:")).toBe(true);
    expect(row!.enc).not.toContain(s1);
    expect(await getOrCreateWebhookSecret(env.DB, env.APP_SECRET!, id)).toBe(s1);
  });

  it("returns one value to 10 concurrent first accesses", async () => {
    const id = await insertAccount();
    const all = await Promise.all(Array.from({ length: 10 }, () => getOrCreateWebhookSecret(env.DB, APP, id)));
    expect(new Set(all).size).toBe(1);
  });

  it("throws NotFoundError for an unknown account", async () => {
    await expect(getOrCreateWebhookSecret(env.DB, APP, crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);
  });
});
