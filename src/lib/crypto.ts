// Every cryptographic primitive the Worker uses, in one place (Web Crypto only, so it runs in
// workerd and in Node 22): digests, HMAC, constant-time comparison, random tokens, PBKDF2 and
// AES-256-GCM sealing under APP_SECRET with a key id, so the secret can be rotated.
//
// Rotation (README "Configuration", docs/api-decisions.md): APP_SECRET is the current key and
// APP_SECRET_PREVIOUS, while set, the one before it. New values are always made with the current
// key; verification and opening accept either, and callers reseal what they opened with the
// previous key, so once every stored value was touched (or rewritten) the previous one can go.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// ---------- encodings ----------

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  let out = "";
  for (const b of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) out += HEX[b];
  return out;
}

export function base64(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export const base64url = (bytes: Uint8Array): string => base64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** Standard or url-safe base64, padded or not; throws on anything else. */
export function fromBase64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// ---------- random ----------

export const randomBytes = (n: number): Uint8Array<ArrayBuffer> => crypto.getRandomValues(new Uint8Array(n));

/** `bytes` random bytes, base64url without padding (32 bytes: 43 characters, 256 bits). */
export const randomToken = (bytes = 32): string => base64url(randomBytes(bytes));

// ---------- digests and MACs ----------

export async function sha256Hex(input: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const data = typeof input === "string" ? encoder.encode(input) : input;
  return toHex(await crypto.subtle.digest("SHA-256", data));
}

/** Lowercase hex HMAC-SHA256 (RFC 2104) of `message` under `secret`. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  if (!secret) throw new Error("HMAC key is empty; set APP_SECRET");
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/**
 * Constant-time equality of two strings (compared as UTF-8). Uses workerd's
 * crypto.subtle.timingSafeEqual when present; it throws on unequal lengths, so lengths are
 * compared first: every value compared here (HMAC and hash digests, tokens) has a public length.
 * Elsewhere an XOR accumulator that never exits early.
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  if (x.byteLength !== y.byteLength) return false;
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual?: (p: ArrayBufferView, q: ArrayBufferView) => boolean };
  if (typeof subtle.timingSafeEqual === "function") return subtle.timingSafeEqual(x, y);
  let diff = 0;
  for (let i = 0; i < x.byteLength; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** PBKDF2-HMAC-SHA256 (RFC 8018) of a password; production Workers refuse > 100,000 iterations. */
export async function pbkdf2Sha256(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number, bits: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, bits));
}

// ---------- APP_SECRET and its rotation ----------

/** The current APP_SECRET and, during a rotation, the previous one. */
export interface Keyring {
  current: string;
  previous?: string;
}

const keysOf = (ring: Keyring) => (ring.previous && ring.previous !== ring.current ? [ring.current, ring.previous] : [ring.current]);

/** HMAC under the current key: what the Worker hands out (tokens, URL signatures). */
export const signWithKeyring = (ring: Keyring, message: string) => hmacSha256Hex(ring.current, message);

/** True if `presented` is the HMAC of `message` under the current or the previous key. */
export async function verifyWithKeyring(ring: Keyring, message: string, presented: string | undefined | null): Promise<boolean> {
  if (!presented) return false;
  let ok = false;
  // Both keys are always tried, so the time taken does not tell which one matched.
  for (const secret of keysOf(ring)) if (timingSafeEqual(presented, await hmacSha256Hex(secret, message))) ok = true;
  return ok;
}

// ---------- AES-256-GCM sealing ----------

const SEAL_VERSION = "v2";
/** Recommended GCM nonce length (NIST SP 800-38D section 8.2). */
const IV_BYTES = 12;
const TAG_BYTES = 16;

// HKDF-SHA256 (RFC 5869) separates each purpose's key from every other use of APP_SECRET; the
// info string names the purpose. Salt is empty (RFC 5869 section 3.1 allows it when the input key
// material is already a secret of good entropy).
async function sealingKey(secret: string, purpose: string): Promise<CryptoKey> {
  if (!secret) throw new Error("APP_SECRET is not set; it is needed to encrypt secrets at rest");
  return hkdfAesGcmKey(secret, purpose);
}

const hkdfParams = (info: string) => ({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) });

