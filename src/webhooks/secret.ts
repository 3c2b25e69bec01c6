// The per-account webhook signing secret: generated on first access (spec "Webhook signing
// details"), stored only encrypted (AES-256-GCM) in accounts.webhook_secret_enc.
import { and, eq, isNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { accounts } from "../db/schema";
import { NotFoundError } from "../errors";

export const SECRET_PREFIX = "whsec_";
const ENC_VERSION = "v1:";
const HKDF_INFO = "katto webhook secret v1";
const IV_BYTES = 12; // NIST SP 800-38D recommended GCM nonce length

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function base64url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function base64(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
function fromBase64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** "whsec_" + 32 random bytes, base64url without padding (43 characters). */
export function generateSigningSecret(): string {
  return SECRET_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)));
}

// HKDF-SHA256 (RFC 5869) separates this key from every other use of APP_SECRET; the info
// string names the purpose and version. Salt is empty (RFC 5869 section 3.1 allows it when the
// input key material is already a secret of good entropy).
async function deriveKey(appSecret: string): Promise<CryptoKey> {
  if (!appSecret) throw new Error("APP_SECRET is not set; it is needed to encrypt webhook signing secrets");
  const ikm = await crypto.subtle.importKey("raw", encoder.encode(appSecret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(HKDF_INFO) },
    ikm,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** "v1:" + base64(iv || AES-256-GCM ciphertext with tag). A fresh random IV every call. */
export async function encryptSecret(appSecret: string, plaintext: string): Promise<string> {
  const key = await deriveKey(appSecret);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(plaintext)));
  const out = new Uint8Array(iv.length + ct.length);
  out.set(iv);
  out.set(ct, iv.length);
  return ENC_VERSION + base64(out);
}

/** Inverse of encryptSecret; throws if the value was not made with this APP_SECRET or was altered. */
export async function decryptSecret(appSecret: string, enc: string): Promise<string> {
  if (!enc.startsWith(ENC_VERSION)) throw new Error("unknown webhook secret encoding (expected a v1: value)");
  const raw = fromBase64(enc.slice(ENC_VERSION.length));
  if (raw.length <= IV_BYTES + 16) throw new Error("encrypted webhook secret is truncated");
  const key = await deriveKey(appSecret);
  try {
    const pt = await crypto.subtle.decrypt({ name: "AES-GCM", iv: raw.subarray(0, IV_BYTES) }, key, raw.subarray(IV_BYTES));
    return decoder.decode(pt);
  } catch {
    // GCM authentication failed: wrong APP_SECRET (rotated?) or tampered ciphertext.
    throw new Error("cannot decrypt the webhook signing secret (APP_SECRET changed or the stored value is corrupt)");
  }
}

/**
 * The account's signing secret, generated and stored on first access. Concurrency-safe: the
 * write is a conditional UPDATE that only fills an empty column, and everyone then re-reads, so
 * concurrent first accesses all return the single stored value.
 * Throws NotFoundError if the account does not exist.
 */
export async function getOrCreateWebhookSecret(db: D1Database, appSecret: string, accountId: string): Promise<string> {
  const d = drizzle(db);
  const read = async () => {
    const rows = await d
      .select({ enc: accounts.webhookSecretEnc })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    if (rows.length === 0) throw new NotFoundError(`Account ${accountId} not found.`);
    return rows[0].enc;
  };
  let enc = await read();
  if (enc == null) {
    const fresh = await encryptSecret(appSecret, generateSigningSecret());
    await d
      .update(accounts)
      .set({ webhookSecretEnc: fresh })
      .where(and(eq(accounts.id, accountId), isNull(accounts.webhookSecretEnc)));
    enc = await read();
    if (enc == null) throw new Error("webhook secret was not stored");
  }
  return decryptSecret(appSecret, enc);
}
