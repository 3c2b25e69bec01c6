// Platform tokens at rest: AES-256-GCM under a key derived (HKDF-SHA256, RFC 5869) from the Worker
// secret PUBLISH_TOKEN_KEY (falling back to APP_SECRET, under its own HKDF purpose, so local mode
// needs no extra setup). Every sealed value names the id of the key that sealed it, so the operator
// can rotate: set the new secret as PUBLISH_TOKEN_KEY and the old one as PUBLISH_TOKEN_KEY_PREVIOUS;
// values sealed with the previous key still open and are resealed with the current one on their
// next write (every refresh). The associated data binds a sealed value to its row, so a ciphertext
// copied into another row does not open. Tokens are never logged.
import type { Env } from "../env";

const HKDF_INFO = "katto publishing tokens v1";
const IV_BYTES = 12; // NIST SP 800-38D recommended GCM nonce length
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const b64url = (bytes: Uint8Array) => {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};
const fromB64url = (s: string) => Uint8Array.from(atob(s.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

interface VaultKey {
  id: string;
  key: CryptoKey;
}

async function deriveKey(secret: string): Promise<VaultKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey", "deriveBits"]);
  const params = (info: string) => ({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) });
  const key = await crypto.subtle.deriveKey(params(HKDF_INFO), material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  // The key id is derived under a different info string: it names the key without revealing it.
  const idBits = new Uint8Array(await crypto.subtle.deriveBits(params(`${HKDF_INFO} key id`), material, 64));
  return { id: Array.from(idBits, (b) => b.toString(16).padStart(2, "0")).join(""), key };
}

export class TokenVault {
  private constructor(private readonly current: VaultKey, private readonly previous: VaultKey | undefined) {}

  static async fromEnv(env: Env): Promise<TokenVault> {
    const vars = env as unknown as Record<string, string | undefined>;
    const secret = vars.PUBLISH_TOKEN_KEY || env.APP_SECRET;
    if (!secret) throw new Error("Neither PUBLISH_TOKEN_KEY nor APP_SECRET is set; publishing tokens cannot be encrypted");
    // Without a key of its own the vault follows APP_SECRET, and so its rotation (APP_SECRET_PREVIOUS).
    const previous = vars.PUBLISH_TOKEN_KEY ? vars.PUBLISH_TOKEN_KEY_PREVIOUS : vars.PUBLISH_TOKEN_KEY_PREVIOUS || env.APP_SECRET_PREVIOUS;
    return new TokenVault(await deriveKey(secret), previous ? await deriveKey(previous) : undefined);
  }

  get keyId(): string {
    return this.current.id;
  }

  /** `v1.<key id>.<iv>.<ciphertext+tag>`, base64url parts; `boundTo` is the row it belongs to. */
  async seal(plaintext: string, boundTo: string): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(boundTo) }, this.current.key, encoder.encode(plaintext)));
    return `v1.${this.current.id}.${b64url(iv)}.${b64url(ct)}`;
  }

  /** Opens a sealed value; throws when the key is unknown or the value was tampered with or moved. */
  async open(sealed: string, boundTo: string): Promise<{ plaintext: string; stale: boolean }> {
    const [version, kid, iv, ct] = sealed.split(".");
    if (version !== "v1" || !kid || !iv || !ct) throw new Error("not a sealed token value");
    const key = kid === this.current.id ? this.current : kid === this.previous?.id ? this.previous : undefined;
    if (!key) throw new Error(`sealed with an unknown key (${kid}); was PUBLISH_TOKEN_KEY rotated without PUBLISH_TOKEN_KEY_PREVIOUS?`);
    const pt = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromB64url(iv), additionalData: encoder.encode(boundTo) }, key.key, fromB64url(ct));
    return { plaintext: decoder.decode(pt), stale: key !== this.current };
  }
}