/** An AES-256-GCM key derived from a secret with HKDF-SHA256 under `info` (RFC 5869). */
export async function hkdfAesGcmKey(secret: string, info: string): Promise<CryptoKey> {
  const ikm = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(hkdfParams(info), ikm, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/** `bits` bits derived from a secret with HKDF-SHA256 under `info`, as hex: a public name of a key. */
export async function hkdfHex(secret: string, info: string, bits: number): Promise<string> {
  const ikm = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits"]);
  return toHex(await crypto.subtle.deriveBits(hkdfParams(info), ikm, bits));
}

/** AES-GCM with a fresh 12-byte IV; `aad` binds the ciphertext to a context (e.g. its row). */
export async function aesGcmEncrypt(key: CryptoKey, plaintext: string, aad?: string): Promise<{ iv: Uint8Array<ArrayBuffer>; ciphertext: Uint8Array<ArrayBuffer> }> {
  const iv = randomBytes(IV_BYTES);
  const params = aad === undefined ? { name: "AES-GCM", iv } : { name: "AES-GCM", iv, additionalData: encoder.encode(aad) };
  return { iv, ciphertext: new Uint8Array(await crypto.subtle.encrypt(params, key, encoder.encode(plaintext))) };
}

/** Opens what aesGcmEncrypt made; throws when the key, the AAD or the bytes differ. */
export async function aesGcmDecrypt(key: CryptoKey, iv: Uint8Array<ArrayBuffer>, ciphertext: Uint8Array<ArrayBuffer>, aad?: string): Promise<string> {
  const params = aad === undefined ? { name: "AES-GCM", iv } : { name: "AES-GCM", iv, additionalData: encoder.encode(aad) };
  return decoder.decode(await crypto.subtle.decrypt(params, key, ciphertext));
}

/** SHA-256 of a string, raw bytes (PKCE S256 challenges, RFC 7636 section 4.2). */
export async function sha256Bytes(input: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(input)));
}

/** A short public name of a key: the first 8 hex digits of an HMAC, which reveal nothing of it. */
export const keyId = async (secret: string) => (await hmacSha256Hex(secret, "katto key id")).slice(0, 8);

async function gcmSeal(secret: string, purpose: string, plaintext: string): Promise<Uint8Array> {
  const iv = randomBytes(IV_BYTES);
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(secret, purpose), encoder.encode(plaintext)));
  const out = new Uint8Array(iv.length + ct.length);
  out.set(iv);
  out.set(ct, iv.length);
  return out;
}

async function gcmOpen(secret: string, purpose: string, raw: Uint8Array<ArrayBuffer>): Promise<string | null> {
  try {
    const pt = await crypto.subtle.decrypt({ name: "AES-GCM", iv: raw.subarray(0, IV_BYTES) }, await sealingKey(secret, purpose), raw.subarray(IV_BYTES));
    return decoder.decode(pt);
  } catch {
    return null; // GCM authentication failed: another key, or the value was altered
  }
}

/** "v2:<key id>:" + base64url(iv || AES-256-GCM ciphertext and tag), under the current key. */
export async function seal(ring: Keyring, purpose: string, plaintext: string): Promise<string> {
  return `${SEAL_VERSION}:${await keyId(ring.current)}:${base64url(await gcmSeal(ring.current, purpose, plaintext))}`;
}

/** `resealed` is set when the value was opened with a key other than the current one (or in an
 * older format): the caller stores it in place of the old value. */
export type Opened = { plaintext: string; resealed?: string };

/**
 * Opens a value made by `seal` under the current or the previous key. Values in the format before
 * key ids ("v1:" + base64(iv || ciphertext), made by `legacyV1`) are opened too, and always
 * resealed. Throws when no key of the ring opens it.
 */
export async function open(ring: Keyring, purpose: string, sealed: string, opts: { legacyV1?: boolean } = {}): Promise<Opened> {
  const fail = (why: string) => new Error(`cannot decrypt a value sealed under APP_SECRET (${why})`);
  let raw: Uint8Array<ArrayBuffer>;
  let candidates: string[];
  const parts = sealed.split(":");
  if (parts.length === 3 && parts[0] === SEAL_VERSION) {
    const ids = await Promise.all(keysOf(ring).map(async (k) => [await keyId(k), k] as const));
    const match = ids.find(([id]) => id === parts[1]);
    if (!match) throw fail("sealed under a key that is neither APP_SECRET nor APP_SECRET_PREVIOUS");
    candidates = [match[1]];
    raw = fromBase64(parts[2]);
  } else if (opts.legacyV1 && parts.length === 2 && parts[0] === "v1") {
    candidates = keysOf(ring);
    raw = fromBase64(parts[1]);
  } else {
    throw fail(`unknown format; expected a ${SEAL_VERSION}: value`);
  }
  if (raw.length <= IV_BYTES + TAG_BYTES) throw fail("truncated");
  for (const secret of candidates) {
    const plaintext = await gcmOpen(secret, purpose, raw);
    if (plaintext === null) continue;
    const stale = secret !== ring.current || parts[0] !== SEAL_VERSION;
    return stale ? { plaintext, resealed: await seal(ring, purpose, plaintext) } : { plaintext };
  }
  throw fail("APP_SECRET changed or the stored value is corrupt");
}

/** The format before key ids, kept so tests can make the values older deployments stored. */
export async function legacyV1(secret: string, purpose: string, plaintext: string): Promise<string> {
  return `v1:${base64(await gcmSeal(secret, purpose, plaintext))}`;
}
